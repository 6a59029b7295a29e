import type { AuthContext } from "../context/auth-context.js";
import { symmetricDecrypt, symmetricEncrypt } from "../crypto/index.js";
import type { Account } from "../schema/model-types.js";
import type { OAuthTokens } from "./oauth-provider.js";

/** Account columns for a set of provider tokens, encrypted at rest unless switched off. */
export function tokensToAccountFields(
  auth: Pick<AuthContext, "options" | "secret">,
  tokens: OAuthTokens,
): Record<string, unknown> {
  const seal = (v: string | undefined) =>
    v === undefined ? undefined : auth.options.account.encryptOAuthTokens ? symmetricEncrypt(auth.secret, v) : v;
  const fields: Record<string, unknown> = {
    accessToken: seal(tokens.accessToken),
    refreshToken: seal(tokens.refreshToken),
    idToken: seal(tokens.idToken),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    scope: tokens.scopes?.join(","),
  };
  // Undefined means "the provider did not say": keep what is stored (a refresh often omits the refresh token).
  for (const k of Object.keys(fields)) if (fields[k] === undefined) delete fields[k];
  return fields;
}

/** The provider tokens of an account, decrypted. Values written before encryption was on read as-is. */
export function accountTokens(auth: Pick<AuthContext, "secret">, account: Account): OAuthTokens {
  const open = (v: string | null | undefined) => {
    if (!v) return undefined;
    return v.startsWith("v1.") ? (symmetricDecrypt(auth.secret, v) ?? undefined) : v;
  };
  return {
    accessToken: open(account.accessToken),
    refreshToken: open(account.refreshToken),
    idToken: open(account.idToken),
    accessTokenExpiresAt: account.accessTokenExpiresAt ?? undefined,
    refreshTokenExpiresAt: account.refreshTokenExpiresAt ?? undefined,
    scopes: account.scope ? account.scope.split(",").filter(Boolean) : [],
  };
}
