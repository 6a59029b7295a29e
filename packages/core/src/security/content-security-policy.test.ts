import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { bytesToBase64, utf8 } from "../crypto/encoding.js";
import { cspHash } from "../index.js";

describe("cspHash", () => {
  it("is the CSP hash source of the UTF-8 body (CSP3 §8.4: base64 SHA-256 in 'sha256-…')", () => {
    expect(cspHash("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(cspHash("body{color:red}")).toBe(`'sha256-${bytesToBase64(sha256(utf8("body{color:red}")))}'`);
  });

  it("hashes the same bytes as the pure-JS fallback for non-ASCII and lone surrogates", () => {
    for (const source of ["café → ✓ 🔒", "\ud800 lone", "x".repeat(20_000)]) {
      expect(cspHash(source)).toBe(`'sha256-${bytesToBase64(sha256(utf8(source)))}'`);
    }
  });
});
