import type { HookContext, OptionKeysOf, RateLimitRule, User } from "@gatehouse-auth/core";

/** What `onTooManyFailedAttempts` receives: whose codes are refused, until when, after how many wrong ones. */
export interface TwoFactorLockout {
  user: User;
  lockedUntil: Date;
  failures: number;
}

/** What `otp.sendOTP` receives: the user to reach and the code (by email, SMS — the app decides). */
export interface TwoFactorOtpMessage {
  user: User;
  code: string;
}

/** Options of `twoFactor()`. Durations are in seconds. */
export interface TwoFactorOptions {
  /** The issuer authenticator apps show next to the account. Default: the base URL's host, else "Gatehouse". */
  issuer?: string;
  /** TOTP (RFC 6238): SHA-1, `digits` digits, `period` s steps, `window` adjacent steps accepted each way. */
  totp?: { digits?: 6 | 8; period?: number; window?: number };
  /** One-time codes sent by the app (email or SMS); off without `sendOTP`. */
  otp?: {
    sendOTP: (message: TwoFactorOtpMessage, ctx: HookContext) => Promise<void> | void;
    /** Digits per code. Default 6. */
    digits?: number;
    /** Lifetime of a code. Default 180. */
    expiresIn?: number;
    /** Codes one pending sign-in may request. Default 3. */
    maxSends?: number;
    /** Codes one user may be sent per window, across sign-ins and clients. Default 10 per 3600 s. */
    sendLimit?: RateLimitRule;
  };
  /** Backup codes: how many, and how long each is (characters). Default 10 codes of 10 characters. */
  backupCodes?: { amount?: number; length?: number };
  /** The pending sign-in: lifetime (default 600) and wrong codes before it dies (default 5). */
  challenge?: { expiresIn?: number; allowedAttempts?: number };
  /**
   * Wrong codes (TOTP, backup, sent) per account, across pending sign-ins, browsers and app instances:
   * the first `free` are answered at once; each later one holds the next for `baseDelay` seconds, doubling
   * (429 + Retry-After); the `max`-th wrong code within `window` seconds of the first refuses every code
   * for `window` seconds. Trusted browsers and passkeys are unaffected. Default 5, 10, 3600 s, 2 s.
   */
  failedAttempts?: { free?: number; max?: number; window?: number; baseDelay?: number };
  /**
   * Called once per lockout (in the background, after the answer) so the app can tell the owner that
   * someone holding their password is guessing second-factor codes.
   */
  onTooManyFailedAttempts?: (lockout: TwoFactorLockout, ctx: HookContext) => Promise<void> | void;
  /** Trusted devices: how long `trustDevice: true` skips the second factor on that browser. Default 30 days. */
  trustDevice?: { maxAge?: number };
  /**
   * Where a browser is sent when a sign-in that answers with a redirect (OAuth callback, a link in an
   * email) needs the second factor. Default "/two-factor" on the base URL's origin.
   */
  twoFactorPage?: string;
  /** Per-client rate limits for the plugin's routes (when rate limiting is on), merged over the defaults. */
  rateLimit?: Record<string, RateLimitRule | false>;
}

/** Per-client limits by default: each verify is a guess, each send a message. */
export const DEFAULT_TWO_FACTOR_RATE_LIMITS: Record<string, RateLimitRule> = {
  "/two-factor/verify-totp": { window: 60, max: 10 },
  "/two-factor/verify-backup-code": { window: 60, max: 10 },
  "/two-factor/verify-otp": { window: 60, max: 10 },
  "/two-factor/send-otp": { window: 60, max: 3 },
  "/two-factor/enable": { window: 60, max: 5 },
  "/two-factor/disable": { window: 60, max: 5 },
  "/two-factor/generate-backup-codes": { window: 60, max: 5 },
};

/** Options with every default applied, resolved once. */
export interface ResolvedTwoFactorOptions {
  issuer: string | null;
  totp: { digits: number; period: number; window: number };
  otp: {
    sendOTP: NonNullable<TwoFactorOptions["otp"]>["sendOTP"];
    digits: number;
    expiresIn: number;
    maxSends: number;
    sendLimit: RateLimitRule;
  } | null;
  backupCodes: { amount: number; length: number };
  challenge: { expiresIn: number; allowedAttempts: number };
  failedAttempts: { free: number; max: number; window: number; baseDelay: number };
  onTooManyFailedAttempts: TwoFactorOptions["onTooManyFailedAttempts"] | null;
  trustDevice: { maxAge: number };
  twoFactorPage: string;
  rateLimit: Record<string, RateLimitRule | false>;
}

