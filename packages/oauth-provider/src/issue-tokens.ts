import {
  type Db,
  type EndpointContext,
  type SessionRequirement,
  type User,
  bytesToBase64Url,
  generateId,
  generateRandomString,
} from "@gatehouse-auth/core";
import { findJwtSigner } from "@gatehouse-auth/jwt";
import { hashToken } from "./issue-code.js";
import { issuerOf } from "./issuer-of.js";
import type { OAuthClient } from "./oauth-client.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import { OAUTH_MODELS } from "./oauth-schema.js";
import { sessionSid } from "./session-sid.js";
import { subjectFor } from "./subject.js";
import { userClaims } from "./user-claims.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

/** What a grant hands out tokens for. */
export interface Grant {
  client: OAuthClient;
  user: User;
  sessionId: string;
  /** What the grant allows; `accessScopes` is what this access token carries (a subset). */
  scopes: readonly string[];
  accessScopes: readonly string[];
  familyId: string;
  codeId: string | null;
  resource: string | null;
  authTime: Date;
  nonce: string | null;
  /** RFC 9449: the thumbprint of the DPoP key the tokens are bound to; null or absent for Bearer tokens. */
  jkt?: string | null;
}

/** OIDC Core §3.1.3.6: the left half of SHA-256 of the access token, base64url. */
async function atHash(accessToken: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(accessToken)));
  return bytesToBase64Url(digest.slice(0, 16));
}

/**
 * Mints an access token (opaque, or an RFC 9068 `at+jwt` for a resource), a refresh token when
 * `offline_access` was granted to a client that may refresh, and an ID token when `openid` was; stores
 * their hashes in one row when `store` is called, and answers the RFC 6749 §5.1 token response. Signing
 * happens here, before the caller's transaction: the key store reads the database on its own handle.
 */
export async function mintTokens(
  ctx: Ctx,
  o: ResolvedOAuthProviderOptions,
  grant: Grant,
): Promise<{ body: Record<string, unknown>; store(db: Db): Promise<void> }> {
  const signer = findJwtSigner(ctx.auth);
  if (!signer) throw new Error("Gatehouse oauthProvider needs the jwt() plugin to sign tokens");
  const now = ctx.auth.now();
  const iat = Math.floor(now / 1000);
  const exp = iat + o.accessTokenExpiresIn;
  const issuer = issuerOf(ctx, o);
  const id = generateId();
  const scope = grant.accessScopes.join(" ");
  // What this client is told the user is: the user id, or its pairwise subject (OIDC Core §8).
  const sub = subjectFor(ctx.auth, grant.client, grant.user.id);
  const accessToken = grant.resource
    ? await signer.sign(
        ctx.auth,
        {
          iss: issuer,
          sub,
          aud: grant.resource,
          client_id: grant.client.clientId,
          iat,
          exp,
          jti: id,
          scope,
          // RFC 9449 §6.1: the key the token is bound to.
          ...(grant.jkt ? { cnf: { jkt: grant.jkt } } : {}),
        },
        { typ: "at+jwt" },
      )
    : generateRandomString(48);
  const refreshToken =
    grant.scopes.includes("offline_access") && grant.client.grantTypes.includes("refresh_token")
      ? generateRandomString(48)
      : null;
  const row = {
    id,
    accessTokenHash: hashToken(accessToken),
    refreshTokenHash: refreshToken ? hashToken(refreshToken) : null,
    clientId: grant.client.clientId,
    userId: grant.user.id,
    sessionId: grant.sessionId,
    scopes: grant.scopes.join(" "),
    accessScopes: scope,
    familyId: grant.familyId,
    codeId: grant.codeId,
    resource: grant.resource,
    dpopJkt: grant.jkt ?? null,
    authTime: grant.authTime,
    accessExpiresAt: new Date(exp * 1000),
    refreshExpiresAt: refreshToken ? new Date(now + o.refreshTokenExpiresIn * 1000) : null,
    expiresAt: new Date(Math.max(exp * 1000, refreshToken ? now + o.refreshTokenExpiresIn * 1000 : 0)),
    rotatedAt: null,
    revokedAt: null,
  };
  const body: Record<string, unknown> = {
    access_token: accessToken,
    token_type: grant.jkt ? "DPoP" : "Bearer",
    expires_in: o.accessTokenExpiresIn,
    scope,
  };
  if (refreshToken) body.refresh_token = refreshToken;
  if (grant.accessScopes.includes("openid")) {
    const claims: Record<string, unknown> = {
      iss: issuer,
      sub,
      aud: grant.client.clientId,
      azp: grant.client.clientId,
      iat,
      exp,
      auth_time: Math.floor(grant.authTime.getTime() / 1000),
      at_hash: await atHash(accessToken),
      ...userClaims(grant.user, grant.accessScopes),
    };
    if (grant.nonce) claims.nonce = grant.nonce;
    // A back-channel logout client matches the logout token's `sid` against this one.
    if (grant.client.backchannelLogoutUri) claims.sid = sessionSid(ctx.auth, grant.sessionId);
    body.id_token = await signer.sign(ctx.auth, claims, { typ: "JWT" });
  }
  return { body, store: async (db) => void (await db.create({ model: OAUTH_MODELS.token, data: row })) };
}
