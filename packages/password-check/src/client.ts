/** @gatehouse-auth/password-check/client — the browser half: the error codes and the shape of a refusal. */
import type { PASSWORD_CHECK_ERRORS } from "./password-check-errors.js";

/** The plugin's error codes, for matching `error.code` without importing the server package. */
export const PASSWORD_CHECK_ERROR_CODES = {
  PASSWORD_COMPROMISED: "PASSWORD_COMPROMISED",
  PASSWORD_TOO_WEAK: "PASSWORD_TOO_WEAK",
} as const satisfies { [K in keyof typeof PASSWORD_CHECK_ERRORS]: K };

/** One of the plugin's error codes. */
export type PasswordCheckErrorCode = keyof typeof PASSWORD_CHECK_ERROR_CODES;

/** The body of a PASSWORD_COMPROMISED refusal: `reason` says which check refused it. */
export interface PasswordCompromisedError {
  code: "PASSWORD_COMPROMISED";
  message: string;
  reason: "common" | "breached";
}

/** The body of a PASSWORD_TOO_WEAK refusal: zxcvbn-ts's score and feedback (translation keys by default). */
export interface PasswordTooWeakError {
  code: "PASSWORD_TOO_WEAK";
  message: string;
  score: 0 | 1 | 2 | 3 | 4;
  minScore: 0 | 1 | 2 | 3 | 4;
  feedback: { warning: string | null; suggestions: string[] };
}

const hasCode = (error: unknown, code: string): boolean =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;

/** True when a client call's error is the plugin's "too common or breached" refusal. */
export function isPasswordCompromised(error: unknown): error is PasswordCompromisedError {
  return hasCode(error, PASSWORD_CHECK_ERROR_CODES.PASSWORD_COMPROMISED);
}

/** True when a client call's error is the strength refusal; its `feedback` is what to show. */
export function isPasswordTooWeak(error: unknown): error is PasswordTooWeakError {
  return hasCode(error, PASSWORD_CHECK_ERROR_CODES.PASSWORD_TOO_WEAK);
}

/**
 * The client plugin: `createAuthClient({ plugins: [passwordCheckClient()] })`. The server plugin adds
 * no routes, so this only names it; the guards above read its refusals.
 */
export function passwordCheckClient() {
  return { id: "password-check" } as const;
}
