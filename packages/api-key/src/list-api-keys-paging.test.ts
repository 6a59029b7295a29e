// api-key list past one page: clamped limit, cursor paging newest first, another user's keys never, forged cursors refused.
import { generateId, sha256Base64Url } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { makeKeyAuth, newUser } from "./test-helpers.js";

describe("api-key list paging", () => {
  it("pages 140 keys by cursor, each once, newest first, without another user's", async () => {
    const { auth } = makeKeyAuth();
    const me = await newUser(auth);
    const other = await newUser(auth);
    const base = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 150; i++) {
      // Two keys a second: ties on createdAt that only the id orders.
      const createdAt = new Date(base + Math.floor(i / 2) * 1000);
      await auth.$context.db.create({
        model: "apikey",
        data: {
          key: sha256Base64Url(generateId()),
          userId: i % 15 === 0 ? other.userId : me.userId,
          name: `k${i}`,
          createdAt,
          updatedAt: createdAt,
        },
      });
    }
    const first = await me.client.get("/api-key/list", { query: { limit: "1000" } });
    expect(first.status).toBe(200);
    expect(first.body.apiKeys).toHaveLength(100);
    expect(first.body.total).toBe(140);
    const second = await me.client.get("/api-key/list", { query: { cursor: first.body.nextCursor } });
    expect(second.body.apiKeys).toHaveLength(40);
    expect(second.body.nextCursor).toBeNull();
    const rows = [...first.body.apiKeys, ...second.body.apiKeys] as { id: string; userId: string; createdAt: string }[];
    expect(new Set(rows.map((k) => k.id)).size).toBe(140);
    expect(rows.every((k) => k.userId === me.userId)).toBe(true);
    const order = rows.map((k) => [Date.parse(k.createdAt), k.id] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1));
    expect(order).toEqual(sorted);

    // My cursor is not another user's: it is bound to the owner of the listing.
    const replay = await other.client.get("/api-key/list", { query: { cursor: first.body.nextCursor } });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("INVALID_CURSOR");
    for (const cursor of ["x", "a.b", `${first.body.nextCursor}x`, "é".repeat(10)]) {
      const r = await me.client.get("/api-key/list", { query: { cursor } });
      expect(r.status, cursor).toBe(400);
      expect(r.body.code).toBe("INVALID_CURSOR");
    }
    const both = await me.client.get("/api-key/list", { query: { cursor: first.body.nextCursor, offset: "5" } });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe("VALIDATION_ERROR");
    const deep = await me.client.get("/api-key/list", { query: { offset: "10001" } });
    expect(deep.status).toBe(400);
  });
});
