import { CORE_ERRORS, defineEndpoint, successResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { EMAIL_OTP_ERRORS } from "../email-otp-errors.js";
import { emailInput, otpTypeInput } from "../email-otp-input.js";
import type { ResolvedEmailOtpOptions } from "../email-otp-options.js";
import { requestEmailOtp } from "../request-email-otp.js";

/**
 * POST /email-otp/send-verification-otp {email, type}: mails a code for sign-in, email verification or
 * password reset. Always `{success: true}`; only sign-in codes go to addresses without an account. A new
 * code replaces the previous one of its type; each address gets at most `sendLimit` codes per window.
 */
export const sendVerificationOtp = (o: ResolvedEmailOtpOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/email-otp/send-verification-otp",
      body: z.strictObject({ email: emailInput, type: otpTypeInput }),
      openapi: {
        summary: "Email a one-time code for sign-in, email verification or password reset",
        response: successResponse,
        errors: [CORE_ERRORS.INVALID_EMAIL, CORE_ERRORS.EMAIL_PASSWORD_DISABLED, EMAIL_OTP_ERRORS.EMAIL_OTP_SEND_LIMIT],
      },
    },
    (ctx) => requestEmailOtp(ctx, o, ctx.body.email, ctx.body.type),
  );
