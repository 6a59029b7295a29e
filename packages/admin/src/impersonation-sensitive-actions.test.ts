// An impersonation session cannot mint credentials or take the account over: every endpoint declared
// `credentials: "own-session"` (delete-user included) answers 403 to it and changes nothing.
import { describe, expect, it } from "vitest";
import type { AdminOptions } from "./admin-options.js";
import { makeAdminAuth, newAdmin, newUser, signIn, whoAmI } from "./test-helpers.js";

const REFUSED = {
  code: "CREDENTIAL_NOT_ALLOWED",
  message: "This endpoint cannot be called with an impersonation session",
};

/** `boss` impersonates `victim`, who has a password and a linked GitHub account with a stored token. */
async function setUp(options: AdminOptions = {}) {
  const auth = makeAdminAuth(options, {
    account: { encryptOAuthTokens: false },
    user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
    socialProviders: { github: { clientId: "id", clientSecret: "secret" } },
  });
  const boss = await newAdmin(auth);
  const victim = await newUser(auth);
  await auth.$context.accounts.create({
    userId: victim.userId,
    accountId: "gh-1",
    providerId: "github",
    accessToken: "provider-access-token",
    accessTokenExpiresAt: new Date(Date.now() + 3600_000),
  });
  expect((await boss.client.post("/admin/impersonate-user", { userId: victim.userId })).status).toBe(200);
  const cookie = [...boss.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return { auth, boss, victim, headers: { cookie } };
}

const accountsOf = async (auth: ReturnType<typeof makeAdminAuth>, userId: string) =>
  (await auth.$context.accounts.listByUser(userId)).map((a) => a.providerId).sort();

describe("impersonation sessions are refused sensitive actions", () => {
  it("each answers 403 and changes nothing", async () => {
    const { auth, boss, victim } = await setUp();
    const calls: [string, "get" | "post", Record<string, unknown>][] = [
      ["/get-access-token", "post", { providerId: "github" }],
      ["/refresh-token", "post", { providerId: "github" }],
      ["/list-sessions", "get", {}],
      ["/change-password", "post", { currentPassword: victim.password, newPassword: "taken-over-123" }],
      ["/change-email", "post", { newEmail: "attacker@example.com" }],
      ["/delete-user", "post", { password: victim.password }],
      ["/link-social", "post", { provider: "github" }],
      ["/unlink-account", "post", { providerId: "github" }],
    ];
    for (const [path, method, body] of calls) {
      const r = method === "get" ? await boss.client.get(path) : await boss.client.post(path, body);
      expect({ path, status: r.status, body: r.body }).toEqual({ path, status: 403, body: REFUSED });
    }
    // Still the victim's browser, and the victim's account is exactly as it was.
    expect(await whoAmI(boss.client)).toBe(victim.userId);
    const user = await auth.$context.users.findById(victim.userId);
    expect(user?.email).toBe(victim.email);
    expect(await accountsOf(auth, victim.userId)).toEqual(["credential", "github"]);
    expect((await signIn(auth, victim.email, victim.password)).r.status).toBe(200);
  });

  it("set-password (server-only) refuses an impersonation session too", async () => {
    const { auth, victim, headers } = await setUp();
    await auth.$context.adapter.deleteMany({
      model: "account",
      where: [
        { field: "userId", value: victim.userId },
        { field: "providerId", value: "credential" },
      ],
    });
    await expect(auth.api.setPassword({ body: { newPassword: "taken-over-123" }, headers })).rejects.toMatchObject({
      status: 403,
      code: REFUSED.code,
    });
    expect(await accountsOf(auth, victim.userId)).toEqual(["github"]);
  });

  it("the victim's own session is not affected", async () => {
    const { victim } = await setUp();
    const token = await victim.client.post("/get-access-token", { providerId: "github" });
    expect(token.status).toBe(200);
    expect(token.body.accessToken).toBe("provider-access-token");
    expect((await victim.client.get("/list-sessions")).status).toBe(200);
  });

  it("impersonation cannot impersonate further or stop into another admin's session", async () => {
    const auth = makeAdminAuth({ allowImpersonatingAdmins: true });
    const boss = await newAdmin(auth);
    const other = await newAdmin(auth);
    const victim = await newUser(auth);
    expect((await boss.client.post("/admin/impersonate-user", { userId: other.userId })).status).toBe(200);
    const nested = await boss.client.post("/admin/impersonate-user", { userId: victim.userId });
    expect(nested.status).toBe(400);
    expect(nested.body.code).toBe("ALREADY_IMPERSONATING");
    // `other`, impersonating someone too, holds a signed cookie with their own session token; planting
    // it in boss's browser must not turn stop-impersonating into a way into other's session.
    const victimOfOther = await newUser(auth);
    expect((await other.client.post("/admin/impersonate-user", { userId: victimOfOther.userId })).status).toBe(200);
    const name = [...other.client.cookies.keys()].find((k) => k.endsWith("admin_session"));
    expect(name).toBeDefined();
    boss.client.cookies.set(name!, other.client.cookies.get(name!)!);
    const stop = await boss.client.post("/admin/stop-impersonating");
    expect(stop.body).toEqual({ session: null, user: null });
    expect(await whoAmI(boss.client)).toBeNull();
    expect(await whoAmI(other.client)).toBe(victimOfOther.userId);
  });
});

describe("allowSensitiveActionsWhileImpersonating: true", () => {
  it("lets the impersonation read tokens, list sessions and change the password", async () => {
    const { auth, boss, victim } = await setUp({ allowSensitiveActionsWhileImpersonating: true });
    const token = await boss.client.post("/get-access-token", { providerId: "github" });
    expect(token.status).toBe(200);
    expect(token.body.accessToken).toBe("provider-access-token");
    expect((await boss.client.get("/list-sessions")).status).toBe(200);
    const change = await boss.client.post("/change-password", {
      currentPassword: victim.password,
      newPassword: "changed-by-support-1",
    });
    expect(change.status).toBe(200);
    expect((await signIn(auth, victim.email, "changed-by-support-1")).r.status).toBe(200);
  });
});
