import { CORE_ERRORS, defineEndpoint, tokenUserResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { attachPhoneNumber } from "../attach-phone-number.js";
import { otpInput, phoneNumberInput, requirePhoneNumber } from "../phone-input.js";
import { PHONE_NUMBER_ERRORS } from "../phone-number-errors.js";
import type { ResolvedPhoneNumberOptions } from "../phone-number-options.js";
import { signInWithPhoneOtp } from "../sign-in-with-phone-otp.js";

const body = z.strictObject({
  phoneNumber: phoneNumberInput,
  code: otpInput,
  /** With a session: attach (or change to) this number instead of signing in. */
  updatePhoneNumber: z.boolean().optional(),
  /** Sign-in only: verify the number (and sign up, when enabled) without creating a session. */
  disableSession: z.boolean().optional(),
  rememberMe: z.boolean().optional(),
});

/**
 * POST /phone-number/verify {phoneNumber, code, updatePhoneNumber?}: with `updatePhoneNumber` and a
 * session, attaches the number to the caller (as /phone-number/update does); otherwise signs the
 * number's holder in. Either way the code is checked first: wrong codes count, used codes are dead.
 */
export const verifyPhoneNumber = (o: ResolvedPhoneNumberOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/phone-number/verify",
      body,
      session: "optional",
      // Sign-in rules hook these tags; and an impersonation must not move a sign-in credential.
      tags: ["creates-session", "sign-in"],
      credentials: "own-session",
      openapi: {
        summary: "Verify a texted code: sign in with it, or attach the number to your account",
        response: z.object({ status: z.boolean() }).extend(tokenUserResponse.shape),
        errors: [
          PHONE_NUMBER_ERRORS.INVALID_PHONE_NUMBER,
          PHONE_NUMBER_ERRORS.INVALID_OTP,
          PHONE_NUMBER_ERRORS.OTP_EXPIRED,
          PHONE_NUMBER_ERRORS.TOO_MANY_ATTEMPTS,
          PHONE_NUMBER_ERRORS.PHONE_NUMBER_TAKEN,
          PHONE_NUMBER_ERRORS.PHONE_NUMBER_NOT_FOUND,
          CORE_ERRORS.UNAUTHORIZED,
        ],
      },
    },
    async (ctx) => {
      const phoneNumber = await requirePhoneNumber(ctx.body.phoneNumber, o);
      if (ctx.body.updatePhoneNumber) return attachPhoneNumber(ctx, o, phoneNumber, ctx.body.code);
      return signInWithPhoneOtp(ctx, o, { ...ctx.body, phoneNumber });
    },
  );
