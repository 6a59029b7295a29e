import { admin } from "@gatehouse-auth/admin";
import { passkey } from "@gatehouse-auth/passkey";
import type { AdapterFactory, Adapter } from "@gatehouse-auth/core";
import { memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import {
  type DashboardEnv,
  callApi,
  createTestClient,
  makeDashboardAuth,
  newAdmin,
  newUser,
  settle,
} from "./test-helpers.js";

const DAY = 86_400_000;

/** Two users in an organization with a team and an invitation, and API keys. */
async function seedData(env: DashboardEnv) {
  const owner = await newUser(env, "owner");
  const member = await newUser(env, "member");
  const slug = `acme-${owner.userId.toLowerCase()}`;
  const org = (await owner.client.post("/organization/create", { name: "Acme Corp", slug })).body as { id: string };
  await callApi(env, "addMember", { body: { userId: member.userId, role: "member", organizationId: org.id } });
  const team = await owner.client.post("/organization/create-team", { name: "Ops", organizationId: org.id });
  expect(team.status).toBe(200);
  const inv = await owner.client.post("/organization/invite-member", {
    email: "invitee@example.com",
    role: "member",
    organizationId: org.id,
  });
  expect(inv.status).toBe(200);
  // Zeta is newer than Acme in the listing tests: never in the same millisecond.
  await new Promise((r) => setTimeout(r, 3));
  const other = (
    await owner.client.post("/organization/create", { name: "Zeta", slug: `zeta-${owner.userId.toLowerCase()}` })
  ).body as { id: string };
  const key = await owner.client.post("/api-key/create", { name: "ci" });
  expect(key.status).toBe(200);
  const key2 = await member.client.post("/api-key/create", { name: "laptop" });
  return {
    owner,
    member,
    org,
    other,
    key: key.body as { id: string; key: string },
    key2: key2.body as { id: string; key: string },
  };
}

/** Every secret the seeded data holds, to look for in raw response text. */
async function secretsOf(env: DashboardEnv) {
  const db = env.auth.$context.db;
  const accounts = await db.findMany<Record<string, unknown>>({ model: "account" });
  const sessions = await db.findMany<Record<string, unknown>>({ model: "session" });
  const keys = await db.findMany<Record<string, unknown>>({ model: "apikey" });
  return [...accounts.map((a) => a.password), ...sessions.map((s) => s.token), ...keys.map((k) => k.key)].filter(
    (v): v is string => typeof v === "string" && v.length > 0,
  );
}

describe("the data endpoints", () => {
  it("user-detail: the user, sign-in methods, sessions, organizations and keys — never a secret", async () => {
    const env = makeDashboardAuth();
    const s = await seedData(env);
    const boss = await newAdmin(env);
    const r = await boss.client.get("/dashboard/api/user-detail", { query: { id: s.owner.userId } });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: s.owner.userId, email: s.owner.email, role: "user", banned: false });
    expect(r.body.accounts).toEqual([
      { id: expect.any(String), providerId: "credential", accountId: s.owner.userId, createdAt: expect.any(String) },
    ]);
    expect(r.body.sessions).toHaveLength(1);
    expect(Object.keys(r.body.sessions[0]).sort()).toEqual(
      ["createdAt", "expiresAt", "id", "impersonatedBy", "ipAddress", "updatedAt", "userAgent"].sort(),
    );
    expect(r.body.organizations.map((o: { name: string; role: string }) => [o.name, o.role]).sort()).toEqual([
      ["Acme Corp", "owner"],
      ["Zeta", "owner"],
    ]);
    expect(r.body.apiKeys).toEqual([
      {
        id: s.key.id,
        name: "ci",
        start: expect.any(String),
        enabled: true,
        expiresAt: null,
        createdAt: expect.any(String),
      },
    ]);
    for (const secret of [...(await secretsOf(env)), s.key.key, s.owner.token]) expect(r.text).not.toContain(secret);
    expect(r.text).not.toMatch(/"(password|token|key|accessToken|refreshToken|idToken)"/);
  });

  it("user-detail: passkeys (name, kind, backup) when the plugin is installed — never the key or credential id", async () => {
    const env = makeDashboardAuth({
      plugins: [admin(), passkey({ rpID: "localhost", origin: "http://localhost:3000" })],
    });
    const pat = await newUser(env);
    const boss = await newAdmin(env);
    // Registering needs an authenticator (the example app's browser test does it); the row is what matters here.
    await env.auth.$context.db.create({
      model: "passkey",
      data: {
        userId: pat.userId,
        name: "Work laptop",
        publicKey: "PUBLIC-KEY-BYTES",
        credentialID: "CREDENTIAL-ID-BYTES",
        counter: 0,
        deviceType: "multiDevice",
        backedUp: true,
        createdAt: new Date(),
      },
    });
    const r = await boss.client.get("/dashboard/api/user-detail", { query: { id: pat.userId } });
    expect(r.status).toBe(200);
    expect(r.body.passkeys).toEqual([
      {
        id: expect.any(String),
        name: "Work laptop",
        deviceType: "multiDevice",
        backedUp: true,
        createdAt: expect.any(String),
      },
    ]);
    expect(r.text).not.toContain("PUBLIC-KEY-BYTES");
    expect(r.text).not.toContain("CREDENTIAL-ID-BYTES");
    // Without the plugin there is nothing to show, and the answer says so with null.
    const plain = makeDashboardAuth();
    const other = await newUser(plain);
    const admin2 = await newAdmin(plain);
    const none = await admin2.client.get("/dashboard/api/user-detail", { query: { id: other.userId } });
    expect(none.body.passkeys).toBeNull();
  });

  it("user-names: names the audit table's ids in one call, for admins who may look users up", async () => {
    const env = makeDashboardAuth();
    const pat = await newUser(env, "pat");
    const boss = await newAdmin(env);
    const ids = [pat.userId, boss.userId, "deleted-user-id", pat.userId].join(",");
    const r = await boss.client.get("/dashboard/api/user-names", { query: { ids } });
    expect(r.status).toBe(200);
    expect(r.body.users).toEqual({
      [pat.userId]: { name: expect.any(String), email: pat.email },
      [boss.userId]: { name: expect.any(String), email: boss.email },
    });
    // A user without the dashboard, an empty or oversized list: refused with a code.
    expect((await pat.client.get("/dashboard/api/user-names", { query: { ids: boss.userId } })).status).toBe(403);
    const empty = await boss.client.get("/dashboard/api/user-names", { query: { ids: "" } });
    expect([empty.status, empty.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    const many = Array.from({ length: 201 }, (_, i) => `id-${i}`).join(",");
    const tooMany = await boss.client.get("/dashboard/api/user-names", { query: { ids: many } });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, "VALIDATION_ERROR"]);
  });

  it("list-organizations: search, paging, member counts", async () => {
    const env = makeDashboardAuth();
    const s = await seedData(env);
    const boss = await newAdmin(env);
    const all = await boss.client.get("/dashboard/api/list-organizations");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    // Newest first.
    expect(all.body.organizations.map((o: { name: string }) => o.name)).toEqual(["Zeta", "Acme Corp"]);
    expect(all.body.organizations.find((o: { id: string }) => o.id === s.org.id)).toMatchObject({ memberCount: 2 });
    const found = await boss.client.get("/dashboard/api/list-organizations", { query: { search: "acme c" } });
    expect(found.body.organizations.map((o: { id: string }) => o.id)).toEqual([s.org.id]);
    const bySlug = await boss.client.get("/dashboard/api/list-organizations", { query: { search: "ZETA-" } });
    expect(bySlug.body.total).toBe(1);
    const page = await boss.client.get("/dashboard/api/list-organizations", { query: { limit: "1", offset: "1" } });
    expect(page.body).toMatchObject({ total: 2, limit: 1, offset: 1, organizations: [{ name: "Acme Corp" }] });
  });

  it("get-organization: members with their users, invitations, teams with sizes", async () => {
    const env = makeDashboardAuth();
    const s = await seedData(env);
    const boss = await newAdmin(env);
    const r = await boss.client.get("/dashboard/api/get-organization", { query: { id: s.org.id } });
    expect(r.status).toBe(200);
    expect(r.body.organization).toMatchObject({ id: s.org.id, name: "Acme Corp", metadata: null });
    expect(r.body.memberCount).toBe(2);
    type M = { role: string; createdAt: string; user: { email: string } };
    // Oldest first; the owner and the added member can share a millisecond, so ties may come in either order.
    const joined = r.body.members.map((m: M) => Date.parse(m.createdAt));
    expect(joined).toEqual([...joined].sort((a, b) => a - b));
    expect(r.body.members.map((m: M) => [m.role, m.user.email]).sort()).toEqual(
      [
        ["owner", s.owner.email],
        ["member", s.member.email],
      ].sort(),
    );
    expect(r.body.invitations).toEqual([
      expect.objectContaining({
        email: "invitee@example.com",
        role: "member",
        status: "pending",
        inviterId: s.owner.userId,
      }),
    ]);
    expect(r.body.teams).toContainEqual(expect.objectContaining({ name: "Ops", memberCount: 0 }));
    for (const secret of await secretsOf(env)) expect(r.text).not.toContain(secret);
  });

  it("list-api-keys: every user's keys with owners, or one user's; never the key or its hash", async () => {
    const env = makeDashboardAuth();
    const s = await seedData(env);
    const boss = await newAdmin(env);
    const r = await boss.client.get("/dashboard/api/list-api-keys");
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(2);
    const pairs = r.body.apiKeys.map((k: { id: string; user: { email: string } }) => `${k.id} ${k.user.email}`);
    expect(pairs.sort()).toEqual([`${s.key2.id} ${s.member.email}`, `${s.key.id} ${s.owner.email}`].sort());
    expect(Object.keys(r.body.apiKeys[0]).sort()).toEqual(
      ["createdAt", "enabled", "expiresAt", "id", "lastRequest", "name", "prefix", "start", "user", "userId"].sort(),
    );
    const mine = await boss.client.get("/dashboard/api/list-api-keys", { query: { userId: s.owner.userId } });
    expect(mine.body.apiKeys.map((k: { id: string }) => k.id)).toEqual([s.key.id]);
    for (const secret of [...(await secretsOf(env)), s.key.key, s.key2.key]) expect(r.text).not.toContain(secret);
  });

  it("overview: per UTC day, oldest first, sign-ups, sign-ins and failures from the audit log, and totals", async () => {
    const env = makeDashboardAuth();
    const today = Math.floor(env.clock.now / DAY) * DAY;
    // Two days ago: one sign-up, one failure. Events are stamped in increasing order, so oldest first.
    env.clock.now = today - 2 * DAY + 3_600_000;
    const early = await newUser(env);
    expect(
      (await createTestClient(env.auth).post("/sign-in/email", { email: early.email, password: "wrong-pass-1" }))
        .status,
    ).toBe(401);
    env.clock.now = today + 3_600_000;
    const late = await newUser(env);
    expect(
      (await createTestClient(env.auth).post("/sign-in/email", { email: late.email, password: late.password })).status,
    ).toBe(200);
    const boss = await newAdmin(env);
    await env.auth.$context.db.update({
      model: "user",
      where: [{ field: "id", value: early.userId }],
      update: { banned: true },
    });
    await settle();
    const r = await boss.client.get("/dashboard/api/overview", { query: { days: "3" } });
    expect(r.status).toBe(200);
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(r.body.days).toEqual([
      { date: iso(today - 2 * DAY), signUps: 1, signIns: 0, failedSignIns: 1 },
      { date: iso(today - DAY), signUps: 0, signIns: 0, failedSignIns: 0 },
      // Two sign-ups (late, boss), one sign-in.
      { date: iso(today), signUps: 2, signIns: 1, failedSignIns: 0 },
    ]);
    expect(r.body.totals).toEqual({ users: 3, bannedUsers: 1, activeSessions: 4, organizations: 0, apiKeys: 0 });
    const dflt = await boss.client.get("/dashboard/api/overview");
    expect(dflt.body.days).toHaveLength(30);
    expect(dflt.body.days.at(-1).date).toBe(iso(today));
  });

  it("overview charts the audit log's per-day counters, not the event rows, and every concurrent event counts", async () => {
    const env = makeDashboardAuth();
    const boss = await newAdmin(env);
    // Rows written behind the audit log's back are not charted: the chart never counts events at view time.
    await env.auth.$context.db.create({
      model: "auditEvent",
      data: { type: "user.signed_in", outcome: "success", details: "{}", createdAt: new Date(env.clock.now) },
    });
    // Eight sign-ups at once: each increments today's counter in one atomic statement, or creates it once.
    await Promise.all(Array.from({ length: 8 }, () => newUser(env)));
    await settle();
    const r = await boss.client.get("/dashboard/api/overview", { query: { days: "1" } });
    expect(r.status).toBe(200);
    expect(r.body.days).toEqual([
      { date: new Date(env.clock.now).toISOString().slice(0, 10), signUps: 9, signIns: 0, failedSignIns: 0 },
    ]);
    const counters = await env.auth.$context.db.findMany<{ id: string; count: number }>({ model: "auditDailyCount" });
    expect(counters).toHaveLength(1);
  });

  it("overview totals are counted at most once a minute, after the answer once stale, and say when", async () => {
    const env = makeDashboardAuth();
    const boss = await newAdmin(env);
    const first = await boss.client.get("/dashboard/api/overview", { query: { days: "1" } });
    expect(first.body.totals.users).toBe(1);
    expect(first.body.totalsCountedAt).toBe(new Date(env.clock.now).toISOString());
    await newUser(env);
    env.clock.now += 30_000;
    const cached = await boss.client.get("/dashboard/api/overview", { query: { days: "1" } });
    expect([cached.body.totals.users, cached.body.totalsCountedAt]).toEqual([1, first.body.totalsCountedAt]);
    // The chart is not cached: today's second sign-up shows at once.
    expect(cached.body.days[0].signUps).toBe(2);
    env.clock.now += 31_000;
    // Stale: this view is answered at once with the old totals and their time; the recount runs after it.
    const stale = await boss.client.get("/dashboard/api/overview", { query: { days: "1" } });
    expect([stale.body.totals.users, stale.body.totalsCountedAt]).toEqual([1, first.body.totalsCountedAt]);
    await env.auth.settled();
    const recounted = await boss.client.get("/dashboard/api/overview", { query: { days: "1" } });
    expect([recounted.body.totals.users, recounted.body.totalsCountedAt]).toEqual([
      2,
      new Date(env.clock.now).toISOString(),
    ]);
  });
});

