import { unsignCookieValue } from "@gatehouse-auth/core";

// RFC 6750 §2.1: `Bearer` followed by one space and the credential; the scheme is case-insensitive
// (RFC 9110 §11.1). The credential is the cookie's value, which a client may have copied percent-encoded.
const BEARER = /^bearer +([^\s]+) *$/i;

/**
 * The session token an `Authorization: Bearer <token>.<signature>` header carries, or null when the
 * header is absent, another scheme, malformed, or not signed with `secret`. A bare session token (no
 * signature) is refused on purpose: the signature is what makes a leaked database useless (tokens are
 * stored hashed, never signed).
 */
export function readBearerToken(secret: string, header: string | null): string | null {
  if (!header) return null;
  const match = BEARER.exec(header);
  if (!match?.[1]) return null;
  let signed = match[1];
  if (signed.includes("%")) {
    try {
      signed = decodeURIComponent(signed);
    } catch {
      return null;
    }
  }
  return unsignCookieValue(secret, signed);
}
