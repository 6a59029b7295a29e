// create-user, get-user, update-user, set-role, remove-user, set-user-password and the session routes.
import { describe, expect, it } from "vitest";
import { makeAdminAuth, newAdmin, newUser, signIn, whoAmI } from "./test-helpers.js";

describe("create-user", () => {
  it("creates a user who signs in, with the default role unless one is given", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const r = await boss.client.post("/admin/create-user", {
      email: "  New.Person@Example.com ",
      password: "created-password-1",
      name: "New",
    });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ email: "new.person@example.com", name: "New", role: "user", banned: false });
    expect((await signIn(auth, "new.person@example.com", "created-password-1")).r.status).toBe(200);
    const many = await boss.client.post("/admin/create-user", {
      email: "many@example.com",
      password: "created-password-1",
      name: "Many",
      role: ["user", "admin"],
    });
    expect(many.body.user.role).toBe("user,admin");
  });

  it("refuses a taken email (400), an unknown role (400), a bad email or password, and unknown data fields", async () => {
    const auth = makeAdminAuth({}, { user: { additionalFields: { nickname: { type: "string", required: false } } } });
    const boss = await newAdmin(auth);
    const taken = await boss.client.post("/admin/create-user", {
      email: boss.email,
      password: "password-123",
      name: "X",
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toMatch(/already exists/);
    const base = { email: "fresh@example.com", password: "password-123", name: "F" };
    const role = await boss.client.post("/admin/create-user", { ...base, role: "wizard" });
    expect(role.status).toBe(400);
    expect(role.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE");
    expect((await boss.client.post("/admin/create-user", { ...base, email: "not-an-email" })).body.message).toBe(
      "Invalid email",
    );
    expect((await boss.client.post("/admin/create-user", { ...base, password: "short" })).body.message).toBe(
      "Password too short",
    );
    const unknown = await boss.client.post("/admin/create-user", { ...base, data: { role: "admin" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("VALIDATION_ERROR");
    const extra = await boss.client.post("/admin/create-user", { ...base, data: { nickname: "Freddy" } });
    expect(extra.status).toBe(200);
    expect(extra.body.user.nickname).toBe("Freddy");
  });

  it("without a password the user has no credential account", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const r = await boss.client.post("/admin/create-user", { email: "social@example.com", name: "S" });
    expect(r.status).toBe(200);
    expect(await auth.$context.accounts.findCredential(r.body.user.id)).toBeNull();
  });
});

describe("get-user and update-user", () => {
  it("get-user returns the user, 404 for an unknown id", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const r = await boss.client.get("/admin/get-user", { query: { id: u.userId } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: u.userId, email: u.email, role: "user" });
    const missing = await boss.client.get("/admin/get-user", { query: { id: "nobody" } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("User not found");
  });

  it("update-user changes name, email and verification; refuses role, a taken email and nothing", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const r = await boss.client.post("/admin/update-user", {
      userId: u.userId,
      data: { name: "Renamed", email: "Renamed@Example.com", emailVerified: true },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "Renamed", email: "renamed@example.com", emailVerified: true });
    const role = await boss.client.post("/admin/update-user", { userId: u.userId, data: { role: "admin" } });
    expect(role.status).toBe(400);
    expect((await auth.$context.users.findById(u.userId))?.role).toBe("user");
    const taken = await boss.client.post("/admin/update-user", { userId: u.userId, data: { email: boss.email } });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    const empty = await boss.client.post("/admin/update-user", { userId: u.userId, data: {} });
    expect(empty.body.message).toBe("No fields to update");
    expect((await boss.client.post("/admin/update-user", { userId: "nobody", data: { name: "N" } })).status).toBe(404);
  });
});

describe("set-role", () => {
  it("promotion takes effect on the next request; several roles are stored comma-separated", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    expect((await u.client.get("/admin/list-users")).status).toBe(403);
    const up = await boss.client.post("/admin/set-role", { userId: u.userId, role: ["user", "admin"] });
    expect(up.body.user.role).toBe("user,admin");
    expect((await u.client.get("/admin/list-users")).status).toBe(200);
    await boss.client.post("/admin/set-role", { userId: u.userId, role: "user" });
    expect((await u.client.get("/admin/list-users")).status).toBe(403);
  });

  it("refuses unknown roles, empty roles and unknown users", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    for (const role of ["wizard", "", "user,wizard", []]) {
      const r = await boss.client.post("/admin/set-role", { userId: u.userId, role });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("You are not allowed to set a non-existent role value");
    }
    expect((await boss.client.post("/admin/set-role", { userId: "nobody", role: "user" })).status).toBe(404);
  });

  it("a role listed in adminRoles without a definition gets every admin action", async () => {
    const auth = makeAdminAuth({ adminRoles: ["admin", "superadmin"] });
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    await boss.client.post("/admin/set-role", { userId: u.userId, role: "superadmin" });
    expect((await u.client.get("/admin/list-users")).status).toBe(200);
  });

  it("a defaultRole that is not a role fails at startup", () => {
    expect(() => makeAdminAuth({ defaultRole: "ghost" })).toThrow(/defaultRole "ghost"/);
  });
});

describe("remove-user", () => {
  it("deletes the user with sessions and accounts; an admin cannot remove themselves", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const r = await boss.client.post("/admin/remove-user", { userId: u.userId });
    expect(r.body).toEqual({ success: true });
    expect(await whoAmI(u.client)).toBeNull();
    expect(await auth.$context.users.findById(u.userId)).toBeNull();
    expect(await auth.$context.accounts.listByUser(u.userId)).toEqual([]);
    expect((await signIn(auth, u.email, u.password)).r.status).toBe(401);
    const self = await boss.client.post("/admin/remove-user", { userId: boss.userId });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You cannot remove yourself");
    expect(await whoAmI(boss.client)).toBe(boss.userId);
    expect((await boss.client.post("/admin/remove-user", { userId: "nobody" })).status).toBe(404);
  });
});

