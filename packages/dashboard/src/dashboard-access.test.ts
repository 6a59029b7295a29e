import { adminStatements } from "@gatehouse-auth/admin";
import { auditLogStatements } from "@gatehouse-auth/audit-log";
import { createAccessControl } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { dashboardStatements, reportedPluginStatements } from "./dashboard-statements.js";
import {
  type DashboardEnv,
  type TestClient,
  type TestResponse,
  createTestClient,
  makeDashboardAuth,
  newAdmin,
  newUser,
  userWithId,
} from "./test-helpers.js";

/** An organization, an API key and a user to point every endpoint at. */
async function seed(env: DashboardEnv) {
  const owner = await newUser(env, "owner");
  const org = await owner.client.post("/organization/create", { name: "Acme", slug: `acme-${owner.userId}` });
  expect(org.status).toBe(200);
  const key = await owner.client.post("/api-key/create", { name: "ci" });
  expect(key.status).toBe(200);
  return { owner, orgId: org.body.id as string, keyId: key.body.id as string };
}

type Seed = Awaited<ReturnType<typeof seed>>;

/** Every dashboard endpoint, with valid input. */
const calls = (s: Seed): [string, (c: TestClient) => Promise<TestResponse>][] => [
  ["page", (c) => c.get("/dashboard")],
  ["me", (c) => c.get("/dashboard/api/me")],
  ["overview", (c) => c.get("/dashboard/api/overview")],
  ["user-detail", (c) => c.get("/dashboard/api/user-detail", { query: { id: s.owner.userId } })],
  ["list-organizations", (c) => c.get("/dashboard/api/list-organizations")],
  ["get-organization", (c) => c.get("/dashboard/api/get-organization", { query: { id: s.orgId } })],
  ["list-api-keys", (c) => c.get("/dashboard/api/list-api-keys")],
  ["delete-api-key", (c) => c.post("/dashboard/api/delete-api-key", { id: s.keyId })],
];

const everything = Object.fromEntries(
  Object.entries({ ...reportedPluginStatements, ...dashboardStatements }).map(([r, a]) => [r, [...a]]),
);

