import type { CatalogueError } from "../errors/auth-error.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { type RedirectTrust, resolveRedirectUrl } from "../security/resolve-redirect-url.js";

/** The redirect-target input fields checked on every endpoint, and the error each refusal answers. */
export const REDIRECT_URL_FIELDS: Readonly<Record<string, CatalogueError>> = {
  callbackURL: CORE_ERRORS.INVALID_CALLBACK_URL,
  redirectTo: CORE_ERRORS.INVALID_REDIRECT_URL,
  errorCallbackURL: CORE_ERRORS.INVALID_ERROR_CALLBACK_URL,
  newUserCallbackURL: CORE_ERRORS.INVALID_NEW_USER_CALLBACK_URL,
};
const REDIRECT_FIELDS = Object.entries(REDIRECT_URL_FIELDS);

/**
 * Every redirect target a client can pass, in the body or the query of any endpoint (plugins
 * included), must resolve onto a trusted origin or stay on this one (SPEC.md §5): checked once, here,
 * by the same function that writes `Location`. Returns the input with each target replaced by its
 * canonical form, so what the endpoint stores, mails or echoes as `url` is exactly what was checked
 * (the caller's object is not modified).
 */
export function checkCallbackUrls<T>(input: T, trust: RedirectTrust): T {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const record = input as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const [field, error] of REDIRECT_FIELDS) {
    if (!Object.hasOwn(record, field)) continue;
    const value = record[field];
    if (value === undefined || value === null || value === "") continue;
    const canonical = resolveRedirectUrl(value, trust);
    if (canonical === null) throw new AuthError(error);
    if (canonical !== value) {
      out ??= { ...record };
      out[field] = canonical;
    }
  }
  return (out ?? input) as T;
}
