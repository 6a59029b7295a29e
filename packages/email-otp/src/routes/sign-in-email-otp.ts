import { CORE_ERRORS, defineEndpoint, stringInput, tokenUserResponse, userFields } from "@gatehouse-auth/core";
import { z } from "zod";
import { EMAIL_OTP_ERRORS } from "../email-otp-errors.js";
import { emailInput, otpInput } from "../email-otp-input.js";
import type { ResolvedEmailOtpOptions } from "../email-otp-options.js";
import { signInWithEmailOtp } from "../sign-in-with-email-otp.js";

const body = z.strictObject({
  email: emailInput,
  otp: otpInput,
  /** The name of an account this sign-in creates; ignored for an existing one. */
  name: stringInput(userFields.name).optional(),
});

/**
 * POST /sign-in/email-otp {email, otp, name?}: signs in with a mailed `sign-in` code, creating the
 * account (email verified) for a new address → `{token, user}` + session cookie.
 */
export const signInEmailOtp = (o: ResolvedEmailOtpOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sign-in/email-otp",
      body,
      // Sign-in rules (two-factor, bans) hook these tags.
      tags: ["creates-session", "sign-in", "creates-user"],
      openapi: {
        summary: "Sign in with an emailed one-time code",
        response: tokenUserResponse,
        errors: [
          CORE_ERRORS.INVALID_EMAIL,
          CORE_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL,
          EMAIL_OTP_ERRORS.EMAIL_OTP_INVALID,
          EMAIL_OTP_ERRORS.EMAIL_OTP_EXPIRED,
          EMAIL_OTP_ERRORS.EMAIL_OTP_TOO_MANY_ATTEMPTS,
        ],
      },
    },
    (ctx) => signInWithEmailOtp(ctx, o, ctx.body),
  );
