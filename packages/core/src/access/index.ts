export { createAccessControl, hasPermission } from "./create-access-control.js";
export type {
  AccessControl,
  AuthorizeResult,
  Connector,
  Permissions,
  Role,
  Statements,
} from "./create-access-control.js";
