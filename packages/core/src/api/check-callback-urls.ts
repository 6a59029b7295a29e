import type { CatalogueError } from "../errors/auth-error.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { isSafeRedirectUrl } from "../security/check-redirect-url.js";

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
 * included), must be a safe relative path or a trusted origin (SPEC.md §5): checked once, here.
 */
export function checkCallbackUrls(input: unknown, isTrustedOrigin: (origin: string) => boolean): void {
  if (!input || typeof input !== "object") return;
  const record = input as Record<string, unknown>;
  for (const [field, error] of REDIRECT_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null || value === "") continue;
    if (typeof value !== "string" || !isSafeRedirectUrl(value, isTrustedOrigin)) throw new AuthError(error);
  }
}