describe("set-user-password", () => {
  it("replaces the password and ends every session of the user", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const second = await signIn(auth, u.email, u.password);
    const r = await boss.client.post("/admin/set-user-password", { userId: u.userId, newPassword: "replaced-pass-9" });
    expect(r.status).toBe(200);
    expect(await whoAmI(u.client)).toBeNull();
    expect(await whoAmI(second.client)).toBeNull();
    expect((await signIn(auth, u.email, u.password)).r.status).toBe(401);
    expect((await signIn(auth, u.email, "replaced-pass-9")).r.status).toBe(200);
    // The admin's own session is not the user's: it lives on.
    expect(await whoAmI(boss.client)).toBe(boss.userId);
  });

  it("follows the password length rules and gives a social-only user a credential account", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const short = await boss.client.post("/admin/set-user-password", { userId: u.userId, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password too short");
    const long = await boss.client.post("/admin/set-user-password", { userId: u.userId, newPassword: "x".repeat(129) });
    expect(long.body.message).toBe("Password too long");
    const social = await boss.client.post("/admin/create-user", { email: "nopass@example.com", name: "N" });
    const id = social.body.user.id;
    expect(
      (await boss.client.post("/admin/set-user-password", { userId: id, newPassword: "first-pass-1" })).status,
    ).toBe(200);
    expect((await signIn(auth, "nopass@example.com", "first-pass-1")).r.status).toBe(200);
    expect(
      (await boss.client.post("/admin/set-user-password", { userId: "nobody", newPassword: "first-pass-1" })).status,
    ).toBe(404);
  });
});

