// list-user-passkeys past one page: 100 at most, the rest behind the X-Next-Cursor header, never another user's.
import { describe, expect, it } from "vitest";
import { makePasskeyAuth, signUpUser } from "./test-helpers.js";

describe("list-user-passkeys paging", () => {
  it("pages 120 passkeys oldest first, each once; another user's cursor and a forged one are refused", async () => {
    const env = makePasskeyAuth();
    const me = await signUpUser(env.auth, "pk-me@example.com");
    const other = await signUpUser(env.auth, "pk-other@example.com");
    const base = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 130; i++) {
      await env.auth.$context.db.create({
        model: "passkey",
        data: {
          userId: i % 13 === 0 ? other.userId : me.userId,
          publicKey: "AQID",
          credentialID: `cred-${i}`,
          deviceType: "singleDevice",
          createdAt: new Date(base + Math.floor(i / 3) * 1000),
        },
      });
    }
    const first = await me.client.get("/passkey/list-user-passkeys", { query: { limit: "500" } });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(100);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toEqual(expect.any(String));
    const second = await me.client.get("/passkey/list-user-passkeys", { query: { cursor: cursor as string } });
    expect(second.body).toHaveLength(20);
    expect(second.headers.get("x-next-cursor")).toBeNull();
    const ids = [...first.body, ...second.body].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(120);
    const mine = await env.auth.$context.db.findMany<{ id: string }>({
      model: "passkey",
      where: [{ field: "userId", value: me.userId }],
      sortBy: { field: "createdAt", direction: "asc" },
    });
    expect(ids).toEqual(mine.map((p) => p.id));
    const replay = await other.client.get("/passkey/list-user-passkeys", { query: { cursor: cursor as string } });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("INVALID_CURSOR");
    const forged = await me.client.get("/passkey/list-user-passkeys", { query: { cursor: "W10.AAAA" } });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe("INVALID_CURSOR");
  });
});
