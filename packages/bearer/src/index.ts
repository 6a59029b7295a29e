/** @gatehouse-auth/bearer — the signed session token as an `Authorization: Bearer` credential. */
export { bearer } from "./bearer-plugin.js";
export type { BearerOptions } from "./bearer-options.js";
export { AUTH_TOKEN_HEADER } from "./auth-token-header.js";
export { readBearerToken } from "./read-bearer-token.js";
