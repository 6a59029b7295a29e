import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { ResolvedPhoneNumberOptions } from "./phone-number-options.js";

/** Longest input worth parsing: generous room for spaces, dashes and brackets around 15 digits. */
export const PHONE_INPUT_MAX_LENGTH = 64;

/**
 * The E.164 form of `input` (`+15550001234`), or null when it is not a phone number. Every spelling of one
 * number (spaces, dashes, brackets, national format with `defaultCountry`) maps to the same string, which
 * is what is stored, looked up, and bound to codes — so variants cannot reach two accounts or two codes.
 */
export function normalizePhoneNumber(
  input: string,
  o: Pick<ResolvedPhoneNumberOptions, "defaultCountry" | "numberCheck">,
): string | null {
  if (typeof input !== "string" || input.length > PHONE_INPUT_MAX_LENGTH) return null;
  // extract: false — the whole input must be the number, not text that happens to contain one.
  const parsed = parsePhoneNumberFromString(input, { defaultCountry: o.defaultCountry, extract: false });
  if (!parsed) return null;
  // An extension would be dropped from `number`, so two numbers would share one E.164 form.
  if (parsed.ext) return null;
  const ok = o.numberCheck === "valid" ? parsed.isValid() : parsed.isPossible();
  return ok ? parsed.number : null;
}
