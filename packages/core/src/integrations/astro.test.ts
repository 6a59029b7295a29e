import { describe, expect, it } from "vitest";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { type AstroContextLike, getSession, sessionMiddleware, toAstroHandler, toAstroWellKnown } from "./astro.js";

// The real Astro app is tested in examples/astro (astro build with @astrojs/node, then the standalone
// server); this checks the endpoint's and the middleware's contract without Astro.
const origin = "http://localhost:3000";

function context(path: string, init: RequestInit = {}, address: string | (() => string) = "203.0.113.7") {
  const request = new Request(`${origin}${path}`, init);
  return {
    request,
    url: new URL(request.url),
    get clientAddress() {
      return typeof address === "function" ? address() : address;
    },
  } satisfies AstroContextLike;
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", origin, ...headers },
  body: JSON.stringify(body),
});

const cookieOf = (r: Response) =>
  r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("toAstroHandler", () => {
  it("answers under basePath through auth.handler; getSession reads the cookie it set", async () => {
    const auth = makeTestAuth();
    const ALL = toAstroHandler(auth);
    const email = `astro-${Math.random().toString(36).slice(2)}@example.com`;
    const up = await ALL(context("/api/auth/sign-up/email", json({ name: "A", email, password: "password-123" })));
    expect(up.status).toBe(200);
    const cookie = cookieOf(up);
    expect(cookie).toMatch(/gatehouse\.session_token=/);
    const session = await ALL(context("/api/auth/get-session", { headers: { cookie } }));
    expect((await session.json()).user.email).toBe(email);
    // Astro.request in a page, or the whole context in an endpoint or middleware.
    expect((await getSession(auth, new Request(`${origin}/`, { headers: { cookie } })))?.user.email).toBe(email);
    expect((await getSession(auth, context("/", { headers: { cookie } })))?.user.email).toBe(email);
    expect(await getSession(auth, context("/"))).toBeNull();
    expect(
      await getSession(auth, context("/", { headers: { cookie: "gatehouse.session_token=forged.sig" } })),
    ).toBeNull();
  });

  it("answers Gatehouse's 404 for a route file mounted outside basePath, including look-alike paths", async () => {
    const ALL = toAstroHandler(makeTestAuth());
    for (const path of ["/auth/get-session", "/api/authx/get-session", "/api/auth-admin", "/api"]) {
      const r = await ALL(context(path));
      expect(r.status).toBe(404);
      expect((await r.json()).code).toBe("NOT_FOUND");
    }
  });

  it("keeps the shared origin check and body rules: a cross-site write is 403, a form 415, bad JSON 400, bad Host 400", async () => {
    const ALL = toAstroHandler(makeTestAuth());
    const email = `astro-${Math.random().toString(36).slice(2)}@example.com`;
    const cross = await ALL(
      context(
        "/api/auth/sign-up/email",
        json({ name: "A", email, password: "password-123" }, { origin: "https://evil.example" }),
      ),
    );
    expect(cross.status).toBe(403);
    expect((await cross.json()).code).toBe("INVALID_ORIGIN");
    const form = await ALL(
      context("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: "email=a%40example.com&password=x",
      }),
    );
    expect(form.status).toBe(415);
    const broken = await ALL(
      context("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: '{"email": ',
      }),
    );
    expect(broken.status).toBe(400);
    expect(typeof (await broken.json()).code).toBe("string");
    const badHost = await ALL(context("/api/auth/get-session", { headers: { host: "evil.example/x?" } }));
    expect(badHost.status).toBe(400);
    expect((await badHost.json()).code).toBe("BAD_REQUEST");
  });

  it("gives the rate limiter the adapter's client address, and survives a context that has none", async () => {
    const auth = makeTestAuth({
      rateLimit: { enabled: true, window: 60, max: 100, customRules: { "/ok": { window: 60, max: 2 } } },
    });
    const ALL = toAstroHandler(auth);
    const ok = (address: string | (() => string)) => ALL(context("/api/auth/ok", {}, address));
    expect((await ok("198.51.100.1")).status).toBe(200);
    expect((await ok("198.51.100.1")).status).toBe(200);
    expect((await ok("198.51.100.1")).status).toBe(429);
    expect((await ok("198.51.100.2")).status).toBe(200);
    // Astro's getter throws in prerendered routes: no crash.
    const none = await ok(() => {
      throw new Error("clientAddress is not available");
    });
    expect(none.status).toBeLessThan(500);
  });
});

describe("sessionMiddleware", () => {
  it("puts the session (or null) in locals and passes every request on", async () => {
    const auth = makeTestAuth();
    const ALL = toAstroHandler(auth);
    const middleware = sessionMiddleware(auth);
    const email = `astro-mw-${Math.random().toString(36).slice(2)}@example.com`;
    const cookie = cookieOf(
      await ALL(context("/api/auth/sign-up/email", json({ name: "M", email, password: "password-123" }))),
    );
    const run = async (path: string, headers: Record<string, string> = {}) => {
      const locals: { session?: { user: { email: string } } | null } = {};
      const answer = await middleware({ ...context(path, { headers }), locals }, async () => new Response("page"));
      expect(await answer.text()).toBe("page");
      return locals.session;
    };
    expect((await run("/dashboard", { cookie }))?.user.email).toBe(email);
    expect(await run("/dashboard")).toBeNull();
    expect(await run("/dashboard", { cookie: "gatehouse.session_token=forged.sig" })).toBeNull();
    // The auth routes read the session themselves; the middleware does not read it twice.
    expect(await run("/api/auth/get-session", { cookie })).toBeNull();
  });
});

describe("toAstroWellKnown", () => {
  // A stand-in for oauthWellKnown(auth) (the provider package is not core's dependency): one document.
  const documents = async (request: Request) =>
    new URL(request.url).pathname === "/.well-known/oauth-authorization-server/api/auth"
      ? Response.json({ issuer: `${origin}/api/auth` })
      : null;

  it("answers the documents it is given, Gatehouse's 404 for the rest, 400 for a malformed Host", async () => {
    const ALL = toAstroWellKnown(makeTestAuth(), documents);
    const doc = await ALL(context("/.well-known/oauth-authorization-server/api/auth"));
    expect(doc.status).toBe(200);
    expect((await doc.json()).issuer).toBe(`${origin}/api/auth`);
    const other = await ALL(context("/.well-known/security.txt"));
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe("NOT_FOUND");
    const badHost = await ALL(
      context("/.well-known/oauth-authorization-server/api/auth", { headers: { host: "evil.example/x?" } }),
    );
    expect(badHost.status).toBe(400);
    expect((await badHost.json()).code).toBe("BAD_REQUEST");
  });
});
