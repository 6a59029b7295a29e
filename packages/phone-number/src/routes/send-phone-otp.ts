import { AuthError, defineEndpoint, statusResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { phoneNumberInput, requirePhoneNumber } from "../phone-input.js";
import { PHONE_NUMBER_ERRORS } from "../phone-number-errors.js";
import type { ResolvedPhoneNumberOptions } from "../phone-number-options.js";
import { issuePhoneOtp } from "../phone-otp-store.js";

/**
 * POST /phone-number/send-otp {phoneNumber}: texts a code for verify (sign-in, attaching the number).
 * Sent whether or not an account holds the number, so the answer says nothing about accounts. A new code
 * replaces the previous one; each number gets at most `sendLimit` codes per window, whoever asks.
 */
export const sendPhoneOtp = (o: ResolvedPhoneNumberOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/phone-number/send-otp",
      body: z.strictObject({ phoneNumber: phoneNumberInput }),
      openapi: {
        summary: "Text a one-time code to a phone number",
        response: statusResponse,
        errors: [
          PHONE_NUMBER_ERRORS.INVALID_PHONE_NUMBER,
          PHONE_NUMBER_ERRORS.PHONE_OTP_SEND_LIMIT,
          PHONE_NUMBER_ERRORS.PHONE_OTP_SEND_FAILED,
        ],
      },
    },
    async (ctx) => {
      const phoneNumber = await requirePhoneNumber(ctx.body.phoneNumber, o);
      const code = await issuePhoneOtp(ctx.auth, o, "verify", phoneNumber);
      try {
        await o.sendOTP({ phoneNumber, code });
      } catch (error) {
        ctx.auth.options.logger.error("Gatehouse phone-number: sendOTP failed", error);
        throw new AuthError(PHONE_NUMBER_ERRORS.PHONE_OTP_SEND_FAILED);
      }
      return { status: true };
    },
  );
