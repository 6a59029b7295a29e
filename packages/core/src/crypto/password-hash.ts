import { scryptAsync } from "@noble/hashes/scrypt.js";
import { bytesToHex, hexToBytes, randomBytes } from "@noble/hashes/utils.js";
import { constantTimeEqual } from "./constant-time-equal.js";
import { nodeCrypto } from "./node-crypto.js";

/** DESIGN.md: N=16384, r=16, p=1, 64-byte key, 16-byte salt. */
export const SCRYPT_PARAMS = { N: 16384, r: 16, p: 1, dkLen: 64 } as const;
// 128·N·r bytes = 32 MiB; node's default maxmem (32 MiB) is exactly at the edge, so give headroom.
const MAXMEM = 64 * 1024 * 1024;

/** scrypt through node:crypto, which runs on the libuv thread pool instead of blocking the event loop. */
export function scryptNode(password: string, salt: string): Promise<Uint8Array> {
  const crypto = nodeCrypto;
  if (!crypto) return Promise.reject(new Error("node:crypto is not available"));
  const { N, r, p, dkLen } = SCRYPT_PARAMS;
  return new Promise((resolve, reject) => {
    crypto.scrypt(password, salt, dkLen, { N, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(new Uint8Array(key)),
    );
  });
}

/** scrypt in pure JS (@noble/hashes), for runtimes without node:crypto. Same output as `scryptNode`. */
export function scryptNoble(password: string, salt: string): Promise<Uint8Array> {
  const { N, r, p, dkLen } = SCRYPT_PARAMS;
  return scryptAsync(password, salt, { N, r, p, dkLen, maxmem: MAXMEM });
}

function deriveKey(password: string, salt: string): Promise<Uint8Array> {
  // NFKC so the same password typed on different keyboards/OSes (composed vs decomposed) matches.
  const normalized = password.normalize("NFKC");
  return nodeCrypto ? scryptNode(normalized, salt) : scryptNoble(normalized, salt);
}

/** Hashes a password as `saltHex:keyHex` (32 + 128 hex characters). */
export async function hashPassword(password: string): Promise<string> {
  const salt = bytesToHex(randomBytes(16));
  const key = await deriveKey(password, salt);
  return `${salt}:${bytesToHex(key)}`;
}

/** True when `password` matches `hash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const [salt, keyHex] = hash.split(":");
  if (!salt || !keyHex || !/^[0-9a-f]+$/i.test(keyHex) || keyHex.length !== SCRYPT_PARAMS.dkLen * 2) return false;
  const key = await deriveKey(password, salt);
  return constantTimeEqual(key, hexToBytes(keyHex));
}

// Computed once, lazily: a real hash so verifying against it costs exactly what a real check costs.
let dummyHash: Promise<string> | undefined;

/**
 * Verifies against `hash`, or — when there is none (unknown user, social-only account) — against a
 * dummy hash and returns false, so response time does not reveal whether an account exists.
 */
export async function verifyPasswordOrDummy(hash: string | null | undefined, password: string): Promise<boolean> {
  if (hash) return verifyPassword(hash, password);
  dummyHash ??= hashPassword("gatehouse-dummy-password");
  await verifyPassword(await dummyHash, password);
  return false;
}