describe("bounded queries", () => {
  /** A memory adapter that counts reads. */
  function countingAdapter() {
    const counts = { reads: 0 };
    const factory: AdapterFactory = (ctx) => {
      const inner: Adapter = memoryAdapter()(ctx);
      return new Proxy(inner, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (typeof value === "function" && ["findOne", "findMany", "count"].includes(String(prop)))
            return (...args: unknown[]) => {
              counts.reads++;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          return value;
        },
      });
    };
    return { counts, factory };
  }

  it("list pages cost a fixed number of queries whatever their size (no query per row)", async () => {
    const { counts, factory } = countingAdapter();
    const env = makeDashboardAuth({ extra: { database: factory } });
    const boss = await newAdmin(env);
    const measure = async (path: string, query: Record<string, string>) => {
      const before = counts.reads;
      const r = await boss.client.get(path, { query });
      expect(r.status, path).toBe(200);
      return counts.reads - before;
    };
    const cost = async () => {
      // Past the overview's one-minute totals cache: the first view counts, the second reuses the counts.
      env.clock.now += 61_000;
      return [
        await measure("/dashboard/api/list-organizations", {}),
        await measure("/dashboard/api/list-api-keys", {}),
        await measure("/dashboard/api/overview", { days: "7" }),
        await measure("/dashboard/api/overview", { days: "90" }),
      ];
    };
    await boss.client.post("/organization/create", { name: "One", slug: "one-1" });
    await boss.client.post("/api-key/create", { name: "one" });
    const small = await cost();
    for (let i = 0; i < 12; i++) {
      const u = await newUser(env);
      await u.client.post("/organization/create", { name: `Org ${i}`, slug: `org-${i}-${u.userId.toLowerCase()}` });
      await u.client.post("/api-key/create", { name: `k${i}` });
    }
    expect(await cost()).toEqual(small);
  });
});

