import { AuthError, CORE_ERRORS, defineEndpoint, statusResponse, voidResetTokens } from "@gatehouse-auth/core";
import { z } from "zod";
import { findUserByPhone } from "../find-user-by-phone.js";
import { otpInput, phoneNumberInput, requirePhoneNumber } from "../phone-input.js";
import { PHONE_NUMBER_ERRORS } from "../phone-number-errors.js";
import type { ResolvedPhoneNumberOptions } from "../phone-number-options.js";
import { consumePhoneOtp } from "../phone-otp-store.js";

/**
 * POST /phone-number/reset-password {phoneNumber, code, newPassword}: sets the password of the number's
 * holder with a texted reset code, as core's reset-password does with a mailed token: the user's
 * outstanding email reset links are voided and, by default, every session ends.
 */
export const resetPhonePassword = (o: ResolvedPhoneNumberOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/phone-number/reset-password",
      body: z.strictObject({ phoneNumber: phoneNumberInput, code: otpInput, newPassword: z.string().max(4096) }),
      tags: ["password-reset", "changes-password"],
      openapi: {
        summary: "Set a new password with a texted reset code",
        response: statusResponse,
        errors: [
          PHONE_NUMBER_ERRORS.PHONE_PASSWORD_RESET_DISABLED,
          PHONE_NUMBER_ERRORS.INVALID_PHONE_NUMBER,
          PHONE_NUMBER_ERRORS.INVALID_OTP,
          PHONE_NUMBER_ERRORS.OTP_EXPIRED,
          PHONE_NUMBER_ERRORS.TOO_MANY_ATTEMPTS,
          CORE_ERRORS.PASSWORD_TOO_SHORT,
          CORE_ERRORS.PASSWORD_TOO_LONG,
          CORE_ERRORS.EMAIL_PASSWORD_DISABLED,
        ],
      },
    },
    async (ctx) => {
      if (!o.sendPasswordResetOTP) throw new AuthError(PHONE_NUMBER_ERRORS.PHONE_PASSWORD_RESET_DISABLED);
      const { options, passwords } = ctx.auth;
      if (!options.emailAndPassword.enabled) throw new AuthError(CORE_ERRORS.EMAIL_PASSWORD_DISABLED);
      const phoneNumber = await requirePhoneNumber(ctx.body.phoneNumber, o);
      // Checked first, so a too-short password does not burn the code.
      passwords.assertValidLength(ctx.body.newPassword);
      const hash = await passwords.hash(ctx.body.newPassword);
      const user = await consumePhoneOtp(ctx.auth, o, "reset", phoneNumber, ctx.body.code, async () => {
        const holder = await findUserByPhone(ctx.auth, phoneNumber);
        // Codes for unknown numbers were never sent; one that matches anyway opens nothing.
        if (!holder?.phoneNumberVerified) throw new AuthError(PHONE_NUMBER_ERRORS.INVALID_OTP);
        return holder;
      });
      await ctx.auth.transaction(async (tx) => {
        const account = await tx.accounts.findCredential(user.id);
        // A social-only user gets a password account: the code proved they hold the number.
        if (account) await tx.accounts.update(account.id, { password: hash });
        else
          await tx.accounts.create({ userId: user.id, accountId: user.id, providerId: "credential", password: hash });
        await voidResetTokens(tx.db, user.id);
        if (options.emailAndPassword.revokeSessionsOnPasswordReset) await tx.endUserSessions(user.id, "password-reset");
      });
      return { status: true };
    },
  );
