import {
  type AuthContext,
  AuthError,
  UniqueConstraintError,
  hmacSha256Base64Url,
  symmetricDecrypt,
  symmetricEncrypt,
} from "@gatehouse-auth/core";
import type { CryptoKey, JWK } from "jose";
import { JWKS_MODEL } from "./jwks-schema.js";
import { JWT_ERRORS } from "./jwt-errors.js";
import type { JwtAlgorithm, ResolvedJwtOptions } from "./jwt-options.js";
import { loadJose } from "./load-jose.js";

/** A key pair ready to sign with. */
export interface SigningKey {
  kid: string;
  alg: JwtAlgorithm;
  privateKey: CryptoKey;
}

/** The public members of each key type (RFC 7518 §6): only these are ever published. */
const PUBLIC_MEMBERS: Record<string, readonly string[]> = { OKP: ["crv", "x"], EC: ["crv", "x", "y"], RSA: ["n", "e"] };

/** The public half of a stored JWK as the JWKS shows it; null for anything unreadable. */
export function publicJwk(kid: string, stored: string): JWK | null {
  let jwk: JWK;
  try {
    jwk = JSON.parse(stored) as JWK;
  } catch {
    return null;
  }
  const members = jwk.kty ? PUBLIC_MEMBERS[jwk.kty] : undefined;
  if (!members || typeof jwk.alg !== "string") return null;
  const out: JWK = { kid, kty: jwk.kty, alg: jwk.alg, use: "sig" };
  for (const m of members) (out as Record<string, unknown>)[m] = (jwk as Record<string, unknown>)[m];
  return out;
}

async function newKeyPair(alg: JwtAlgorithm): Promise<{ publicJwk: JWK; privateJwk: JWK }> {
  const { exportJWK, generateKeyPair } = await loadJose();
  const pair = await generateKeyPair(alg, { extractable: true, ...(alg === "EdDSA" ? { crv: "Ed25519" } : {}) });
  const [pub, priv] = await Promise.all([exportJWK(pair.publicKey), exportJWK(pair.privateKey)]);
  return { publicJwk: { ...pub, alg }, privateJwk: { ...priv, alg } };
}

/**
 * Key pairs in the `jwks` table. Which key signs is a function of the clock: rotation period `p`
 * (`floor(now / interval)`, always 0 without rotation) has exactly one key, whose id is
 * HMAC(secret, algorithm, interval, p). Instances that start together, or cross a rotation together,
 * therefore agree on the id before touching the database; the primary key lets one insert win and the
 * others read the winner's row, on every dialect, with no lock. Private keys are decrypted once per
 * process and kept in memory; rows never change, so that cache never goes stale.
 */
export function createKeyStore(o: ResolvedJwtOptions) {
  // Per auth instance: a plugin object given to two createAuth calls must not sign for one with the other's key.
  const loadedBy = new WeakMap<AuthContext, Map<string, Promise<SigningKey>>>();
  const intervalMs = o.rotation ? o.rotation.interval * 1000 : 0;

  // get-session asks on every call: the HMAC is computed once per period, not per request.
  let memo = { secret: "", period: -1, kid: "" };
  const currentKid = (auth: AuthContext) => {
    const period = intervalMs ? Math.floor(auth.now() / intervalMs) : 0;
    if (memo.period !== period || memo.secret !== auth.secret) {
      const kid = hmacSha256Base64Url(auth.secret, `gatehouse-jwks:${o.algorithm}:${intervalMs}:${period}`);
      memo = { secret: auth.secret, period, kid: kid.slice(0, 32) };
    }
    return memo.kid;
  };

  async function loadOrCreate(auth: AuthContext, kid: string): Promise<SigningKey> {
    let row = await auth.db.findOne({ model: JWKS_MODEL, where: [{ field: "id", value: kid }] });
    if (!row) {
      const pair = await newKeyPair(o.algorithm);
      try {
        row = await auth.db.create({
          model: JWKS_MODEL,
          data: {
            id: kid,
            publicKey: JSON.stringify(pair.publicJwk),
            privateKey: symmetricEncrypt(auth.secret, JSON.stringify(pair.privateJwk)),
            createdAt: new Date(auth.now()),
          },
        });
      } catch (error) {
        // Another instance created this period's key first: use theirs, so every instance signs with one key.
        if (!(error instanceof UniqueConstraintError)) throw error;
      }
    }
    // Read back (never trust the key generated here): after a lost race, the stored row is the key.
    const stored = await auth.db.findOne({ model: JWKS_MODEL, where: [{ field: "id", value: kid }] });
    const plain = stored?.privateKey ? symmetricDecrypt(auth.secret, String(stored.privateKey)) : null;
    if (!plain) throw new AuthError(JWT_ERRORS.SIGNING_KEY_UNAVAILABLE);
    const jwk = JSON.parse(plain) as JWK;
    const { importJWK } = await loadJose();
    return { kid, alg: o.algorithm, privateKey: (await importJWK(jwk, o.algorithm)) as CryptoKey };
  }

  function signingKey(auth: AuthContext): Promise<SigningKey> {
    const kid = currentKid(auth);
    let loaded = loadedBy.get(auth);
    if (!loaded) {
      loaded = new Map();
      loadedBy.set(auth, loaded);
    }
    let key = loaded.get(kid);
    if (!key) {
      key = loadOrCreate(auth, kid);
      // A failure (database down) must not stick: the next call tries again.
      key.catch(() => loaded.delete(kid));
      loaded.set(kid, key);
      // Only the current and the previous period's keys are ever asked for.
      while (loaded.size > 2) loaded.delete(loaded.keys().next().value as string);
    }
    return key;
  }

  return {
    /** The key that signs now, created on first use. */
    signingKey,
    /** The stored public key named `kid` (any this store ever made, rotated ones too); null when unknown. */
    async publicKey(auth: AuthContext, kid: string): Promise<JWK | null> {
      if (kid.length === 0 || kid.length > 64) return null;
      const row = await auth.db.findOne({ model: JWKS_MODEL, where: [{ field: "id", value: kid }] });
      return row && row.id === kid ? publicJwk(kid, String(row.publicKey)) : null;
    },
    /** The public keys that verify tokens now: the signing key and those within the rotation overlap. */
    async publicKeys(auth: AuthContext): Promise<JWK[]> {
      await signingKey(auth);
      const since = o.rotation ? new Date(auth.now() - (o.rotation.interval + o.rotation.overlap) * 1000) : null;
      const rows = await auth.db.findMany({
        model: JWKS_MODEL,
        where: since ? [{ field: "createdAt", operator: "gt", value: since }] : [],
        sortBy: { field: "createdAt", direction: "desc" },
      });
      const keys = rows.map((row) => publicJwk(row.id, String(row.publicKey)));
      return keys.filter((k): k is JWK => k !== null);
    },
  };
}

/** The key store's type. */
export type KeyStore = ReturnType<typeof createKeyStore>;
