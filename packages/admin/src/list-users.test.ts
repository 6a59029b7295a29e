// list-users: search, filter, sort, paging and total — in one query plus one count.
import { describe, expect, it } from "vitest";
import { makeAdminAuth, newAdmin, newUser } from "./test-helpers.js";

type Auth = ReturnType<typeof makeAdminAuth>;

/** Stores users straight in the database (no password hashing): name, email, createdAt in order. */
async function seedUsers(auth: Auth, count: number, prefix = "member") {
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(2, "0");
    await auth.$context.users.create({
      name: `${prefix} ${n}`,
      email: `${prefix}-${n}@example.com`,
      emailVerified: i % 2 === 0,
      createdAt: new Date(start + i * 1000),
      updatedAt: new Date(start + i * 1000),
    });
  }
}

const names = (r: { body: { users: { name: string }[] } }) => r.body.users.map((u) => u.name);

describe("list-users", () => {
  it("pages with limit and offset and reports the total of the whole match", async () => {
    const auth = makeAdminAuth();
    await seedUsers(auth, 12);
    const boss = await newAdmin(auth);
    const all = await boss.client.get("/admin/list-users");
    expect(all.body).toMatchObject({ total: 13, limit: 100, offset: 0 });
    const page = await boss.client.get("/admin/list-users", {
      query: { searchValue: "member-", limit: "5", offset: "5", sortBy: "name" },
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 12, limit: 5, offset: 5 });
    expect(names(page)).toEqual(["member 05", "member 06", "member 07", "member 08", "member 09"]);
    const last = await boss.client.get("/admin/list-users", {
      query: { searchValue: "member-", limit: "5", offset: "10", sortBy: "name" },
    });
    expect(names(last)).toEqual(["member 10", "member 11"]);
    expect(last.body.total).toBe(12);
  });

  it("searches email or name with contains, starts_with and ends_with, case-insensitively", async () => {
    const auth = makeAdminAuth();
    await seedUsers(auth, 3, "alpha");
    await seedUsers(auth, 2, "beta");
    const boss = await newAdmin(auth);
    const get = (query: Record<string, string>) => boss.client.get("/admin/list-users", { query });
    expect((await get({ searchValue: "ALPHA" })).body.total).toBe(3);
    expect((await get({ searchValue: "beta 01", searchField: "name" })).body.users[0].email).toBe(
      "beta-01@example.com",
    );
    expect((await get({ searchValue: "beta", searchOperator: "starts_with" })).body.total).toBe(2);
    // "-01@": the admin's own address ends in a timestamp, which may end in "01".
    expect((await get({ searchValue: "-01@example.com", searchOperator: "ends_with" })).body.total).toBe(2);
    expect((await get({ searchValue: "nobody-here" })).body).toMatchObject({ users: [], total: 0 });
  });

  it("filters by any returned user field, the value coerced to the field's type", async () => {
    const auth = makeAdminAuth();
    await seedUsers(auth, 6);
    const boss = await newAdmin(auth);
    const target = await newUser(auth);
    await boss.client.post("/admin/ban-user", { userId: target.userId });
    const get = (query: Record<string, string>) => boss.client.get("/admin/list-users", { query });
    const banned = await get({ filterField: "banned", filterValue: "true" });
    expect(banned.body.users.map((u: { id: string }) => u.id)).toEqual([target.userId]);
    expect((await get({ filterField: "role", filterValue: "admin" })).body.users[0].id).toBe(boss.userId);
    expect((await get({ filterField: "role", filterValue: "admin", filterOperator: "ne" })).body.total).toBe(7);
    const verified = await get({ searchValue: "member-", filterField: "emailVerified", filterValue: "true" });
    expect(verified.body.total).toBe(3);
    const early = await get({
      filterField: "createdAt",
      filterOperator: "lt",
      filterValue: new Date(Date.UTC(2024, 0, 1, 0, 0, 2)).toISOString(),
      sortBy: "createdAt",
      sortDirection: "desc",
    });
    expect(names(early)).toEqual(["member 01", "member 00"]);
  });

  it("sorts by any returned field in either direction", async () => {
    const auth = makeAdminAuth();
    await seedUsers(auth, 4);
    const boss = await newAdmin(auth);
    const desc = await boss.client.get("/admin/list-users", {
      query: { searchValue: "member-", sortBy: "email", sortDirection: "desc" },
    });
    expect(names(desc)).toEqual(["member 03", "member 02", "member 01", "member 00"]);
  });

  it("unknown or hidden fields and bad values are a 400, never a database error", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const bad: Record<string, string>[] = [
      { sortBy: "password" },
      { sortBy: "nope" },
      { filterField: "token", filterValue: "x" },
      { filterField: "banned", filterValue: "maybe" },
      { filterField: "createdAt", filterValue: "not-a-date", filterOperator: "gt" },
      { filterField: "banned", filterValue: "true", filterOperator: "gt" },
      { filterField: "emailVerified", filterValue: "true", filterOperator: "contains" },
      { filterField: "name", filterOperator: "lt" },
      { searchField: "password", searchValue: "x" },
      { limit: "0" },
      { offset: "10001" },
      { offset: "5", cursor: "x" },
      { sortBy: "image", cursor: "x" },
      { offset: "-1" },
      { offset: "1e20" },
      { offset: "1.5" },
      { offset: "Infinity" },
      { limit: "NaN" },
      { limit: "" },
      { filterField: "createdAt", filterValue: "99999999999999999999", filterOperator: "gt" },
      { sortDirection: "sideways" },
    ];
    for (const query of bad) {
      const r = await boss.client.get("/admin/list-users", { query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
      expect(r.body.message).toBe("Invalid query parameters");
    }
  });

  it("is one query plus one count whatever the page size", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const db = auth.$context.db;
    const measure = async (query: Record<string, string>) => {
      const calls: string[] = [];
      const original = { findOne: db.findOne, findMany: db.findMany, count: db.count };
      const wrap =
        <A extends { model: string }, R>(kind: string, f: (args: A) => R) =>
        (args: A): R => {
          calls.push(`${kind} ${args.model}`);
          return f(args);
        };
      Object.assign(db, {
        findOne: wrap("findOne", db.findOne),
        findMany: wrap("findMany", db.findMany),
        count: wrap("count", db.count),
      });
      try {
        const r = await boss.client.get("/admin/list-users", { query });
        expect(r.status).toBe(200);
        return { calls, users: r.body.users.length as number };
      } finally {
        Object.assign(db, original);
      }
    };
    const small = await measure({ limit: "1" });
    await seedUsers(auth, 30);
    const large = await measure({ limit: "25", searchValue: "member", sortBy: "name" });
    expect(small.users).toBe(1);
    expect(large.users).toBe(25);
    // The session lookup (session joined with its user), then the page and the total (a capped id read).
    expect(small.calls).toEqual(["findOne session", "findMany user", "findMany user"]);
    expect(large.calls).toEqual(small.calls);
  });

  it("an offset past the end (up to the cap) is an empty page, not an error", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const r = await boss.client.get("/admin/list-users", { query: { offset: "10000" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ users: [], total: 1, totalExact: true, offset: 10000, nextCursor: null });
  });
});
