import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { redirectTo } from "../api/endpoint-response.js";
import { completeOAuth } from "../oauth/complete-oauth.js";
import { OAuthError } from "../oauth/oauth-error.js";
import type { OAuthErrorCode } from "../oauth/oauth-error.js";
import { consumeOAuthState, providerRedirectURI } from "../oauth/oauth-flow.js";
import type { OAuthState } from "../oauth/oauth-flow.js";
import { setSessionCookie } from "../session/session-cookies.js";
import { authUrl, withQuery } from "../utils/auth-url.js";

const params = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(256).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(1024).optional(),
    device_id: z.string().max(256).optional(),
  })
  .catchall(z.unknown());

/**
 * GET /callback/:id — where the provider sends the browser back. Every failure redirects to the
 * error page (or the flow's errorCallbackURL) with a precise code; nobody is signed in on failure.
 */
export const oauthCallback = defineEndpoint(
  {
    method: "GET",
    path: "/callback/:id",
    query: params,
    tags: ["sign-in", "creates-session", "oauth-callback"],
    openapi: { summary: "OAuth redirect target" },
  },
  async (ctx) => {
    const providerId = ctx.params.id ?? "";
    let state: OAuthState | undefined;
    const fail = (code: string) => {
      const target = state?.errorCallbackURL;
      return redirectTo(target ? withQuery(target, { error: code }) : authUrl(ctx, "/error", { error: code }));
    };
    try {
      const provider = ctx.auth.socialProviders.get(providerId);
      if (!provider) throw new OAuthError("oauth_provider_not_found");
      state = await consumeOAuthState(ctx, ctx.query.state, providerId);
      // The provider's own refusal (e.g. access_denied) is passed on as is, reduced to a safe token.
      if (ctx.query.error) return fail(ctx.query.error.replace(/[^\w.-]/g, "_").slice(0, 64));
      if (!ctx.query.code) throw new OAuthError("no_code");
      const tokens = await provider
        .validateAuthorizationCode({
          code: ctx.query.code,
          codeVerifier: state.codeVerifier,
          redirectURI: providerRedirectURI(ctx, providerId),
          deviceId: ctx.query.device_id,
        })
        .catch((cause: unknown) => {
          throw cause instanceof OAuthError ? cause : new OAuthError("invalid_code", undefined, { cause });
        });
      const profile = await provider.getUserInfo(tokens).catch(() => null);
      if (!profile) throw new OAuthError("unable_to_get_user_info");
      const outcome = await completeOAuth(ctx, provider, state, tokens, profile);
      // No callbackURL: the app's home, i.e. the base URL.
      const home = ctx.auth.options.baseURL ? `${ctx.auth.options.baseURL}/` : "/";
      if (outcome.kind === "linked") return redirectTo(state.callbackURL ?? home);
      setSessionCookie(ctx, outcome.data);
      const target = outcome.isNewUser ? (state.newUserCallbackURL ?? state.callbackURL) : state.callbackURL;
      return redirectTo(target ?? home);
    } catch (error) {
      if (error instanceof OAuthError) return fail(error.code satisfies OAuthErrorCode);
      ctx.auth.options.logger.error("Gatehouse: OAuth callback failed", error);
      return fail("internal_server_error");
    }
  },
);

/**
 * POST /callback/:id — providers using response_mode=form_post (Apple) POST the result cross-site,
 * and SameSite=Lax cookies are not sent with that POST. So the POST only re-issues the same
 * parameters as a same-site GET, where the state cookie is present again.
 */
export const oauthCallbackPost = defineEndpoint(
  {
    method: "POST",
    path: "/callback/:id",
    body: params,
    skipOriginCheck: true,
    tags: ["oauth-callback"],
    openapi: { summary: "OAuth form_post redirect target" },
  },
  async (ctx) => {
    const query: Record<string, string> = {};
    for (const key of ["code", "state", "error", "error_description"] as const) {
      const value = ctx.body[key];
      if (typeof value === "string") query[key] = value;
    }
    return redirectTo(authUrl(ctx, `/callback/${encodeURIComponent(ctx.params.id ?? "")}`, query), 303);
  },
);
