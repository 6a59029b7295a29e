import { bytesToBase64Url } from "./encoding.js";
import { hmacSha256 } from "./hmac.js";

/**
 * The bearer token of a session, derived from its id under the secret: 192 bits, base64url (32 chars).
 * Deriving instead of storing lets list-sessions hand back the same token sign-in gave, while the
 * database keeps only SHA-256(token) — a leaked row, id included, is useless without the secret.
 */
export function deriveSessionToken(secret: string, sessionId: string): string {
  return bytesToBase64Url(hmacSha256(secret, `session-token:${sessionId}`).subarray(0, 24));
}
