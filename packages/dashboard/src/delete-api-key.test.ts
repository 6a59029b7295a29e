import { describe, expect, it } from "vitest";
import { createTestClient, makeDashboardAuth, newAdmin, newUser, settle } from "./test-helpers.js";

async function keyOf(env: ReturnType<typeof makeDashboardAuth>) {
  const owner = await newUser(env, "owner");
  const created = await owner.client.post("/api-key/create", { name: "ci" });
  expect(created.status).toBe(200);
  return { owner, id: created.body.id as string, key: created.body.key as string };
}

const keyCount = (env: ReturnType<typeof makeDashboardAuth>, id: string) =>
  env.auth.$context.db.count({ model: "apikey", where: [{ field: "id", value: id }] });

describe("delete-api-key", () => {
  it("deletes any user's key (the key stops working), then answers 404; the audit log records it", async () => {
    const env = makeDashboardAuth();
    const k = await keyOf(env);
    const boss = await newAdmin(env);
    const before = await createTestClient(env.auth).get("/get-session", { headers: { "x-api-key": k.key } });
    expect(before.body?.user?.id).toBe(k.owner.userId);
    const r = await boss.client.post("/dashboard/api/delete-api-key", { id: k.id });
    expect([r.status, r.body]).toEqual([200, { success: true }]);
    expect(await keyCount(env, k.id)).toBe(0);
    const after = await createTestClient(env.auth).get("/get-session", { headers: { "x-api-key": k.key } });
    expect(after.body?.user?.id).toBeUndefined();
    const again = await boss.client.post("/dashboard/api/delete-api-key", { id: k.id });
    expect([again.status, again.body.code]).toEqual([404, "DASHBOARD_API_KEY_NOT_FOUND"]);
    const unknown = await boss.client.post("/dashboard/api/delete-api-key", { id: "no-such-key" });
    expect([unknown.status, unknown.body.code]).toEqual([404, "DASHBOARD_API_KEY_NOT_FOUND"]);

    await settle();
    const events = await env.auth.$context.db.findMany<Record<string, unknown>>({
      model: "auditEvent",
      where: [{ field: "type", value: "api_key.deleted" }],
      sortBy: { field: "createdAt", direction: "asc" },
    });
    expect(events[0]).toMatchObject({ userId: k.owner.userId, actorUserId: boss.userId, outcome: "success" });
    expect(JSON.parse(String(events[0]?.details))).toEqual({ keyId: k.id, byAdmin: true });
    // The refused repeats are recorded as failures.
    expect(events.slice(1).map((e) => e.outcome)).toEqual(["failure", "failure"]);
    expect(JSON.stringify(events)).not.toContain(k.key);
  });

  it("two racing deletes of one key: one 200, one 404", async () => {
    const env = makeDashboardAuth();
    const k = await keyOf(env);
    const boss = await newAdmin(env);
    const rs = await Promise.all([1, 2].map(() => boss.client.post("/dashboard/api/delete-api-key", { id: k.id })));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 404]);
  });

  it("is refused cross-site, whatever the cookies: core's origin check", async () => {
    const env = makeDashboardAuth();
    const k = await keyOf(env);
    const boss = await newAdmin(env);
    const attempts: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "http://sub.localhost:3000", "sec-fetch-site": "same-site" },
      { origin: "null" },
    ];
    for (const headers of attempts) {
      const r = await boss.client.post("/dashboard/api/delete-api-key", { id: k.id }, { headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.body.code, JSON.stringify(headers)).toMatch(/ORIGIN/);
    }
    // A cross-site form cannot send JSON; a form body is refused too.
    const form = await boss.client.post("/dashboard/api/delete-api-key", `id=${k.id}`, {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    expect(await keyCount(env, k.id)).toBe(1);
  });

  it("is refused to a plain user, even for their own key", async () => {
    const env = makeDashboardAuth();
    const k = await keyOf(env);
    const r = await k.owner.client.post("/dashboard/api/delete-api-key", { id: k.id });
    expect([r.status, r.body.code]).toEqual([403, "DASHBOARD_NOT_ALLOWED"]);
    expect(await keyCount(env, k.id)).toBe(1);
  });
});
