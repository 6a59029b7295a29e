import { defineEndpoint, tokenUserResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { attachPhoneNumber } from "../attach-phone-number.js";
import { otpInput, phoneNumberInput, requirePhoneNumber } from "../phone-input.js";
import { PHONE_NUMBER_ERRORS } from "../phone-number-errors.js";
import type { ResolvedPhoneNumberOptions } from "../phone-number-options.js";

/**
 * POST /phone-number/update {phoneNumber, code}: attaches a number to the signed-in caller, or changes
 * it, with the code texted to it by send-otp (SPEC.md §7: refreshes the session). A number another
 * account holds is 400 and the code stays usable.
 */
export const updatePhoneNumber = (o: ResolvedPhoneNumberOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/phone-number/update",
      body: z.strictObject({ phoneNumber: phoneNumberInput, code: otpInput }),
      session: "required",
      // Changing a sign-in credential: not for impersonation sessions.
      tags: ["updates-user"],
      credentials: "own-session",
      openapi: {
        summary: "Attach or change your phone number with a texted code",
        response: z.object({ status: z.boolean() }).extend(tokenUserResponse.shape),
        errors: [
          PHONE_NUMBER_ERRORS.INVALID_PHONE_NUMBER,
          PHONE_NUMBER_ERRORS.INVALID_OTP,
          PHONE_NUMBER_ERRORS.OTP_EXPIRED,
          PHONE_NUMBER_ERRORS.TOO_MANY_ATTEMPTS,
          PHONE_NUMBER_ERRORS.PHONE_NUMBER_TAKEN,
        ],
      },
    },
    async (ctx) => attachPhoneNumber(ctx, o, await requirePhoneNumber(ctx.body.phoneNumber, o), ctx.body.code),
  );
