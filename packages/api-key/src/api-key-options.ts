import type { OptionKeysOf } from "@gatehouse-auth/core";
import { isDurationSeconds } from "./api-key-input.js";
import type { ApiKeyPermissions } from "./api-key-types.js";

/** Options of `apiKey()`. Every field is optional; durations are in seconds. */
export interface ApiKeyOptions {
  /** Request header that carries a key. Default `x-api-key`. */
  headerName?: string;
  /** Prefix of new keys when create names none, e.g. `gh_`. Default none. */
  defaultPrefix?: string;
  /** Random characters per key ([A-Za-z0-9], ~5.95 bits each). Default 64; at least 32. */
  keyLength?: number;
  /** Random characters kept in `start` after the prefix, for display. Default 6. */
  startLength?: number;
  /** Lifetime of keys created without `expiresIn`. Default null (no expiry). */
  defaultExpiresIn?: number | null;
  /** Permissions of keys created without any. Default none. */
  defaultPermissions?: ApiKeyPermissions;
  /** Per-key rate limit: `enabled: false` turns it off for every key. Default 100 requests per 60 s. */
  rateLimit?: { enabled?: boolean; timeWindow?: number; maxRequests?: number };
}

/** Options with every default applied, resolved once when the plugin is built. */
export interface ResolvedApiKeyOptions {
  /** Lower-case: header lookups are case-insensitive. */
  headerName: string;
  defaultPrefix: string | null;
  keyLength: number;
  startLength: number;
  defaultExpiresIn: number | null;
  defaultPermissions: ApiKeyPermissions | null;
  rateLimit: { enabled: boolean; timeWindow: number; maxRequests: number };
}

/**
 * Applies the defaults. A key shorter than 32 random characters, or a duration that is not whole seconds
 * between 1 and 100 years (which would make every create a 500), is a startup error.
 */
export function resolveApiKeyOptions(options: ApiKeyOptions): ResolvedApiKeyOptions {
  const keyLength = options.keyLength ?? 64;
  if (!Number.isInteger(keyLength) || keyLength < 32)
    throw new Error("Gatehouse api-key: keyLength must be an integer of at least 32");
  const rateLimit = {
    enabled: options.rateLimit?.enabled ?? true,
    timeWindow: options.rateLimit?.timeWindow ?? 60,
    maxRequests: options.rateLimit?.maxRequests ?? 100,
  };
  if (rateLimit.enabled && !(isDurationSeconds(rateLimit.timeWindow) && rateLimit.maxRequests > 0))
    throw new Error(
      "Gatehouse api-key: rateLimit.timeWindow must be whole seconds up to 100 years and rateLimit.maxRequests positive",
    );
  if (options.defaultExpiresIn != null && !isDurationSeconds(options.defaultExpiresIn))
    throw new Error("Gatehouse api-key: defaultExpiresIn must be whole seconds between 1 and 100 years, or null");
  return {
    headerName: (options.headerName ?? "x-api-key").toLowerCase(),
    defaultPrefix: options.defaultPrefix ?? null,
    keyLength,
    // However much of the key `start` shows, at least 26 random characters (~155 bits) stay secret.
    startLength: Math.min(options.startLength ?? 6, keyLength - 26),
    defaultExpiresIn: options.defaultExpiresIn ?? null,
    defaultPermissions: options.defaultPermissions ?? null,
    rateLimit,
  };
}

/** The names `apiKey()` accepts, `rateLimit` included: core refuses any other at start-up. */
export const API_KEY_OPTION_KEYS = {
  headerName: true,
  defaultPrefix: true,
  keyLength: true,
  startLength: true,
  defaultExpiresIn: true,
  defaultPermissions: true, // permission statements are the app's
  rateLimit: { enabled: true, timeWindow: true, maxRequests: true },
} as const satisfies OptionKeysOf<ApiKeyOptions>;
