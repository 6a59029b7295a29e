import { defineEndpoint } from "../api/define-endpoint.js";
import { redirectTo } from "../api/endpoint-response.js";
import { isAuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { CALLBACK_PARAM_NAMES, lenientCallbackParams, readCallbackParams } from "../oauth/callback-params.js";
import { checkResponseIssuer } from "../oauth/check-response-issuer.js";
import { completeOAuth } from "../oauth/complete-oauth.js";
import { exchangeCallbackCode } from "../oauth/exchange-callback-code.js";
import { OAuthError } from "../oauth/oauth-error.js";
import type { OAuthErrorCode } from "../oauth/oauth-error.js";
import { consumeOAuthState } from "../oauth/oauth-flow.js";
import type { OAuthState } from "../oauth/oauth-flow.js";
import { isSignInDiverted } from "../session/intercept-sign-in.js";
import { setSessionCookie } from "../session/session-cookies.js";
import { authLocation } from "../utils/auth-url.js";

/**
 * GET /callback/:id — where the provider sends the browser back. Every failure, malformed input
 * included, redirects to the error page (or the flow's errorCallbackURL) with a precise code; nobody
 * is signed in on failure.
 */
export const oauthCallback = defineEndpoint(
  {
    method: "GET",
    path: "/callback/:id",
    query: lenientCallbackParams,
    tags: ["sign-in", "creates-session", "oauth-callback"],
    openapi: {
      summary: "OAuth redirect target",
      description:
        "Always a redirect: to the flow's callbackURL (or newUserCallbackURL) on success; on any failure to its errorCallbackURL, else the error page, with an `error` code.",
      kind: "redirect",
    },
  },
  async (ctx) => {
    const providerId = ctx.params.id ?? "";
    const { params, valid } = readCallbackParams(ctx.query);
    let state: OAuthState | undefined;
    const fail = (code: string) => {
      const target = state?.errorCallbackURL;
      const error = CORE_ERRORS.INVALID_ERROR_CALLBACK_URL;
      return target
        ? redirectTo(ctx, target, { params: { error: code }, error })
        : redirectTo(ctx, authLocation(ctx, "/error"), { params: { error: code } });
    };
    try {
      const provider = ctx.auth.socialProviders.get(providerId);
      if (!provider) throw new OAuthError("oauth_provider_not_found");
      if (!valid) {
        // Still use up a well-formed state: the flow is over, and its errorCallbackURL is the page
        // the app wants failures on.
        state = await consumeOAuthState(ctx, params.state, providerId).catch(() => undefined);
        throw new OAuthError("invalid_callback_request", "malformed callback parameters");
      }
      state = await consumeOAuthState(ctx, params.state, providerId);
      // RFC 9207, before anything else in the response is believed — error responses included.
      await checkResponseIssuer(provider, params.iss);
      // The provider's own refusal (e.g. access_denied) is passed on as is, reduced to a safe token.
      if (params.error) return fail(params.error.replace(/[^\w.-]/g, "_").slice(0, 64));
      if (!params.code) throw new OAuthError("no_code");
      // SPEC.md §5: no callbackURL and no base URL to fall back on (the state outlived a config change).
      const successURL = state.callbackURL || (ctx.auth.options.baseURL ? `${ctx.auth.options.baseURL}/` : undefined);
      if (!successURL) throw new OAuthError("no_callback_url");
      const tokens = await exchangeCallbackCode(ctx, provider, state, { ...params, code: params.code });
      const profile = await provider.getUserInfo(tokens, { user: params.user }).catch(() => null);
      if (!profile) throw new OAuthError("unable_to_get_user_info");
      const outcome = await completeOAuth(ctx, provider, state, tokens, profile);
      if (outcome.kind === "linked") return redirectTo(ctx, successURL);
      setSessionCookie(ctx, outcome.data);
      const newUserURL = outcome.isNewUser ? state.newUserCallbackURL : undefined;
      return newUserURL
        ? redirectTo(ctx, newUserURL, { error: CORE_ERRORS.INVALID_NEW_USER_CALLBACK_URL })
        : redirectTo(ctx, successURL);
    } catch (error) {
      // A plugin holds the sign-in for a second factor: its answer, not a failure.
      if (isSignInDiverted(error)) throw error;
      if (error instanceof OAuthError) return fail(error.code satisfies OAuthErrorCode);
      // A plugin refusing the user (a ban through validateUser or beforeSessionCreate) is a decision,
      // not a fault: the app's error page gets its code, lower-cased like the callback codes.
      if (isAuthError(error) && error.status < 500) return fail(error.code.toLowerCase());
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
    body: lenientCallbackParams,
    // Apple's form_post is a cross-site form POST: the origin check cannot pass, and the state the GET
    // checks (bound to this browser's cookie) is the CSRF defence.
    skipOriginCheck: true,
    acceptsForm: true,
    tags: ["oauth-callback"],
    openapi: {
      summary: "OAuth form_post redirect target",
      description:
        "Re-issues the posted parameters as a same-site GET of this path, where the state cookie is sent again.",
      kind: "redirect",
      // See Other: the browser must follow with a GET, not repeat the cross-site POST.
      redirectStatus: 303,
    },
  },
  async (ctx) => {
    const { params, valid } = readCallbackParams(ctx.body);
    const query: Record<string, string> = {};
    if (valid) {
      for (const name of CALLBACK_PARAM_NAMES) if (params[name] !== undefined) query[name] = params[name];
    } else {
      // The state cookie is missing on this cross-site POST, so the failure is named by the GET, which
      // can still find the flow's errorCallbackURL; only the state travels with it.
      if (params.state !== undefined) query.state = params.state;
      query.error = "invalid_callback_request" satisfies OAuthErrorCode;
    }
    const self = authLocation(ctx, `/callback/${encodeURIComponent(ctx.params.id ?? "")}`);
    return redirectTo(ctx, self, { params: query, status: 303 });
  },
);
