import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToBase64, bytesToBase64Url, utf8 } from "./encoding.js";
import { nodeCrypto } from "./node-crypto.js";

/** HMAC-SHA-256 of `data` under `secret`, raw bytes. Uses node:crypto on the hot path when present. */
export function hmacSha256(secret: string, data: string): Uint8Array {
  if (nodeCrypto) return new Uint8Array(nodeCrypto.createHmac("sha256", secret).update(data).digest());
  return hmac(sha256, utf8(secret), utf8(data));
}

/** HMAC-SHA-256 as padded standard base64 (44 characters): the cookie signature format. */
export function hmacSha256Base64(secret: string, data: string): string {
  return bytesToBase64(hmacSha256(secret, data));
}

/** HMAC-SHA-256 as unpadded base64url (43 characters). */
export function hmacSha256Base64Url(secret: string, data: string): string {
  return bytesToBase64Url(hmacSha256(secret, data));
}

/** SHA-256 of a string as unpadded base64url: how tokens are stored at rest. */
export function sha256Base64Url(data: string): string {
  if (nodeCrypto) return nodeCrypto.createHash("sha256").update(data).digest("base64url");
  return bytesToBase64Url(sha256(utf8(data)));
}
