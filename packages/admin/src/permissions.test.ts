// SPEC.md §6 admin rows, action by action, with real admin / user sessions over HTTP.
import { describe, expect, it } from "vitest";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { adminAccessControl, adminStatements, defaultAdminRoles } from "./access-control.js";
import { makeAdminAuth, newAdmin, newUser, newUserWithRole, userWithId } from "./test-helpers.js";
import type { TestUser } from "./test-helpers.js";

type Auth = ReturnType<typeof makeAdminAuth>;

/** One admin route: the permission it needs, the refusal, and a call that succeeds for a permitted caller. */
interface Case {
  permission: { user?: string[]; session?: string[] };
  message: string;
  call: (caller: TestUser, auth: Auth) => Promise<{ status: number; body: { message?: string } }>;
}

const cases: Record<string, Case> = {
  "create-user": {
    permission: { user: ["create"] },
    message: "You are not allowed to create users",
    call: (c) =>
      c.client.post("/admin/create-user", {
        email: `made-${Math.random().toString(36).slice(2)}@example.com`,
        password: "password-123",
        name: "Made",
      }),
  },
  "list-users": {
    permission: { user: ["list"] },
    message: "You are not allowed to list users",
    call: (c) => c.client.get("/admin/list-users"),
  },
  "get-user": {
    permission: { user: ["get"] },
    message: "You are not allowed to get user",
    call: async (c, auth) => c.client.get("/admin/get-user", { query: { id: (await newUser(auth)).userId } }),
  },
  "update-user": {
    permission: { user: ["update"] },
    message: "You are not allowed to update users",
    call: async (c, auth) =>
      c.client.post("/admin/update-user", { userId: (await newUser(auth)).userId, data: { name: "Renamed" } }),
  },
  "set-role": {
    permission: { user: ["set-role"] },
    message: "You are not allowed to change users role",
    call: async (c, auth) => c.client.post("/admin/set-role", { userId: (await newUser(auth)).userId, role: "user" }),
  },
  "ban-user": {
    permission: { user: ["ban"] },
    message: "You are not allowed to ban users",
    call: async (c, auth) => c.client.post("/admin/ban-user", { userId: (await newUser(auth)).userId }),
  },
  "unban-user": {
    permission: { user: ["ban"] },
    message: "You are not allowed to ban users",
    call: async (c, auth) => c.client.post("/admin/unban-user", { userId: (await newUser(auth)).userId }),
  },
  "remove-user": {
    permission: { user: ["delete"], session: ["delete"] },
    message: "You are not allowed to delete users",
    call: async (c, auth) => c.client.post("/admin/remove-user", { userId: (await newUser(auth)).userId }),
  },
  "set-user-password": {
    permission: { user: ["set-password"] },
    message: "You are not allowed to set users password",
    call: async (c, auth) =>
      c.client.post("/admin/set-user-password", {
        userId: (await newUser(auth)).userId,
        newPassword: "new-password-1",
      }),
  },
  "list-user-sessions": {
    permission: { session: ["list"] },
    message: "You are not allowed to list users sessions",
    call: async (c, auth) => c.client.post("/admin/list-user-sessions", { userId: (await newUser(auth)).userId }),
  },
  "revoke-user-session": {
    permission: { session: ["revoke"] },
    message: "You are not allowed to revoke users sessions",
    call: async (c, auth) => {
      const u = await newUser(auth);
      const token = (await u.client.get("/get-session")).body.session.token;
      return c.client.post("/admin/revoke-user-session", { sessionToken: token });
    },
  },
  "revoke-user-sessions": {
    permission: { session: ["revoke"] },
    message: "You are not allowed to revoke users sessions",
    call: async (c, auth) => c.client.post("/admin/revoke-user-sessions", { userId: (await newUser(auth)).userId }),
  },
  // Last: it switches the caller's browser to the target.
  "impersonate-user": {
    permission: { user: ["impersonate"] },
    message: "You are not allowed to impersonate users",
    call: async (c, auth) => c.client.post("/admin/impersonate-user", { userId: (await newUser(auth)).userId }),
  },
};

// A support role granting only part of the table: look, but not touch.
const support = adminAccessControl.newRole({ user: ["list", "get"], session: ["list"] });
const supportAllows = new Set(["list-users", "get-user", "list-user-sessions"]);

