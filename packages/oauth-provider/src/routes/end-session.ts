import { authUrl, clearSessionCookies, defineEndpoint, redirectTo } from "@gatehouse-auth/core";
import { z } from "zod";
import { navigate } from "../authorize-flow.js";
import { idTokenHintSubject } from "../id-token-hint.js";
import { issuerOf } from "../issuer-of.js";
import { OAuthError } from "../oauth-error.js";
import type { ClientStore, OAuthClient } from "../oauth-client.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { clientRedirectUrl } from "../redirect-to-client.js";
import { subjectFor } from "../subject.js";

const MAX = 8192;

/**
 * GET or POST /oauth2/end-session: OpenID Connect RP-Initiated Logout 1.0. The browser comes from a
 * client that wants the user signed out here too.
 *
 * - The session ends only when `id_token_hint` is an ID token we issued to the user of this session:
 *   a cross-site page without one cannot sign the user out (the spec's CSRF concern, §2).
 * - `post_logout_redirect_uri` must be registered for the client (named by the hint's `aud` or by
 *   `client_id`, which must agree) character for character; otherwise the browser stays on our origin.
 * - `state` goes back unchanged.
 */
export const endSession = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: ["GET", "POST"],
      path: "/oauth2/end-session",
      query: z.record(z.string(), z.string()).optional(),
      body: z.record(z.string(), z.unknown()).optional(),
      acceptsForm: true,
      // The RP's page posts here cross-site (§2 allows POST); ending a session needs the RP's ID token anyway.
      skipOriginCheck: true,
      session: "optional",
      credentials: "own-session",
      openapi: { summary: "OpenID Connect RP-initiated logout (end_session_endpoint)", kind: ["redirect", "json"] },
    },
    async (ctx) => {
      const input: Record<string, unknown> = { ...(ctx.query ?? {}), ...(ctx.body ?? {}) };
      const param = (name: string) => {
        const v = input[name];
        return typeof v === "string" && v.length > 0 && v.length <= MAX ? v : null;
      };
      const onOurOrigin = (error: string | null) => {
        const target = error
          ? redirectTo(ctx, authUrl(ctx, "/error"), { params: { error } })
          : redirectTo(ctx, o.loginPage, {});
        return navigate(ctx, target.headers.location as string);
      };
      const hint = param("id_token_hint");
      const clientId = param("client_id");
      const issuer = issuerOf(ctx, o);

      // Which client is asking: the hint's audience (checked as ours), else client_id.
      let client: OAuthClient | null = null;
      let hintedUser: string | null = null;
      if (hint) {
        const aud = await audienceOf(ctx.auth, hint, issuer, clientId);
        if (!aud) return onOurOrigin("invalid_request");
        client = await clients.find(ctx.auth, aud.clientId);
        hintedUser = aud.sub;
      } else if (clientId) {
        client = await clients.find(ctx.auth, clientId);
      }
      if ((hint || clientId) && (!client || client.disabled)) return onOurOrigin("invalid_client");

      const postLogout = param("post_logout_redirect_uri");
      if (postLogout !== null && !client?.postLogoutRedirectUris.includes(postLogout))
        return onOurOrigin("invalid_request");

      // The hint's sub is what the client was told: the session's user is mapped to it (pairwise or not) and compared.
      if (
        ctx.session &&
        client &&
        hintedUser !== null &&
        hintedUser === subjectFor(ctx.auth, client, ctx.session.user.id)
      ) {
        await ctx.auth.sessions.deleteByToken(ctx.session.session.token, ctx.session.user.id);
        clearSessionCookies(ctx);
      }
      if (postLogout === null) return onOurOrigin(null);
      const state = param("state");
      return navigate(ctx, clientRedirectUrl(postLogout, state !== null ? { state } : {}));
    },
  );

/** The client and user an ID token hint names; null unless it is ours for that client (and `client_id`, if sent). */
async function audienceOf(
  auth: Parameters<typeof idTokenHintSubject>[0],
  hint: string,
  issuer: string,
  clientId: string | null,
): Promise<{ clientId: string; sub: string } | null> {
  // The token's own azp/aud names the client; idTokenHintSubject then checks signature, iss and aud.
  const [, payload] = hint.split(".");
  let claimed: { azp?: unknown; aud?: unknown } = {};
  try {
    claimed = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as typeof claimed;
  } catch {
    return null;
  }
  const aud = typeof claimed.azp === "string" ? claimed.azp : typeof claimed.aud === "string" ? claimed.aud : null;
  if (!aud || (clientId !== null && clientId !== aud)) return null;
  try {
    return { clientId: aud, sub: await idTokenHintSubject(auth, hint, issuer, aud) };
  } catch (error) {
    if (error instanceof OAuthError) return null;
    throw error;
  }
}
