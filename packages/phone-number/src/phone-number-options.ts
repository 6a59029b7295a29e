import type { OptionKeysOf, RateLimitRule, User } from "@gatehouse-auth/core";
import type { CountryCode } from "libphonenumber-js";

/** What `sendOTP` and `sendPasswordResetOTP` receive. */
export interface PhoneOtpMessage {
  /** The number in E.164 form (`+15550001234`), whatever spelling the client used. */
  phoneNumber: string;
  code: string;
}

/** Options of `phoneNumber()`. Only `sendOTP` is required. Durations are in seconds. */
export interface PhoneNumberOptions {
  /** Sends a verification / sign-in code by SMS. Awaited: a throw answers 502 and the client can retry. */
  sendOTP: (message: PhoneOtpMessage) => Promise<void> | void;
  /**
   * Sends a password-reset code; only to numbers an account holds, in the background (the answer and its
   * timing must not tell whether the number has an account). Without it, password reset by phone is off.
   */
  sendPasswordResetOTP?: (message: PhoneOtpMessage & { user: User }) => Promise<void> | void;
  /** Digits per code. Default 6; 4 to 10. */
  otpLength?: number;
  /** Lifetime of a code. Default 300. */
  expiresIn?: number;
  /** Wrong codes before a code is dead (even the right one is then refused). Default 3. */
  allowedAttempts?: number;
  /** Codes one number may be sent per window, across clients. Default 5 per 3600 s. */
  sendLimit?: RateLimitRule;
  /** Country assumed for numbers given without `+` (national format), e.g. `"US"`. Default none: E.164 only. */
  defaultCountry?: CountryCode;
  /**
   * `"possible"` (default) accepts any number of a possible length for its country; `"valid"` also wants an
   * assigned range (it refuses fictional numbers such as +1 555 01xx, which tests like).
   */
  numberCheck?: "possible" | "valid";
  /**
   * Create an account when a code is verified for a number no account holds (phone OTP sign-up). Off by
   * default. The user gets `getTempEmail(phoneNumber)` as an unverified email.
   */
  signUpOnVerification?: {
    getTempEmail: (phoneNumber: string) => string;
    getTempName?: (phoneNumber: string) => string;
  };
  /** Per-client rate limits for the plugin's routes (when rate limiting is on); merged over the defaults. */
  rateLimit?: Partial<Record<PhoneRoutePath, RateLimitRule | false>>;
}

/** The plugin's HTTP paths. */
export type PhoneRoutePath =
  | "/phone-number/send-otp"
  | "/phone-number/verify"
  | "/phone-number/update"
  | "/sign-in/phone-number"
  | "/phone-number/request-password-reset"
  | "/phone-number/reset-password";

/** Per-client limits by default: codes cost money and each verify is a guess. */
export const DEFAULT_PHONE_RATE_LIMITS: Record<PhoneRoutePath, RateLimitRule> = {
  "/phone-number/send-otp": { window: 60, max: 3 },
  "/phone-number/verify": { window: 60, max: 10 },
  "/phone-number/update": { window: 60, max: 10 },
  "/sign-in/phone-number": { window: 10, max: 3 },
  "/phone-number/request-password-reset": { window: 60, max: 3 },
  "/phone-number/reset-password": { window: 60, max: 10 },
};

/** Options with every default applied, resolved once when the plugin is built. */
export interface ResolvedPhoneNumberOptions {
  sendOTP: PhoneNumberOptions["sendOTP"];
  sendPasswordResetOTP: PhoneNumberOptions["sendPasswordResetOTP"] | null;
  otpLength: number;
  expiresIn: number;
  allowedAttempts: number;
  sendLimit: RateLimitRule;
  defaultCountry: CountryCode | undefined;
  numberCheck: "possible" | "valid";
  signUpOnVerification: PhoneNumberOptions["signUpOnVerification"] | null;
  rateLimit: Record<string, RateLimitRule | false>;
}

const isWhole = (n: unknown, min: number, max: number) =>
  Number.isInteger(n) && (n as number) >= min && (n as number) <= max;

/** Applies the defaults; a nonsensical number is a startup error, not a request-time surprise. */
export function resolvePhoneNumberOptions(options: PhoneNumberOptions): ResolvedPhoneNumberOptions {
  if (typeof options?.sendOTP !== "function") throw new Error("Gatehouse phone-number: sendOTP is required");
  const o = {
    otpLength: options.otpLength ?? 6,
    expiresIn: options.expiresIn ?? 300,
    allowedAttempts: options.allowedAttempts ?? 3,
    sendLimit: options.sendLimit ?? { window: 3600, max: 5 },
  };
  if (!isWhole(o.otpLength, 4, 10)) throw new Error("Gatehouse phone-number: otpLength must be 4 to 10");
  if (!isWhole(o.expiresIn, 1, 86400)) throw new Error("Gatehouse phone-number: expiresIn must be 1 to 86400 seconds");
  if (!isWhole(o.allowedAttempts, 1, 100)) throw new Error("Gatehouse phone-number: allowedAttempts must be 1 to 100");
  if (!isWhole(o.sendLimit.window, 1, 86400 * 30) || !isWhole(o.sendLimit.max, 1, 1000))
    throw new Error("Gatehouse phone-number: sendLimit needs a window of 1 s to 30 days and a max of 1 to 1000");
  return {
    ...o,
    sendOTP: options.sendOTP,
    sendPasswordResetOTP: options.sendPasswordResetOTP ?? null,
    defaultCountry: options.defaultCountry,
    numberCheck: options.numberCheck ?? "possible",
    signUpOnVerification: options.signUpOnVerification ?? null,
    rateLimit: { ...DEFAULT_PHONE_RATE_LIMITS, ...options.rateLimit },
  };
}

const RULE = { window: true, max: true } as const;

/** The names `phoneNumber()` accepts, nested ones and its route paths included: core refuses any other at start-up. */
export const PHONE_NUMBER_OPTION_KEYS = {
  sendOTP: true,
  sendPasswordResetOTP: true,
  otpLength: true,
  expiresIn: true,
  allowedAttempts: true,
  sendLimit: RULE,
  defaultCountry: true,
  numberCheck: true,
  signUpOnVerification: { getTempEmail: true, getTempName: true },
  // The paths are the plugin's own: a misspelt one would leave the real route on its default limit.
  rateLimit: Object.fromEntries(Object.keys(DEFAULT_PHONE_RATE_LIMITS).map((path) => [path, RULE])) as Record<
    PhoneRoutePath,
    typeof RULE
  >,
} as const satisfies OptionKeysOf<PhoneNumberOptions>;
