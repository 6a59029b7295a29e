// Keyset paging through the public API (list-sessions): clamping, cursors bound to their listing, bad input a 400.
import { describe, expect, it } from "vitest";
import { generateId, sha256Base64Url } from "../crypto/index.js";
import { createTestClient, makeTestAuth, signUpUser } from "../testing.js";

describe("paged listings (list-sessions)", () => {
  it("clamps limit to 100 and pages 130 sessions newest first, each once, with sign-ins between pages", async () => {
    const auth = makeTestAuth();
    const me = await signUpUser(auth);
    const base = Date.UTC(2025, 0, 1);
    const expiresAt = new Date(Date.now() + 86_400_000);
    for (let i = 0; i < 130; i++) {
      // Four sessions a second: ties that only the id orders.
      const createdAt = new Date(base + Math.floor(i / 4) * 1000);
      await auth.$context.db.create({
        model: "session",
        data: { userId: me.userId, token: sha256Base64Url(generateId()), expiresAt, createdAt, updatedAt: createdAt },
      });
    }
    const first = await me.client.get("/list-sessions", { query: { limit: "1000" } });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(100);
    // A sign-in now is newer than every session already listed: it belongs to no later page.
    await createTestClient(auth).post("/sign-in/email", { email: me.email, password: me.password });
    const cursor = first.headers.get("x-next-cursor");
    const second = await me.client.get("/list-sessions", { query: { cursor: cursor ?? "" } });
    expect(second.status).toBe(200);
    expect(second.headers.get("x-next-cursor")).toBeNull();
    const rows = [...first.body, ...second.body] as { id: string; createdAt: string }[];
    expect(rows).toHaveLength(131); // the seeded ones and the sign-up's own
    expect(new Set(rows.map((r) => r.id)).size).toBe(131);
    const keys = rows.map((r) => [Date.parse(r.createdAt), r.id] as const);
    expect(keys).toEqual([...keys].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1)));
  });

  it("refuses bad limits with VALIDATION_ERROR and bad, edited or foreign cursors with INVALID_CURSOR", async () => {
    const auth = makeTestAuth();
    const me = await signUpUser(auth);
    const other = await signUpUser(auth);
    for (let i = 0; i < 3; i++)
      await createTestClient(auth).post("/sign-in/email", { email: me.email, password: me.password });
    const page = await me.client.get("/list-sessions", { query: { limit: "2" } });
    const cursor = page.headers.get("x-next-cursor") as string;
    expect(cursor).toEqual(expect.any(String));
    for (const limit of ["0", "-1", "1.5", "abc", ""]) {
      const r = await me.client.get("/list-sessions", { query: { limit } });
      expect(r.status, limit).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    const [payload, mac] = cursor.split(".") as [string, string];
    const invalid = [
      "x",
      ".",
      `${payload}.`,
      `.${mac}`,
      `${payload}x.${mac}`,
      `${Buffer.from('[{"d":1e300},"z"]').toString("base64url")}.${mac}`,
      `${payload}.${mac}.${mac}`,
      "\u00e9".repeat(50),
    ];
    for (const c of invalid) {
      const r = await me.client.get("/list-sessions", { query: { cursor: c } });
      expect(r.status, c).toBe(400);
      expect(r.body.code).toBe("INVALID_CURSOR");
    }
    const long = await me.client.get("/list-sessions", { query: { cursor: "a".repeat(1025) } });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe("VALIDATION_ERROR");
    // Another user's listing: the cursor is bound to the account it was handed to.
    const foreign = await other.client.get("/list-sessions", { query: { cursor } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("INVALID_CURSOR");
    const ok = await me.client.get("/list-sessions", { query: { limit: "2", cursor } });
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(2);
  });
});
