import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { statusResponse } from "../api/response-shapes.js";
import { sendInBackground } from "../email/send-in-background.js";
import { sendChangeVerification } from "../email/send-change-verification.js";
import type { VerifyEmailPayload } from "../email/send-verification-email.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { authUrl } from "../utils/auth-url.js";
import { normalizeEmail } from "../user/normalize-email.js";

/**
 * POST /change-email {newEmail, callbackURL?}. The email never changes until the new address is
 * proven: an unverified user gets a verification link at the new address; a verified user first
 * confirms from the current address, and only then does the new address get its link. A taken
 * address gets the same answer as a free one and no mail; the change then never completes.
 */
export const changeEmail = defineEndpoint(
  {
    method: "POST",
    path: "/change-email",
    body: z.strictObject({ newEmail: z.string(), callbackURL: z.string().optional() }),
    session: "required",
    tags: ["change-email"],
    credentials: "own-session",
    openapi: {
      summary: "Change your email address",
      response: statusResponse,
      errors: [
        CORE_ERRORS.CHANGE_EMAIL_DISABLED,
        CORE_ERRORS.EMAIL_IS_THE_SAME,
        CORE_ERRORS.VERIFICATION_EMAIL_NOT_ENABLED,
        CORE_ERRORS.INVALID_EMAIL,
      ],
    },
  },
  async (ctx) => {
    const { options, tokens } = ctx.auth;
    if (!options.user.changeEmail.enabled) throw new AuthError(CORE_ERRORS.CHANGE_EMAIL_DISABLED);
    const { user } = ctx.session;
    const newEmail = normalizeEmail(ctx.body.newEmail);
    if (newEmail === user.email) throw new AuthError(CORE_ERRORS.EMAIL_IS_THE_SAME);
    // A taken address is answered like a free one (no account enumeration): the verified path's
    // confirmation goes to the user's own mailbox either way, the unverified path mails nothing to a
    // taken address, and the change itself can never complete onto an existing account.
    const { callbackURL } = ctx.body;

    const confirm = options.user.changeEmail.sendChangeEmailConfirmation;
    if (user.emailVerified) {
      if (!confirm) throw new AuthError(CORE_ERRORS.VERIFICATION_EMAIL_NOT_ENABLED);
      const payload: VerifyEmailPayload = { userId: user.id, email: user.email, confirmChangeTo: newEmail };
      const token = await tokens.issue("verify-email", payload, options.emailVerification.expiresIn);
      const url = authUrl(ctx, "/verify-email", { token, callbackURL });
      sendInBackground(ctx.auth, "change-email confirmation email", () => confirm({ user, newEmail, url, token }));
      return { status: true };
    }
    const sent = await sendChangeVerification(ctx, user, newEmail, callbackURL);
    if (!sent) throw new AuthError(CORE_ERRORS.VERIFICATION_EMAIL_NOT_ENABLED);
    return { status: true };
  },
);