describe("SPEC.md §6 admin permissions", () => {
  for (const [route, c] of Object.entries(cases)) {
    it(`${route}: admin yes, user no (403 "${c.message}"), anonymous 401`, async () => {
      const auth = makeAdminAuth();
      const adminUser = await newAdmin(auth);
      const plain = await newUser(auth);
      expect((await c.call(adminUser, auth)).status).toBe(200);
      const refused = await c.call(plain, auth);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(c.message);
      const anonymous = { ...plain, client: createTestClient(auth) };
      expect((await c.call(anonymous, auth)).status).toBe(401);
    });
  }

  it("adminUserIds pass every check whatever their role", async () => {
    const auth = makeAdminAuth({ adminUserIds: ["root-admin"] });
    const root = await userWithId(auth, "root-admin");
    expect((await root.client.get("/get-session")).body.user.role).toBe("user");
    const everything = { user: [...adminStatements.user], session: [...adminStatements.session] };
    expect((await root.client.post("/admin/has-permission", { permissions: everything })).body.success).toBe(true);
    for (const [route, c] of Object.entries(cases)) expect((await c.call(root, auth)).status, route).toBe(200);
  });

  it("has-permission answers every action of the table from the caller's roles", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const plain = await newUser(auth);
    for (const [resource, actions] of Object.entries(adminStatements)) {
      for (const action of actions) {
        const permissions = { [resource]: [action] };
        expect((await boss.client.post("/admin/has-permission", { permissions })).body).toEqual({
          success: true,
          error: null,
        });
        const no = await plain.client.post("/admin/has-permission", { permissions });
        expect(no.status).toBe(200);
        expect(no.body.success).toBe(false);
      }
    }
    const anonymous = createTestClient(auth);
    expect((await anonymous.post("/admin/has-permission", { permissions: { user: ["list"] } })).status).toBe(401);
  });

  it("a custom role grants exactly its actions; several comma-separated roles combine", async () => {
    const auth = makeAdminAuth({ roles: { ...defaultAdminRoles, support } });
    const helper = await newUserWithRole(auth, "support");
    for (const [route, c] of Object.entries(cases)) {
      const r = await c.call(helper, auth);
      if (supportAllows.has(route)) expect(r.status, route).toBe(200);
      else {
        expect(r.status, route).toBe(403);
        expect(r.body.message, route).toBe(c.message);
      }
    }
    const both = await newUserWithRole(auth, "user,support");
    expect((await cases["list-users"]!.call(both, auth)).status).toBe(200);
    expect((await cases["ban-user"]!.call(both, auth)).status).toBe(403);
  });

  it("session: delete is what remove-user needs beside user: delete; revoking needs only session: revoke", async () => {
    const userDeleter = adminAccessControl.newRole({ user: ["delete"] });
    const remover = adminAccessControl.newRole({ user: ["delete"], session: ["delete"] });
    const revoker = adminAccessControl.newRole({ session: ["revoke"] });
    const auth = makeAdminAuth({ roles: { ...defaultAdminRoles, userDeleter, remover, revoker } });
    const half = await newUserWithRole(auth, "userDeleter");
    const refused = await cases["remove-user"]!.call(half, auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You are not allowed to delete users");
    expect((await cases["remove-user"]!.call(await newUserWithRole(auth, "remover"), auth)).status).toBe(200);
    const r = await newUserWithRole(auth, "revoker");
    expect((await cases["revoke-user-sessions"]!.call(r, auth)).status).toBe(200);
    expect((await cases["revoke-user-session"]!.call(r, auth)).status).toBe(200);
    expect((await cases["remove-user"]!.call(r, auth)).status).toBe(403);
  });

  it("has-permission with resource names of Object.prototype answers 200 false, never a 500", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const plain = await newUser(auth);
    for (const name of ["constructor", "toString", "hasOwnProperty", "__proto__"]) {
      const raw = `{"permissions":{"${name}":["x"]}}`;
      for (const caller of [boss, plain]) {
        const r = await caller.client.post("/admin/has-permission", raw, {
          raw: true,
          headers: { "content-type": "application/json" },
        });
        expect(r.status, name).toBe(200);
        expect(r.body.success, name).toBe(false);
      }
    }
    // A role named like a prototype member grants nothing either.
    const odd = await newUserWithRole(auth, "constructor");
    const r = await odd.client.post("/admin/has-permission", { permissions: { user: ["list"] } });
    expect(r.body).toEqual({ success: false, error: "Not authorized" });
    expect((await odd.client.get("/admin/list-users")).status).toBe(403);
  });
});
