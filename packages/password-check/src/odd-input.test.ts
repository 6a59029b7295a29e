import { describe, expect, it } from "vitest";
import { createTestClient, makeCheckAuth, newEmail, seededRandom } from "./test-helpers.js";

describe("odd input", () => {
  it("answers 4xx with a code, never 500, for non-string and oversized passwords", async () => {
    const { auth } = makeCheckAuth({ minScore: 4 });
    const client = createTestClient(auth);
    for (const password of [null, 12345678, ["12345678"], { p: 1 }, true]) {
      const r = await client.post("/sign-up/email", { name: "N", email: newEmail(), password });
      expect(r.status, JSON.stringify(password)).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    const huge = await client.post("/sign-up/email", { name: "N", email: newEmail(), password: "x".repeat(1_000_000) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const lone = await client.post("/sign-up/email", { name: "N", email: newEmail(), password: "abc\ud800defghij" });
    expect(lone.status).toBe(400);
  });

  it("random unicode passwords get 200 or a coded 400 that never echoes them (seeded samples)", async () => {
    const { auth, warnings } = makeCheckAuth({ minScore: 3 });
    const client = createTestClient(auth);
    const random = seededRandom(99);
    const alphabet = ["a", "Z", "1", "!", " ", "é", "ß", "€", "😀", "\u0301", "ｐ", "İ", "ﬁ", "\t", "password", "123"];
    for (let i = 0; i < 20; i++) {
      const password = Array.from(
        { length: 6 + Math.floor(random() * 40) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join("");
      const r = await client.post("/sign-up/email", { name: "N", email: newEmail(), password });
      expect([200, 400], `${JSON.stringify(password)} → ${r.text}`).toContain(r.status);
      if (r.status === 400) {
        expect(r.body.code).toMatch(/^PASSWORD_(TOO_SHORT|TOO_LONG|COMPROMISED|TOO_WEAK)$/);
        if (password.length >= 4) expect(r.text).not.toContain(JSON.stringify(password).slice(1, -1));
      }
    }
    expect(warnings).toEqual([]);
  });
});
