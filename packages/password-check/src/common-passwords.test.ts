import { describe, expect, it } from "vitest";
import { isListed, loadCommonPasswords, toList } from "./common-passwords.js";
import { normalizePassword } from "./normalize-password.js";
import { seededRandom } from "./test-helpers.js";

/** Full-width forms (U+FF01–U+FF5E) of printable ASCII, which NFKC folds back. */
const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe("the common-password list", () => {
  it("is zxcvbn-ts's list, loaded once", async () => {
    const list = await loadCommonPasswords();
    expect(list.entries.size).toBeGreaterThan(40_000);
    expect(await loadCommonPasswords()).toBe(list);
    for (const p of ["123456", "password", "qwerty", "iloveyou", "trustno1"]) expect(isListed(list, p), p).toBe(true);
  });

  it("matches any spelling variant of any entry (seeded samples)", async () => {
    const list = await loadCommonPasswords();
    const entries = [...list.entries];
    const random = seededRandom(42);
    for (let i = 0; i < 500; i++) {
      const entry = entries[Math.floor(random() * entries.length)] ?? "";
      let variant = [...entry].map((c) => (random() < 0.5 ? c.toUpperCase() : c)).join("");
      if (random() < 0.3) variant = fullWidth(variant);
      if (random() < 0.3) variant = ` ${variant}\t`;
      expect(isListed(list, variant), JSON.stringify(variant)).toBe(true);
    }
  });

  it("does not match random long passwords (seeded samples)", async () => {
    const list = await loadCommonPasswords();
    const random = seededRandom(7);
    for (let i = 0; i < 500; i++) {
      const password = Array.from({ length: 21 + Math.floor(random() * 20) }, () =>
        String.fromCharCode(33 + Math.floor(random() * 94)),
      ).join("");
      expect(isListed(list, password), password).toBe(false);
    }
  });

  it("normalizes idempotently, so list entries and candidates meet in one form", () => {
    const random = seededRandom(3);
    const alphabet = ["A", "ß", "İ", "ﬁ", "Ω", "e\u0301", "ｐ", " ", "😀", "ǅ"];
    for (let i = 0; i < 300; i++) {
      const s = Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join("");
      const once = normalizePassword(s);
      expect(normalizePassword(once), JSON.stringify(s)).toBe(once);
    }
  });

  it("builds an app's own list the same way", () => {
    const list = toList(["  Acme-2024 ", "", "ＡＣＭＥ"]);
    expect(isListed(list, "acme-2024")).toBe(true);
    expect(isListed(list, "acme")).toBe(true);
    expect(isListed(list, "acme-2025")).toBe(false);
    expect(list.entries.size).toBe(2);
  });
});
