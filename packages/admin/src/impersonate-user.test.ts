// Impersonation: a short-lived session for the target, and a way back to the admin's own session.
import { describe, expect, it } from "vitest";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { makeAdminAuth, newAdmin, newUser, newUserWithRole, signIn, whoAmI } from "./test-helpers.js";

describe("impersonate-user and stop-impersonating", () => {
  it("round trip: the browser becomes the target, then the admin again; the target is untouched", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const target = await newUser(auth);
    const adminToken = (await boss.client.get("/get-session")).body.session.token;
    const r = await boss.client.post("/admin/impersonate-user", { userId: target.userId });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(target.userId);
    expect(r.body.session).toMatchObject({ userId: target.userId, impersonatedBy: boss.userId });
    const during = (await boss.client.get("/get-session")).body;
    expect(during.user.id).toBe(target.userId);
    expect(during.session.impersonatedBy).toBe(boss.userId);
    // The target's own sign-in is a separate session, left alone.
    expect(await whoAmI(target.client)).toBe(target.userId);
    expect(await auth.$context.sessions.listByUser(target.userId)).toHaveLength(2);

    const stop = await boss.client.post("/admin/stop-impersonating");
    expect(stop.status).toBe(200);
    expect(stop.body.user.id).toBe(boss.userId);
    expect(stop.body.session.token).toBe(adminToken);
    expect(await whoAmI(boss.client)).toBe(boss.userId);
    expect((await boss.client.get("/admin/list-users")).status).toBe(200);
    // The impersonation session is gone; the target's own stays.
    expect(await auth.$context.sessions.listByUser(target.userId)).toHaveLength(1);
    expect(await whoAmI(target.client)).toBe(target.userId);
  });

  it("the impersonation session lasts impersonationSessionDuration (default one hour)", async () => {
    for (const [options, seconds] of [
      [{}, 3600],
      [{ impersonationSessionDuration: 600 }, 600],
    ] as const) {
      const auth = makeAdminAuth(options);
      const boss = await newAdmin(auth);
      const target = await newUser(auth);
      const before = Date.now();
      const r = await boss.client.post("/admin/impersonate-user", { userId: target.userId });
      const expiresAt = new Date(r.body.session.expiresAt).getTime();
      expect(expiresAt).toBeGreaterThanOrEqual(before + seconds * 1000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + seconds * 1000);
    }
  });

  it("stop-impersonating is 400 when not impersonating and 401 without a session", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const r = await boss.client.post("/admin/stop-impersonating");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "NOT_IMPERSONATING", message: "You are not impersonating anyone" });
    expect(await whoAmI(boss.client)).toBe(boss.userId);
    expect((await createTestClient(auth).post("/admin/stop-impersonating")).status).toBe(401);
  });

  it("admins cannot be impersonated unless allowImpersonatingAdmins", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const other = await newAdmin(auth);
    const r = await boss.client.post("/admin/impersonate-user", { userId: other.userId });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: "CANNOT_IMPERSONATE_ADMINS", message: "You cannot impersonate admins" });
    // Several roles, one of them admin, still count as an admin.
    const mixed = await newUserWithRole(auth, "user,admin");
    expect((await boss.client.post("/admin/impersonate-user", { userId: mixed.userId })).status).toBe(403);
    expect(await whoAmI(boss.client)).toBe(boss.userId);

    const lenient = makeAdminAuth({ allowImpersonatingAdmins: true });
    const a = await newAdmin(lenient);
    const b = await newAdmin(lenient);
    expect((await a.client.post("/admin/impersonate-user", { userId: b.userId })).status).toBe(200);
    expect(await whoAmI(a.client)).toBe(b.userId);
  });

  it("refuses impersonating while impersonating (400) and unknown users (404)", async () => {
    const auth = makeAdminAuth({ allowImpersonatingAdmins: true });
    const boss = await newAdmin(auth);
    const other = await newAdmin(auth);
    expect((await boss.client.post("/admin/impersonate-user", { userId: "nobody" })).status).toBe(404);
    await boss.client.post("/admin/impersonate-user", { userId: other.userId });
    const nested = await boss.client.post("/admin/impersonate-user", { userId: boss.userId });
    expect(nested.status).toBe(400);
    expect(nested.body.code).toBe("ALREADY_IMPERSONATING");
    expect((await boss.client.post("/admin/stop-impersonating")).status).toBe(200);
    expect(await whoAmI(boss.client)).toBe(boss.userId);
  });

  it("a tampered admin-session cookie is no way back: the browser ends signed out", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const target = await newUser(auth);
    await boss.client.post("/admin/impersonate-user", { userId: target.userId });
    const name = [...boss.client.cookies.keys()].find((k) => k.endsWith("admin_session"));
    expect(name).toBeDefined();
    const value = boss.client.cookies.get(name!)!;
    // Change the first character to a different one (a token may itself start with "x").
    boss.client.cookies.set(name!, `${value.startsWith("x") ? "y" : "x"}${value.slice(1)}`);
    const r = await boss.client.post("/admin/stop-impersonating");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ session: null, user: null });
    expect(await whoAmI(boss.client)).toBeNull();
    expect(await auth.$context.sessions.listByUser(target.userId)).toHaveLength(1);
  });

  it("a banned user cannot be impersonated: no session is created for them", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const target = await newUser(auth);
    await boss.client.post("/admin/ban-user", { userId: target.userId });
    const r = await boss.client.post("/admin/impersonate-user", { userId: target.userId });
    expect(r.status).toBe(403);
    expect(r.body.message).toContain("banned");
    expect(await whoAmI(boss.client)).toBe(boss.userId);
  });

  it("the impersonation session follows the auth's clock and is never slid forward by a refresh", async () => {
    // Ten days behind the wall clock: anything reading Date.now() instead of the auth's clock shows.
    const clock = { now: Date.now() - 10 * 86400_000 };
    const auth = makeAdminAuth({}, { advanced: { now: () => clock.now } });
    const boss = await newAdmin(auth);
    const target = await newUser(auth);
    const started = clock.now;
    const r = await boss.client.post("/admin/impersonate-user", { userId: target.userId });
    expect(Date.parse(r.body.session.expiresAt)).toBe(started + 3600_000);
    // An ordinary session of this age would be due for a refresh (its expiry is a week minus an hour
    // away from its lifetime), so every get-session below would push it out to a week without the guard.
    for (const step of [0, 1800_000, 1700_000]) {
      clock.now += step;
      const during = await boss.client.get("/get-session");
      expect(during.body.user.id).toBe(target.userId);
      expect(Date.parse(during.body.session.expiresAt)).toBe(started + 3600_000);
      expect(during.headers.getSetCookie()).toEqual([]);
    }
    clock.now = started + 3600_000 + 1;
    expect(await whoAmI(boss.client)).toBeNull();
    // The admin's own session is an ordinary one: it still slides.
    const own = await signIn(auth, boss.email, boss.password);
    clock.now += 86400_000 + 1;
    const slid = await own.client.get("/get-session");
    expect(Date.parse(slid.body.session.expiresAt)).toBe(clock.now + 7 * 86400_000);
  });
});
