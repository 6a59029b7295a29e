// Listing, renaming and deleting: a user sees and changes only their own passkeys.
import { claimUnverifiedEmail } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { authenticate, createTestClient, makePasskeyAuth, register, userWithPasskey } from "./test-helpers.js";

describe("managing passkeys", () => {
  it("lists, renames and deletes the caller's own passkeys", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    // A second later: at the same instant the two would list in their random ids' order.
    env.clock.now += 1000;
    const second = await register(u.client, u.authenticator, {}, "Phone");
    expect(second.status).toBe(200);
    const list = await u.client.get("/passkey/list-user-passkeys");
    expect(list.status).toBe(200);
    expect(list.body.map((p: { name: string | null }) => p.name)).toEqual([null, "Phone"]);
    expect(list.body.every((p: Record<string, unknown>) => !("publicKey" in p))).toBe(true);

    const renamed = await u.client.post("/passkey/update-passkey", { id: u.passkey.id, name: " Work laptop " });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey).toMatchObject({ id: u.passkey.id, name: "Work laptop" });

    const del = await u.client.post("/passkey/delete-passkey", { id: u.passkey.id });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ status: true });
    const after = await u.client.get("/passkey/list-user-passkeys");
    expect(after.body.map((p: { id: string }) => p.id)).toEqual([second.body.id]);
    const twice = await u.client.post("/passkey/delete-passkey", { id: u.passkey.id });
    expect(twice.status).toBe(404);
    expect(twice.body).toEqual({ code: "PASSKEY_NOT_FOUND", message: "Passkey not found" });
  });

  it("answers 404 for another user's passkey and changes nothing; a stranger gets 401", async () => {
    const env = makePasskeyAuth();
    const owner = await userWithPasskey(env);
    const other = await userWithPasskey(env);
    expect((await other.client.get("/passkey/list-user-passkeys")).body.map((p: { id: string }) => p.id)).toEqual([
      other.passkey.id,
    ]);
    const rename = await other.client.post("/passkey/update-passkey", { id: owner.passkey.id, name: "mine now" });
    expect(rename.status).toBe(404);
    const del = await other.client.post("/passkey/delete-passkey", { id: owner.passkey.id });
    expect(del.status).toBe(404);
    const mine = (await owner.client.get("/passkey/list-user-passkeys")).body;
    expect(mine).toHaveLength(1);
    expect(mine[0].name).toBeNull();
    expect((await authenticate(createTestClient(env.auth), owner.authenticator)).r.status).toBe(200);

    const stranger = createTestClient(env.auth);
    expect((await stranger.get("/passkey/list-user-passkeys")).status).toBe(401);
    expect((await stranger.post("/passkey/update-passkey", { id: owner.passkey.id, name: "x" })).status).toBe(401);
    expect((await stranger.post("/passkey/delete-passkey", { id: owner.passkey.id })).status).toBe(401);
  });

  it("answers bad input with 400", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const bad: [string, unknown][] = [
      ["/passkey/update-passkey", {}],
      ["/passkey/update-passkey", { id: u.passkey.id, name: "" }],
      ["/passkey/update-passkey", { id: u.passkey.id, name: "x".repeat(121) }],
      ["/passkey/update-passkey", { id: u.passkey.id, name: "ok", userId: "x" }],
      ["/passkey/update-passkey", { id: 5, name: "ok" }],
      ["/passkey/delete-passkey", { id: "" }],
      ["/passkey/delete-passkey", { id: ["a"] }],
    ];
    for (const [path, body] of bad) {
      const r = await u.client.post(path, body);
      expect({ path, body, status: r.status, code: r.body.code }).toEqual({
        path,
        body,
        status: 400,
        code: "VALIDATION_ERROR",
      });
    }
  });

  it("a passkey a squatter registered on an unverified account is gone once the real owner claims the address", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const ctx = env.auth.$context;
    const user = await ctx.users.findById(u.userId);
    if (!user) throw new Error("no user");
    await ctx.transaction((tx) => claimUnverifiedEmail(tx, user));
    const { r } = await authenticate(createTestClient(env.auth), u.authenticator);
    expect(r.status).toBe(401);
  });
});
