import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../adapter/memory-adapter.js";
import { createDb } from "../db/create-db.js";
import { createVerificationsRepository } from "../repositories/verifications-repository.js";
import { createCoreSchema } from "../schema/core-schema.js";
import { createTokenStore } from "./token-store.js";

function store() {
  const schema = createCoreSchema();
  const db = createDb(memoryAdapter()({ schema }), schema);
  const clock = { t: 1_000_000 };
  return { clock, tokens: createTokenStore(createVerificationsRepository(db), () => clock.t), db };
}

describe("token store", () => {
  it("issues tokens of the requested shape, stored only as a hash", async () => {
    const { tokens, db } = store();
    const token = await tokens.issue("delete-account", { userId: "u1" }, 60, {
      length: 32,
      alphabet: "0123456789abcdefghijklmnopqrstuvwxyz",
    });
    expect(token).toMatch(/^[0-9a-z]{32}$/);
    const rows = await db.findMany<{ identifier: string }>({ model: "verification" });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.identifier.startsWith("delete-account:")).toBe(true);
    expect(rows[0]?.identifier).not.toContain(token);
  });

  it("is single use, also under concurrent consumers", async () => {
    const { tokens } = store();
    const token = await tokens.issue("reset-password", { userId: "u1" }, 60);
    const results = await Promise.all([1, 2, 3, 4].map(() => tokens.consume("reset-password", token)));
    expect(results.filter((r) => r.status === "valid")).toEqual([{ status: "valid", payload: { userId: "u1" } }]);
    expect(await tokens.consume("reset-password", token)).toEqual({ status: "invalid" });
  });

  it("expires by the injected clock, and peeking does not use a token up", async () => {
    const { tokens, clock } = store();
    const token = await tokens.issue("verify-email", { userId: "u1" }, 60);
    expect((await tokens.peek("verify-email", token)).status).toBe("valid");
    clock.t += 59_999;
    expect((await tokens.peek("verify-email", token)).status).toBe("valid");
    clock.t += 1;
    expect(await tokens.consume("verify-email", token)).toEqual({ status: "expired" });
  });

  it("issuing never sweeps: an expired token stays (the cleanup job's) and reads as expired", async () => {
    const { tokens, clock, db } = store();
    const old = await tokens.issue("verify-email", {}, 1);
    clock.t += 2_000;
    for (let i = 0; i < 60; i++) await tokens.issue("verify-email", {}, 60);
    expect(await db.count({ model: "verification" })).toBe(61);
    expect((await tokens.peek("verify-email", old)).status).toBe("expired");
  });

  it("a token of one kind does not open another", async () => {
    const { tokens } = store();
    const token = await tokens.issue("verify-email", { userId: "u1" }, 60);
    expect((await tokens.consume("reset-password", token)).status).toBe("invalid");
    expect((await tokens.consume("verify-email", "")).status).toBe("invalid");
    expect((await tokens.consume("verify-email", "x".repeat(10_000))).status).toBe("invalid");
  });
});
