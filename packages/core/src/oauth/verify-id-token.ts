import type { JWTPayload, JWTVerifyGetKey } from "jose";
import { type Jose, loadJose } from "./load-jose.js";

/** What an ID token must match; `issuer` may be a predicate for multi-tenant issuers (Microsoft). */
export interface IdTokenExpectations {
  /** Where the provider publishes its signing keys. */
  jwksUrl: string;
  issuer: string | string[] | ((issuer: string, payload: JWTPayload) => boolean);
  /** The client id (or several, e.g. web and iOS client ids of one app). */
  audience: string | string[];
  /** Checked only when given: the token must carry exactly this nonce (OIDC Core §3.1.3.7 step 11). */
  nonce?: string;
  /** The fetch used for the JWKS; the default is the global fetch. */
  fetch?: typeof fetch;
}

// Signature algorithms an OIDC provider may use; never "none", never HMAC (the key would be the secret).
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
// Clocks of the provider and ours drift apart a little.
const CLOCK_TOLERANCE_SECONDS = 5;

// One key set per JWKS URL for the whole process: jose caches the keys and refetches on an unknown kid
// (with a cooldown), so every provider instance shares the cache instead of fetching per sign-in.
const keySets = new Map<string, JWTVerifyGetKey>();
const keySetsByFetch = new WeakMap<typeof fetch, Map<string, JWTVerifyGetKey>>();

function keySetFor(jose: Jose, jwksUrl: string, fetcher?: typeof fetch): JWTVerifyGetKey {
  let cache = keySets;
  if (fetcher) {
    cache = keySetsByFetch.get(fetcher) ?? new Map();
    keySetsByFetch.set(fetcher, cache);
  }
  let keySet = cache.get(jwksUrl);
  if (!keySet) {
    keySet = jose.createRemoteJWKSet(
      new URL(jwksUrl),
      fetcher ? { [jose.customFetch]: (url, init) => fetcher(url, init) } : undefined,
    );
    cache.set(jwksUrl, keySet);
  }
  return keySet;
}

/**
 * Verifies an ID token against the provider's JWKS: signature, issuer, audience, expiry and (when
 * given) nonce. Returns the claims, or null for any bad token and when the keys cannot be fetched —
 * a token we cannot check is a token we do not accept, and it must never crash the request.
 */
export async function verifyIdToken(token: string, expected: IdTokenExpectations): Promise<JWTPayload | null> {
  try {
    const jose = await loadJose();
    const { payload } = await jose.jwtVerify(token, keySetFor(jose, expected.jwksUrl, expected.fetch), {
      audience: expected.audience,
      issuer: typeof expected.issuer === "function" ? undefined : expected.issuer,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
    });
    if (typeof expected.issuer === "function") {
      if (typeof payload.iss !== "string" || !expected.issuer(payload.iss, payload)) return null;
    }
    // jose checks only that iat is a number: one from the future means a wrong clock or a forged token.
    if ((payload.iat as number) > Math.floor(Date.now() / 1000) + CLOCK_TOLERANCE_SECONDS) return null;
    if (!authorizedPartyMatches(payload, expected.audience)) return null;
    if (expected.nonce !== undefined && payload.nonce !== expected.nonce) return null;
    return payload;
  } catch {
    return null;
  }
}

/**
 * OIDC Core §3.1.3.7 steps 4–5: a token for several audiences must name the party it was issued to
 * (`azp`), and an `azp` that is present must be one of our client ids — else another client of the
 * same provider could pass us a token that merely lists us.
 */
function authorizedPartyMatches(payload: JWTPayload, audience: string | string[]): boolean {
  const ours = Array.isArray(audience) ? audience : [audience];
  const several = Array.isArray(payload.aud) && payload.aud.length > 1;
  if (payload.azp === undefined) return !several;
  return typeof payload.azp === "string" && ours.includes(payload.azp);
}
