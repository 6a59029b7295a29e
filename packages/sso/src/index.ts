/** @gatehouse-auth/sso — enterprise single sign-on (SAML 2.0 and OIDC per organization) for Gatehouse. */
export { sso } from "./sso-plugin.js";
export type { SsoOptions } from "./sso-options.js";
export { SSO_ERRORS } from "./sso-errors.js";
export { SSO_ROUTES } from "./routes-table.js";
export type { SsoIdentity } from "./provision-user.js";
