// Admins with some of the permissions (custom roles) cannot use them to reach the rest: no role beyond
// their own can be given, and no user holding rights they lack can be acted on.
import { describe, expect, it } from "vitest";
import { adminAccessControl, adminStatements } from "./access-control.js";
import { makeAdminAuth, newUser, newUserWithRole, signIn, whoAmI } from "./test-helpers.js";

const roles = {
  admin: adminAccessControl.newRole(adminStatements),
  user: adminAccessControl.newRole({}),
  // Not listed in adminRoles, so CANNOT_IMPERSONATE_ADMINS does not protect it: only the coverage rule does.
  superuser: adminAccessControl.newRole(adminStatements),
  support: adminAccessControl.newRole({
    user: ["list", "get", "impersonate", "set-password", "ban", "update"],
    session: ["list", "revoke"],
  }),
  roleManager: adminAccessControl.newRole({ user: ["set-role", "list"] }),
  creator: adminAccessControl.newRole({ user: ["create"] }),
};
const MANAGE = {
  code: "CANNOT_MANAGE_MORE_PRIVILEGED_USER",
  message: "You cannot manage a user who has permissions you do not have",
};
const GRANT = {
  code: "CANNOT_GRANT_MORE_PERMISSIONS",
  message: "You cannot grant a role with permissions you do not have",
};

const roleOf = async (auth: ReturnType<typeof makeAdminAuth>, id: string) =>
  (await auth.$context.users.findById(id))?.role;

describe("no escalation through custom roles", () => {
  it("set-role: a role manager cannot raise anyone, themselves included, nor lower a fuller admin", async () => {
    const auth = makeAdminAuth({ roles });
    const manager = await newUserWithRole(auth, "roleManager");
    const plain = await newUser(auth);
    const boss = await newUserWithRole(auth, "admin");
    for (const [userId, role] of [
      [manager.userId, "admin"],
      [manager.userId, "roleManager,support"],
      [plain.userId, "superuser"],
      [plain.userId, "support"],
    ] as const) {
      const r = await manager.client.post("/admin/set-role", { userId, role });
      expect({ userId, role, status: r.status, body: r.body }).toEqual({ userId, role, status: 403, body: GRANT });
    }
    expect(await roleOf(auth, manager.userId)).toBe("roleManager");
    expect(await roleOf(auth, plain.userId)).toBe("user");
    const demote = await manager.client.post("/admin/set-role", { userId: boss.userId, role: "user" });
    expect(demote.status).toBe(403);
    expect(demote.body).toEqual(MANAGE);
    expect(await roleOf(auth, boss.userId)).toBe("admin");
    // Within their own rights it works: a role that grants nothing, or their own.
    expect((await manager.client.post("/admin/set-role", { userId: plain.userId, role: "roleManager" })).status).toBe(
      200,
    );
    expect((await manager.client.post("/admin/set-role", { userId: plain.userId, role: "user" })).status).toBe(200);
    // A full admin may do all of it.
    expect((await boss.client.post("/admin/set-role", { userId: plain.userId, role: "superuser" })).status).toBe(200);
  });

  it("create-user: a creator cannot create a user with a role beyond their own", async () => {
    const auth = makeAdminAuth({ roles });
    const creator = await newUserWithRole(auth, "creator");
    const body = { email: "made-admin@example.com", password: "password-123", name: "Made", role: "admin" };
    const r = await creator.client.post("/admin/create-user", body);
    expect(r.status).toBe(403);
    expect(r.body).toEqual(GRANT);
    expect(await auth.$context.users.findByEmail("made-admin@example.com")).toBeNull();
    // Nor through the additional-fields bag, where the admin fields are not input.
    const sneaky = await creator.client.post("/admin/create-user", {
      ...body,
      role: undefined,
      data: { role: "admin" },
    });
    expect(sneaky.status).toBe(400);
    expect(await auth.$context.users.findByEmail("made-admin@example.com")).toBeNull();
    const plain = await creator.client.post("/admin/create-user", { ...body, role: undefined });
    expect(plain.status).toBe(200);
    expect(plain.body.user.role).toBe("user");
  });

  it("support cannot impersonate, re-password, ban, re-email or end the sessions of a fuller admin", async () => {
    const auth = makeAdminAuth({ roles });
    const support = await newUserWithRole(auth, "support");
    const superuser = await newUserWithRole(auth, "superuser");
    const calls: [string, Record<string, unknown>][] = [
      ["/admin/impersonate-user", { userId: superuser.userId }],
      ["/admin/set-user-password", { userId: superuser.userId, newPassword: "taken-over-123" }],
      ["/admin/ban-user", { userId: superuser.userId }],
      ["/admin/update-user", { userId: superuser.userId, data: { email: "attacker@example.com" } }],
      ["/admin/revoke-user-sessions", { userId: superuser.userId }],
    ];
    for (const [path, body] of calls) {
      const r = await support.client.post(path, body);
      expect({ path, status: r.status, body: r.body }).toEqual({ path, status: 403, body: MANAGE });
    }
    expect(await whoAmI(support.client)).toBe(support.userId);
    expect(await whoAmI(superuser.client)).toBe(superuser.userId);
    const stored = await auth.$context.users.findById(superuser.userId);
    expect(stored).toMatchObject({ email: superuser.email, banned: false });
    expect((await signIn(auth, superuser.email, superuser.password)).r.status).toBe(200);
    // A plain user is fair game for the same role.
    const plain = await newUser(auth);
    expect((await support.client.post("/admin/impersonate-user", { userId: plain.userId })).status).toBe(200);
    expect(await whoAmI(support.client)).toBe(plain.userId);
  });

  it("a listed adminUserId holds every permission: only an admin holding all of them may manage it", async () => {
    const listedId = `listed${Date.now()}`;
    const auth = makeAdminAuth({ roles, adminUserIds: [listedId] });
    const support = await newUserWithRole(auth, "support");
    const boss = await newUserWithRole(auth, "admin");
    await auth.$context.users.create({
      id: listedId,
      name: "Listed",
      email: `${listedId}@example.com`,
      emailVerified: true,
    });
    const r = await support.client.post("/admin/ban-user", { userId: listedId });
    expect(r.status).toBe(403);
    expect(r.body).toEqual(MANAGE);
    expect((await boss.client.post("/admin/ban-user", { userId: listedId })).status).toBe(200);
  });
});

describe("admin fields are not user-writable", () => {
  it("core /update-user refuses role and banned and changes nothing", async () => {
    const auth = makeAdminAuth();
    const u = await newUser(auth);
    for (const data of [{ role: "admin" }, { banned: false }, { banReason: null }, { name: "X", role: "admin" }]) {
      const r = await u.client.post("/update-user", data);
      expect({ data, status: r.status }).toEqual({ data, status: 400 });
    }
    const stored = await auth.$context.users.findById(u.userId);
    expect(stored).toMatchObject({ role: "user", banned: false, name: "Test" });
    expect((await u.client.get("/admin/list-users")).status).toBe(403);
  });

  it("sign-up refuses role and banned", async () => {
    const auth = makeAdminAuth();
    const { client } = await signIn(auth, "nobody@example.com", "password-123");
    const r = await client.post("/sign-up/email", {
      name: "Sneaky",
      email: "sneaky@example.com",
      password: "password-123",
      role: "admin",
    });
    expect(r.status).toBe(400);
    expect(await auth.$context.users.findByEmail("sneaky@example.com")).toBeNull();
  });
});
