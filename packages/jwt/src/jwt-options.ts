import type { OptionKeysOf, SessionWithUser } from "@gatehouse-auth/core";

/** Signing algorithms a key pair may use: public-key only, so a JWKS can never verify a forgery. */
export type JwtAlgorithm = "EdDSA" | "ES256" | "RS256";

/** Options of `jwt()`. Every field is optional; durations are in seconds. */
export interface JwtOptions {
  /** Key pair algorithm. Default `EdDSA` (Ed25519). */
  algorithm?: JwtAlgorithm;
  /** Token lifetime. Default 900 (15 minutes); at most a day. */
  expiresIn?: number;
  /** `iss` claim. Default the auth's base URL. */
  issuer?: string;
  /** `aud` claim. Default the auth's base URL. */
  audience?: string | string[];
  /**
   * Claims beyond `sub`, `iss`, `aud`, `iat` and `exp` (which it cannot override). Default none: a JWT
   * is readable by anyone who holds it, so put personal data (email, name) in it only on purpose.
   */
  definePayload?: (
    session: SessionWithUser,
  ) => Record<string, unknown> | null | undefined | Promise<Record<string, unknown> | null | undefined>;
  /**
   * Key rotation: a new key pair every `interval` seconds (default 30 days); the previous one stays
   * published for `overlap` seconds more (default 1 day, at least `expiresIn`) so tokens it signed keep
   * verifying. `false`: one key pair for ever.
   */
  rotation?: { interval?: number; overlap?: number } | false;
  /** Set a `set-auth-jwt` header on get-session when there is a session. Default true. */
  setJwtHeader?: boolean;
  /** Signed tokens kept in memory for reuse (one per session and key). Default 5000. */
  cacheSize?: number;
}

/** The names `jwt()` accepts, `rotation` included: core refuses any other at start-up. */
export const JWT_OPTION_KEYS = {
  algorithm: true,
  expiresIn: true,
  issuer: true,
  audience: true,
  definePayload: true,
  rotation: { interval: true, overlap: true },
  setJwtHeader: true,
  cacheSize: true,
} as const satisfies OptionKeysOf<JwtOptions>;

/** Options with every default applied, resolved once when the plugin is built. */
export interface ResolvedJwtOptions {
  algorithm: JwtAlgorithm;
  expiresIn: number;
  issuer: string | null;
  audience: string | string[] | null;
  definePayload: JwtOptions["definePayload"] | null;
  rotation: { interval: number; overlap: number } | null;
  setJwtHeader: boolean;
  cacheSize: number;
}

const DAY = 86_400;
const ALGORITHMS: readonly JwtAlgorithm[] = ["EdDSA", "ES256", "RS256"];
const isSeconds = (n: unknown, max: number): n is number =>
  Number.isInteger(n) && (n as number) >= 1 && (n as number) <= max;

/** Applies the defaults; a symmetric or unknown algorithm, or an overlap shorter than a token's life, is a startup error. */
export function resolveJwtOptions(options: JwtOptions): ResolvedJwtOptions {
  const algorithm = options.algorithm ?? "EdDSA";
  if (!ALGORITHMS.includes(algorithm))
    throw new Error(`Gatehouse jwt: algorithm must be one of ${ALGORITHMS.join(", ")} (public-key algorithms only)`);
  const expiresIn = options.expiresIn ?? 900;
  if (!isSeconds(expiresIn, DAY)) throw new Error("Gatehouse jwt: expiresIn must be whole seconds from 1 to 86400");
  let rotation: ResolvedJwtOptions["rotation"] = null;
  if (options.rotation !== false) {
    const interval = options.rotation?.interval ?? 30 * DAY;
    const overlap = options.rotation?.overlap ?? Math.max(DAY, expiresIn);
    if (!isSeconds(interval, 100 * 365 * DAY) || interval < 2 * expiresIn)
      throw new Error("Gatehouse jwt: rotation.interval must be whole seconds, at least twice expiresIn");
    // A token signed just before a rotation lives expiresIn more: its key must still be published then.
    if (!isSeconds(overlap, 100 * 365 * DAY) || overlap < expiresIn)
      throw new Error("Gatehouse jwt: rotation.overlap must be whole seconds, at least expiresIn");
    rotation = { interval, overlap };
  }
  const cacheSize = options.cacheSize ?? 5000;
  if (!Number.isInteger(cacheSize) || cacheSize < 0) throw new Error("Gatehouse jwt: cacheSize must be a whole number");
  return {
    algorithm,
    expiresIn,
    issuer: options.issuer ?? null,
    audience: options.audience ?? null,
    definePayload: options.definePayload ?? null,
    rotation,
    setJwtHeader: options.setJwtHeader ?? true,
    cacheSize,
  };
}
