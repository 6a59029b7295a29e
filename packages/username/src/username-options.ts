import type { OptionKeysOf, RateLimitRule } from "@gatehouse-auth/core";

/** Options of `username()`. Every field is optional. */
export interface UsernameOptions {
  /** Fewest characters of a username. Default 3; at least 1. */
  minUsernameLength?: number;
  /** Most characters of a username (and of `displayUsername`: the same name in its own spelling). Default 30; at most 255. */
  maxUsernameLength?: number;
  /**
   * An extra rule for new usernames (sign-up, update-user, is-username-available), on top of the fixed
   * character set and the length: reserved names, no leading or trailing dot… Return false to refuse
   * (400 on sign-up and update-user, 422 on is-username-available). Gets the name as the user typed it.
   * Sign-in does not ask it, so tightening it never locks out a name taken before.
   */
  usernameValidator?: (username: string) => boolean | Promise<boolean>;
  /**
   * The rate limit of `/is-username-available`, which by design tells anyone whether a name is taken.
   * Applies when rate limiting is on (it is in production). Default 20 requests per 60 s per client
   * address; `false` leaves only the global limit.
   */
  availabilityRateLimit?: RateLimitRule | false;
}

/** The names `username()` accepts: core refuses any other at start-up. */
export const USERNAME_OPTION_KEYS = {
  minUsernameLength: true,
  maxUsernameLength: true,
  usernameValidator: true,
  availabilityRateLimit: true,
} as const satisfies OptionKeysOf<UsernameOptions>;

/** Options with every default applied, resolved once when the plugin is built. */
export interface ResolvedUsernameOptions {
  minUsernameLength: number;
  maxUsernameLength: number;
  usernameValidator: ((username: string) => boolean | Promise<boolean>) | null;
  availabilityRateLimit: RateLimitRule | false;
}

/** Applies the defaults; lengths that could never hold a username, or that no column holds, fail at startup. */
export function resolveUsernameOptions(options: UsernameOptions): ResolvedUsernameOptions {
  const min = options.minUsernameLength ?? 3;
  const max = options.maxUsernameLength ?? 30;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max > 255 || min > max)
    throw new Error(
      "Gatehouse username: minUsernameLength and maxUsernameLength must be integers with 1 <= min <= max <= 255",
    );
  return {
    minUsernameLength: min,
    maxUsernameLength: max,
    usernameValidator: options.usernameValidator ?? null,
    availabilityRateLimit: options.availabilityRateLimit ?? { window: 60, max: 20 },
  };
}
