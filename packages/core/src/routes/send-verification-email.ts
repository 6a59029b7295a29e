import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { statusResponse } from "../api/response-shapes.js";
import { sendVerificationEmail } from "../email/send-verification-email.js";
import { sendVerificationOffPath } from "../email/send-verification-off-path.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { normalizeEmail } from "../user/normalize-email.js";

/**
 * POST /send-verification-email: a new link for an unverified address. Signed in, only to your own
 * unverified address (400 otherwise). Signed out, the answer is `{status: true}` whatever the address,
 * given before any work on it (the link is mailed after), so neither answer nor timing tells who has an account.
 */
export const sendVerificationEmailRoute = defineEndpoint(
  {
    method: "POST",
    path: "/send-verification-email",
    body: z.strictObject({ email: z.string(), callbackURL: z.string().optional() }),
    session: "optional",
    tags: ["email-verification"],
    openapi: {
      summary: "Send a new verification email",
      response: statusResponse,
      errors: [
        CORE_ERRORS.VERIFICATION_EMAIL_NOT_ENABLED,
        CORE_ERRORS.VERIFICATION_EMAIL_ONLY_OWN,
        CORE_ERRORS.VERIFICATION_EMAIL_ONLY_UNVERIFIED,
        CORE_ERRORS.INVALID_EMAIL,
      ],
    },
  },
  async (ctx) => {
    if (!ctx.auth.options.emailVerification.sendVerificationEmail) {
      throw new AuthError(CORE_ERRORS.VERIFICATION_EMAIL_NOT_ENABLED);
    }
    const email = normalizeEmail(ctx.body.email);
    const callbackURL = ctx.body.callbackURL;
    if (ctx.session) {
      const { user } = ctx.session;
      if (user.email !== email) throw new AuthError(CORE_ERRORS.VERIFICATION_EMAIL_ONLY_OWN);
      if (user.emailVerified) throw new AuthError(CORE_ERRORS.VERIFICATION_EMAIL_ONLY_UNVERIFIED);
      await sendVerificationEmail(ctx, user, { callbackURL });
      return { status: true };
    }
    // Unknown, unverified or verified: the same answer, sent before the lookup, the token and the mail
    // (all after the answer), so neither the answer nor its timing says anything about the address.
    sendVerificationOffPath(ctx, email, callbackURL);
    return { status: true };
  },
);
