import { describe, expect, it } from "vitest";
import {
  base64ToBytes,
  bytesToBase64,
  bytesToBase64Url,
  constantTimeEqual,
  deriveSessionToken,
  generateId,
  generateRandomString,
  hmacSha256Base64,
  hmacSha256Base64Url,
  sha256Base64Url,
  signCookieValue,
  symmetricDecrypt,
  symmetricEncrypt,
  unsignCookieValue,
} from "./index.js";
import { hmacSha256 } from "./hmac.js";
import { createHash, createHmac } from "node:crypto";

describe("random", () => {
  it("ids are 32 alphanumerics and distinct", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => generateId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it("uses every character of a custom alphabet and no other", () => {
    const s = generateRandomString(2000, "abc");
    expect(new Set(s)).toEqual(new Set(["a", "b", "c"]));
  });
});

describe("encodings and digests", () => {
  it("base64 matches Buffer for every length remainder", () => {
    for (const len of [0, 1, 2, 3, 4, 5, 31, 32, 33]) {
      const bytes = Uint8Array.from({ length: len }, (_, i) => (i * 37 + 11) & 255);
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
      expect(bytesToBase64Url(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
      expect(Array.from(base64ToBytes(bytesToBase64Url(bytes)) ?? [])).toEqual(Array.from(bytes));
    }
    expect(base64ToBytes("ab$c")).toBeNull();
  });

  it("HMAC and SHA-256 agree with node:crypto", () => {
    expect(hmacSha256Base64("k", "data")).toBe(createHmac("sha256", "k").update("data").digest("base64"));
    expect(sha256Base64Url("tok")).toBe(createHash("sha256").update("tok").digest("base64url"));
  });

  it("constantTimeEqual", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    // Strings are compared by code unit, without encoding: a trailing NUL or a prefix still differs.
    expect(constantTimeEqual("abc\u0000", "abc")).toBe(false);
    expect(constantTimeEqual("", "\u0000")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
    expect(constantTimeEqual("é", "é")).toBe(true);
    expect(constantTimeEqual("é", "e")).toBe(false);
    // Mixed string and bytes compare the string's UTF-8.
    expect(constantTimeEqual("é", new Uint8Array([0xc3, 0xa9]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
  });

  it("HMAC keys are kept per secret: many secrets in turn each give node:crypto's answer", () => {
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 20; i++) {
        const secret = `secret-${i}-ü`;
        expect(hmacSha256Base64(secret, "data")).toBe(createHmac("sha256", secret).update("data").digest("base64"));
        expect(hmacSha256Base64Url(secret, "data")).toBe(
          createHmac("sha256", secret).update("data").digest("base64url"),
        );
        expect(Buffer.from(hmacSha256(secret, "data")).toString("base64")).toBe(
          createHmac("sha256", secret).update("data").digest("base64"),
        );
      }
  });
});

describe("HMAC and SHA-256 against references", () => {
  const node = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest("base64");

  it("matches RFC 4231's test cases 2 and 7 (a key longer than the block is hashed first)", () => {
    expect(Buffer.from(hmacSha256("Jefe", "what do ya want for nothing?")).toString("hex")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
    // Test case 7's key is 131 bytes of 0xaa; as a string of U+00AA it is 262 UTF-8 bytes, so
    // node:crypto with the same string is the reference.
    const longKey = "\u00aa".repeat(131);
    const data =
      "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.";
    expect(hmacSha256Base64(longKey, data)).toBe(node(longKey, data));
  });

  it("HMAC agrees with node:crypto across key and message lengths and multi-byte text", () => {
    const secrets = ["", "k", "x".repeat(63), "x".repeat(64), "x".repeat(65), "ü".repeat(40), "s".repeat(300)];
    const messages = [
      "",
      "a",
      "m".repeat(63),
      "m".repeat(64),
      "é".repeat(511),
      "é".repeat(512),
      "m".repeat(1023),
      "m".repeat(1024),
      "m".repeat(1025),
      "😀".repeat(300),
      "m".repeat(5000),
      "short again",
    ];
    for (const secret of secrets)
      for (const data of messages) {
        expect(hmacSha256Base64(secret, data)).toBe(node(secret, data));
        expect(hmacSha256Base64Url(secret, data)).toBe(createHmac("sha256", secret).update(data).digest("base64url"));
      }
  });

  it("SHA-256 (one-shot where node:crypto has it) agrees with createHash on any text", () => {
    for (const data of ["", "tok", "é😀", "t".repeat(5000)])
      expect(sha256Base64Url(data)).toBe(createHash("sha256").update(data).digest("base64url"));
  });
});

describe("signed cookies", () => {
  it("round-trips and rejects tampering or another secret", () => {
    const signed = signCookieValue("secret-1", "a.b.c");
    expect(unsignCookieValue("secret-1", signed)).toBe("a.b.c");
    expect(unsignCookieValue("secret-2", signed)).toBeNull();
    expect(unsignCookieValue("secret-1", `x${signed}`)).toBeNull();
    expect(unsignCookieValue("secret-1", "no-signature")).toBeNull();
  });
});

describe("session tokens", () => {
  it("are derived deterministically per id and secret", () => {
    const t = deriveSessionToken("s", "id1");
    expect(t).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(deriveSessionToken("s", "id1")).toBe(t);
    expect(deriveSessionToken("s", "id2")).not.toBe(t);
    expect(deriveSessionToken("other", "id1")).not.toBe(t);
  });
});

describe("symmetric encryption", () => {
  it("round-trips and fails closed", () => {
    const enc = symmetricEncrypt("secret", "gho_token ✓");
    expect(enc.startsWith("v1.")).toBe(true);
    expect(enc).not.toContain("gho_token");
    expect(symmetricDecrypt("secret", enc)).toBe("gho_token ✓");
    expect(symmetricDecrypt("wrong", enc)).toBeNull();
    // Change the second-to-last character to a different one (it may itself be "A").
    const flipped = enc.slice(0, -2) + (enc.at(-2) === "A" ? "B" : "A") + enc.slice(-1);
    expect(symmetricDecrypt("secret", flipped)).toBeNull();
    expect(symmetricDecrypt("secret", "garbage")).toBeNull();
    expect(symmetricEncrypt("secret", "x")).not.toBe(symmetricEncrypt("secret", "x"));
  });
});
