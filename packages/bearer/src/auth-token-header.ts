/** The response header carrying the signed session token (browser-safe: the client reads it too). */
export const AUTH_TOKEN_HEADER = "set-auth-token";
