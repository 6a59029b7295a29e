import {
  AuthError,
  CORE_ERRORS,
  claimUnverifiedEmail,
  defineEndpoint,
  normalizeEmail,
  successResponse,
  voidResetTokens,
} from "@gatehouse-auth/core";
import { z } from "zod";
import { EMAIL_OTP_ERRORS } from "../email-otp-errors.js";
import { emailInput, otpInput } from "../email-otp-input.js";
import type { ResolvedEmailOtpOptions } from "../email-otp-options.js";
import { consumeEmailOtp } from "../email-otp-store.js";

/**
 * POST /email-otp/reset-password {email, otp, password}: sets the password with a mailed
 * `forget-password` code, as core's reset-password does with a mailed link: the user's outstanding
 * reset links are voided and, by default (`revokeSessionsOnPasswordReset`), every session ends. An
 * account whose address was unverified is claimed as sign-in by code claims it: the code proved the
 * mailbox, so every account and session set up before the proof (perhaps by someone else, waiting for
 * the owner to adopt it) goes, and the address becomes verified.
 */
export const resetPasswordEmailOtp = (o: ResolvedEmailOtpOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/email-otp/reset-password",
      body: z.strictObject({ email: emailInput, otp: otpInput, password: z.string().max(4096) }),
      tags: ["password-reset", "changes-password"],
      openapi: {
        summary: "Set a new password with an emailed reset code",
        response: successResponse,
        errors: [
          CORE_ERRORS.INVALID_EMAIL,
          CORE_ERRORS.PASSWORD_TOO_SHORT,
          CORE_ERRORS.PASSWORD_TOO_LONG,
          CORE_ERRORS.EMAIL_PASSWORD_DISABLED,
          EMAIL_OTP_ERRORS.EMAIL_OTP_INVALID,
          EMAIL_OTP_ERRORS.EMAIL_OTP_EXPIRED,
          EMAIL_OTP_ERRORS.EMAIL_OTP_TOO_MANY_ATTEMPTS,
        ],
      },
    },
    async (ctx) => {
      const { options, passwords } = ctx.auth;
      if (!options.emailAndPassword.enabled) throw new AuthError(CORE_ERRORS.EMAIL_PASSWORD_DISABLED);
      const email = normalizeEmail(ctx.body.email);
      // Checked first, so a too-short password does not burn the code.
      passwords.assertValidLength(ctx.body.password);
      const hash = await passwords.hash(ctx.body.password);
      const user = await consumeEmailOtp(ctx.auth, o, email, "forget-password", ctx.body.otp, async () => {
        const holder = await ctx.auth.users.findByEmail(email);
        // Codes for unknown addresses were never sent; one that matches anyway opens nothing.
        if (!holder) throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_INVALID);
        return holder;
      });
      await ctx.auth.transaction(async (tx) => {
        // An unverified account is claimed as at sign-in: whatever it gained before this proof goes.
        const claim = !user.emailVerified;
        if (claim) await claimUnverifiedEmail(tx, user);
        const account = await tx.accounts.findCredential(user.id);
        // A social-only user gets a password account: the code proved they hold the mailbox.
        if (account) await tx.accounts.update(account.id, { password: hash });
        else
          await tx.accounts.create({ userId: user.id, accountId: user.id, providerId: "credential", password: hash });
        // Reset links mailed earlier are void too: one reset answers all of them.
        await voidResetTokens(tx.db, user.id);
        if (claim || options.emailAndPassword.revokeSessionsOnPasswordReset)
          await tx.endUserSessions(user.id, "password-reset");
      });
      return { success: true };
    },
  );
