/** @gatehouse-auth/organization — organizations, members, invitations and teams for Gatehouse. */
export { organization } from "./organization-plugin.js";
export type { InvitationEmailData, OrganizationOptions } from "./organization-options.js";
export { ORGANIZATION_ERRORS } from "./organization-errors.js";
export { defaultRoles, organizationAccessControl, organizationStatements } from "./access-control.js";
export { ORGANIZATION_ROUTES } from "./routes-table.js";
export { DELETES_ORGANIZATION_TAG } from "./member-permission.js";
export type { MemberPermission } from "./member-permission.js";
export type {
  Invitation,
  InvitationStatus,
  Member,
  MemberUser,
  MemberWithUser,
  Organization,
  Team,
  TeamMember,
} from "./organization-types.js";
