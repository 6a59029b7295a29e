import type { OptionKeysOf, RateLimitRule } from "@gatehouse-auth/core";

/** Options of `multiSession()`. */
export interface MultiSessionOptions {
  /**
   * Accounts one browser may hold at once, 1 to 20 (each is a cookie sent with every request). Signing
   * in to one more signs the browser out of the account it added longest ago. Default 5.
   */
  maximumSessions?: number;
  /** Per-client rate limits for the plugin's routes (when rate limiting is on); merged over the defaults. */
  rateLimit?: Partial<Record<MultiSessionRoutePath, RateLimitRule | false>>;
}

/** The plugin's HTTP paths. */
export type MultiSessionRoutePath =
  | "/multi-session/list-device-sessions"
  | "/multi-session/set-active"
  | "/multi-session/revoke";

/** Per-client limits by default: each set-active or revoke is a guess at a token when it is not on the device. */
export const DEFAULT_MULTI_SESSION_RATE_LIMITS: Record<MultiSessionRoutePath, RateLimitRule> = {
  "/multi-session/list-device-sessions": { window: 60, max: 60 },
  "/multi-session/set-active": { window: 60, max: 30 },
  "/multi-session/revoke": { window: 60, max: 30 },
};

/** The most accounts a browser may hold: 20 cookies of about 150 bytes each stay far below header limits. */
export const MAX_MAXIMUM_SESSIONS = 20;

const RULE = { window: true, max: true } as const;

/** The names `multiSession()` accepts, its route paths and rate-limit rules included: core refuses any other at start-up. */
export const MULTI_SESSION_OPTION_KEYS = {
  maximumSessions: true,
  // The paths are the plugin's own: a misspelt one would leave the real route on its default limit.
  rateLimit: {
    "/multi-session/list-device-sessions": RULE,
    "/multi-session/set-active": RULE,
    "/multi-session/revoke": RULE,
  },
} as const satisfies OptionKeysOf<MultiSessionOptions>;

/** Options with every default applied, resolved once when the plugin is built. */
export interface ResolvedMultiSessionOptions {
  maximumSessions: number;
  rateLimit: Record<string, RateLimitRule | false>;
}

/** Applies the defaults; a nonsensical number is a startup error, not a request-time surprise. */
export function resolveMultiSessionOptions(options: MultiSessionOptions = {}): ResolvedMultiSessionOptions {
  const maximumSessions = options.maximumSessions ?? 5;
  if (!Number.isInteger(maximumSessions) || maximumSessions < 1 || maximumSessions > MAX_MAXIMUM_SESSIONS)
    throw new Error(
      `Gatehouse multi-session: maximumSessions must be a whole number from 1 to ${MAX_MAXIMUM_SESSIONS}`,
    );
  return { maximumSessions, rateLimit: { ...DEFAULT_MULTI_SESSION_RATE_LIMITS, ...options.rateLimit } };
}
