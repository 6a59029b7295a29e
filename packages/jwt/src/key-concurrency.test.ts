import type { AdapterFactory } from "@gatehouse-auth/core";
import { memoryAdapter } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import { createLocalJWKSet, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { jwt } from "./jwt-plugin.js";
import { BASE_URL, makeJwtAuth, signUp } from "./test-helpers.js";

/** One memory database that several auth instances share, as app instances share a SQL server. */
function sharedMemoryDatabase(): AdapterFactory {
  const factory = memoryAdapter();
  let adapter: ReturnType<AdapterFactory> | undefined;
  return (ctx) => {
    adapter ??= factory(ctx);
    return adapter;
  };
}

describe("key creation across instances", () => {
  it("two instances starting at once end with one key, and each verifies the other's tokens", async () => {
    const database = sharedMemoryDatabase();
    const a = makeJwtAuth({}, {}, database).auth;
    const b = makeJwtAuth({}, {}, database).auth;
    // Both ask for the signing key before either has stored one: both generate, one insert wins.
    const [ja, jb] = await Promise.all([createTestClient(a).get("/jwks"), createTestClient(b).get("/jwks")]);
    expect(ja.body.keys).toHaveLength(1);
    expect(jb.body.keys).toEqual(ja.body.keys);
    expect(await a.$context.db.findMany({ model: "jwks" })).toHaveLength(1);

    const user = await signUp(a);
    const viaB = createTestClient(b);
    // The session cookie works on either instance (same secret, same database).
    for (const [name, value] of user.client.cookies) viaB.cookies.set(name, value);
    const [ta, tb] = await Promise.all([user.client.get("/token"), viaB.get("/token")]);
    const set = createLocalJWKSet(ja.body);
    for (const t of [ta.body.token, tb.body.token]) {
      const { payload } = await jwtVerify(t, set, { issuer: BASE_URL, audience: BASE_URL });
      expect(payload.sub).toBe(user.user.id);
    }
  });

  it("many concurrent first requests on one instance create one key", async () => {
    const { auth } = makeJwtAuth();
    const client = createTestClient(auth);
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.get("/jwks")));
    const kids = new Set(answers.flatMap((r) => r.body.keys.map((k: { kid: string }) => k.kid)));
    expect(kids.size).toBe(1);
    expect(await auth.$context.db.findMany({ model: "jwks" })).toHaveLength(1);
  });

  it("one plugin object in two auths on different databases signs each auth's tokens with its own key", async () => {
    const plugin = jwt();
    const a = makeTestAuth({ plugins: [plugin] });
    const b = makeTestAuth({ plugins: [plugin] });
    for (const auth of [a, b]) {
      const { client } = await signUpUser(auth);
      const token = (await client.get("/token")).body.token;
      const set = createLocalJWKSet((await createTestClient(auth).get("/jwks")).body);
      await expect(jwtVerify(token, set, { issuer: auth.options.baseURL })).resolves.toBeTruthy();
    }
  });
});
