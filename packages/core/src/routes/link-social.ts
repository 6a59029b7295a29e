import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { completeOAuth } from "../oauth/complete-oauth.js";
import { idTokenBody } from "../oauth/id-token-body.js";
import { OAuthError } from "../oauth/oauth-error.js";
import { startOAuthFlow } from "../oauth/oauth-flow.js";
import { readIdTokenProfile } from "../oauth/read-id-token-profile.js";
import { toAuthError } from "../oauth/to-auth-error.js";

// Which answer comes depends on the input, as for sign-in/social: an ID token links at once.
const linkSocialResponse = z.union([
  z.object({
    url: z.string().describe("The provider's authorization URL; send the browser there"),
    redirect: z.boolean().describe("False when disableRedirect asked the client to navigate itself"),
  }),
  z.object({ redirect: z.literal(false), status: z.literal(true) }),
]);

/**
 * POST /link-social: sends the signed-in user to a provider to attach that account to them
 * (`{url, redirect}`), or — with an ID token from a native SDK — links it at once
 * (`{redirect: false, status: true}`). Both follow SPEC.md §5's linking rules.
 */
export const linkSocial = defineEndpoint(
  {
    method: "POST",
    path: "/link-social",
    body: z.strictObject({
      provider: z.string().max(64),
      callbackURL: z.string().optional(),
      errorCallbackURL: z.string().optional(),
      idToken: idTokenBody.optional(),
      scopes: z.array(z.string().max(256)).max(50).optional(),
      // Accepted for parity with sign-in/social (SPEC.md §7) but without effect: linking attaches an
      // account to the signed-in user and never creates one.
      requestSignUp: z.boolean().optional(),
      disableRedirect: z.boolean().optional(),
      /** Sent as `login_hint`: preselects the account at the provider. */
      loginHint: z.string().max(320).optional(),
    }),
    session: "required",
    tags: ["accounts"],
    credentials: "own-session",
    openapi: {
      summary: "Link a social account to the signed-in user",
      description:
        "Answers the provider's authorization URL to send the browser to, or — with an ID token from a native SDK — links at once.",
      response: linkSocialResponse,
      errors: [
        CORE_ERRORS.PROVIDER_NOT_FOUND,
        CORE_ERRORS.CALLBACK_URL_REQUIRED,
        CORE_ERRORS.PROVIDER_DISCOVERY_FAILED,
        // Linking refused: switched off, provider not vouching for the email, or a taken account.
        CORE_ERRORS.ACCOUNT_NOT_LINKED,
        CORE_ERRORS.DIFFERENT_EMAILS_NOT_ALLOWED,
        CORE_ERRORS.ACCOUNT_ALREADY_LINKED_TO_DIFFERENT_USER,
        CORE_ERRORS.ID_TOKEN_NOT_SUPPORTED,
        CORE_ERRORS.INVALID_ID_TOKEN,
        CORE_ERRORS.FAILED_TO_GET_USER_INFO,
        CORE_ERRORS.USER_EMAIL_NOT_FOUND,
      ],
    },
  },
  async (ctx) => {
    const provider = ctx.auth.socialProviders.get(ctx.body.provider);
    if (!provider) throw new AuthError(CORE_ERRORS.PROVIDER_NOT_FOUND);
    if (!ctx.auth.options.account.accountLinking.enabled) throw new AuthError(CORE_ERRORS.ACCOUNT_NOT_LINKED);
    const { user } = ctx.session;
    const link = { userId: user.id, email: user.email };
    if (ctx.body.idToken) {
      const { tokens, profile } = await readIdTokenProfile(provider, ctx.body.idToken);
      await completeOAuth(ctx, provider, { link }, tokens, profile).catch((error: unknown) => {
        throw error instanceof OAuthError ? toAuthError(error) : error;
      });
      return { redirect: false as const, status: true as const };
    }
    const url = await startOAuthFlow(
      ctx,
      provider,
      { callbackURL: ctx.body.callbackURL, errorCallbackURL: ctx.body.errorCallbackURL, link },
      { scopes: ctx.body.scopes, loginHint: ctx.body.loginHint },
    );
    return { url: url.toString(), redirect: !ctx.body.disableRedirect };
  },
);
