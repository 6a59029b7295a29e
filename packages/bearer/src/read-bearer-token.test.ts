import { signCookieValue } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { readBearerToken } from "./read-bearer-token.js";

const SECRET = "read-bearer-secret-0123456789abcdef";
const signed = signCookieValue(SECRET, "session-token-value");

describe("readBearerToken", () => {
  it("answers the token of a well-formed, correctly signed header", () => {
    expect(readBearerToken(SECRET, `Bearer ${signed}`)).toBe("session-token-value");
    expect(readBearerToken(SECRET, `BEARER ${encodeURIComponent(signed)}`)).toBe("session-token-value");
  });

  // Fetch's Headers and node's parser refuse CR/LF in a value; this holds for any transport that does not.
  it("refuses values with line breaks or other whitespace inside, and oversized junk, without throwing", () => {
    for (const header of [
      `Bearer ${signed}\r\nSet-Cookie: a=b`,
      `Bearer ${signed}\nx`,
      `Bearer \r\n${signed}`,
      `Bearer ${signed.slice(0, 10)} ${signed.slice(10)}`,
      `Bearer ${"%".repeat(5000)}`,
      `Bearer ${"a.".repeat(50_000)}`,
      "",
    ]) {
      expect(readBearerToken(SECRET, header), JSON.stringify(header.slice(0, 40))).toBeNull();
    }
  });
});
