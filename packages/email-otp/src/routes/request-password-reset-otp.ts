import { CORE_ERRORS, defineEndpoint, successResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { EMAIL_OTP_ERRORS } from "../email-otp-errors.js";
import { emailInput } from "../email-otp-input.js";
import type { ResolvedEmailOtpOptions } from "../email-otp-options.js";
import { requestEmailOtp } from "../request-email-otp.js";

/**
 * POST /email-otp/request-password-reset {email}: send-verification-otp with type `forget-password`.
 * Always `{success: true}`; the code goes only to an address with an account.
 */
export const requestPasswordResetOtp = (o: ResolvedEmailOtpOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/email-otp/request-password-reset",
      body: z.strictObject({ email: emailInput }),
      tags: ["password-reset"],
      openapi: {
        summary: "Email a password reset code",
        response: successResponse,
        errors: [CORE_ERRORS.INVALID_EMAIL, CORE_ERRORS.EMAIL_PASSWORD_DISABLED, EMAIL_OTP_ERRORS.EMAIL_OTP_SEND_LIMIT],
      },
    },
    (ctx) => requestEmailOtp(ctx, o, ctx.body.email, "forget-password"),
  );
