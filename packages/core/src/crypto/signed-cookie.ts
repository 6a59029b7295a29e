import { constantTimeEqual } from "./constant-time-equal.js";
import { hmacSha256Base64 } from "./hmac.js";

/** `value.signature`, the signature being HMAC-SHA-256(secret, value) in base64 (44 characters). */
export function signCookieValue(secret: string, value: string): string {
  return `${value}.${hmacSha256Base64(secret, value)}`;
}

/**
 * The value of a signed cookie, or null when the signature does not match. The signature is the
 * part after the last dot, so values may themselves contain dots.
 */
export function unsignCookieValue(secret: string, signed: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44) return null;
  return constantTimeEqual(signature, hmacSha256Base64(secret, value)) ? value : null;
}
