/** @gatehouse-auth/dashboard — a self-hosted admin dashboard for Gatehouse, served under the auth base path. */
export { dashboard } from "./dashboard-plugin.js";
export type { DashboardOptions } from "./dashboard-options.js";
export { dashboardStatements } from "./dashboard-statements.js";
export { DASHBOARD_ERRORS } from "./dashboard-errors.js";
export { DASHBOARD_ROUTES } from "./routes-table.js";
export { DELETES_API_KEY_TAG } from "./routes/delete-api-key.js";
export type { DashboardPermissions } from "./dashboard-permissions.js";
export type { DashboardFeatures } from "./dashboard-features.js";