describe("bad input is a 4xx with a code, never a 500", () => {
  it("refuses malformed queries and bodies", async () => {
    const env = makeDashboardAuth();
    const boss = await newAdmin(env);
    const cases: [string, Record<string, string>][] = [
      ["overview", { days: "0" }],
      ["overview", { days: "91" }],
      ["overview", { days: "1000" }],
      ["overview", { days: "-1" }],
      ["overview", { days: "abc" }],
      ["overview", { days: "1.5" }],
      ["overview", { days: "" }],
      ["overview", { extra: "1" }],
      ["list-organizations", { limit: "-1" }],
      ["list-organizations", { limit: "abc" }],
      ["list-organizations", { limit: "0" }],
      ["list-organizations", { limit: "201" }],
      ["list-organizations", { limit: "1e400" }],
      ["list-organizations", { offset: "-1" }],
      ["list-organizations", { offset: "99999999999" }],
      ["list-organizations", { search: "x".repeat(300) }],
      ["list-api-keys", { limit: "abc" }],
      ["list-api-keys", { userId: "" }],
      ["list-api-keys", { userId: "x".repeat(300) }],
      ["user-detail", {}],
      ["user-detail", { id: "" }],
      ["user-detail", { id: "x".repeat(300) }],
      ["get-organization", {}],
      ["get-organization", { id: "" }],
    ];
    for (const [name, query] of cases) {
      const r = await boss.client.get(`/dashboard/api/${name}`, { query });
      expect([r.status, r.body?.code], `${name} ${JSON.stringify(query)}`).toEqual([400, "VALIDATION_ERROR"]);
    }
    const unknown: [string, Record<string, string>, string][] = [
      ["user-detail", { id: "no-such-user" }, "USER_NOT_FOUND"],
      ["get-organization", { id: "no-such-org" }, "DASHBOARD_ORGANIZATION_NOT_FOUND"],
      ["user-detail", { id: "__proto__" }, "USER_NOT_FOUND"],
      ["get-organization", { id: "constructor" }, "DASHBOARD_ORGANIZATION_NOT_FOUND"],
    ];
    for (const [name, query, code] of unknown) {
      const r = await boss.client.get(`/dashboard/api/${name}`, { query });
      expect([r.status, r.body?.code], name).toEqual([404, code]);
    }
    const empty = await boss.client.get("/dashboard/api/list-api-keys", { query: { userId: "nobody" } });
    expect(empty.body).toMatchObject({ apiKeys: [], total: 0 });
    const bodies: unknown[] = [{}, { id: "" }, { id: 5 }, { id: ["a"] }, { id: "a", extra: 1 }, null, [], "id"];
    for (const body of bodies) {
      const r = await boss.client.post("/dashboard/api/delete-api-key", body);
      expect(r.status === 400 || r.status === 415, `${JSON.stringify(body)} ${r.status}`).toBe(true);
      expect(r.body?.code, JSON.stringify(body)).toMatch(/^[A-Z_]+$/);
    }
    const raw = await boss.client.post("/dashboard/api/delete-api-key", "{not json", {
      raw: true,
      headers: { "content-type": "application/json" },
    });
    expect([raw.status, raw.body?.code]).toEqual([400, expect.stringMatching(/^[A-Z_]+$/)]);
    const form = await boss.client.post("/dashboard/api/delete-api-key", "id=x", {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([400, 415]).toContain(form.status);
  });
});
