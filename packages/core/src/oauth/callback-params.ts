import { z } from "zod";

/** What a provider may send back to /callback/:id (SPEC.md §7), each as a string when present. */
export interface CallbackParams {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
  /** VK ID binds its tokens to the device it names here. */
  device_id?: string;
  /** Apple's one-time JSON with the user's name, sent only on the first authorization. */
  user?: string;
  /** RFC 9207: the issuer that sent this authorization response. */
  iss?: string;
}

// Generous for real providers (Apple's user JSON is a few hundred characters), small enough that a
// forwarded value never makes a Location header that proxies refuse.
const LIMITS: Record<keyof CallbackParams, number> = {
  code: 4096,
  state: 256,
  error: 256,
  error_description: 1024,
  device_id: 256,
  user: 4096,
  iss: 2048,
};

/** The callback parameters in forwarding order. */
export const CALLBACK_PARAM_NAMES = Object.keys(LIMITS) as (keyof CallbackParams)[];

/**
 * The callback's input schema: documents the parameters but never fails, so bad input reaches the
 * handler and ends in a redirect with `invalid_callback_request` instead of a JSON 400 in the browser.
 */
export const lenientCallbackParams = z
  .object(
    Object.fromEntries(
      // Documented as the strings they should be; checked by readCallbackParams, not by the parser.
      CALLBACK_PARAM_NAMES.map((name) => [
        name,
        z.unknown().meta({ type: "string", maxLength: LIMITS[name] }).optional(),
      ]),
    ),
  )
  .catchall(z.unknown())
  .catch({});

/**
 * Reads the callback parameters from a query or form body. `valid` is false when any of them is not a
 * string or is over its length limit; `params` then holds only the well-formed ones.
 */
export function readCallbackParams(input: unknown): { params: CallbackParams; valid: boolean } {
  const record = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const params: CallbackParams = {};
  let valid = true;
  for (const name of CALLBACK_PARAM_NAMES) {
    const value = record[name];
    if (value === undefined) continue;
    if (typeof value === "string" && value.length <= LIMITS[name]) params[name] = value;
    else valid = false;
  }
  return { params, valid };
}
