import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { call, cookieOf, json } from "../testing/http-helpers.js";
import type { AuthOptions } from "../options/auth-options.js";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { toFastifyPlugin } from "./fastify.js";

// A real Fastify 5 server over HTTP, mounted the way the docs say.
const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function start(extra: Partial<AuthOptions> = {}, setup?: (app: FastifyInstance) => void): Promise<string> {
  const app = Fastify();
  apps.push(app);
  app.register(toFastifyPlugin(makeTestAuth(extra)));
  // The app's own routes keep Fastify's JSON parser: the plugin's parser change stays in its scope.
  app.post("/echo", async (request) => ({ got: request.body }));
  app.get("/hello", async () => "app");
  setup?.(app);
  return app.listen({ port: 0, host: "127.0.0.1" });
}

describe("toFastifyPlugin on a real Fastify server", () => {
  it("runs the whole journey: sign-up, sign-in, get-session with the cookie, sign-out", async () => {
    const base = await start();
    const email = `f-${Math.random().toString(36).slice(2)}@example.com`;
    const up = await call(`${base}/api/auth/sign-up/email`, json({ name: "Ann", email, password: "password-123" }));
    expect(up.status).toBe(200);
    expect((await up.json()).user.email).toBe(email);
    const signIn = await call(`${base}/api/auth/sign-in/email`, json({ email, password: "password-123" }));
    expect(signIn.status).toBe(200);
    const cookie = cookieOf(signIn);
    expect(cookie).toContain("gatehouse.session_token=");
    const session = await call(`${base}/api/auth/get-session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    expect((await session.json()).user.email).toBe(email);
    const wrong = await call(`${base}/api/auth/sign-in/email`, json({ email, password: "password-999" }));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe("INVALID_EMAIL_OR_PASSWORD");
    // A cookie-carrying POST from another site is refused; from the app's own origin it signs out.
    const crossSite = await call(`${base}/api/auth/sign-out`, json({}, { cookie, origin: "https://evil.example" }));
    expect(crossSite.status).toBe(403);
    const out = await call(`${base}/api/auth/sign-out`, json({}, { cookie, origin: "http://localhost:3000" }));
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith("gatehouse.session_token=;"))).toBe(true);
    const after = await call(`${base}/api/auth/get-session`, { headers: { cookie } });
    expect(await after.json()).toBeNull();
  });

  it("keeps every Set-Cookie line as its own header", async () => {
    const base = await start({ session: { cookieCache: { enabled: true } } });
    const email = `c-${Math.random().toString(36).slice(2)}@example.com`;
    const up = await call(`${base}/api/auth/sign-up/email`, json({ name: "C", email, password: "password-123" }));
    const names = up.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names).toContain("gatehouse.session_token");
    expect(names).toContain("gatehouse.session_data");
    // The cached session cookie works on its own line too.
    const session = await call(`${base}/api/auth/get-session`, { headers: { cookie: cookieOf(up) } });
    expect((await session.json()).user.email).toBe(email);
  });

  it("answers 400 to malformed JSON, 415 to a form, 413 to a large body — never a hang", async () => {
    const base = await start({ advanced: { maxBodySize: 2048 } });
    const bad = await call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"email": "a@example.com", "password": ',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBeTypeOf("string");
    const form = await call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40example.com&password=password-123",
    });
    expect(form.status).toBe(415);
    const malformedType = await call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": ";;;=" },
      body: "{}",
    });
    expect(malformedType.status).toBe(415);
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(100_000) });
    const declared = await call(`${base}/api/auth/sign-in/email`, json(JSON.parse(big)));
    expect(declared.status).toBe(413);
    // Chunked, so no Content-Length decides it before the body is read.
    const chunked = await call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    // The server still answers afterwards.
    expect((await call(`${base}/api/auth/ok`)).status).toBe(200);
  });

  it("reads a large body under maxBodySize itself, past Fastify's own 1 MiB limit", async () => {
    const base = await start({ advanced: { maxBodySize: 4 * 1024 * 1024 } });
    const email = `l-${Math.random().toString(36).slice(2)}@example.com`;
    const input = {
      name: "L",
      email,
      password: "password-123",
      padding: Array.from({ length: 1500 }, () => "p".repeat(1000)),
    };
    const r = await call(`${base}/api/auth/sign-up/email`, json(input));
    // Read whole and parsed by Gatehouse: its own validation answers, not Fastify's 413.
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(JSON.stringify(body.issues)).toContain("Unknown field padding");
  });

  it("leaves paths outside the base path, and the app's JSON parsing, to the app", async () => {
    const base = await start();
    expect(await (await call(`${base}/hello`)).text()).toBe("app");
    const echo = await call(`${base}/echo`, json({ a: 1 }));
    expect(await echo.json()).toEqual({ got: { a: 1 } });
    expect((await call(`${base}/api/authx/get-session`)).status).toBe(404);
    expect((await call(`${base}/elsewhere`)).status).toBe(404);
    // Below the base path but no such route: Gatehouse's own 404.
    const missing = await call(`${base}/api/auth/no-such-route`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe("NOT_FOUND");
  });

  it("answers 404 for paths the app's router options or a prefix route to it that are not the base path", async () => {
    const loose = Fastify({ routerOptions: { caseSensitive: false } });
    apps.push(loose);
    loose.register(toFastifyPlugin(makeTestAuth()));
    const looseBase = await loose.listen({ port: 0, host: "127.0.0.1" });
    const upper = await call(`${looseBase}/API/AUTH/get-session`);
    expect(upper.status).toBe(404);
    expect((await upper.json()).code).toBe("NOT_FOUND");
    expect((await call(`${looseBase}/api/auth/get-session`)).status).toBe(200);
    const prefixed = Fastify();
    apps.push(prefixed);
    prefixed.register(toFastifyPlugin(makeTestAuth()), { prefix: "/v1" });
    const prefixedBase = await prefixed.listen({ port: 0, host: "127.0.0.1" });
    expect((await call(`${prefixedBase}/v1/api/auth/get-session`)).status).toBe(404);
  });

  it("keeps redirects: status and Location go out as the endpoint set them", async () => {
    const base = await start({ socialProviders: { github: { clientId: "id", clientSecret: "secret" } } });
    const r = await call(`${base}/api/auth/callback/github?state=unknown-state&code=abc`);
    expect(r.status).toBeGreaterThanOrEqual(300);
    expect(r.status).toBeLessThan(400);
    const location = r.headers.get("location");
    expect(location).toContain("error=");
    const social = await call(`${base}/api/auth/sign-in/social`, json({ provider: "github" }));
    expect(social.status).toBe(200);
    expect((await social.json()).url).toContain("github.com");
  });

  it("still runs the app's onSend hooks on auth answers", async () => {
    const base = await start({}, (app) => {
      app.addHook("onSend", async (_request, reply) => {
        reply.header("x-app", "yes");
      });
    });
    const r = await call(`${base}/api/auth/get-session`);
    expect(r.headers.get("x-app")).toBe("yes");
    expect(await r.json()).toBeNull();
  });

  it("passes the client address (request.ip), so the rate limiter keys on it", async () => {
    const base = await start({
      rateLimit: { enabled: true, window: 60, max: 100, customRules: { "/sign-in/email": { window: 60, max: 2 } } },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await call(`${base}/api/auth/sign-in/email`, json({ email: "n@example.com", password: "password-123" })))
          .status,
      );
    expect(statuses).toEqual([401, 401, 429]);
  });

  it("refuses a malformed Host header with 400", async () => {
    const base = await start();
    const { request } = await import("node:http");
    const url = new URL(`${base}/api/auth/get-session`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, headers: { host: "evil.example/x" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(400);
  });
});
