import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToBase64Url, generateRandomString } from "../crypto/index.js";

// RFC 7636 §4.1: the verifier uses unreserved characters; 128 is the longest allowed (SPEC.md §9).
const VERIFIER_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

/** A PKCE code verifier: 128 random unreserved characters. */
export function generateCodeVerifier(): string {
  return generateRandomString(128, VERIFIER_ALPHABET);
}

/** The S256 code challenge: base64url(SHA-256(verifier)). */
export function codeChallengeS256(verifier: string): string {
  return bytesToBase64Url(sha256(new TextEncoder().encode(verifier)));
}
