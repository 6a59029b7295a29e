import type { ResolvedPhoneNumberOptions } from "./phone-number-options.js";

/** Longest input worth parsing: generous room for spaces, dashes and brackets around 15 digits. */
export const PHONE_INPUT_MAX_LENGTH = 64;

type PhoneNumberParser = typeof import("libphonenumber-js")["parsePhoneNumberFromString"];

let loading: Promise<PhoneNumberParser> | undefined;

/**
 * libphonenumber-js and its metadata, imported when the first number is parsed rather than at start-up:
 * a static import cost every app with this plugin ~40 ms of cold start before any number was seen.
 */
function phoneNumberParser(): Promise<PhoneNumberParser> {
  loading ??= import("libphonenumber-js").then((m) => m.parsePhoneNumberFromString);
  return loading;
}

/**
 * The E.164 form of `input` (`+15550001234`), or null when it is not a phone number. Every spelling of one
 * number (spaces, dashes, brackets, national format with `defaultCountry`) maps to the same string, which
 * is what is stored, looked up, and bound to codes — so variants cannot reach two accounts or two codes.
 * Asynchronous because the parser is loaded on first use.
 */
export async function normalizePhoneNumber(
  input: string,
  o: Pick<ResolvedPhoneNumberOptions, "defaultCountry" | "numberCheck">,
): Promise<string | null> {
  if (typeof input !== "string" || input.length > PHONE_INPUT_MAX_LENGTH) return null;
  const parsePhoneNumberFromString = await phoneNumberParser();
  // extract: false — the whole input must be the number, not text that happens to contain one.
  const parsed = parsePhoneNumberFromString(input, { defaultCountry: o.defaultCountry, extract: false });
  if (!parsed) return null;
  // An extension would be dropped from `number`, so two numbers would share one E.164 form.
  if (parsed.ext) return null;
  const ok = o.numberCheck === "valid" ? parsed.isValid() : parsed.isPossible();
  return ok ? parsed.number : null;
}
