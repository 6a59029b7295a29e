// Attacks on the JWTs and on the session API through them. The admin and bearer plugins come from their
// sources (this package has no dependency on them): the point is how the three behave together.
import { type User, definePlugin } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { SignJWT, base64url, createLocalJWKSet, decodeJwt, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { admin } from "@gatehouse-auth/admin";
import { bearer } from "@gatehouse-auth/bearer";
import { BASE_URL, makeJwtAuth, signUp } from "./test-helpers.js";

type Auth = ReturnType<typeof makeJwtAuth>["auth"];
const jwksOf = async (auth: Auth) => (await createTestClient(auth).get("/jwks")).body;
const verifyWith = (jwks: unknown, token: string) =>
  jwtVerify(token, createLocalJWKSet(jwks as never), { issuer: BASE_URL, audience: BASE_URL });
const b64 = (o: unknown) => base64url.encode(JSON.stringify(o));

describe("attacks on the JWT plugin", () => {
  it("alg confusion: an unsigned token, or HS256 keyed with the published public key, never verifies", async () => {
    const { auth } = makeJwtAuth();
    const { client, user } = await signUp(auth);
    const real = (await client.get("/token")).body.token as string;
    const jwks = await jwksOf(auth);
    const { kid, x } = jwks.keys[0];
    const claims = { ...decodeJwt(real), sub: user.id };
    const none = `${b64({ alg: "none", typ: "JWT", kid })}.${b64(claims)}.`;
    await expect(verifyWith(jwks, none)).rejects.toThrow();
    // HS256 "signed" with the public key's bytes, and with its JSON: what a confused verifier would accept.
    for (const secret of [base64url.decode(x), new TextEncoder().encode(JSON.stringify(jwks.keys[0]))]) {
      const hs = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid }).sign(secret);
      await expect(verifyWith(jwks, hs)).rejects.toThrow();
    }
    // The published keys say their algorithm, so a verifier pinning by JWK refuses any other.
    for (const key of jwks.keys) expect(key.alg).toBe("EdDSA");
  });

  it("kid injection: hostile kids do not reach the key store, and keys' own kids are plain characters", async () => {
    const { auth } = makeJwtAuth({}, { plugins: [bearer()] });
    const { client } = await signUp(auth);
    const real = (await client.get("/token")).body.token as string;
    const [, payload, sig] = real.split(".");
    const anon = createTestClient(auth);
    for (const kid of ["../../../etc/passwd", "' OR 1=1 --", "x\r\nSet-Cookie: a=b", "a".repeat(10_000)]) {
      const forged = `${b64({ alg: "EdDSA", kid })}.${payload}.${sig}`;
      await expect(verifyWith(await jwksOf(auth), forged)).rejects.toThrow();
      const s = await anon.get("/get-session", { headers: { authorization: `Bearer ${forged}` } });
      expect(s.body).toBeNull();
    }
    expect(await auth.$context.db.findMany({ model: "jwks" })).toHaveLength(1);
    for (const key of (await jwksOf(auth)).keys) expect(key.kid).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("a JWT is not a credential of the auth API: neither as a bearer token nor as the session cookie", async () => {
    const { auth } = makeJwtAuth({}, { plugins: [bearer()] });
    const { client } = await signUp(auth);
    const token = (await client.get("/token")).body.token as string;
    const anon = createTestClient(auth);
    const asBearer = await anon.get("/get-session", { headers: { authorization: `Bearer ${token}` } });
    expect(asBearer.body).toBeNull();
    expect((await anon.get("/token", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const asCookie = createTestClient(auth);
    asCookie.cookies.set(auth.$context.cookies.sessionToken, token);
    expect((await asCookie.get("/get-session")).body).toBeNull();
    expect((await asCookie.get("/list-sessions")).status).toBe(401);
  });

  it("a bearer token for a revoked session gets no JWT", async () => {
    const { auth } = makeJwtAuth({}, { plugins: [bearer()] });
    const up = await createTestClient(auth).post("/sign-up/email", {
      name: "R",
      email: `revoked-${Date.now()}@example.com`,
      password: "password-123",
    });
    const handed = up.headers.get("set-auth-token")!;
    const anon = createTestClient(auth);
    const withBearer = { headers: { authorization: `Bearer ${handed}` } };
    expect((await anon.get("/token", withBearer)).status).toBe(200);
    await auth.$context.sessions.deleteByToken(up.body.token);
    expect((await anon.get("/token", withBearer)).status).toBe(401);
    const s = await anon.get("/get-session", withBearer);
    expect(s.body).toBeNull();
    expect(s.headers.get("set-auth-jwt")).toBeNull();
  });

  it("an impersonation session gets no JWT: GET /token is refused and get-session sets no set-auth-jwt", async () => {
    const { auth } = makeJwtAuth({}, { plugins: [admin(), bearer()] });
    const boss = await signUp(auth);
    await auth.$context.users.update(boss.user.id, { role: "admin" });
    const victim = await signUp(auth);
    const r = await boss.client.post("/admin/impersonate-user", { userId: victim.user.id });
    expect(r.status).toBe(200);
    const s = await boss.client.get("/get-session");
    expect(s.body.user.id).toBe(victim.user.id);
    expect(s.headers.get("set-auth-jwt")).toBeNull();
    expect((await boss.client.get("/token")).status).toBe(403);
    // Nor through the impersonation session's bearer token.
    const handed = r.headers.get("set-auth-token")!;
    const viaBearer = await createTestClient(auth).get("/token", { headers: { authorization: `Bearer ${handed}` } });
    expect(viaBearer.status).toBe(403);
    // The victim's own session still gets one.
    expect((await victim.client.get("/token")).status).toBe(200);
  });

  it("a session a plugin's authenticate makes up (an API key's, with no token) gets no JWT", async () => {
    // What the api-key plugin does: the key's header stands for its owner through a synthetic session.
    const keyLike = definePlugin({
      id: "key-like",
      authenticate: async (ctx) => {
        if (ctx.headers.get("x-demo-key") !== "k") return null;
        const user = (await ctx.auth.db.findOne({ model: "user", where: [] })) as unknown as User;
        const now = new Date(ctx.auth.now());
        const session = { id: "key-1", token: "", userId: user.id, expiresAt: new Date(now.getTime() + 60_000) };
        return {
          session: { ...session, createdAt: now, updatedAt: now },
          user,
          credential: { kind: "api-key" as const },
        };
      },
    });
    const { auth } = makeJwtAuth({}, { plugins: [keyLike] });
    await signUp(auth);
    const anon = createTestClient(auth);
    const withKey = { headers: { "x-demo-key": "k" } };
    expect((await anon.get("/get-session", withKey)).body.session.id).toBe("key-1");
    expect((await anon.get("/get-session", withKey)).headers.get("set-auth-jwt")).toBeNull();
    const r = await anon.get("/token", withKey);
    expect(r.status).toBe(403);
    // /token mints a credential: only the user's own session reaches it (credentials: own-session).
    expect(r.body.code).toBe("CREDENTIAL_NOT_ALLOWED");
  });

  it("header values are base64url, never a CRLF, whatever the claims hold", async () => {
    const { auth } = makeJwtAuth(
      { definePayload: () => ({ note: "a\r\nSet-Cookie: evil=1" }) },
      { plugins: [bearer()] },
    );
    const { client } = await signUp(auth);
    const s = await client.get("/get-session");
    const header = s.headers.get("set-auth-jwt")!;
    expect(header).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeJwt(header).note).toBe("a\r\nSet-Cookie: evil=1");
    expect(s.headers.getSetCookie().join()).not.toContain("evil");
  });
});
