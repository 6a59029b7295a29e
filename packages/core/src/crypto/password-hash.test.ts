import { describe, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword, verifyPasswordOrDummy } from "./password-hash.js";
import { scryptNode, scryptNoble } from "./password-hash.js";
import { bytesToHex } from "@noble/hashes/utils.js";

// Every project swaps this module for a cheap stand-in (test-setup/cheap-password-hash.ts); here the real scrypt.
vi.unmock("./password-hash.js");

describe("password hashing", () => {
  it("node:crypto and @noble/hashes produce the same scrypt key", async () => {
    const [a, b] = await Promise.all([scryptNode("pässwörd 🔑", "0011aabb"), scryptNoble("pässwörd 🔑", "0011aabb")]);
    expect(a).toHaveLength(64);
    expect(bytesToHex(a)).toBe(bytesToHex(b));
  });

  it("hashes as saltHex:keyHex with a fresh salt each time", async () => {
    const [h1, h2] = await Promise.all([hashPassword("correct horse"), hashPassword("correct horse")]);
    expect(h1).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(h1).not.toBe(h2);
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("correct horse");
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "correct horsf")).toBe(false);
  });

  it("treats composed and decomposed Unicode spellings as the same password (NFKC)", async () => {
    const hash = await hashPassword("caf\u00e9-password");
    expect(await verifyPassword(hash, "cafe\u0301-password")).toBe(true);
  });

  it("returns false for malformed hashes instead of throwing", async () => {
    expect(await verifyPassword("nonsense", "x")).toBe(false);
    expect(await verifyPassword("aa:zz", "x")).toBe(false);
  });

  it("verifyPasswordOrDummy is false without a hash and true with the right one", async () => {
    expect(await verifyPasswordOrDummy(null, "anything")).toBe(false);
    const hash = await hashPassword("pw-123456");
    expect(await verifyPasswordOrDummy(hash, "pw-123456")).toBe(true);
  });
});
