/** Actions per resource, e.g. `{ files: ["read", "write"] }`. */
export type ApiKeyPermissions = Record<string, string[]>;

/** An API key as the API returns it: everything but the stored hash. Durations are in seconds. */
export interface ApiKey {
  id: string;
  name: string | null;
  /** The first characters of the key (prefix included), to tell keys apart in a list. */
  start: string | null;
  prefix: string | null;
  /** The owner of a user key; for an organization key, the member who created it (it grants nothing). */
  userId: string;
  /** Set for an organization's key: it stands for the organization and never authenticates a user. */
  organizationId: string | null;
  enabled: boolean;
  expiresAt: Date | null;
  /** Uses left; null means unlimited. */
  remaining: number | null;
  /** `remaining` is reset to this every `refillInterval` seconds. */
  refillAmount: number | null;
  refillInterval: number | null;
  lastRefillAt: Date | null;
  rateLimitEnabled: boolean;
  /** Seconds; null follows the plugin's `rateLimit.timeWindow`. */
  rateLimitTimeWindow: number | null;
  /** Null follows the plugin's `rateLimit.maxRequests`. */
  rateLimitMax: number | null;
  /** Requests counted in the current rate-limit window. */
  requestCount: number;
  /** When the current rate-limit window began. */
  rateLimitWindowStart: Date | null;
  lastRequest: Date | null;
  permissions: ApiKeyPermissions | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields one use of a key reads: its state, limits and counters (the authentication hot path). */
export type KeyUsage = Pick<
  ApiKey,
  | "id"
  | "userId"
  | "organizationId"
  | "enabled"
  | "expiresAt"
  | "remaining"
  | "refillAmount"
  | "refillInterval"
  | "lastRefillAt"
  | "rateLimitEnabled"
  | "rateLimitTimeWindow"
  | "rateLimitMax"
  | "requestCount"
  | "rateLimitWindowStart"
  | "lastRequest"
  | "createdAt"
  | "permissions"
>;

/** A row of the `apikey` table: `key` is the SHA-256 of the key, never the key. */
export type ApiKeyRow = ApiKey & { key: string };
