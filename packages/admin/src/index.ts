/** @gatehouse-auth/admin — admin role, user and session management, bans and impersonation for Gatehouse. */
export { admin } from "./admin-plugin.js";
export type { AdminOptions } from "./admin-options.js";
export { ADMIN_ERRORS } from "./admin-errors.js";
export { adminAccessControl, adminStatements, defaultAdminRoles } from "./access-control.js";
export { ADMIN_ROUTES } from "./routes-table.js";
export type { AdminSession, AdminUser } from "./admin-types.js";
