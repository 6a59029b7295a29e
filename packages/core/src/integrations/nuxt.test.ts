import { request as httpRequest } from "node:http";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, createRouter, defineEventHandler, setResponseStatus, toNodeListener } from "h3";
import { afterEach, describe, expect, it } from "vitest";
import type { AuthOptions } from "../options/auth-options.js";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { getSession, toNuxtHandler } from "./nuxt.js";

// The real Nuxt app is tested in examples/nuxt (nuxt build with the node-server preset, then the built
// server); this runs the handler in h3 itself on node, the way Nitro's node preset does, over HTTP.

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** An h3 app like Nitro builds from `server/api/auth/[...all].ts` and `server/api/me.get.ts`. */
async function serve(options: Partial<AuthOptions> = {}, mount = "/api/auth/**"): Promise<string> {
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const auth = makeTestAuth({ baseURL: base, ...options });
  const router = createRouter()
    .use(mount, toNuxtHandler(auth))
    .get(
      "/api/me",
      defineEventHandler(async (event) => {
        const session = await getSession(auth, event);
        if (!session) {
          setResponseStatus(event, 401);
          return { error: "Sign in first" };
        }
        return { email: session.user.email };
      }),
    );
  server.on("request", toNodeListener(createApp().use(router)));
  return base;
}

const cookieOf = (r: Response) =>
  r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("toNuxtHandler", () => {
  it("serves sign-up, sign-in and get-session over h3 with every Set-Cookie kept; getSession reads it", async () => {
    const base = await serve();
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, ...headers },
        body: JSON.stringify(body),
      });
    const email = `nx-${Math.random().toString(36).slice(2)}@example.com`;
    const up = await post("/api/auth/sign-up/email", { name: "N", email, password: "password-123" });
    expect(up.status).toBe(200);
    const signIn = await post("/api/auth/sign-in/email", { email, password: "password-123", rememberMe: false });
    expect(signIn.status).toBe(200);
    const setCookies = signIn.headers.getSetCookie();
    expect(setCookies.length).toBeGreaterThanOrEqual(2); // session token and the don't-remember marker, separately
    expect(setCookies.some((c) => /^gatehouse\.session_token=[^;]+;.*HttpOnly/i.test(c))).toBe(true);
    const cookie = cookieOf(signIn);
    const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
    expect((await session.json()).user.email).toBe(email);
    const me = await fetch(`${base}/api/me`, { headers: { cookie } });
    expect(await me.json()).toEqual({ email });
    expect((await fetch(`${base}/api/me`)).status).toBe(401);
    const forged = await fetch(`${base}/api/me`, { headers: { cookie: "gatehouse.session_token=forged.sig" } });
    expect(forged.status).toBe(401);

    // The shared origin check: a cross-site sign-out with the victim's cookie is refused.
    const cross = await post("/api/auth/sign-out", {}, { cookie, origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect((await fetch(`${base}/api/me`, { headers: { cookie } })).status).toBe(200);
    expect((await post("/api/auth/sign-out", {}, { cookie })).status).toBe(200);
    expect((await fetch(`${base}/api/me`, { headers: { cookie } })).status).toBe(401);
  });

  it("answers bad input with Gatehouse's 4xx: bad JSON, a form, an oversized body, a bad Host, an odd method", async () => {
    const base = await serve();
    const send = (body: string, type = "application/json") =>
      fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": type, origin: base },
        body,
      });
    const broken = await send('{"email": ');
    expect(broken.status).toBe(400);
    expect(typeof (await broken.json()).code).toBe("string");
    expect((await send("email=a%40example.com&password=x", "application/x-www-form-urlencoded")).status).toBe(415);
    const big = await send(JSON.stringify({ email: "a@example.com", password: "x".repeat(2_000_000) }));
    expect(big.status).toBe(413);
    const put = await fetch(`${base}/api/auth/get-session`, { method: "PUT", headers: { origin: base } });
    expect(put.status).toBe(405);
    expect((await fetch(`${base}/api/auth/no-such-route`)).status).toBe(404);

    // A malformed Host never reaches a link or a redirect: 400, as toNodeHandler answers.
    const { port } = new URL(base);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, path: "/api/auth/get-session", headers: { host: "evil.example/x?" } },
        (res) => {
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).code).toBe("BAD_REQUEST");
  });

  it("gives the rate limiter the socket's address, and ignores a forged x-forwarded-for", async () => {
    const base = await serve({
      rateLimit: { enabled: true, window: 60, max: 100, customRules: { "/ok": { window: 60, max: 2 } } },
    });
    const ok = (forwarded: string) => fetch(`${base}/api/auth/ok`, { headers: { "x-forwarded-for": forwarded } });
    expect((await ok("198.51.100.1")).status).toBe(200);
    expect((await ok("198.51.100.2")).status).toBe(200);
    // A third request from the same socket address is limited, whatever address it claims.
    expect((await ok("198.51.100.3")).status).toBe(429);
  });

  it("mounted outside basePath, answers Gatehouse's 404 instead of serving the routes at the wrong address", async () => {
    const base = await serve({}, "/auth/**");
    const r = await fetch(`${base}/auth/get-session`);
    expect(r.status).toBe(404);
    expect((await r.json()).code).toBe("NOT_FOUND");
  });
});
