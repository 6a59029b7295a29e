/** @gatehouse-auth/jwt — JWTs for other services, signed with rotating key pairs, and the JWKS that verifies them. */
export { jwt } from "./jwt-plugin.js";
export type { JwtAlgorithm, JwtOptions } from "./jwt-options.js";
export { JWT_ERRORS } from "./jwt-errors.js";
export { JWKS_MODEL } from "./jwks-schema.js";
export { JWT_HEADER } from "./set-jwt-header.js";
export { JWT_ROUTES } from "./routes-table.js";
export { findJwtSigner } from "./sign-with-jwt-keys.js";
export type { JwtSigner } from "./sign-with-jwt-keys.js";
