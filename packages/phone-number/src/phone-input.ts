import { AuthError } from "@gatehouse-auth/core";
import { z } from "zod";
import { PHONE_INPUT_MAX_LENGTH, normalizePhoneNumber } from "./normalize-phone-number.js";
import { PHONE_NUMBER_ERRORS } from "./phone-number-errors.js";
import type { ResolvedPhoneNumberOptions } from "./phone-number-options.js";

/** A phone number as clients send it, in any spelling; routes normalize it with `requirePhoneNumber`. */
export const phoneNumberInput = z.string().min(1).max(PHONE_INPUT_MAX_LENGTH);

/** A code as clients send it; `consumePhoneOtp` decides whether it is one. */
export const otpInput = z.string().min(1).max(32);

/** The E.164 form of `input`, or 400 INVALID_PHONE_NUMBER. */
export async function requirePhoneNumber(input: string, o: ResolvedPhoneNumberOptions): Promise<string> {
  const phoneNumber = await normalizePhoneNumber(input, o);
  if (!phoneNumber) throw new AuthError(PHONE_NUMBER_ERRORS.INVALID_PHONE_NUMBER);
  return phoneNumber;
}
