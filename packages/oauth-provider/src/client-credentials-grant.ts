import { type EndpointContext, type SessionRequirement, generateId, generateRandomString } from "@gatehouse-auth/core";
import { findJwtSigner } from "@gatehouse-auth/jwt";
import { hashToken } from "./issue-code.js";
import { issuerOf } from "./issuer-of.js";
import type { OAuthClient } from "./oauth-client.js";
import { OAuthError } from "./oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import { OAUTH_MODELS } from "./oauth-schema.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;
type Form = Readonly<Record<string, unknown>>;

/**
 * RFC 6749 §4.4: a confidential client's token for itself. Only the client's own scopes (never a
 * user's: no `openid`, so no ID token), no refresh token (§4.4.3: the client can always ask again),
 * a JWT for a known `resource` (RFC 8707) and opaque otherwise. The row has no user and no session.
 */
export async function clientCredentialsGrant(
  ctx: Ctx,
  o: ResolvedOAuthProviderOptions,
  client: OAuthClient,
  form: Form,
  jkt: string | null = null,
): Promise<Record<string, unknown>> {
  // A public client proves nothing about itself, so it never acts on its own behalf (§4.4).
  if (!client.grantTypes.includes("client_credentials") || client.tokenEndpointAuthMethod === "none")
    throw new OAuthError("unauthorized_client", "The client may not use client_credentials");
  const asked = typeof form.scope === "string" ? [...new Set(form.scope.split(" ").filter((s) => s !== ""))] : null;
  // RFC 6749 §3.3: without `scope`, the client's whole set.
  const scopes = asked ?? [...client.scopes];
  if (scopes.some((s) => !client.scopes.includes(s)))
    throw new OAuthError("invalid_scope", "The client may not ask for that scope");
  const resource = typeof form.resource === "string" ? form.resource : null;
  if (form.resource !== undefined && (resource === null || !o.resources.has(resource)))
    throw new OAuthError("invalid_target", "Unknown resource");
  const signer = findJwtSigner(ctx.auth);
  if (!signer) throw new Error("Gatehouse oauthProvider needs the jwt() plugin to sign tokens");
  const now = ctx.auth.now();
  const iat = Math.floor(now / 1000);
  const exp = iat + o.accessTokenExpiresIn;
  const id = generateId();
  const scope = scopes.join(" ");
  const accessToken = resource
    ? await signer.sign(
        ctx.auth,
        // RFC 9068 §2.2: with no resource owner, `sub` is the client.
        {
          iss: issuerOf(ctx, o),
          sub: client.clientId,
          aud: resource,
          client_id: client.clientId,
          iat,
          exp,
          jti: id,
          scope,
          // RFC 9449 §6.1: the key the token is bound to.
          ...(jkt ? { cnf: { jkt } } : {}),
        },
        { typ: "at+jwt" },
      )
    : generateRandomString(48);
  await ctx.auth.db.create({
    model: OAUTH_MODELS.token,
    data: {
      id,
      accessTokenHash: hashToken(accessToken),
      refreshTokenHash: null,
      clientId: client.clientId,
      userId: null,
      sessionId: null,
      scopes: scope,
      accessScopes: scope,
      familyId: id,
      codeId: null,
      resource,
      dpopJkt: jkt,
      authTime: new Date(now),
      accessExpiresAt: new Date(exp * 1000),
      refreshExpiresAt: null,
      expiresAt: new Date(exp * 1000),
      rotatedAt: null,
      revokedAt: null,
    },
  });
  return { access_token: accessToken, token_type: jkt ? "DPoP" : "Bearer", expires_in: o.accessTokenExpiresIn, scope };
}
