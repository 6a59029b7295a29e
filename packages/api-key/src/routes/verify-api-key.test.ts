import { describe, expect, it } from "vitest";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { createKey, makeKeyAuth, newUser, serverApi } from "../test-helpers.js";
import { grantsPermissions } from "./verify-api-key.js";

describe("POST /api-key/verify", () => {
  it("answers valid with the key (no key material) and records the use", async () => {
    const { auth } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await serverApi(auth).createApiKey({ body: { userId: u.userId, remaining: 2 } });
    const anon = createTestClient(auth);
    const r = await anon.post("/api-key/verify", { key: k.key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ valid: true, error: null, key: { id: k.id, userId: u.userId, remaining: 1 } });
    expect(r.body.key).not.toHaveProperty("key");
    expect(r.text).not.toContain(k.key);
  });

  it("answers 200 with valid false and the error for bad keys", async () => {
    const { auth } = makeKeyAuth();
    const u = await newUser(auth);
    const anon = createTestClient(auth);
    expect((await anon.post("/api-key/verify", { key: "nope" })).body).toEqual({
      valid: false,
      error: { code: "INVALID_API_KEY", message: "Invalid API key." },
      key: null,
    });
    const k = await createKey(u.client);
    await u.client.post("/api-key/update", { keyId: k.id, enabled: false });
    expect((await anon.post("/api-key/verify", { key: k.key })).body.error).toEqual({
      code: "KEY_DISABLED",
      message: "API Key is disabled",
    });
    expect((await anon.post("/api-key/verify", {})).status).toBe(400);
  });

  it("checks permissions before spending a use", async () => {
    const { auth } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await serverApi(auth).createApiKey({
      body: { userId: u.userId, remaining: 1, permissions: { files: ["read", "write"], users: ["list"] } },
    });
    const anon = createTestClient(auth);
    const denied = await anon.post("/api-key/verify", { key: k.key, permissions: { files: ["delete"] } });
    expect(denied.body).toMatchObject({
      valid: false,
      error: { code: "KEY_PERMISSIONS_INSUFFICIENT", message: "API Key does not have the required permissions" },
    });
    const ok = await anon.post("/api-key/verify", { key: k.key, permissions: { files: ["write"], users: ["list"] } });
    expect(ok.body).toMatchObject({ valid: true, key: { remaining: 0 } });
    expect((await anon.post("/api-key/verify", { key: k.key })).body.error.code).toBe("USAGE_EXCEEDED");
  });

  it("grantsPermissions needs every asked action of every asked resource", () => {
    expect(grantsPermissions({ a: ["x", "y"] }, { a: ["y"] })).toBe(true);
    expect(grantsPermissions({ a: ["x"] }, { a: ["x"], b: [] })).toBe(true);
    expect(grantsPermissions({ a: ["x"] }, { a: ["x", "z"] })).toBe(false);
    expect(grantsPermissions(null, { a: ["x"] })).toBe(false);
  });
});
