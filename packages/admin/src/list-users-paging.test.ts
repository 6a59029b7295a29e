// list-users past one page: limit clamping, keyset cursors at any depth, the bounded total.
import { describe, expect, it } from "vitest";
import { makeAdminAuth, newAdmin, newUser } from "./test-helpers.js";

type Auth = ReturnType<typeof makeAdminAuth>;

/** Stores `count` users straight in the database; every fifth pair shares a createdAt (ties break on id). */
async function seedUsers(auth: Auth, count: number, prefix: string) {
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < count; i++) {
    const at = new Date(start + Math.floor(i / 2) * 1000);
    await auth.$context.users.create({
      name: `${prefix} ${i}`,
      email: `${prefix}-${i}@example.com`,
      emailVerified: false,
      createdAt: at,
      updatedAt: at,
    });
  }
}

describe("list-users paging", () => {
  it("clamps a limit above 1,000, and pages every user exactly once by cursor while users sign up between pages", async () => {
    const auth = makeAdminAuth();
    await seedUsers(auth, 1105, "seed");
    const boss = await newAdmin(auth);
    const first = await boss.client.get("/admin/list-users", { query: { limit: "100000" } });
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(1000);
    expect(first.body.limit).toBe(1000);
    const seen: string[] = [];
    const createdAt: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { limit: "250", searchValue: "seed-" };
      if (cursor) query.cursor = cursor;
      const r = await boss.client.get("/admin/list-users", { query });
      expect(r.status).toBe(200);
      for (const u of r.body.users as { id: string; createdAt: string }[]) {
        seen.push(u.id);
        createdAt.push(Date.parse(u.createdAt));
      }
      cursor = r.body.nextCursor;
      pages++;
      // A user created now sorts after every seeded one: it must not disturb the pages still to come.
      await newUser(auth, "late");
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(1105);
    expect(new Set(seen).size).toBe(1105);
    expect(createdAt).toEqual([...createdAt].sort((a, b) => a - b));
  });

  it("pages newest first by cursor with sortDirection desc, the same rows in reverse", async () => {
    const auth = makeAdminAuth();
    await seedUsers(auth, 30, "rev");
    const boss = await newAdmin(auth);
    const collect = async (direction: "asc" | "desc") => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const query: Record<string, string> = { limit: "7", searchValue: "rev-", sortDirection: direction };
        if (cursor) query.cursor = cursor;
        const r = await boss.client.get("/admin/list-users", { query });
        ids.push(...r.body.users.map((u: { id: string }) => u.id));
        cursor = r.body.nextCursor;
      } while (cursor);
      return ids;
    };
    const asc = await collect("asc");
    expect(asc).toHaveLength(30);
    expect(await collect("desc")).toEqual([...asc].reverse());
  });

  it("answers offset pages as slices of the whole ordered listing, in every sort and direction, ties included", async () => {
    // Offset pages read their keys first and their rows by id (read-offset-page.ts): the rows must come
    // back in the keys' order, with the filter still applied.
    const auth = makeAdminAuth();
    await seedUsers(auth, 23, "slice");
    const boss = await newAdmin(auth);
    for (const sortBy of ["createdAt", "name", "email", "id"])
      for (const sortDirection of ["asc", "desc"]) {
        const base = { searchValue: "slice-", sortBy, sortDirection };
        const whole = await boss.client.get("/admin/list-users", { query: { ...base, limit: "100" } });
        const all = (whole.body.users as { id: string }[]).map((u) => u.id);
        expect(all).toHaveLength(23);
        for (const offset of [1, 5, 20, 22, 23]) {
          const r = await boss.client.get("/admin/list-users", {
            query: { ...base, limit: "5", offset: String(offset) },
          });
          expect(r.status).toBe(200);
          expect((r.body.users as { id: string }[]).map((u) => u.id)).toEqual(all.slice(offset, offset + 5));
          expect(r.body).toMatchObject({ total: 23, offset, nextCursor: null });
        }
      }
  });

  it("refuses a forged cursor, an edited one, and one taken under another search or sort, with 400 INVALID_CURSOR", async () => {
    const auth = makeAdminAuth();
    await seedUsers(auth, 12, "cur");
    const boss = await newAdmin(auth);
    const page = await boss.client.get("/admin/list-users", { query: { limit: "5", searchValue: "cur-" } });
    const cursor = page.body.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const [payload, mac] = cursor.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify([{ d: 0 }, "a"])).toString("base64url");
    const bad: Record<string, string>[] = [
      { limit: "5", searchValue: "cur-", cursor: "not-a-cursor" },
      { limit: "5", searchValue: "cur-", cursor: `${forged}.${mac}` },
      { limit: "5", searchValue: "cur-", cursor: `${payload}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}` },
      { limit: "5", searchValue: "other", cursor },
      { limit: "5", searchValue: "cur-", sortBy: "email", cursor },
      { limit: "5", searchValue: "cur-", sortDirection: "desc", cursor },
    ];
    for (const query of bad) {
      const r = await boss.client.get("/admin/list-users", { query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.code).toBe("INVALID_CURSOR");
    }
    const ok = await boss.client.get("/admin/list-users", { query: { limit: "5", searchValue: "cur-", cursor } });
    expect(ok.status).toBe(200);
    expect(ok.body.users).toHaveLength(5);
  });

  it("counts exactly up to 1,000 matches; past that reuses a count for a minute and says it is not exact", async () => {
    let now = Date.UTC(2025, 0, 1);
    const auth = makeAdminAuth({}, { advanced: { now: () => now } });
    await seedUsers(auth, 1001, "tot");
    const boss = await newAdmin(auth);
    const counts: string[] = [];
    const db = auth.$context.db;
    const count = db.count;
    db.count = (args) => {
      counts.push(args.model);
      return count(args);
    };
    const get = () => boss.client.get("/admin/list-users", { query: { limit: "1", searchValue: "tot-" } });
    const fresh = await get();
    expect(fresh.body).toMatchObject({ total: 1001, totalExact: true });
    await seedUsers(auth, 1, "tot-more");
    const cached = await get();
    expect(cached.body).toMatchObject({ total: 1001, totalExact: false });
    expect(counts).toEqual(["user"]);
    now += 61_000;
    expect((await get()).body).toMatchObject({ total: 1002, totalExact: true });
    expect(counts).toEqual(["user", "user"]);
    // A small match is exact on every page and never a whole count.
    const small = await boss.client.get("/admin/list-users", { query: { searchValue: "tot-more" } });
    expect(small.body).toMatchObject({ total: 1, totalExact: true });
    expect(counts).toHaveLength(2);
  });
});
