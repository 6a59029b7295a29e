import type { Adapter, AuthOptions } from "@gatehouse-auth/core";
import { memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import type { NewAuditEvent } from "./audit-event.js";
import { auditLog } from "./audit-log-plugin.js";
import { createTestClient, eventsOf, makeAuditAuth, newEmail, newUser, settle, storedEvents } from "./test-helpers.js";

/** A memory adapter whose audit writes fail (a full disk, a dropped table). */
function brokenAuditTable(): AuthOptions["database"] {
  const factory = memoryAdapter();
  return (input) => {
    const inner = factory(input);
    const adapter: Adapter = {
      ...inner,
      create: (args) => (args.model === "auditEvent" ? Promise.reject(new Error("disk full")) : inner.create(args)),
    };
    return adapter;
  };
}

describe("recording never breaks a request", () => {
  it("a failing database write is logged and the request answers as usual", async () => {
    const env = makeAuditAuth({}, { database: brokenAuditTable() });
    const u = await newUser(env);
    const r = await createTestClient(env.auth).post("/sign-in/email", { email: u.email, password: u.password });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(u.userId);
    await settle();
    expect(env.logged.length).toBeGreaterThanOrEqual(2);
    expect(String(env.logged[0]?.[0])).toContain("audit-log");
  });

  it("a throwing or rejecting sink is logged, the row is still stored, and the request answers", async () => {
    for (const sink of [
      () => {
        throw new Error("pipeline down");
      },
      () => Promise.reject(new Error("pipeline down")),
    ]) {
      const env = makeAuditAuth({ sink });
      const u = await newUser(env);
      expect((await u.client.post("/update-user", { name: "Still works" })).status).toBe(200);
      await settle();
      expect(await eventsOf(env, "user.updated")).toHaveLength(1);
      expect(env.logged.some((args) => String(args[0]).includes("sink"))).toBe(true);
    }
  });

  it("a sink-only setup sends events and creates no table", async () => {
    const seen: NewAuditEvent[] = [];
    const env = makeAuditAuth({ database: false, sink: (e) => void seen.push(e) });
    const u = await newUser(env);
    await settle();
    expect(seen.map((e) => [e.type, e.userId])).toEqual([["user.signed_up", u.userId]]);
    expect(env.auth.$context.schema.auditEvent).toBeUndefined();
    // Nothing stored, so nothing to list: the endpoints are not served.
    expect((await u.client.get("/list-security-events")).status).toBe(404);
  });

  it("refuses nonsensical options at startup", () => {
    expect(() => auditLog({ retentionDays: 0 })).toThrow(/retentionDays/);
    expect(() => auditLog({ retentionDays: 1.5 })).toThrow(/retentionDays/);
    expect(() => auditLog({ database: false })).toThrow(/sink/);
  });
});

describe("retention", () => {
  it("the cleanup job deletes events older than retentionDays; a write deletes nothing", async () => {
    const env = makeAuditAuth({ retentionDays: 7 });
    const old = await newUser(env);
    await settle();
    env.clock.now += 8 * 86_400_000;
    const fresh = await newUser(env);
    await settle();
    // No sweep rides on a user's request: the old event is still there after the write.
    expect((await storedEvents(env)).some((e) => e.userId === old.userId)).toBe(true);
    const { deleted } = await env.auth.api.cleanup();
    expect(deleted.auditEvent).toBe(1);
    const events = await storedEvents(env);
    expect(events.map((e) => e.userId)).toEqual([fresh.userId]);
    // The old day's sign-up counter went with its event; today's stays for the overview's chart.
    expect(deleted.auditDailyCount).toBe(1);
    const counters = await env.auth.$context.db.findMany<{ day: string; type: string; count: number }>({
      model: "auditDailyCount",
    });
    expect(counters.map((c) => [c.day, c.type, c.count])).toEqual([
      [new Date(env.clock.now).toISOString().slice(0, 10), "user.signed_up", 1],
    ]);
  });

  it("without retentionDays the cleanup job keeps every event", async () => {
    const env = makeAuditAuth();
    await newUser(env);
    await settle();
    env.clock.now += 100 * 86_400_000;
    const { deleted } = await env.auth.api.cleanup();
    expect(deleted.auditEvent).toBeUndefined();
    expect(deleted.auditDailyCount).toBeUndefined();
    expect(await storedEvents(env)).toHaveLength(1);
  });
});

describe("no secret is recorded", () => {
  it("passwords, reset tokens, session tokens and unknown body fields never reach a row", async () => {
    const env = makeAuditAuth();
    const password = "Sup3r-Secret-Pass!";
    const email = newEmail();
    const b = createTestClient(env.auth);
    await b.post("/sign-up/email", { name: "S", email, password });
    await createTestClient(env.auth).post("/sign-in/email", { email, password: "Wr0ng-Secret-Pass!" });
    // An unknown field is a 400, recorded as a failed sign-in without the body.
    const extra = await createTestClient(env.auth).post("/sign-in/email", {
      email,
      password,
      token: "Injected-Secret-Token",
    });
    expect(extra.status).toBe(400);
    await b.post("/change-password", { currentPassword: password, newPassword: "N3w-Secret-Pass!" });
    await settle();
    const all = JSON.stringify(await storedEvents(env));
    for (const secret of [password, "Wr0ng-Secret-Pass!", "Injected-Secret-Token", "N3w-Secret-Pass!"])
      expect(all).not.toContain(secret);
    expect((await eventsOf(env, "user.sign_in_failed")).map((e) => e.details.status)).toEqual([401, 400]);
  });
});
