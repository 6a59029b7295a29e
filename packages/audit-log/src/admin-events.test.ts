import { describe, expect, it } from "vitest";
import { eventsOf, makeAuditAuth, newAdmin, newUser, storedEvents } from "./test-helpers.js";

describe("admin events over HTTP", () => {
  it("records user created, updated, role changed, banned, unbanned, password set, sessions revoked, deleted", async () => {
    const env = makeAuditAuth();
    const a = await newAdmin(env);
    const created = await a.client.post("/admin/create-user", {
      email: "made-by-admin@example.com",
      password: "created-secret-1",
      name: "Made",
    });
    expect(created.status).toBe(200);
    const id = created.body.user.id as string;
    const steps: [string, unknown][] = [
      ["/admin/update-user", { userId: id, data: { name: "Renamed" } }],
      ["/admin/set-role", { userId: id, role: ["admin", "user"] }],
      ["/admin/set-role", { userId: id, role: "user" }],
      ["/admin/ban-user", { userId: id, banReason: "spam", banExpiresIn: 3600 }],
      ["/admin/unban-user", { userId: id }],
      ["/admin/set-user-password", { userId: id, newPassword: "admin-set-secret-2" }],
      ["/admin/revoke-user-sessions", { userId: id }],
      ["/admin/remove-user", { userId: id }],
    ];
    for (const [path, body] of steps) expect([path, (await a.client.post(path, body)).status]).toEqual([path, 200]);
    const about = (await storedEvents(env)).filter((e) => e.userId === id);
    // Setting a password ends the user's sessions as a reset does: core's hook reports it, without an actor.
    const fromHook = about.filter((e) => e.actorUserId === null);
    expect(fromHook.map((e) => [e.type, e.details.reason])).toEqual([["session.revoked", "password-reset"]]);
    const events = about.filter((e) => e.actorUserId !== null);
    expect(events.map((e) => e.type)).toEqual([
      "user.created",
      "user.updated",
      "user.role_changed",
      "user.role_changed",
      "user.banned",
      "user.unbanned",
      "password.changed",
      "session.revoked",
      "user.deleted",
    ]);
    for (const e of events) expect([e.type, e.actorUserId, e.outcome]).toEqual([e.type, a.userId, "success"]);
    expect(events[2]?.details).toMatchObject({ role: "admin,user" });
    expect(events[4]?.details).toMatchObject({ banReason: "spam", banExpiresIn: 3600 });
    const all = JSON.stringify(await storedEvents(env));
    expect(all).not.toContain("created-secret-1");
    expect(all).not.toContain("admin-set-secret-2");
  });

  it("records a refused admin action by a non-admin as a failure with the caller as actor", async () => {
    const env = makeAuditAuth();
    const u = await newUser(env);
    const victim = await newUser(env);
    const r = await u.client.post("/admin/ban-user", { userId: victim.userId });
    expect(r.status).toBe(403);
    const [event] = await eventsOf(env, "user.banned");
    expect(event).toMatchObject({ actorUserId: u.userId, userId: victim.userId, outcome: "failure" });
    expect(event?.details.status).toBe(403);
  });

  it("records impersonation start and stop with the real admin as actor, and actions during it", async () => {
    const env = makeAuditAuth();
    const a = await newAdmin(env);
    const u = await newUser(env);
    expect((await a.client.post("/admin/impersonate-user", { userId: u.userId })).status).toBe(200);
    // Acting as the user: the event concerns the user, the actor is the admin.
    expect((await a.client.post("/update-user", { name: "Set by support" })).status).toBe(200);
    expect((await a.client.post("/admin/stop-impersonating")).status).toBe(200);
    const started = await eventsOf(env, "impersonation.started");
    const stopped = await eventsOf(env, "impersonation.stopped");
    const updated = await eventsOf(env, "user.updated");
    expect(started[0]).toMatchObject({ actorUserId: a.userId, userId: u.userId, outcome: "success" });
    expect(updated[0]).toMatchObject({ actorUserId: a.userId, userId: u.userId, details: { impersonation: true } });
    expect(stopped[0]).toMatchObject({ actorUserId: a.userId, userId: u.userId, details: { impersonation: true } });
  });

  it("records one session revoked by an admin", async () => {
    const env = makeAuditAuth();
    const a = await newAdmin(env);
    const u = await newUser(env);
    const r = await a.client.post("/admin/revoke-user-session", { sessionToken: u.token });
    expect(r.status).toBe(200);
    const events = await eventsOf(env, "session.revoked");
    expect(events.at(-1)).toMatchObject({
      actorUserId: a.userId,
      userId: u.userId,
      outcome: "success",
      details: { scope: "one" },
    });
    expect(JSON.stringify(events)).not.toContain(u.token);
    // The revoked browser is signed out.
    expect((await u.client.get("/get-session")).body).toBeNull();
  });
});
