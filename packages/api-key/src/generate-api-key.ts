import { generateRandomString, sha256Base64Url } from "@gatehouse-auth/core";

/** A new key: shown to its owner once; only `hash` is stored, `start` is kept for display. */
export interface GeneratedApiKey {
  key: string;
  hash: string;
  start: string;
}

/** `prefix` + `length` CSPRNG characters of [A-Za-z0-9] (64 by default: ~381 bits). */
export function generateApiKey(prefix: string | null, length: number, startLength: number): GeneratedApiKey {
  const key = `${prefix ?? ""}${generateRandomString(length)}`;
  return { key, hash: hashApiKey(key), start: key.slice(0, (prefix?.length ?? 0) + startLength) };
}

/** How a key is stored and looked up: SHA-256, base64url. The key has enough entropy that no salt or KDF is needed. */
export function hashApiKey(key: string): string {
  return sha256Base64Url(key);
}
