import type { OptionKeysOf, RateLimitRule } from "@gatehouse-auth/core";

/** Options of `passkey()`. Durations are in seconds. */
export interface PasskeyOptions {
  /** The relying party ID: the domain passkeys are bound to. Default: the base URL's hostname. */
  rpID?: string;
  /** The name authenticators show for the site. Default: the rpID. */
  rpName?: string;
  /** The page origin(s) a ceremony may come from (`https://example.com`). Default: the base URL's origin. */
  origin?: string | string[];
  /** Lifetime of a ceremony's challenge. Default 300 (5 minutes). */
  challengeExpiresIn?: number;
  /** Preferred kind of authenticator on registration; unset lets the browser offer every kind. */
  authenticatorAttachment?: "platform" | "cross-platform";
  /** Per-client rate limits for the plugin's routes (when rate limiting is on), merged over the defaults. */
  rateLimit?: Record<string, RateLimitRule | false>;
}

/** Per-client limits by default: each verify is a signature check, each options call a stored challenge. */
export const DEFAULT_PASSKEY_RATE_LIMITS: Record<string, RateLimitRule> = {
  "/passkey/generate-register-options": { window: 60, max: 10 },
  "/passkey/verify-registration": { window: 60, max: 10 },
  "/passkey/generate-authenticate-options": { window: 60, max: 20 },
  "/passkey/verify-authentication": { window: 60, max: 10 },
  "/passkey/list-user-passkeys": { window: 60, max: 60 },
  "/passkey/update-passkey": { window: 60, max: 20 },
  "/passkey/delete-passkey": { window: 60, max: 20 },
};

const RULE = { window: true, max: true } as const;

/** The names `passkey()` accepts, its route paths and rate-limit rules included: core refuses any other at start-up. */
export const PASSKEY_OPTION_KEYS = {
  rpID: true,
  rpName: true,
  origin: true,
  challengeExpiresIn: true,
  authenticatorAttachment: true,
  // The paths are the plugin's own (those with a default limit): a misspelt one would leave the real
  // route on its default.
  rateLimit: Object.fromEntries(Object.keys(DEFAULT_PASSKEY_RATE_LIMITS).map((path) => [path, RULE])),
} as const satisfies OptionKeysOf<PasskeyOptions>;

/** Options with every default applied, resolved once (the rpID and origin may still come from baseURL). */
export interface ResolvedPasskeyOptions {
  rpID: string | null;
  rpName: string | null;
  origin: string[] | null;
  challengeExpiresIn: number;
  authenticatorAttachment: "platform" | "cross-platform" | undefined;
  rateLimit: Record<string, RateLimitRule | false>;
}

/** Applies the defaults; a nonsensical value is a startup error, not a request-time surprise. */
export function resolvePasskeyOptions(o: PasskeyOptions = {}): ResolvedPasskeyOptions {
  const expires = o.challengeExpiresIn ?? 300;
  if (!Number.isInteger(expires) || expires < 30 || expires > 3600)
    throw new Error("Gatehouse passkey: challengeExpiresIn must be 30 to 3600");
  const origins = o.origin === undefined ? null : Array.isArray(o.origin) ? o.origin : [o.origin];
  for (const origin of origins ?? []) {
    // An origin is scheme://host[:port] exactly, as clientDataJSON carries it: no path, no trailing slash.
    if (!URL.canParse(origin) || new URL(origin).origin !== origin)
      throw new Error(`Gatehouse passkey: origin ${origin} is not an origin (scheme://host[:port])`);
  }
  if (o.rpID !== undefined && !/^[a-z0-9.-]+$/i.test(o.rpID))
    throw new Error("Gatehouse passkey: rpID must be a domain name");
  return {
    rpID: o.rpID ?? null,
    rpName: o.rpName ?? null,
    origin: origins,
    challengeExpiresIn: expires,
    authenticatorAttachment: o.authenticatorAttachment,
    rateLimit: { ...DEFAULT_PASSKEY_RATE_LIMITS, ...o.rateLimit },
  };
}

/** The relying party a request's ceremony runs for: explicit options, else the base URL's. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** The relying party, or null when neither the options nor the base URL name it (a setup error). */
export function relyingPartyOf(o: ResolvedPasskeyOptions, baseURL: string): RelyingParty | null {
  const base = baseURL && URL.canParse(baseURL) ? new URL(baseURL) : null;
  const id = o.rpID ?? base?.hostname ?? null;
  const origins = o.origin ?? (base ? [base.origin] : null);
  if (!id || !origins) return null;
  return { id, name: o.rpName ?? id, origins };
}
