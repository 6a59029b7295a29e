import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToBase64, utf8 } from "../crypto/encoding.js";
import { nodeCrypto } from "../crypto/node-crypto.js";

/** A CSP hash source (`'sha256-…'`) allowing exactly one inline `<script>` or `<style>` body. */
export function cspHash(source: string): string {
  // node:crypto when present, as crypto/hmac.ts does: pure-JS SHA-256 of a 20 kB page script cost
  // ~8 ms cold against ~0.5 ms. Both hash the UTF-8 bytes, so the source value is the same.
  const digest = nodeCrypto
    ? nodeCrypto.createHash("sha256").update(source, "utf8").digest("base64")
    : bytesToBase64(sha256(utf8(source)));
  return `'sha256-${digest}'`;
}

/** The directives a page may add to the locked-down base policy, each a list of sources. */
export type CspDirectives = Partial<
  Record<"script-src" | "style-src" | "img-src" | "connect-src" | "font-src" | "form-action", readonly string[]>
>;

/**
 * A Content-Security-Policy that allows nothing but what `directives` names. Framing is refused
 * (`frame-ancestors 'none'`: clickjacking), `<base>` cannot re-point relative URLs, and forms go
 * nowhere unless `form-action` says so.
 */
export function contentSecurityPolicy(directives: CspDirectives = {}): string {
  const policy: Record<string, readonly string[]> = {
    "default-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": ["'none'"],
    ...directives,
  };
  return Object.entries(policy)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * Headers every HTML page sends: its CSP, framing refused for old browsers too, no MIME sniffing, no
 * Referer (the page's URL can carry an error code or token-bearing query).
 */
export function htmlSecurityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
}
