import { createTestClient } from "@gatehouse-auth/core/testing";
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { BASE_URL, makeJwtAuth, signUp } from "./test-helpers.js";

type Auth = ReturnType<typeof makeJwtAuth>["auth"];
const jwksOf = async (auth: Auth) => (await createTestClient(auth).get("/jwks")).body;
const verify = async (auth: Auth, token: string, at?: number) =>
  jwtVerify(token, createLocalJWKSet(await jwksOf(auth)), {
    issuer: BASE_URL,
    audience: BASE_URL,
    ...(at ? { currentDate: new Date(at) } : {}),
  });

describe("jwt plugin", () => {
  it("GET /token answers a 15-minute JWT with sub, iss, aud and a kid of /jwks, and no personal data", async () => {
    const { auth } = makeJwtAuth();
    const { client, user } = await signUp(auth);
    const r = await client.get("/token");
    expect(r.status).toBe(200);
    const { payload, protectedHeader } = await verify(auth, r.body.token);
    expect(payload.sub).toBe(user.id);
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(protectedHeader).toMatchObject({ alg: "EdDSA", typ: "JWT" });
    expect(Object.keys(payload).sort()).toEqual(["aud", "exp", "iat", "iss", "sub"]);
    expect(r.text).not.toContain(user.email);
  });

  it("GET /token without a session is 401; get-session sets set-auth-jwt only with one", async () => {
    const { auth } = makeJwtAuth();
    const anon = createTestClient(auth);
    expect((await anon.get("/token")).status).toBe(401);
    const none = await anon.get("/get-session");
    expect(none.body).toBeNull();
    expect(none.headers.get("set-auth-jwt")).toBeNull();
    const { client, user } = await signUp(auth);
    const s = await client.get("/get-session");
    const header = s.headers.get("set-auth-jwt");
    expect((await verify(auth, header!)).payload.sub).toBe(user.id);
    expect(s.headers.get("access-control-expose-headers")).toMatch(/set-auth-jwt/);
  });

  it("publishes only public key material", async () => {
    for (const algorithm of ["EdDSA", "ES256", "RS256"] as const) {
      const { auth } = makeJwtAuth({ algorithm });
      const { client } = await signUp(auth);
      const r = await createTestClient(auth).get("/jwks");
      for (const key of r.body.keys) {
        for (const m of ["d", "p", "q", "dp", "dq", "qi", "oth", "k"])
          expect(key[m], `${algorithm} ${m}`).toBeUndefined();
        expect(key.alg).toBe(algorithm);
      }
      expect(r.text).not.toMatch(/privateKey/i);
      const token = (await client.get("/token")).body.token;
      expect(decodeProtectedHeader(token).alg).toBe(algorithm);
      await expect(verify(auth, token)).resolves.toBeTruthy();
    }
  });

  it("stores the private key encrypted with the secret", async () => {
    const { auth } = makeJwtAuth();
    await jwksOf(auth);
    const rows = await auth.$context.db.findMany({ model: "jwks" });
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.privateKey)).toMatch(/^v1\./);
    expect(String(rows[0]!.privateKey)).not.toContain('"d"');
  });

  it("reuses a session's token until a third of its life is left, then signs a new one", async () => {
    const { auth, clock } = makeJwtAuth();
    const { client } = await signUp(auth);
    const first = (await client.get("/token")).body.token;
    expect((await client.get("/get-session")).headers.get("set-auth-jwt")).toBe(first);
    clock.now += 5 * 60_000;
    expect((await client.get("/token")).body.token).toBe(first);
    clock.now += 6 * 60_000; // 4 minutes left: under a third of 15
    const next = (await client.get("/token")).body.token;
    expect(next).not.toBe(first);
    // Each session has its own token.
    const other = await signUp(auth);
    expect((await other.client.get("/token")).body.token).not.toBe(next);
  });

  it("adds definePayload's claims but never lets it replace sub, iss, aud, iat or exp", async () => {
    const { auth } = makeJwtAuth({
      definePayload: ({ user }) => ({ name: user.name, sub: "someone-else", exp: 9_999_999_999, iss: "evil" }),
    });
    const { client, user } = await signUp(auth);
    const { payload } = await verify(auth, (await client.get("/token")).body.token);
    expect(payload).toMatchObject({ sub: user.id, name: "Jwt User", iss: BASE_URL });
    expect(payload.exp).toBeLessThan(Date.now() / 1000 + 901);
    // A changed claim is a new token, not the cached one.
    await client.post("/update-user", { name: "Renamed" });
    expect(decodeJwt((await client.get("/token")).body.token).name).toBe("Renamed");
  });

  it("never outlives its session", async () => {
    const { auth } = makeJwtAuth({}, { session: { expiresIn: 300 } });
    const { client } = await signUp(auth);
    const { exp, iat } = decodeJwt((await client.get("/token")).body.token);
    expect(exp! - iat!).toBeLessThanOrEqual(300);
  });

  it("rotates keys: a token signed by the previous key verifies during the overlap, not after", async () => {
    const DAY = 86_400_000;
    // Sessions outlive the rotation here, so one session sees both keys.
    const { auth, clock } = makeJwtAuth(
      { rotation: { interval: 10 * 86_400, overlap: 86_400 } },
      { session: { expiresIn: 90 * 86_400 } },
    );
    const { client } = await signUp(auth);
    const old = (await client.get("/token")).body.token;
    const oldKid = decodeProtectedHeader(old).kid;
    clock.now += 10 * DAY;
    const next = await client.get("/token");
    expect(decodeProtectedHeader(next.body.token).kid).not.toBe(oldKid);
    const kids = (await jwksOf(auth)).keys.map((k: { kid: string }) => k.kid);
    expect(kids).toContain(oldKid);
    // A token signed just before the rotation still verifies with the published set.
    await expect(verify(auth, old, clock.now - 10 * DAY + 60_000)).resolves.toBeTruthy();
    clock.now += 2 * 10 * DAY;
    expect((await jwksOf(auth)).keys.map((k: { kid: string }) => k.kid)).not.toContain(oldKid);
  });

  it("rejects symmetric or unknown algorithms and an overlap shorter than a token's life at startup", () => {
    expect(() => makeJwtAuth({ algorithm: "HS256" as never })).toThrow(/algorithm/);
    expect(() => makeJwtAuth({ algorithm: "none" as never })).toThrow(/algorithm/);
    expect(() => makeJwtAuth({ expiresIn: 3600, rotation: { overlap: 60 } })).toThrow(/overlap/);
    expect(() => makeJwtAuth({ expiresIn: 0 })).toThrow(/expiresIn/);
  });
});
