import { createAuth, memoryAdapter, signCookieValue } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { bearer } from "./bearer-plugin.js";

const SECRET = "test-secret-0123456789abcdef0123456789";

function setup() {
  const auth = makeTestAuth({ plugins: [bearer()] });
  return { auth, anon: createTestClient(auth) };
}

/** Signs up over HTTP and answers the set-auth-token header with the body's token. */
async function signUp(auth: ReturnType<typeof setup>["auth"]) {
  const client = createTestClient(auth);
  const email = `b-${Math.random().toString(36).slice(2)}@example.com`;
  const r = await client.post("/sign-up/email", { name: "B", email, password: "password-123" });
  expect(r.status).toBe(200);
  return { client, email, user: r.body.user, token: r.body.token as string, bearer: r.headers.get("set-auth-token") };
}

const withBearer = (value: string) => ({ headers: { authorization: `Bearer ${value}` } });

describe("bearer plugin", () => {
  it("hands the signed session token out on sign-up and sign-in, exposed to cross-origin scripts", async () => {
    const { auth, anon } = setup();
    const { token, bearer: handed, email } = await signUp(auth);
    expect(handed).toBe(signCookieValue(SECRET, token));
    const r = await anon.post("/sign-in/email", { email, password: "password-123" });
    expect(r.headers.get("set-auth-token")).toBe(signCookieValue(SECRET, r.body.token));
    expect(r.headers.get("access-control-expose-headers")).toMatch(/set-auth-token/);
    // A response that sets no session cookie hands nothing out.
    expect((await anon.get("/ok")).headers.get("set-auth-token")).toBeNull();
  });

  it("authenticates get-session and protected routes without a cookie", async () => {
    const { auth, anon } = setup();
    const { user, bearer: handed } = await signUp(auth);
    const s = await anon.get("/get-session", withBearer(handed!));
    expect(s.body.user.id).toBe(user.id);
    const up = await anon.post("/update-user", { name: "Via Bearer" }, withBearer(handed!));
    expect(up.status).toBe(200);
    expect((await anon.get("/get-session", withBearer(handed!))).body.user.name).toBe("Via Bearer");
    // The scheme is case-insensitive (RFC 9110 §11.1), and a percent-encoded copy of the cookie works too.
    const lower = await anon.get("/get-session", {
      headers: { authorization: `bearer ${encodeURIComponent(handed!)}` },
    });
    expect(lower.body.user.id).toBe(user.id);
  });

  it("refuses an unsigned, tampered, foreign-signed or otherwise-schemed token: the request stays anonymous", async () => {
    const { auth, anon } = setup();
    const { token, bearer: handed } = await signUp(auth);
    const foreign = signCookieValue("another-secret-0123456789abcdef0123", token);
    const tampered = `${handed!.slice(0, -2)}${handed!.endsWith("A=") ? "B=" : "A="}`;
    const headers = [
      `Bearer ${token}`,
      `Bearer ${tampered}`,
      `Bearer ${foreign}`,
      `Basic ${handed}`,
      `Token ${handed}`,
      `Bearer`,
      `Bearer ${handed} extra`,
      `Bearer %E0%A4%A`,
    ];
    for (const authorization of headers) {
      const s = await anon.get("/get-session", { headers: { authorization } });
      expect(s.status, authorization).toBe(200);
      expect(s.body, authorization).toBeNull();
      expect((await anon.get("/list-sessions", { headers: { authorization } })).status, authorization).toBe(401);
    }
  });

  it("signing out through the header ends the session for the cookie too, and revoking by cookie ends the header", async () => {
    const { auth, anon } = setup();
    const a = await signUp(auth);
    expect((await anon.post("/sign-out", {}, withBearer(a.bearer!))).status).toBe(200);
    expect((await anon.get("/get-session", withBearer(a.bearer!))).body).toBeNull();
    expect((await a.client.get("/get-session")).body).toBeNull();

    const b = await signUp(auth);
    expect((await b.client.post("/revoke-session", { token: b.token })).status).toBe(200);
    expect((await anon.get("/get-session", withBearer(b.bearer!))).body).toBeNull();
  });

  it("with a cookie and a header naming different sessions, the cookie decides and sign-out ends only its session", async () => {
    const { auth } = setup();
    const a = await signUp(auth);
    const b = await signUp(auth);
    const s = await a.client.get("/get-session", withBearer(b.bearer!));
    expect(s.body.user.id).toBe(a.user.id);
    await a.client.post("/sign-out", {}, withBearer(b.bearer!));
    expect((await createTestClient(auth).get("/get-session", withBearer(b.bearer!))).body.user.id).toBe(b.user.id);
  });

  it("keeps a header-only session alive: a session due for a refresh slides forward", async () => {
    const clock = { now: Date.now() };
    const auth = createAuth({
      database: memoryAdapter(),
      secret: SECRET,
      baseURL: "http://localhost:3000",
      logger: { error: () => {}, warn: () => {} },
      advanced: { now: () => clock.now },
      plugins: [bearer()],
    });
    const { token } = await signUpUser(auth);
    const signed = signCookieValue(SECRET, token);
    const anon = createTestClient(auth);
    clock.now += 2 * 86_400_000; // past the 1-day update age
    const before = (await auth.$context.sessions.findByToken(token))!.session.expiresAt.getTime();
    await anon.get("/get-session", withBearer(signed));
    const after = (await auth.$context.sessions.findByToken(token))!.session.expiresAt.getTime();
    expect(after).toBeGreaterThan(before);
    // disableRefresh holds for the header as for the cookie: the session stays where it is.
    clock.now += 2 * 86_400_000;
    await anon.get("/get-session", { ...withBearer(signed), query: { disableRefresh: "true" } });
    expect((await auth.$context.sessions.findByToken(token))!.session.expiresAt.getTime()).toBe(after);
  });

  it("documents the header as an http bearer scheme for the OpenAPI generator", () => {
    const plugin = bearer();
    expect(plugin.authenticateScheme).toMatchObject({ header: "authorization", scheme: "bearer" });
  });
});
