import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthOptions } from "../options/auth-options.js";
import { toNodeHandler } from "../node.js";
import { makeTestAuth } from "../testing/make-test-auth.js";

const FRONTEND = "http://app.localhost:5173";

async function serve(extra: Partial<AuthOptions>): Promise<{ server: Server; base: string }> {
  const auth = makeTestAuth({ trustedOrigins: [FRONTEND, "https://*.example.com"], ...extra });
  const handler = toNodeHandler(auth);
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth` };
}

const preflight = (origin: string, method = "POST", headers = "content-type") => ({
  method: "OPTIONS",
  headers: { origin, "access-control-request-method": method, "access-control-request-headers": headers },
});

describe("CORS (cors.enabled)", () => {
  let on: { server: Server; base: string };
  let off: { server: Server; base: string };
  beforeAll(async () => {
    on = await serve({ cors: { enabled: true, allowHeaders: ["x-tenant"], maxAge: 300 } });
    off = await serve({});
  });
  afterAll(async () => {
    for (const { server } of [on, off]) await new Promise<void>((r) => server.close(() => r()));
  });

  it("answers a trusted origin's preflight 204 with its own origin, credentials and the safe requested headers", async () => {
    const r = await fetch(
      `${on.base}/sign-in/email`,
      preflight(FRONTEND, "POST", "Content-Type, X-Captcha-Response, x-tenant, x-evil, cookie"),
    );
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe(FRONTEND);
    expect(r.headers.get("access-control-allow-credentials")).toBe("true");
    expect(r.headers.get("access-control-allow-methods")).toBe("POST");
    expect(r.headers.get("access-control-allow-headers")).toBe("content-type, x-captcha-response, x-tenant");
    expect(r.headers.get("access-control-max-age")).toBe("300");
    expect(r.headers.get("vary")).toContain("Origin");
    // A wildcard pattern matches a subdomain, and the echoed origin is that exact one, never `*`.
    const sub = await fetch(`${on.base}/get-session`, preflight("https://shop.example.com", "GET", "authorization"));
    expect(sub.status).toBe(204);
    expect(sub.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
    expect(sub.headers.get("access-control-allow-headers")).toBe("authorization");
  });

  it("refuses an untrusted or null origin's preflight with 403 and no CORS headers", async () => {
    for (const origin of ["https://evil.example.org", "null", "https://example.com.evil.org"]) {
      const r = await fetch(`${on.base}/sign-in/email`, preflight(origin));
      expect(r.status).toBe(403);
      expect((await r.json()).code).toBe("INVALID_ORIGIN");
      expect(r.headers.get("access-control-allow-origin")).toBeNull();
      expect(r.headers.get("access-control-allow-credentials")).toBeNull();
      expect(r.headers.get("vary")).toContain("Origin");
    }
    // A method the path does not take is refused too, without CORS headers on the preflight answer.
    const wrong = await fetch(`${on.base}/get-session`, preflight(FRONTEND, "DELETE"));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("access-control-allow-methods")).toBeNull();
  });

  it("adds CORS headers to actual responses (errors included) for a trusted origin only", async () => {
    const body = JSON.stringify({ name: "C", email: `c-${Date.now()}@example.com`, password: "password-123" });
    const ok = await fetch(`${on.base}/sign-up/email`, {
      method: "POST",
      headers: { origin: FRONTEND, "content-type": "application/json" },
      body,
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe(FRONTEND);
    expect(ok.headers.get("access-control-allow-credentials")).toBe("true");
    expect(ok.headers.get("access-control-expose-headers")).toBe("set-auth-token, set-auth-jwt, x-next-cursor");
    expect(ok.headers.get("vary")).toBe("Origin");
    const denied = await fetch(`${on.base}/sign-in/email`, {
      method: "POST",
      headers: { origin: FRONTEND, "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "password-123" }),
    });
    expect(denied.status).toBe(401);
    expect(denied.headers.get("access-control-allow-origin")).toBe(FRONTEND);
    const evil = await fetch(`${on.base}/get-session`, { headers: { origin: "https://evil.example.org" } });
    expect(evil.status).toBe(200);
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    expect(evil.headers.get("vary")).toBe("Origin");
    const none = await fetch(`${on.base}/get-session`);
    expect(none.headers.get("access-control-allow-origin")).toBeNull();
    expect(none.headers.get("vary")).toBe("Origin");
  });

  it("is off by default: no CORS headers, no Vary, and OPTIONS stays 405", async () => {
    const r = await fetch(`${off.base}/sign-in/email`, preflight(FRONTEND));
    expect(r.status).toBe(405);
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
    const get = await fetch(`${off.base}/get-session`, { headers: { origin: FRONTEND } });
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
    expect(get.headers.get("vary")).toBeNull();
  });

  it("exposes a configured list instead of the default, and works through auth.handler too", async () => {
    const auth = makeTestAuth({ trustedOrigins: [FRONTEND], cors: { enabled: true, exposeHeaders: ["X-Request-Id"] } });
    const r = await auth.handler(new Request("http://localhost:3000/api/auth/ok", { headers: { origin: FRONTEND } }));
    expect(r.headers.get("access-control-expose-headers")).toBe("x-request-id");
    expect(r.headers.get("access-control-allow-origin")).toBe(FRONTEND);
    const p = await auth.handler(new Request("http://localhost:3000/api/auth/ok", preflight(FRONTEND, "GET", "")));
    expect(p.status).toBe(204);
    expect(p.headers.get("access-control-allow-headers")).toBeNull();
  });
});

describe("cors.enabled with a plugin that exposes a header of its own", () => {
  it("keeps the plugin's Access-Control-Expose-Headers entry next to a configured list", async () => {
    const auth = makeTestAuth({
      trustedOrigins: [FRONTEND],
      cors: { enabled: true, exposeHeaders: ["x-request-id"] },
      plugins: [
        {
          id: "exposes-token",
          hooks: {
            after: [
              {
                run: (ctx) => {
                  ctx.responseHeaders["access-control-expose-headers"] = "set-auth-token";
                },
              },
            ],
          },
        },
      ],
    });
    const r = await auth.handler(new Request("http://localhost:3000/api/auth/ok", { headers: { origin: FRONTEND } }));
    expect(r.headers.get("access-control-expose-headers")).toBe("set-auth-token, x-request-id");
  });
});

describe("cors.enabled with a pattern that matches every host", () => {
  it("refuses to start: credentialed CORS for every site is never meant", () => {
    for (const pattern of ["https://*", "http://*:3000"]) {
      expect(() => makeTestAuth({ trustedOrigins: [pattern], cors: { enabled: true } })).toThrow(/any site/);
    }
    // Without CORS such a pattern is the CSRF check's business only; a suffix keeps it narrow.
    expect(() => makeTestAuth({ trustedOrigins: ["https://*"] })).not.toThrow();
    expect(() => makeTestAuth({ trustedOrigins: ["https://*.example.com"], cors: { enabled: true } })).not.toThrow();
  });
});

describe("advanced.cookies", () => {
  it("sets SameSite=None with Secure, and the Domain, on every session cookie", async () => {
    const auth = makeTestAuth({ advanced: { cookies: { sameSite: "None", domain: "example.com" } } });
    const r = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "D", email: "d@example.com", password: "password-123" }),
      }),
    );
    const cookies = r.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) {
      expect(c).toContain("; SameSite=None");
      expect(c).toContain("; Secure");
      expect(c).toContain("; Domain=example.com");
    }
  });

  it("refuses a cookie domain that is not a host name at startup", () => {
    expect(() => makeTestAuth({ advanced: { cookies: { domain: "example.com; Path=/x" } } })).toThrow(
      /not a host name/,
    );
  });
});
