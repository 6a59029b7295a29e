import type { AuthContext } from "@gatehouse-auth/core";
import { findJwtSigner } from "@gatehouse-auth/jwt";
import { OAuthError } from "./oauth-error.js";

/**
 * The user an `id_token_hint` names (OIDC Core §3.1.2.1): an ID token this provider signed, for this
 * issuer and this client. It may be expired (it is a hint, not a credential), so only the signature,
 * `iss` and `aud` are checked. Anything else is `invalid_request`: a hint we cannot vouch for must not
 * quietly decide whose code is issued.
 */
export async function idTokenHintSubject(
  auth: AuthContext,
  hint: string,
  issuer: string,
  clientId: string,
): Promise<string> {
  const claims = await findJwtSigner(auth)?.verify(auth, hint);
  const aud = claims?.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!claims || claims.iss !== issuer || !audiences.includes(clientId) || typeof claims.sub !== "string")
    throw new OAuthError("invalid_request", "id_token_hint is not an ID token this provider issued to the client");
  return claims.sub;
}
