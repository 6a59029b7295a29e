import { describe, expect, it } from "vitest";
import { createCoreSchema } from "../schema/core-schema.js";
import { runAdapterConformance } from "../testing/adapter-conformance.js";
import { memoryAdapter } from "./memory-adapter.js";

runAdapterConformance("memory", async (schema) => ({ adapter: memoryAdapter()({ schema }) }));

describe("memory adapter transactions", () => {
  it("runs concurrent transactions one at a time, so one's rollback never undoes the other", async () => {
    const adapter = memoryAdapter()({ schema: createCoreSchema() });
    const user = (id: string) => ({
      id,
      name: id,
      email: `${id}@example.com`,
      emailVerified: false,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const failing = adapter.transaction(async (tx) => {
      await tx.create({ model: "user", data: user("a") });
      await new Promise((r) => setTimeout(r, 10));
      throw new Error("fail");
    });
    const succeeding = adapter.transaction(async (tx) => {
      await tx.create({ model: "user", data: user("b") });
    });
    await expect(failing).rejects.toThrow("fail");
    await succeeding;
    const ids = (await adapter.findMany<{ id: string }>({ model: "user" })).map((u) => u.id);
    expect(ids).toEqual(["b"]);
  });
});
