import { describe, expect, it } from "vitest";
import { encodeCursor } from "./audit-cursor.js";
import { addMember, createTestClient, makeAuditAuth, newAdmin, newUser, settle } from "./test-helpers.js";

describe("GET /admin/audit-log", () => {
  it("lists every event newest first with filters and cursor pagination", async () => {
    const env = makeAuditAuth();
    const a = await newAdmin(env);
    const u = await newUser(env);
    for (let i = 0; i < 3; i++)
      await createTestClient(env.auth).post("/sign-in/email", { email: u.email, password: "bad-pw-xyz" });
    await settle();
    const all = await a.client.get("/admin/audit-log");
    expect(all.status).toBe(200);
    const times = all.body.events.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    const page1 = await a.client.get("/admin/audit-log", { query: { userId: u.userId, limit: "2" } });
    expect(page1.body.events).toHaveLength(2);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await a.client.get("/admin/audit-log", {
      query: { userId: u.userId, limit: "2", cursor: page1.body.nextCursor },
    });
    const ids = [...page1.body.events, ...page2.body.events].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Sign-up + three failures, over exactly two pages, in the order of the whole listing.
    expect(ids).toHaveLength(4);
    expect(page2.body.nextCursor).toBeNull();
    const whole = await a.client.get("/admin/audit-log", { query: { userId: u.userId } });
    expect(whole.body.events.map((e: { id: string }) => e.id)).toEqual(ids);

    const failed = await a.client.get("/admin/audit-log", { query: { type: "user.sign_in_failed" } });
    expect(failed.body.events).toHaveLength(3);
    const byActor = await a.client.get("/admin/audit-log", { query: { actorUserId: a.userId } });
    expect(byActor.body.events.every((e: { actorUserId: string }) => e.actorUserId === a.userId)).toBe(true);
    const future = new Date(env.clock.now + 86_400_000).toISOString();
    expect((await a.client.get("/admin/audit-log", { query: { from: future } })).body.events).toEqual([]);
    expect((await a.client.get("/admin/audit-log", { query: { to: future } })).body.events.length).toBeGreaterThan(0);
  });

  it("answers bad input with 400s, never a 500", async () => {
    const env = makeAuditAuth();
    const a = await newAdmin(env);
    const bad: Record<string, string>[] = [
      { from: "yesterday" },
      { to: "2020-13-45" },
      { from: "2025-02-01", to: "2025-01-01" },
      { cursor: "not a cursor!" },
      { cursor: Buffer.from("x:y").toString("base64url") },
      { cursor: encodeCursor({ t: 1, id: "a" }).replace(/./, "~") },
      { limit: "-1" },
      { limit: "ten" },
      { unknown: "1" },
    ];
    for (const query of bad) {
      const r = await a.client.get("/admin/audit-log", { query });
      expect([JSON.stringify(query), r.status]).toEqual([JSON.stringify(query), 400]);
      expect(r.body.code).toEqual(expect.any(String));
    }
    // Out-of-range limits are clamped, not refused.
    expect((await a.client.get("/admin/audit-log", { query: { limit: "0" } })).status).toBe(200);
    expect((await a.client.get("/admin/audit-log", { query: { limit: "999" } })).status).toBe(200);
  });

  it("refuses non-admins (403), anonymous callers (401) and an admin impersonating a user (403)", async () => {
    const env = makeAuditAuth();
    const a = await newAdmin(env);
    const u = await newUser(env);
    expect((await u.client.get("/admin/audit-log")).status).toBe(403);
    expect((await createTestClient(env.auth).get("/admin/audit-log")).status).toBe(401);
    await a.client.post("/admin/impersonate-user", { userId: u.userId });
    expect((await a.client.get("/admin/audit-log")).status).toBe(403);
  });

  it("grants by the auditLog: list permission when roles are given", async () => {
    const { createAccessControl } = await import("@gatehouse-auth/core");
    const ac = createAccessControl({ auditLog: ["list"], user: ["list"] });
    const roles = { auditor: ac.newRole({ auditLog: ["list"] }), admin: ac.newRole({ user: ["list"] }) };
    const env = makeAuditAuth({ roles });
    const auditor = await newUser(env);
    await env.auth.$context.db.update({
      model: "user",
      where: [{ field: "id", value: auditor.userId }],
      update: { role: "auditor" },
    });
    const c = createTestClient(env.auth);
    await c.post("/sign-in/email", { email: auditor.email, password: auditor.password });
    expect((await c.get("/admin/audit-log")).status).toBe(200);
    const a = await newAdmin(env);
    expect((await a.client.get("/admin/audit-log")).status).toBe(403);
  });
});

