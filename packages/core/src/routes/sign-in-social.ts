import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { userResponse } from "../api/response-shapes.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { completeOAuth } from "../oauth/complete-oauth.js";
import { idTokenBody } from "../oauth/id-token-body.js";
import { OAuthError } from "../oauth/oauth-error.js";
import { startOAuthFlow } from "../oauth/oauth-flow.js";
import { readIdTokenProfile } from "../oauth/read-id-token-profile.js";
import { toAuthError } from "../oauth/to-auth-error.js";
import { setSessionCookie } from "../session/session-cookies.js";

// Which answer comes depends on the input: an ID token signs in at once, anything else starts the
// browser's round trip through the provider.
const signInSocialResponse = z.union([
  z.object({
    url: z.string().describe("The provider's authorization URL; send the browser there"),
    redirect: z.boolean().describe("False when disableRedirect asked the client to navigate itself"),
  }),
  z.object({
    redirect: z.literal(false),
    token: z.string().describe("The new session's bearer token (also set as the session cookie)"),
    url: z.null(),
    user: userResponse,
  }),
]);

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
    openapi: {
      summary: "Sign in with a social provider",
      description:
        "Answers the provider's authorization URL to send the browser to, or — with an ID token from a native SDK — signs in at once.",
      response: signInSocialResponse,
      errors: [
        CORE_ERRORS.PROVIDER_NOT_FOUND,
        CORE_ERRORS.CALLBACK_URL_REQUIRED,
        CORE_ERRORS.PROVIDER_DISCOVERY_FAILED,
        // The ID-token sign-in: the token, the profile it names, and whether that may sign in or up.
        CORE_ERRORS.ID_TOKEN_NOT_SUPPORTED,
        CORE_ERRORS.INVALID_ID_TOKEN,
        CORE_ERRORS.FAILED_TO_GET_USER_INFO,
        CORE_ERRORS.USER_EMAIL_NOT_FOUND,
        CORE_ERRORS.ACCOUNT_NOT_LINKED,
        CORE_ERRORS.UNABLE_TO_CREATE_ACCOUNT,
      ],
    },
  },
  async (ctx) => {
    const provider = ctx.auth.socialProviders.get(ctx.body.provider);
    if (!provider) throw new AuthError(CORE_ERRORS.PROVIDER_NOT_FOUND);
    const { idToken } = ctx.body;
    if (idToken) {
      const { tokens, profile } = await readIdTokenProfile(provider, idToken);
      const outcome = await completeOAuth(
        ctx,
        provider,
        { requestSignUp: ctx.body.requestSignUp },
        tokens,
        profile,
      ).catch((error: unknown) => {
        throw error instanceof OAuthError ? toAuthError(error) : error;
      });
      if (outcome.kind !== "signed-in") throw new AuthError(CORE_ERRORS.UNAUTHORIZED);
      setSessionCookie(ctx, outcome.data);
      return { redirect: false, token: outcome.data.session.token, url: null, user: outcome.data.user };
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
