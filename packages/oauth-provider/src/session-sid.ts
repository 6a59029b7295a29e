import { hmacSha256Base64Url } from "@gatehouse-auth/core";

/**
 * The `sid` clients are told for a session (OIDC Back-Channel Logout §2.1): base64url(HMAC-SHA256(app
 * secret, "gatehouse-sid:" + session id)). Not the session id itself — the session token derives from
 * that id, so it stays on this side — and not linkable to it without the secret; the same for every
 * client in one session, and recomputed from the id when the session ends, so nothing is stored.
 */
export function sessionSid(auth: { secret: string }, sessionId: string): string {
  return hmacSha256Base64Url(auth.secret, `gatehouse-sid:${sessionId}`);
}
