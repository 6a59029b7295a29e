/** @gatehouse-auth/scim — a SCIM 2.0 provisioning server per organization for Gatehouse. */
export { scim } from "./scim-plugin.js";
export type { ScimOptions } from "./scim-options.js";
export { SCIM_ERRORS } from "./scim-errors.js";
export { SCIM_ROUTES } from "./routes-table.js";
export { SCIM_MODELS } from "./scim-schema.js";