describe("session routes", () => {
  it("list-user-sessions, revoke-user-session and revoke-user-sessions", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const second = await signIn(auth, u.email, u.password);
    const listed = await boss.client.post("/admin/list-user-sessions", { userId: u.userId });
    expect(listed.body.sessions).toHaveLength(2);
    expect(listed.body.sessions.every((s: { userId: string }) => s.userId === u.userId)).toBe(true);
    const token = (await u.client.get("/get-session")).body.session.token;
    expect((await boss.client.post("/admin/revoke-user-session", { sessionToken: token })).body).toEqual({
      success: true,
    });
    expect(await whoAmI(u.client)).toBeNull();
    expect(await whoAmI(second.client)).toBe(u.userId);
    expect((await boss.client.post("/admin/revoke-user-sessions", { userId: u.userId })).body).toEqual({
      success: true,
    });
    expect(await whoAmI(second.client)).toBeNull();
    expect((await boss.client.post("/admin/list-user-sessions", { userId: u.userId })).body.sessions).toEqual([]);
  });

  it("list-user-sessions shows no tokens; revoke-user-session takes the listed id", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const second = await signIn(auth, u.email, u.password);
    const tokens = [(await u.client.get("/get-session")).body.session.token, second.r.body.token];
    const listed = await boss.client.post("/admin/list-user-sessions", { userId: u.userId });
    expect(listed.body.sessions).toHaveLength(2);
    for (const session of listed.body.sessions) {
      expect(session).not.toHaveProperty("token");
      expect(session).toMatchObject({ userId: u.userId, id: expect.any(String) });
    }
    for (const token of tokens) expect(listed.text).not.toContain(token);
    const secondId = (await second.client.get("/get-session")).body.session.id;
    expect((await boss.client.post("/admin/revoke-user-session", { sessionId: secondId })).body).toEqual({
      success: true,
    });
    expect(await whoAmI(second.client)).toBeNull();
    expect(await whoAmI(u.client)).toBe(u.userId);
    // Unknown ids answer the same; giving both or neither is a validation error.
    expect((await boss.client.post("/admin/revoke-user-session", { sessionId: "nope" })).status).toBe(200);
    for (const body of [{}, { sessionId: secondId, sessionToken: tokens[0] }]) {
      const r = await boss.client.post("/admin/revoke-user-session", body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    expect(await whoAmI(u.client)).toBe(u.userId);
  });
});

describe("outstanding reset links", () => {
  // A reset link mailed before the admin stepped in (perhaps to a mailbox an attacker reads) must not
  // set the password again afterwards.
  function withResetMail() {
    const links: { email: string; token: string }[] = [];
    const auth = makeAdminAuth(
      {},
      {
        emailAndPassword: {
          enabled: true,
          sendResetPassword: ({ user, token }) => void links.push({ email: user.email, token }),
        },
      },
    );
    const tokenFor = (email: string) => links.filter((l) => l.email === email).at(-1)!.token;
    return { auth, tokenFor };
  }

  it("die when an admin sets the password or moves the account to another address", async () => {
    for (const action of ["set-user-password", "update-user"] as const) {
      const { auth, tokenFor } = withResetMail();
      const boss = await newAdmin(auth);
      const u = await newUser(auth);
      const other = await newUser(auth);
      expect((await u.client.post("/request-password-reset", { email: u.email })).status).toBe(200);
      expect((await other.client.post("/request-password-reset", { email: other.email })).status).toBe(200);
      const stale = tokenFor(u.email);
      const r =
        action === "set-user-password"
          ? await boss.client.post("/admin/set-user-password", { userId: u.userId, newPassword: "admin-chosen-1" })
          : await boss.client.post("/admin/update-user", { userId: u.userId, data: { email: `moved-${u.email}` } });
      expect(r.status).toBe(200);
      const used = await u.client.post("/reset-password", { token: stale, newPassword: "attacker-chosen-1" });
      expect([action, used.status]).toEqual([action, 400]);
      // Another user's link is untouched.
      const theirs = await other.client.post("/reset-password", {
        token: tokenFor(other.email),
        newPassword: "their-own-new-1",
      });
      expect(theirs.status).toBe(200);
    }
  });
});
