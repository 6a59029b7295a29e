import { AuthError, CORE_ERRORS, type RedirectTrust, resolveRedirectUrl } from "@gatehouse-auth/core";

/**
 * The client's redirect URI with `params` added, through core's one redirect decision. The trust
 * given to it is exactly the registered URI's origin (already matched by matchRedirectUri), so nothing
 * but that URI can come out, in its canonical serialization.
 */
export function clientRedirectUrl(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  const web = url.protocol === "http:" || url.protocol === "https:";
  const trust: RedirectTrust = {
    isTrustedOrigin: (origin) => web && origin === url.origin,
    // A native app's own scheme (`com.example.app://callback`) is trusted only when named exactly.
    options: { trustedOrigins: web ? [] : [`${url.protocol}//${url.host}`] },
  };
  const location = resolveRedirectUrl(redirectUri, trust, params);
  if (location === null) throw new AuthError(CORE_ERRORS.INVALID_CALLBACK_URL);
  return location;
}
