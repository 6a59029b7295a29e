import type { OptionKeysOf, RateLimitRule, User } from "@gatehouse-auth/core";

/** What a code is for; a code serves only its own type. */
export const EMAIL_OTP_TYPES = ["sign-in", "email-verification", "forget-password"] as const;

/** What a code is for: `sign-in`, `email-verification` or `forget-password`. */
export type EmailOtpType = (typeof EMAIL_OTP_TYPES)[number];

/** What `sendVerificationOTP` receives. */
export interface EmailOtpMessage {
  /** The address, normalized (trimmed, lower-cased). */
  email: string;
  otp: string;
  type: EmailOtpType;
  /** The account behind the address; null for a sign-in code to an address without one (sign-up). */
  user: User | null;
}

/** Options of `emailOTP()`. Only `sendVerificationOTP` is required. Durations are in seconds. */
export interface EmailOtpOptions {
  /**
   * Mails a code. Called in the background (the answer and its timing must not tell whether the
   * address has an account); a throw is logged, never shown to the client.
   */
  sendVerificationOTP: (message: EmailOtpMessage) => Promise<void> | void;
  /** Digits per code. Default 6; 4 to 10. */
  otpLength?: number;
  /** Lifetime of a code. Default 300. */
  expiresIn?: number;
  /** Wrong codes before a code is dead (even the right one is then refused). Default 3. */
  allowedAttempts?: number;
  /** Codes one address may be sent per window, all types together, whoever asks. Default 6 per 3600 s. */
  sendLimit?: RateLimitRule;
  /** Refuse to create accounts: sign-in codes go only to addresses that have one. Default false. */
  disableSignUp?: boolean;
  /** Per-client rate limits for the plugin's routes (when rate limiting is on); merged over the defaults. */
  rateLimit?: Partial<Record<EmailOtpRoutePath, RateLimitRule | false>>;
}

/** The plugin's HTTP paths. */
export type EmailOtpRoutePath =
  | "/email-otp/send-verification-otp"
  | "/email-otp/request-password-reset"
  | "/sign-in/email-otp"
  | "/email-otp/verify-email"
  | "/email-otp/reset-password";

/** Per-client limits by default: each send is a mail to someone's inbox, each spend is a guess. */
export const DEFAULT_EMAIL_OTP_RATE_LIMITS: Record<EmailOtpRoutePath, RateLimitRule> = {
  "/email-otp/send-verification-otp": { window: 60, max: 3 },
  "/email-otp/request-password-reset": { window: 60, max: 3 },
  "/sign-in/email-otp": { window: 60, max: 10 },
  "/email-otp/verify-email": { window: 60, max: 10 },
  "/email-otp/reset-password": { window: 60, max: 10 },
};

/** Options with every default applied, resolved once when the plugin is built. */
export interface ResolvedEmailOtpOptions {
  sendVerificationOTP: EmailOtpOptions["sendVerificationOTP"];
  otpLength: number;
  expiresIn: number;
  allowedAttempts: number;
  sendLimit: RateLimitRule;
  disableSignUp: boolean;
  rateLimit: Record<string, RateLimitRule | false>;
}

const isWhole = (n: unknown, min: number, max: number) =>
  Number.isInteger(n) && (n as number) >= min && (n as number) <= max;

/** Applies the defaults; a nonsensical number is a startup error, not a request-time surprise. */
export function resolveEmailOtpOptions(options: EmailOtpOptions): ResolvedEmailOtpOptions {
  if (typeof options?.sendVerificationOTP !== "function")
    throw new Error("Gatehouse email-otp: sendVerificationOTP is required");
  const o = {
    otpLength: options.otpLength ?? 6,
    expiresIn: options.expiresIn ?? 300,
    allowedAttempts: options.allowedAttempts ?? 3,
    sendLimit: options.sendLimit ?? { window: 3600, max: 6 },
  };
  if (!isWhole(o.otpLength, 4, 10)) throw new Error("Gatehouse email-otp: otpLength must be 4 to 10");
  if (!isWhole(o.expiresIn, 1, 86400)) throw new Error("Gatehouse email-otp: expiresIn must be 1 to 86400 seconds");
  if (!isWhole(o.allowedAttempts, 1, 100)) throw new Error("Gatehouse email-otp: allowedAttempts must be 1 to 100");
  if (!isWhole(o.sendLimit.window, 1, 86400 * 30) || !isWhole(o.sendLimit.max, 1, 1000))
    throw new Error("Gatehouse email-otp: sendLimit needs a window of 1 s to 30 days and a max of 1 to 1000");
  return {
    ...o,
    sendVerificationOTP: options.sendVerificationOTP,
    disableSignUp: options.disableSignUp ?? false,
    rateLimit: { ...DEFAULT_EMAIL_OTP_RATE_LIMITS, ...options.rateLimit },
  };
}

const RULE = { window: true, max: true } as const;

/** The names `emailOTP()` accepts, its route paths and rate-limit rules included: core refuses any other at start-up. */
export const EMAIL_OTP_OPTION_KEYS = {
  sendVerificationOTP: true,
  otpLength: true,
  expiresIn: true,
  allowedAttempts: true,
  sendLimit: RULE,
  disableSignUp: true,
  // The paths are the plugin's own: a misspelt one would leave the real route on its default limit.
  rateLimit: Object.fromEntries(Object.keys(DEFAULT_EMAIL_OTP_RATE_LIMITS).map((path) => [path, RULE])) as Record<
    EmailOtpRoutePath,
    typeof RULE
  >,
} as const satisfies OptionKeysOf<EmailOtpOptions>;
