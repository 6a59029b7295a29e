/**
 * Superseded by `credentials: "own-session"` on the endpoint (api/check-credential.ts), which the
 * router, the OpenAPI document and the credential coverage test all read. Kept so endpoints written
 * before it keep their protection: an endpoint carrying this tag and no `credentials` is `own-session`.
 */
export const SENSITIVE_ACTION_TAG = "sensitive";