describe("who may use the dashboard", () => {
  it("a stranger gets 401 everywhere, a plain user 403, an admin 200", async () => {
    const env = makeDashboardAuth();
    const s = await seed(env);
    const stranger = createTestClient(env.auth);
    const user = await newUser(env);
    const boss = await newAdmin(env);
    for (const [name, call] of calls(s)) {
      const r = await call(stranger);
      expect(r.status, name).toBe(401);
      const u = await call(user.client);
      expect(u.status, name).toBe(403);
      if (name !== "page") expect(u.body.code, name).toBe("DASHBOARD_NOT_ALLOWED");
    }
    for (const [name, call] of calls(s)) expect((await call(boss.client)).status, name).toBe(200);
    expect((await boss.client.get("/dashboard/api/me")).body.permissions).toEqual(everything);
    expect((await boss.client.get("/dashboard/api/me")).body.roles).toBeNull();
  });

  it("reports exactly the admin plugin's and the audit log's statements, besides its own", () => {
    expect(reportedPluginStatements).toEqual({ ...adminStatements, ...auditLogStatements });
  });

  it("adminUserIds get everything whatever their role; adminRoles names the roles that do", async () => {
    const listedId = `listed${Date.now()}`;
    const env = makeDashboardAuth({ dashboard: { adminUserIds: [listedId], adminRoles: ["ops"] } });
    const s = await seed(env);
    const listed = await userWithId(env, listedId);
    expect((await listed.client.get("/get-session")).body.user.role).toBe("user");
    expect((await listed.client.get("/dashboard/api/me")).body.permissions).toEqual(everything);
    const ops = await newAdmin(env, "user,ops");
    expect((await ops.client.get("/dashboard/api/me")).body.permissions).toEqual(everything);
    // "admin" is not one of this app's dashboard roles.
    const plainAdmin = await newAdmin(env, "admin");
    expect((await plainAdmin.client.get("/dashboard/api/me")).status).toBe(403);
    for (const [name, call] of calls(s)) expect((await call(listed.client)).status, name).toBe(200);
  });

  it("custom roles grant exactly their actions: /api/me shows them, the other endpoints 403", async () => {
    const ac = createAccessControl({ ...adminStatements, ...auditLogStatements, ...dashboardStatements });
    const roles = {
      admin: ac.newRole({ ...adminStatements, ...auditLogStatements, ...dashboardStatements }),
      support: ac.newRole({ dashboard: ["view"], user: ["list", "get"], organization: ["list"] }),
      auditor: ac.newRole({ auditLog: ["list"] }),
      user: ac.newRole({}),
    };
    const env = makeDashboardAuth({ dashboard: { roles }, admin: { ac, roles } });
    const s = await seed(env);
    const support = await newAdmin(env, "support");
    const me = await support.client.get("/dashboard/api/me");
    expect(me.status).toBe(200);
    expect(me.body.permissions).toEqual({ dashboard: ["view"], user: ["list", "get"], organization: ["list"] });
    expect(me.body.roles).toEqual(["admin", "support", "auditor", "user"]);
    const allowed = ["page", "me", "overview", "user-detail", "list-organizations"];
    for (const [name, call] of calls(s)) {
      const r = await call(support.client);
      if (allowed.includes(name)) expect(r.status, name).toBe(200);
      else expect([r.status, r.body.code], name).toEqual([403, "DASHBOARD_PERMISSION_DENIED"]);
    }
    // What user-detail holds follows the same grants: no session:list, no apiKey:list → null.
    const detail = await support.client.get("/dashboard/api/user-detail", { query: { id: s.owner.userId } });
    expect(detail.body.sessions).toBeNull();
    expect(detail.body.apiKeys).toBeNull();
    expect(detail.body.organizations).toHaveLength(1);
    // Auditors may read the audit log but not open the dashboard.
    const auditor = await newAdmin(env, "auditor");
    expect((await auditor.client.get("/dashboard/api/me")).body.code).toBe("DASHBOARD_NOT_ALLOWED");
    expect((await auditor.client.get("/dashboard")).status).toBe(403);
    // Roles the map does not define, and names Object.prototype holds, grant nothing.
    for (const role of ["ghost", "__proto__", "constructor", " admin ,"]) {
      const u = await newAdmin(env, role);
      const r = await u.client.get("/dashboard/api/me");
      if (role.trim().startsWith("admin")) expect(r.status, role).toBe(200);
      else expect(r.status, role).toBe(403);
    }
  });

  it("with roles given but none granting dashboard:view, nobody gets in (adminRoles is ignored)", async () => {
    const ac = createAccessControl(adminStatements);
    const roles = { admin: ac.newRole(adminStatements), user: ac.newRole({}) };
    const env = makeDashboardAuth({ dashboard: { roles } });
    const boss = await newAdmin(env);
    const r = await boss.client.get("/dashboard/api/me");
    expect([r.status, r.body.code]).toEqual([403, "DASHBOARD_NOT_ALLOWED"]);
  });

  it("without the optional plugins: features false, their actions absent, their endpoints 404", async () => {
    const { admin } = await import("@gatehouse-auth/admin");
    const env = makeDashboardAuth({ plugins: [admin()] });
    const boss = await newAdmin(env);
    const me = await boss.client.get("/dashboard/api/me");
    expect(me.body.features).toEqual({
      organization: false,
      apiKey: false,
      auditLog: false,
      passkey: false,
      oauthProvider: false,
      sso: false,
      scim: false,
    });
    expect(Object.keys(me.body.permissions).sort()).toEqual(["dashboard", "session", "user"]);
    for (const path of ["list-organizations", "list-api-keys", "list-sso-connections"]) {
      const r = await boss.client.get(`/dashboard/api/${path}`);
      expect([r.status, r.body.code], path).toEqual([404, "DASHBOARD_FEATURE_NOT_INSTALLED"]);
    }
    const overview = await boss.client.get("/dashboard/api/overview", { query: { days: "3" } });
    expect(overview.status).toBe(200);
    expect(overview.body.totals).toMatchObject({ organizations: null, apiKeys: null });
    expect(overview.body.days.every((d: { signUps: number; signIns: number }) => d.signUps + d.signIns === 0)).toBe(
      true,
    );
    const detail = await boss.client.get("/dashboard/api/user-detail", { query: { id: boss.userId } });
    expect(detail.body).toMatchObject({ organizations: null, apiKeys: null });
  });
});
