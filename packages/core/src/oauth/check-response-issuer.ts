import { OAuthError } from "./oauth-error.js";
import type { OAuthProvider } from "./oauth-provider.js";

/**
 * RFC 9207 §2.4: an authorization response whose `iss` is not the provider's issuer came from another
 * authorization server (a mix-up attack) and is refused; so is one without `iss` from a provider that
 * advertises `authorization_response_iss_parameter_supported`. Providers whose issuer is not known
 * are not checked.
 */
export async function checkResponseIssuer(provider: OAuthProvider, iss: string | undefined): Promise<void> {
  const expected = await provider.authorizationResponseIssuer?.();
  if (!expected) return;
  if (iss === undefined ? expected.required : iss !== expected.issuer) {
    throw new OAuthError("issuer_mismatch", `authorization response from ${iss ?? "an unnamed issuer"}`);
  }
}
