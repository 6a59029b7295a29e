import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { randomBytes } from "@noble/hashes/utils.js";
import { base64ToBytes, bytesToBase64Url, utf8 } from "./encoding.js";

const PREFIX = "v1.";
const decoder = new TextDecoder();

// The secret is a passphrase of any length; the cipher needs exactly 32 bytes. A domain label keeps
// this key distinct from every other use of the same secret (cookie HMACs, session tokens).
function keyFrom(secret: string): Uint8Array {
  return sha256(utf8(`gatehouse-encryption:${secret}`));
}

/**
 * Encrypts a secret at rest (OAuth tokens, TOTP seeds) with XChaCha20-Poly1305 and a random 24-byte
 * nonce. Output: `v1.<base64url(nonce ‖ ciphertext ‖ tag)>`; the version lets the scheme change later.
 */
export function symmetricEncrypt(secret: string, plaintext: string): string {
  const nonce = randomBytes(24);
  const sealed = xchacha20poly1305(keyFrom(secret), nonce).encrypt(utf8(plaintext));
  const out = new Uint8Array(nonce.length + sealed.length);
  out.set(nonce);
  out.set(sealed, nonce.length);
  return PREFIX + bytesToBase64Url(out);
}

/** Decrypts `symmetricEncrypt` output; null when it was tampered with, truncated or made with another secret. */
export function symmetricDecrypt(secret: string, encrypted: string): string | null {
  if (!encrypted.startsWith(PREFIX)) return null;
  const bytes = base64ToBytes(encrypted.slice(PREFIX.length));
  if (!bytes || bytes.length < 24 + 16) return null;
  try {
    const plain = xchacha20poly1305(keyFrom(secret), bytes.subarray(0, 24)).decrypt(bytes.subarray(24));
    return decoder.decode(plain);
  } catch {
    return null;
  }
}
