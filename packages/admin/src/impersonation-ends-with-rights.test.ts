// An impersonation is only as good as the impersonator's rights: banning, demoting, deleting or
// signing out the admin ends the impersonation sessions they opened, in the same operation.
import { describe, expect, it } from "vitest";
import { adminAccessControl, adminStatements } from "./access-control.js";
import type { AdminOptions } from "./admin-options.js";
import { makeAdminAuth, newAdmin, newUser, signIn, whoAmI } from "./test-helpers.js";

type Auth = ReturnType<typeof makeAdminAuth>;

const impersonationsBy = async (auth: Auth, adminId: string) =>
  (await auth.$context.db.findMany({ model: "session", where: [{ field: "impersonatedBy", value: adminId }] })).length;

/** `boss` (an admin) is impersonating `target` in boss.client; `other` is a second admin. */
async function impersonating(options: AdminOptions = {}, extra: Parameters<typeof makeAdminAuth>[1] = {}) {
  const auth = makeAdminAuth(options, extra);
  const boss = await newAdmin(auth);
  const other = await newAdmin(auth);
  const target = await newUser(auth);
  const r = await boss.client.post("/admin/impersonate-user", { userId: target.userId });
  expect(r.status).toBe(200);
  expect(await whoAmI(boss.client)).toBe(target.userId);
  expect(await impersonationsBy(auth, boss.userId)).toBe(1);
  return { auth, boss, other, target };
}

/** The impersonation is dead, and the target's own sign-in is untouched. */
async function expectEnded(s: Awaited<ReturnType<typeof impersonating>>) {
  expect((await s.boss.client.get("/get-session")).body).toBeNull();
  expect(await impersonationsBy(s.auth, s.boss.userId)).toBe(0);
  expect(await whoAmI(s.target.client)).toBe(s.target.userId);
}

describe("impersonation ends when the impersonator loses the right", () => {
  it("ban-user on the impersonator", async () => {
    const s = await impersonating();
    expect((await s.other.client.post("/admin/ban-user", { userId: s.boss.userId })).status).toBe(200);
    await expectEnded(s);
  });

  it("set-role to a role without user: impersonate ends it; a role that keeps the right does not", async () => {
    const roles = {
      admin: adminAccessControl.newRole(adminStatements),
      user: adminAccessControl.newRole({}),
      support: adminAccessControl.newRole({ user: ["impersonate", "list"] }),
    };
    const s = await impersonating({ roles });
    expect((await s.other.client.post("/admin/set-role", { userId: s.boss.userId, role: "support" })).status).toBe(200);
    expect(await whoAmI(s.boss.client)).toBe(s.target.userId);
    expect((await s.other.client.post("/admin/set-role", { userId: s.boss.userId, role: "user" })).status).toBe(200);
    await expectEnded(s);
  });

  it("remove-user on the impersonator", async () => {
    const s = await impersonating();
    expect((await s.other.client.post("/admin/remove-user", { userId: s.boss.userId })).status).toBe(200);
    await expectEnded(s);
  });

  it("revoke-user-sessions on the impersonator ends their impersonations with their own sessions", async () => {
    const s = await impersonating();
    const own = await signIn(s.auth, s.boss.email, s.boss.password);
    expect((await s.other.client.post("/admin/revoke-user-sessions", { userId: s.boss.userId })).status).toBe(200);
    await expectEnded(s);
    expect(await whoAmI(own.client)).toBeNull();
  });

  it("the impersonator's own sign-out everywhere (/revoke-sessions, /revoke-other-sessions) ends them too", async () => {
    for (const path of ["/revoke-sessions", "/revoke-other-sessions"]) {
      const s = await impersonating();
      const own = await signIn(s.auth, s.boss.email, s.boss.password);
      expect((await own.client.post(path)).status).toBe(200);
      await expectEnded(s);
    }
  });

  it("/revoke-sessions from the impersonation is refused (it takes only the user's own session): nothing ends", async () => {
    const s = await impersonating();
    const second = await newUser(s.auth);
    const own = await signIn(s.auth, s.boss.email, s.boss.password);
    expect((await own.client.post("/admin/impersonate-user", { userId: second.userId })).status).toBe(200);
    const refused = await s.boss.client.post("/revoke-sessions");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("CREDENTIAL_NOT_ALLOWED");
    expect(await whoAmI(s.target.client)).toBe(s.target.userId);
    expect(await whoAmI(own.client)).toBe(second.userId);
  });

  it("the impersonator deleting their own account (core /delete-user) ends them", async () => {
    const s = await impersonating({}, { user: { deleteUser: { enabled: true } } });
    const own = await signIn(s.auth, s.boss.email, s.boss.password);
    const r = await own.client.post("/delete-user", { password: s.boss.password });
    expect(r.status).toBe(200);
    expect(await s.auth.$context.users.findById(s.boss.userId)).toBeNull();
    await expectEnded(s);
  });

  it("other admins' impersonations are left alone", async () => {
    const s = await impersonating();
    const third = await newAdmin(s.auth);
    const victim = await newUser(s.auth);
    expect((await third.client.post("/admin/impersonate-user", { userId: victim.userId })).status).toBe(200);
    await s.other.client.post("/admin/ban-user", { userId: s.boss.userId });
    await expectEnded(s);
    expect(await whoAmI(third.client)).toBe(victim.userId);
  });

  it("an impersonation racing a ban or a demotion never survives it", async () => {
    for (const action of ["ban", "demote"] as const) {
      for (let i = 0; i < 5; i++) {
        const auth = makeAdminAuth();
        const boss = await newAdmin(auth);
        const other = await newAdmin(auth);
        const target = await newUser(auth);
        const takeAway =
          action === "ban"
            ? other.client.post("/admin/ban-user", { userId: boss.userId })
            : other.client.post("/admin/set-role", { userId: boss.userId, role: "user" });
        const [impersonation, taken] = await Promise.all([
          boss.client.post("/admin/impersonate-user", { userId: target.userId }),
          takeAway,
        ]);
        expect(taken.status).toBe(200);
        // Either order is fine; what may never happen is an impersonation left standing.
        expect([200, 401, 403]).toContain(impersonation.status);
        expect(await impersonationsBy(auth, boss.userId)).toBe(0);
        expect((await boss.client.get("/get-session")).body?.user.id ?? null).not.toBe(target.userId);
      }
    }
  });
});

describe("impersonate-user re-checks the admin inside its transaction", () => {
  it("an admin whose role lost the right meanwhile cannot start one, even on an already-loaded session", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const target = await newUser(auth);
    // Simulate the demotion landing between the session load and the transaction: the row changes
    // while the request is in flight, which only the in-transaction check can see.
    const db = auth.$context.db;
    const original = db.transaction.bind(db);
    let demoted = false;
    db.transaction = (async (fn: Parameters<typeof db.transaction>[0]) => {
      if (!demoted) {
        demoted = true;
        await auth.$context.users.update(boss.userId, { role: "user" });
      }
      return original(fn);
    }) as typeof db.transaction;
    const r = await boss.client.post("/admin/impersonate-user", { userId: target.userId });
    db.transaction = original;
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS");
    expect(await impersonationsBy(auth, boss.userId)).toBe(0);
  });
});