describe("GET /list-security-events", () => {
  it("shows a user their own sign-ins (address, device) and failed attempts, and nobody else's", async () => {
    const env = makeAuditAuth();
    const u = await newUser(env);
    const other = await newUser(env);
    const phone = createTestClient(env.auth, undefined, "192.0.2.55");
    await phone.post("/sign-in/email", { email: u.email, password: "guess-guess" });
    await phone.post(
      "/sign-in/email",
      { email: u.email, password: u.password },
      { headers: { "user-agent": "Phone/1.0" } },
    );
    await other.client.post("/update-user", { name: "Other" });
    await settle();
    const r = await u.client.get("/list-security-events");
    expect(r.status).toBe(200);
    const types = r.body.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(["user.signed_in", "user.sign_in_failed", "user.signed_up"]);
    expect(r.body.events[0]).toMatchObject({ ipAddress: "192.0.2.55", userAgent: "Phone/1.0", userId: u.userId });
    expect(r.body.events.every((e: { userId: string }) => e.userId === u.userId)).toBe(true);
    expect((await createTestClient(env.auth).get("/list-security-events")).status).toBe(401);
    // Query filters cannot widen it to someone else.
    expect((await u.client.get("/list-security-events", { query: { userId: other.userId } })).status).toBe(400);
  });
});

describe("GET /list-security-events privacy", () => {
  it("shows what an admin did to the account without the admin's address or browser", async () => {
    const env = makeAuditAuth();
    const a = await newAdmin(env);
    const u = await newUser(env);
    const adminBrowser = createTestClient(env.auth, undefined, "198.51.100.77");
    await adminBrowser.post("/sign-in/email", { email: a.email, password: a.password });
    const set = await adminBrowser.post(
      "/admin/set-role",
      { userId: u.userId, role: "user" },
      { headers: { "user-agent": "AdminUA" } },
    );
    expect(set.status).toBe(200);
    await settle();
    const r = await u.client.get("/list-security-events", { query: { type: "user.role_changed" } });
    expect(r.body.events).toHaveLength(1);
    expect(r.body.events[0]).toMatchObject({ actorUserId: a.userId, ipAddress: null, userAgent: null });
    // The admin listing keeps them.
    const adminView = await adminBrowser.get("/admin/audit-log", { query: { type: "user.role_changed" } });
    expect(adminView.body.events[0]).toMatchObject({ ipAddress: "198.51.100.77", userAgent: "AdminUA" });
  });
});

describe("GET /organization/audit-log", () => {
  it("shows owners and admins their organization's events; members and strangers get 403", async () => {
    const env = makeAuditAuth();
    const owner = await newUser(env, "owner");
    const org = await owner.client.post("/organization/create", { name: "Org", slug: `org-${Date.now()}` });
    const organizationId = org.body.id as string;
    const otherOrg = await (await newUser(env, "o2")).client.post("/organization/create", {
      name: "O2",
      slug: `o2-${Date.now()}`,
    });
    const member = await newUser(env, "member");
    await addMember(env, { userId: member.userId, role: "member", organizationId });
    const orgAdmin = await newUser(env, "orgadmin");
    await addMember(env, { userId: orgAdmin.userId, role: "admin", organizationId });
    await settle();

    const r = await owner.client.get("/organization/audit-log", { query: { organizationId } });
    expect(r.status).toBe(200);
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual([
      "organization.member_added",
      "organization.member_added",
      "organization.created",
    ]);
    expect(r.body.events.every((e: { organizationId: string }) => e.organizationId === organizationId)).toBe(true);
    // The active organization (set by create) is the default.
    expect((await owner.client.get("/organization/audit-log")).body.events).toHaveLength(3);
    expect((await orgAdmin.client.get("/organization/audit-log", { query: { organizationId } })).status).toBe(200);
    expect((await member.client.get("/organization/audit-log", { query: { organizationId } })).status).toBe(403);
    const stranger = await newUser(env, "stranger");
    expect((await stranger.client.get("/organization/audit-log", { query: { organizationId } })).status).toBe(403);
    expect((await stranger.client.get("/organization/audit-log")).status).toBe(400);
    // An owner of one organization cannot read another's.
    expect(
      (await owner.client.get("/organization/audit-log", { query: { organizationId: otherOrg.body.id } })).status,
    ).toBe(403);
    expect(
      (await stranger.client.get("/organization/audit-log", { query: { organizationId: "missing" } })).status,
    ).toBe(403);
  });
});
