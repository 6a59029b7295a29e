import { describe, expect, it } from "vitest";
import { makeDashboardAuth, newAdmin, newUser } from "./test-helpers.js";

const DATA_ENDPOINTS = [
  "overview",
  "user-detail",
  "user-names",
  "list-organizations",
  "get-organization",
  "list-api-keys",
];

describe("the dashboard during impersonation", () => {
  it("an admin impersonating a user gets the page and /api/me (impersonating, no permissions), nothing else", async () => {
    const env = makeDashboardAuth();
    const boss = await newAdmin(env);
    const target = await newUser(env);
    const started = await boss.client.post("/admin/impersonate-user", { userId: target.userId });
    expect(started.status).toBe(200);
    // The browser is now the impersonated user.
    const page = await boss.client.get("/dashboard");
    expect(page.status).toBe(200);
    const me = await boss.client.get("/dashboard/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { id: target.userId }, impersonating: true, permissions: {} });
    for (const name of DATA_ENDPOINTS) {
      const query: Record<string, string> =
        name.startsWith("get-") || name === "user-detail"
          ? { id: target.userId }
          : name === "user-names"
            ? { ids: target.userId }
            : {};
      const r = await boss.client.get(`/dashboard/api/${name}`, { query });
      expect([r.status, r.body.code], name).toEqual([403, "DASHBOARD_NOT_ALLOWED_WHILE_IMPERSONATING"]);
    }
    // The user's own (non-impersonated) session still gets a plain 403.
    expect((await target.client.get("/dashboard/api/me")).body.code).toBe("DASHBOARD_NOT_ALLOWED");
    // Stopping gives the admin the dashboard back.
    expect((await boss.client.post("/admin/stop-impersonating")).status).toBe(200);
    expect((await boss.client.get("/dashboard/api/me")).body).toMatchObject({ impersonating: false });
  });

  it("impersonating an admin (when allowed) cannot delete API keys or read data through the dashboard", async () => {
    const env = makeDashboardAuth({ admin: { allowImpersonatingAdmins: true } });
    const boss = await newAdmin(env);
    const other = await newAdmin(env);
    const key = await other.client.post("/api-key/create", { name: "theirs" });
    expect(key.status).toBe(200);
    expect((await boss.client.post("/admin/impersonate-user", { userId: other.userId })).status).toBe(200);
    const del = await boss.client.post("/dashboard/api/delete-api-key", { id: key.body.id });
    expect([del.status, del.body.code]).toEqual([403, "DASHBOARD_NOT_ALLOWED_WHILE_IMPERSONATING"]);
    const list = await boss.client.get("/dashboard/api/list-api-keys");
    expect(list.status).toBe(403);
    expect(await env.auth.$context.db.count({ model: "apikey", where: [{ field: "id", value: key.body.id }] })).toBe(1);
    // Without impersonating, the same admin may.
    expect((await boss.client.post("/admin/stop-impersonating")).status).toBe(200);
    expect((await boss.client.post("/dashboard/api/delete-api-key", { id: key.body.id })).status).toBe(200);
  });
});