const whole = (n: number, min: number, max: number, what: string) => {
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`Gatehouse two-factor: ${what} must be ${min} to ${max}`);
  return n;
};

/** Applies the defaults; a nonsensical value is a startup error, not a request-time surprise. */
export function resolveTwoFactorOptions(o: TwoFactorOptions = {}): ResolvedTwoFactorOptions {
  const otp = o.otp;
  if (otp && typeof otp.sendOTP !== "function") throw new Error("Gatehouse two-factor: otp.sendOTP must be a function");
  const notify = o.onTooManyFailedAttempts;
  if (notify !== undefined && typeof notify !== "function")
    throw new Error("Gatehouse two-factor: onTooManyFailedAttempts must be a function");
  const free = whole(o.failedAttempts?.free ?? 5, 1, 100, "failedAttempts.free");
  return {
    issuer: o.issuer ?? null,
    totp: {
      digits: whole(o.totp?.digits ?? 6, 6, 8, "totp.digits"),
      period: whole(o.totp?.period ?? 30, 15, 120, "totp.period"),
      window: whole(o.totp?.window ?? 1, 0, 2, "totp.window"),
    },
    otp: otp
      ? {
          sendOTP: otp.sendOTP,
          digits: whole(otp.digits ?? 6, 6, 10, "otp.digits"),
          expiresIn: whole(otp.expiresIn ?? 180, 30, 3600, "otp.expiresIn"),
          maxSends: whole(otp.maxSends ?? 3, 1, 20, "otp.maxSends"),
          sendLimit: {
            window: whole(otp.sendLimit?.window ?? 3600, 1, 86400 * 30, "otp.sendLimit.window"),
            max: whole(otp.sendLimit?.max ?? 10, 1, 1000, "otp.sendLimit.max"),
          },
        }
      : null,
    backupCodes: {
      amount: whole(o.backupCodes?.amount ?? 10, 1, 50, "backupCodes.amount"),
      length: whole(o.backupCodes?.length ?? 10, 8, 32, "backupCodes.length"),
    },
    challenge: {
      expiresIn: whole(o.challenge?.expiresIn ?? 600, 60, 3600, "challenge.expiresIn"),
      allowedAttempts: whole(o.challenge?.allowedAttempts ?? 5, 1, 20, "challenge.allowedAttempts"),
    },
    failedAttempts: {
      free,
      max: whole(o.failedAttempts?.max ?? Math.max(10, free + 1), free + 1, 1000, "failedAttempts.max"),
      window: whole(o.failedAttempts?.window ?? 3600, 60, 86400 * 30, "failedAttempts.window"),
      baseDelay: whole(o.failedAttempts?.baseDelay ?? 2, 1, 3600, "failedAttempts.baseDelay"),
    },
    onTooManyFailedAttempts: notify ?? null,
    trustDevice: { maxAge: whole(o.trustDevice?.maxAge ?? 30 * 86400, 60, 400 * 86400, "trustDevice.maxAge") },
    twoFactorPage: o.twoFactorPage ?? "/two-factor",
    rateLimit: { ...DEFAULT_TWO_FACTOR_RATE_LIMITS, ...o.rateLimit },
  };
}

const RULE = { window: true, max: true } as const;

/** The names `twoFactor()` accepts, nested ones and its route paths included: core refuses any other at start-up. */
export const TWO_FACTOR_OPTION_KEYS = {
  issuer: true,
  totp: { digits: true, period: true, window: true },
  otp: { sendOTP: true, digits: true, expiresIn: true, maxSends: true, sendLimit: RULE },
  backupCodes: { amount: true, length: true },
  challenge: { expiresIn: true, allowedAttempts: true },
  failedAttempts: { free: true, max: true, window: true, baseDelay: true },
  onTooManyFailedAttempts: true,
  trustDevice: { maxAge: true },
  twoFactorPage: true,
  // The paths are the plugin's own: a misspelt one would leave the real route on its default limit.
  rateLimit: Object.fromEntries(Object.keys(DEFAULT_TWO_FACTOR_RATE_LIMITS).map((path) => [path, RULE])),
} as const satisfies OptionKeysOf<TwoFactorOptions>;
