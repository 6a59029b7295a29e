import {
  type EndpointContext,
  type SessionRequirement,
  type SessionWithUser,
  generateRandomString,
  sha256Base64Url,
} from "@gatehouse-auth/core";
import type { AuthorizationRequest } from "./parse-authorization-request.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import { OAUTH_MODELS } from "./oauth-schema.js";
import { issuerOf } from "./issuer-of.js";
import { clientRedirectUrl } from "./redirect-to-client.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

/** SHA-256 of a code or token, as stored. */
export const hashToken = (token: string) => sha256Base64Url(token);

/**
 * Stores a single-use authorization code bound to the client, redirect URI, PKCE challenge, nonce,
 * scopes and session, and answers the client's redirect URL with `code`, `state` and `iss` (RFC 9207).
 */
export async function issueCode(
  ctx: Ctx,
  o: ResolvedOAuthProviderOptions,
  request: AuthorizationRequest,
  signedIn: SessionWithUser,
  scopes: readonly string[],
): Promise<string> {
  const code = generateRandomString(43);
  const now = ctx.auth.now();
  await ctx.auth.db.create({
    model: OAUTH_MODELS.code,
    data: {
      codeHash: hashToken(code),
      clientId: request.client.clientId,
      userId: signedIn.user.id,
      sessionId: signedIn.session.id,
      redirectUri: request.redirectUri,
      scopes: scopes.join(" "),
      codeChallenge: request.codeChallenge,
      nonce: request.nonce,
      resource: request.resource,
      dpopJkt: request.dpopJkt,
      authTime: signedIn.session.createdAt,
      expiresAt: new Date(now + o.codeExpiresIn * 1000),
      usedAt: null,
    },
  });
  return clientRedirectUrl(request.redirectUri, withState(request.state, { code, iss: issuerOf(ctx, o) }));
}

/** `params` plus `state` when the client sent one (returned unchanged, RFC 6749 §4.1.2). */
export function withState(state: string | null, params: Record<string, string>): Record<string, string> {
  if (state !== null) params.state = state;
  return params;
}
