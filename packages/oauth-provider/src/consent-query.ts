import { constantTimeEqual, hmacSha256Base64Url } from "@gatehouse-auth/core";
import { AUTHORIZATION_PARAMS } from "./parse-authorization-request.js";

const PURPOSE = "gatehouse-oauth-consent";

/**
 * The consent page's query: the authorization request's own parameters, an expiry, and an HMAC over
 * exactly that serialization. The page hands it back verbatim (`oauth_query`); any change breaks the
 * signature, so a page (or an attacker) cannot widen scopes or swap the redirect URI.
 */
export function signConsentQuery(
  secret: string,
  query: Readonly<Record<string, string>>,
  expiresAt: number,
  requestUri?: string,
): string {
  const params = new URLSearchParams();
  for (const name of AUTHORIZATION_PARAMS) {
    const value = query[name];
    if (value !== undefined) params.set(name, value);
  }
  // A pushed request (RFC 9126) is named too, so the answer spends it.
  if (requestUri !== undefined) params.set("request_uri", requestUri);
  params.set("exp", String(Math.floor(expiresAt / 1000)));
  params.set("sig", hmacSha256Base64Url(secret, `${PURPOSE}:${params.toString()}`));
  return params.toString();
}

/** The request parameters when `signed` is intact and unexpired; null otherwise. */
export function verifyConsentQuery(secret: string, signed: string, now: number): Record<string, string> | null {
  const params = new URLSearchParams(signed);
  const sig = params.get("sig");
  const exp = Number(params.get("exp"));
  if (!sig || !Number.isInteger(exp) || exp * 1000 < now) return null;
  params.delete("sig");
  if (!constantTimeEqual(sig, hmacSha256Base64Url(secret, `${PURPOSE}:${params.toString()}`))) return null;
  params.delete("exp");
  const out: Record<string, string> = {};
  for (const [k, v] of params) out[k] = v;
  return out;
}
