import { AuthError, CORE_ERRORS, defineEndpoint, statusResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { findUserByPhone } from "../find-user-by-phone.js";
import { phoneNumberInput, requirePhoneNumber } from "../phone-input.js";
import { PHONE_NUMBER_ERRORS } from "../phone-number-errors.js";
import type { ResolvedPhoneNumberOptions } from "../phone-number-options.js";
import { issuePhoneOtp } from "../phone-otp-store.js";

/**
 * POST /phone-number/request-password-reset {phoneNumber}: texts a reset code to the number if an
 * account holds it. Known or unknown, the same work and the same `{status: true}`; the text goes out in
 * the background, so neither the answer nor its timing tells whether the number has an account.
 */
export const requestPhonePasswordReset = (o: ResolvedPhoneNumberOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/phone-number/request-password-reset",
      body: z.strictObject({ phoneNumber: phoneNumberInput }),
      tags: ["password-reset"],
      openapi: {
        summary: "Text a password reset code to a phone number",
        response: statusResponse,
        errors: [
          PHONE_NUMBER_ERRORS.PHONE_PASSWORD_RESET_DISABLED,
          PHONE_NUMBER_ERRORS.INVALID_PHONE_NUMBER,
          PHONE_NUMBER_ERRORS.PHONE_OTP_SEND_LIMIT,
          CORE_ERRORS.EMAIL_PASSWORD_DISABLED,
        ],
      },
    },
    async (ctx) => {
      const send = o.sendPasswordResetOTP;
      if (!send) throw new AuthError(PHONE_NUMBER_ERRORS.PHONE_PASSWORD_RESET_DISABLED);
      if (!ctx.auth.options.emailAndPassword.enabled) throw new AuthError(CORE_ERRORS.EMAIL_PASSWORD_DISABLED);
      const phoneNumber = await requirePhoneNumber(ctx.body.phoneNumber, o);
      const user = await findUserByPhone(ctx.auth, phoneNumber);
      // Issued for unknown numbers too (nobody receives it), so the send limit and the work are the same.
      const code = await issuePhoneOtp(ctx.auth, o, "reset", phoneNumber);
      if (user?.phoneNumberVerified) {
        const logger = ctx.auth.options.logger;
        Promise.resolve()
          .then(() => send({ phoneNumber, code, user: ctx.auth.sessions.publicUser(user) }))
          .catch((error: unknown) => logger.error("Gatehouse phone-number: sendPasswordResetOTP failed", error));
      }
      return { status: true };
    },
  );
