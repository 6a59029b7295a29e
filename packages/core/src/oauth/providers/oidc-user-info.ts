import type { OAuthTokens } from "../oauth-provider.js";
import type { ProviderContext } from "./define-provider.js";

/**
 * The claims an OIDC provider's profile is read from: the verified ID token's and the user-info
 * endpoint's. `prefer-user-info` takes user info whole and the ID token when there is none;
 * `fill-email` starts from the ID token and asks user info only when it carries no email; `id-token`
 * reads user info only without an ID token. User info about another subject than the ID token's is
 * not this user and is ignored (OIDC Core §5.3.4).
 */
export async function oidcUserInfo(
  tokens: OAuthTokens,
  ctx: ProviderContext,
  mode: "prefer-user-info" | "fill-email" | "id-token",
): Promise<Record<string, unknown> | null> {
  const idClaims = await ctx.idTokenClaims(tokens);
  if (mode === "id-token" && idClaims) return idClaims;
  if (mode === "fill-email" && idClaims?.email) return idClaims;
  if (!tokens.accessToken || !ctx.endpoints.userInfo) return idClaims;
  const info = (await ctx.getJson(ctx.endpoints.userInfo, tokens.accessToken)) as Record<string, unknown> | null;
  if (!info || typeof info.sub !== "string" || (idClaims && info.sub !== idClaims.sub)) return idClaims;
  if (mode === "fill-email" && idClaims) return { ...info, ...idClaims, email: idClaims.email ?? info.email };
  return info;
}
