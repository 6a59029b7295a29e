import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { call, cookieOf, json } from "../testing/http-helpers.js";
import { getSessionFromHeaders } from "../index.js";
import type { AuthOptions } from "../options/auth-options.js";
import { makeTestAuth } from "../testing/make-test-auth.js";

// Hono needs no helper: its context carries the Fetch Request, which auth.handler takes as it is.
// This mounts it exactly as docs/frameworks.md shows, on a real @hono/node-server over HTTP.
const servers: ServerType[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

async function start(extra: Partial<AuthOptions> = {}): Promise<string> {
  const auth = makeTestAuth(extra);
  const app = new Hono();
  app.on(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"], "/api/auth/*", (c) =>
    auth.handler(c.req.raw, { clientAddress: getConnInfo(c).remote.address }),
  );
  app.get("/me", async (c) => {
    const session = await getSessionFromHeaders(auth, c.req.raw.headers);
    return session ? c.json({ email: session.user.email }) : c.json({ error: "signed out" }, 401);
  });
  app.get("/hello", (c) => c.text("app"));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  servers.push(server);
  await new Promise<void>((r) => server.once("listening", () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("auth.handler on Hono (@hono/node-server)", () => {
  it("runs the whole journey, and an app route reads the session with getSessionFromHeaders", async () => {
    const base = await start();
    const email = `h-${Math.random().toString(36).slice(2)}@example.com`;
    const up = await call(`${base}/api/auth/sign-up/email`, json({ name: "Hon", email, password: "password-123" }));
    expect(up.status).toBe(200);
    const signIn = await call(`${base}/api/auth/sign-in/email`, json({ email, password: "password-123" }));
    expect(signIn.status).toBe(200);
    const cookie = cookieOf(signIn);
    expect(cookie).toContain("gatehouse.session_token=");
    const session = await call(`${base}/api/auth/get-session`, { headers: { cookie } });
    expect((await session.json()).user.email).toBe(email);
    expect(await (await call(`${base}/me`, { headers: { cookie } })).json()).toEqual({ email });
    const crossSite = await call(`${base}/api/auth/sign-out`, json({}, { cookie, origin: "https://evil.example" }));
    expect(crossSite.status).toBe(403);
    const out = await call(`${base}/api/auth/sign-out`, json({}, { cookie, origin: "http://localhost:3000" }));
    expect(out.status).toBe(200);
    expect(await (await call(`${base}/api/auth/get-session`, { headers: { cookie } })).json()).toBeNull();
    expect((await call(`${base}/me`, { headers: { cookie } })).status).toBe(401);
  });

  it("keeps several Set-Cookie lines and redirects", async () => {
    const base = await start({
      session: { cookieCache: { enabled: true } },
      socialProviders: { github: { clientId: "id", clientSecret: "secret" } },
    });
    const email = `k-${Math.random().toString(36).slice(2)}@example.com`;
    const up = await call(`${base}/api/auth/sign-up/email`, json({ name: "K", email, password: "password-123" }));
    const names = up.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names).toEqual(expect.arrayContaining(["gatehouse.session_token", "gatehouse.session_data"]));
    const r = await call(`${base}/api/auth/callback/github?state=unknown-state&code=abc`);
    expect(r.status).toBeGreaterThanOrEqual(300);
    expect(r.status).toBeLessThan(400);
    expect(r.headers.get("location")).toContain("error=");
  });

  it("answers bad bodies with a 4xx, not a hang, and leaves other paths to the app", async () => {
    const base = await start({ advanced: { maxBodySize: 2048 } });
    const bad = await call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(100_000) });
    const chunked = await call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await (await call(`${base}/hello`)).text()).toBe("app");
    expect((await call(`${base}/api/authx`)).status).toBe(404);
  });

  it("passes the peer address, so the rate limiter keys on it", async () => {
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
});
