import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { startOAuthFlow } from "../oauth/oauth-flow.js";

/** POST /link-social: sends the signed-in user to a provider to attach that account to them. */
export const linkSocial = defineEndpoint(
  {
    method: "POST",
    path: "/link-social",
    body: z.strictObject({
      provider: z.string().max(64),
      callbackURL: z.string().optional(),
      errorCallbackURL: z.string().optional(),
      scopes: z.array(z.string().max(256)).max(50).optional(),
      requestSignUp: z.boolean().optional(),
      disableRedirect: z.boolean().optional(),
    }),
    session: "required",
    tags: ["accounts"],
    openapi: { summary: "Link a social account to the signed-in user" },
  },
  async (ctx) => {
    const provider = ctx.auth.socialProviders.get(ctx.body.provider);
    if (!provider) throw new AuthError(CORE_ERRORS.PROVIDER_NOT_FOUND);
    if (!ctx.auth.options.account.accountLinking.enabled) throw new AuthError(CORE_ERRORS.ACCOUNT_NOT_LINKED);
    const { user } = ctx.session;
    const url = await startOAuthFlow(
      ctx,
      provider,
      {
        callbackURL: ctx.body.callbackURL,
        errorCallbackURL: ctx.body.errorCallbackURL,
        link: { userId: user.id, email: user.email },
      },
      { scopes: ctx.body.scopes },
    );
    return { url: url.toString(), redirect: !ctx.body.disableRedirect };
  },
);
