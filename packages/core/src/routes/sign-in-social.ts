import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { completeOAuth } from "../oauth/complete-oauth.js";
import { OAuthError } from "../oauth/oauth-error.js";
import { startOAuthFlow } from "../oauth/oauth-flow.js";
import { setSessionCookie } from "../session/session-cookies.js";

const idTokenBody = z.strictObject({
  token: z.string().max(16_384),
  nonce: z.string().optional(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  expiresAt: z.number().optional(),
});

/**
 * POST /sign-in/social: `{url, redirect: true}` to send the browser to the provider, or — with an ID
 * token from a native SDK — signs in at once: `{redirect: false, token, user}`.
 */
export const signInSocial = defineEndpoint(
  {
    method: "POST",
    path: "/sign-in/social",
    body: z.strictObject({
      provider: z.string().max(64),
      callbackURL: z.string().optional(),
      newUserCallbackURL: z.string().optional(),
      errorCallbackURL: z.string().optional(),
      disableRedirect: z.boolean().optional(),
      idToken: idTokenBody.optional(),
      scopes: z.array(z.string().max(256)).max(50).optional(),
      requestSignUp: z.boolean().optional(),
      loginHint: z.string().max(320).optional(),
    }),
    tags: ["sign-in", "creates-session"],
    openapi: { summary: "Sign in with a social provider" },
  },
  async (ctx) => {
    const provider = ctx.auth.socialProviders.get(ctx.body.provider);
    if (!provider) throw new AuthError(CORE_ERRORS.PROVIDER_NOT_FOUND);
    const { idToken } = ctx.body;
    if (idToken) {
      if (!provider.verifyIdToken) throw new AuthError(CORE_ERRORS.ID_TOKEN_NOT_SUPPORTED);
      if (!(await provider.verifyIdToken(idToken.token, idToken.nonce)))
        throw new AuthError(CORE_ERRORS.INVALID_ID_TOKEN);
      const tokens = {
        idToken: idToken.token,
        accessToken: idToken.accessToken,
        refreshToken: idToken.refreshToken,
        accessTokenExpiresAt: idToken.expiresAt ? new Date(idToken.expiresAt) : undefined,
      };
      const profile = await provider.getUserInfo(tokens);
      if (!profile) throw new AuthError(CORE_ERRORS.FAILED_TO_GET_USER_INFO);
      if (!profile.email) throw new AuthError(CORE_ERRORS.USER_EMAIL_NOT_FOUND);
      try {
        const outcome = await completeOAuth(ctx, provider, { requestSignUp: ctx.body.requestSignUp }, tokens, profile);
        if (outcome.kind !== "signed-in") throw new AuthError(CORE_ERRORS.UNAUTHORIZED);
        setSessionCookie(ctx, outcome.data);
        return { redirect: false, token: outcome.data.session.token, url: null, user: outcome.data.user };
      } catch (error) {
        if (error instanceof OAuthError) {
          if (error.code === "account_not_linked") throw new AuthError(CORE_ERRORS.ACCOUNT_NOT_LINKED);
          throw new AuthError(CORE_ERRORS.UNABLE_TO_CREATE_ACCOUNT);
        }
        throw error;
      }
    }
    const url = await startOAuthFlow(
      ctx,
      provider,
      {
        callbackURL: ctx.body.callbackURL,
        errorCallbackURL: ctx.body.errorCallbackURL,
        newUserCallbackURL: ctx.body.newUserCallbackURL,
        requestSignUp: ctx.body.requestSignUp,
      },
      { scopes: ctx.body.scopes, loginHint: ctx.body.loginHint },
    );
    return { url: url.toString(), redirect: !ctx.body.disableRedirect };
  },
);
