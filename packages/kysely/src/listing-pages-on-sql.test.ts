// Every listing pages on real databases: more rows than a page holds (seeded in bulk, many sharing a
// createdAt so ties break on the id), paged by cursor while rows are added between pages; every row comes
// exactly once and in order, another account's or organization's rows never, and a forged cursor is a 400.
import { createAuth, generateId, sha256Base64Url } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { admin } from "@gatehouse-auth/admin";
import { organization } from "@gatehouse-auth/organization";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

let counter = 0;
const unique = (tag: string) => `${tag}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const BASE = Date.UTC(2025, 0, 1);
// Three rows per second: ties on createdAt, which only the id orders.
const at = (i: number) => new Date(BASE + Math.floor(i / 3) * 1000);

type Row = { id: string; createdAt: string };
const inOrder = (rows: Row[], direction: "asc" | "desc") => {
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => sign * (Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1)));
};

/** Pages a listing to its end: the body's `nextCursor` or the X-Next-Cursor header, calling `between` after each page. */
async function pageAll(
  client: TestClient,
  path: string,
  query: Record<string, string>,
  pick: (body: unknown) => Row[],
  between: () => Promise<void> = async () => {},
) {
  const rows: Row[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const r = await client.get(path, { query: cursor ? { ...query, cursor } : query });
    expect(r.status, r.text).toBe(200);
    rows.push(...pick(r.body));
    cursor = (r.body && !Array.isArray(r.body) ? r.body.nextCursor : null) ?? r.headers.get("x-next-cursor");
    pages++;
    await between();
  } while (cursor);
  return { rows, pages };
}

for (const [name, open] of testDatabases) {
  // Seeding hundreds of rows one insert at a time takes seconds on a busy machine: not a timing assertion.
  describe(`listings page on ${name}`, { timeout: 180_000 }, () => {
    const make = (): Auth =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        logger: { error: () => {}, warn: () => {} },
        plugins: [organization({ teams: { enabled: true }, membershipLimit: 1000 }), admin()],
      });
    const { database, test } = useTestDatabase(`listings page on ${name}`, open, () =>
      make().$context.adapter.migrate!(),
    );

    async function seedUsers(auth: Auth, n: number, tag: string) {
      const create = (i: number) =>
        auth.$context.db.create<{ id: string }>({
          model: "user",
          data: {
            name: `${tag} ${i}`,
            email: `${unique(tag)}@example.com`,
            emailVerified: true,
            createdAt: at(i),
            updatedAt: at(i),
          },
        });
      const ids: string[] = [];
      // In bulk: 25 inserts in flight at a time (the pools hold 10 connections).
      for (let i = 0; i < n; i += 25) {
        const batch = await Promise.all(Array.from({ length: Math.min(25, n - i) }, (_, k) => create(i + k)));
        ids.push(...batch.map((u) => u.id));
      }
      return ids;
    }

    async function orgOf(auth: Auth) {
      const owner = await signUpUser(auth, `${unique("owner")}@example.com`);
      const r = await owner.client.post("/organization/create", { name: "Org", slug: unique("org") });
      expect(r.status, r.text).toBe(200);
      return { owner, orgId: r.body.id as string };
    }

    test("list-members and get-full-organization: 250 members, every one once and in order, nothing of another organization", async () => {
      const auth = make();
      const { owner, orgId } = await orgOf(auth);
      const other = await orgOf(auth);
      const ids = await seedUsers(auth, 250, "m");
      for (const [i, userId] of ids.entries()) {
        const org = i % 10 === 0 ? other.orgId : orgId;
        await auth.$context.db.create({
          model: "member",
          data: { organizationId: org, userId, role: "member", createdAt: at(i) },
        });
      }
      const lateIds = await seedUsers(auth, 3, "late");
      let late = 0;
      const { rows, pages } = await pageAll(
        owner.client,
        "/organization/list-members",
        { organizationId: orgId, limit: "500" },
        (b) => (b as { members: Row[] }).members,
        async () => {
          // Joins after the pages already read: sorts last, so it must come exactly once.
          const userId = lateIds[late++];
          if (userId)
            await auth.$context.db.create({ model: "member", data: { organizationId: orgId, userId, role: "member" } });
        },
      );
      expect(pages).toBe(3); // 100 a page (500 clamped): 1 owner + 225 + the two joiners added before the last page
      expect(rows).toEqual(inOrder(rows, "asc"));
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      const userIds = new Set(rows.map((r) => (r as Row & { userId: string }).userId));
      expect(rows.length).toBe(1 + 225 + 2);
      expect(ids.filter((_, i) => i % 10 === 0).some((id) => userIds.has(id))).toBe(false);

      // get-full-organization: the first 100, and a cursor list-members continues from.
      const full = await owner.client.get("/organization/get-full-organization", { query: { organizationId: orgId } });
      expect(full.status, full.text).toBe(200);
      expect(full.body.members).toHaveLength(100);
      expect(full.body.members.map((m: Row) => m.id)).toEqual(rows.slice(0, 100).map((r) => r.id));
      const next = await owner.client.get("/organization/list-members", {
        query: { organizationId: orgId, cursor: full.body.membersNextCursor },
      });
      expect(next.body.members.map((m: Row) => m.id)).toEqual(rows.slice(100, 200).map((r) => r.id));

      // Another organization's owner cannot replay the cursor against it, and a forged one is refused.
      const replay = await other.owner.client.get("/organization/list-members", {
        query: { organizationId: other.orgId, cursor: full.body.membersNextCursor },
      });
      expect(replay.status).toBe(400);
      expect(replay.body.code).toBe("INVALID_CURSOR");
      const forged = await owner.client.get("/organization/list-members", {
        query: { organizationId: orgId, cursor: `${Buffer.from('[{"d":0},"a"]').toString("base64url")}.x` },
      });
      expect(forged.status).toBe(400);
      expect(forged.body.code).toBe("INVALID_CURSOR");
    });

    test("list-invitations filters by status and pages; get-full-organization carries pending ones only", async () => {
      const auth = make();
      const { owner, orgId } = await orgOf(auth);
      const other = await orgOf(auth);
      const inviterId = owner.userId;
      for (let i = 0; i < 260; i++) {
        await auth.$context.db.create({
          model: "invitation",
          data: {
            organizationId: i % 13 === 0 ? other.orgId : orgId,
            email: `${unique("inv")}@example.com`,
            role: "member",
            status: i % 2 === 0 ? "pending" : "canceled",
            inviterId,
            expiresAt: new Date(Date.now() + 86_400_000),
            createdAt: at(i),
          },
        });
      }
      const pending = await pageAll(
        owner.client,
        "/organization/list-invitations",
        { organizationId: orgId, status: "pending" },
        (b) => b as Row[],
      );
      const expected = Array.from({ length: 260 }, (_, i) => i).filter((i) => i % 13 !== 0 && i % 2 === 0).length;
      expect(pending.rows).toHaveLength(expected);
      expect(pending.pages).toBe(2);
      expect(
        pending.rows.every((r) => (r as Row & { status: string; organizationId: string }).status === "pending"),
      ).toBe(true);
      expect(pending.rows.every((r) => (r as Row & { organizationId: string }).organizationId === orgId)).toBe(true);
      expect(pending.rows).toEqual(inOrder(pending.rows, "asc"));
      const all = await pageAll(
        owner.client,
        "/organization/list-invitations",
        { organizationId: orgId },
        (b) => b as Row[],
      );
      expect(all.rows).toHaveLength(260 - 20);
      expect(new Set(all.rows.map((r) => r.id)).size).toBe(240);

      const full = await owner.client.get("/organization/get-full-organization", { query: { organizationId: orgId } });
      expect(full.body.invitations).toHaveLength(100);
      expect(full.body.invitations.map((i: Row) => i.id)).toEqual(pending.rows.slice(0, 100).map((r) => r.id));
      const rest = await owner.client.get("/organization/list-invitations", {
        query: { organizationId: orgId, status: "pending", cursor: full.body.invitationsNextCursor },
      });
      expect(rest.body.map((i: Row) => i.id)).toEqual(pending.rows.slice(100, 200).map((r) => r.id));
      // A pending cursor does not page the unfiltered listing.
      const mixed = await owner.client.get("/organization/list-invitations", {
        query: { organizationId: orgId, cursor: full.body.invitationsNextCursor },
      });
      expect(mixed.status).toBe(400);
    });

    test("list-sessions and admin list-user-sessions: newest first, every session once, no other user's", async () => {
      const auth = make();
      const me = await signUpUser(auth, `${unique("me")}@example.com`);
      const someone = await signUpUser(auth, `${unique("else")}@example.com`);
      const expiresAt = new Date(Date.now() + 86_400_000);
      for (let i = 0; i < 150; i++) {
        const userId = i % 6 === 0 ? someone.userId : me.userId;
        await auth.$context.db.create({
          model: "session",
          data: { userId, token: sha256Base64Url(generateId()), expiresAt, createdAt: at(i), updatedAt: at(i) },
        });
      }
      const mine = await pageAll(
        me.client,
        "/list-sessions",
        {},
        (b) => b as Row[],
        async () => {
          await signUpUser(auth, `${unique("noise")}@example.com`);
        },
      );
      expect(mine.pages).toBe(2);
      expect(mine.rows).toHaveLength(125 + 1);
      expect(mine.rows).toEqual(inOrder(mine.rows, "desc"));
      expect(mine.rows.every((r) => (r as Row & { userId: string }).userId === me.userId)).toBe(true);
      expect(mine.rows.filter((r) => (r as Row & { current: boolean }).current)).toHaveLength(1);

      await auth.$context.users.update(someone.userId, { role: "admin" });
      const listed: Row[] = [];
      let cursor: string | null = null;
      do {
        const r = await someone.client.post("/admin/list-user-sessions", {
          userId: me.userId,
          limit: 40,
          ...(cursor ? { cursor } : {}),
        });
        expect(r.status, r.text).toBe(200);
        listed.push(...r.body.sessions);
        cursor = r.body.nextCursor;
      } while (cursor);
      expect(listed.map((s) => s.id)).toEqual(mine.rows.map((s) => s.id));
    });

    test("admin list-users pages 1,050 users by cursor in createdAt order while others sign up", async () => {
      const auth = make();
      const boss = await signUpUser(auth, `${unique("boss")}@example.com`);
      await auth.$context.users.update(boss.userId, { role: "admin" });
      const ids = await seedUsers(auth, 1050, "lu");
      const { rows, pages } = await pageAll(
        boss.client,
        "/admin/list-users",
        { limit: "2000", searchValue: "lu-", sortDirection: "desc" },
        (b) => (b as { users: Row[] }).users,
        async () => void (await signUpUser(auth, `${unique("lu-late")}@example.com`)),
      );
      expect(pages).toBe(2);
      const seeded = rows.filter((r) => ids.includes(r.id));
      expect(seeded).toHaveLength(1050);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      expect(rows).toEqual(inOrder(rows, "desc"));
    });
  });
}
