import { describe, expect, it } from "vitest";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { getSession, toTanStackStartHandler, toTanStackStartWellKnown } from "./tanstack-start.js";

// The real TanStack Start app is tested in examples/tanstack-start (vite build, then the built Fetch
// handler on Node 22 through srvx); this checks the server route handlers' contract without TanStack.
const origin = "http://localhost:3000";

/** A request as srvx hands it over: a Fetch Request with the socket's address in `ip` (when given). */
function request(path: string, init: RequestInit = {}, ip?: string): Request {
  const r = new Request(`${origin}${path}`, init);
  if (ip !== undefined) Object.defineProperty(r, "ip", { value: ip });
  return r;
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

describe("toTanStackStartHandler", () => {
  it("answers under basePath through auth.handler; getSession reads the cookie it set", async () => {
    const auth = makeTestAuth();
    const { ANY } = toTanStackStartHandler(auth);
    const email = `tss-${Math.random().toString(36).slice(2)}@example.com`;
    const up = await ANY({
      request: request("/api/auth/sign-up/email", json({ name: "T", email, password: "password-123" })),
    });
    expect(up.status).toBe(200);
    const cookie = cookieOf(up);
    expect(cookie).toMatch(/gatehouse\.session_token=/);
    const session = await ANY({ request: request("/api/auth/get-session", { headers: { cookie } }) });
    expect((await session.json()).user.email).toBe(email);
    // getRequest() in a server function, or a server route handler's context.
    expect((await getSession(auth, request("/", { headers: { cookie } })))?.user.email).toBe(email);
    expect((await getSession(auth, { request: request("/", { headers: { cookie } }) }))?.user.email).toBe(email);
    expect((await getSession(auth, { headers: { cookie } }))?.user.email).toBe(email);
    expect(await getSession(auth, request("/"))).toBeNull();
    expect(
      await getSession(auth, request("/", { headers: { cookie: "gatehouse.session_token=forged.sig" } })),
    ).toBeNull();
  });

  it("answers Gatehouse's 404 for a route file mounted outside basePath, including look-alike paths", async () => {
    const { ANY } = toTanStackStartHandler(makeTestAuth());
    for (const path of ["/auth/get-session", "/api/authx/get-session", "/api/auth-admin", "/api"]) {
      const r = await ANY({ request: request(path) });
      expect(r.status).toBe(404);
      expect((await r.json()).code).toBe("NOT_FOUND");
    }
  });

  it("keeps the shared origin check and body rules: a cross-site write is 403, a form 415, bad JSON 400, bad Host 400", async () => {
    const { ANY } = toTanStackStartHandler(makeTestAuth());
    const email = `tss-${Math.random().toString(36).slice(2)}@example.com`;
    const cross = await ANY({
      request: request(
        "/api/auth/sign-up/email",
        json({ name: "T", email, password: "password-123" }, { origin: "https://evil.example" }),
      ),
    });
    expect(cross.status).toBe(403);
    expect((await cross.json()).code).toBe("INVALID_ORIGIN");
    const form = await ANY({
      request: request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: "email=a%40example.com&password=x",
      }),
    });
    expect(form.status).toBe(415);
    const broken = await ANY({
      request: request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: '{"email": ',
      }),
    });
    expect(broken.status).toBe(400);
    expect(typeof (await broken.json()).code).toBe("string");
    const badHost = await ANY({ request: request("/api/auth/get-session", { headers: { host: "evil.example/x?" } }) });
    expect(badHost.status).toBe(400);
    expect((await badHost.json()).code).toBe("BAD_REQUEST");
    // ANY takes every method: one Gatehouse has no route for is its JSON answer, not the app's page.
    const wrongMethod = await ANY({ request: request("/api/auth/sign-in/email", { method: "PUT" }) });
    expect([404, 405]).toContain(wrongMethod.status);
    expect(typeof (await wrongMethod.json()).code).toBe("string");
  });

  it("gives the rate limiter srvx's request.ip by default, or the address the option returns", async () => {
    const rateLimit = { enabled: true, window: 60, max: 100, customRules: { "/ok": { window: 60, max: 2 } } };
    const { ANY } = toTanStackStartHandler(makeTestAuth({ rateLimit }));
    const ok = (ip: string) => ANY({ request: request("/api/auth/ok", {}, ip) });
    expect((await ok("198.51.100.1")).status).toBe(200);
    expect((await ok("198.51.100.1")).status).toBe(200);
    expect((await ok("198.51.100.1")).status).toBe(429);
    expect((await ok("198.51.100.2")).status).toBe(200);

    // An option (getRequestIP from @tanstack/react-start/server in an app) wins over request.ip.
    const byHeader = toTanStackStartHandler(makeTestAuth({ rateLimit }), {
      clientAddress: (r) => r.headers.get("x-test-client") ?? undefined,
    });
    const from = (client: string) =>
      byHeader.ANY({ request: request("/api/auth/ok", { headers: { "x-test-client": client } }, "192.0.2.1") });
    expect((await from("203.0.113.1")).status).toBe(200);
    expect((await from("203.0.113.1")).status).toBe(200);
    expect((await from("203.0.113.1")).status).toBe(429);
    expect((await from("203.0.113.2")).status).toBe(200);

    // A host without an address, or an option that throws: no crash (rate limits then need a proxy header).
    const throwing = toTanStackStartHandler(makeTestAuth({ rateLimit }), {
      clientAddress: () => {
        throw new Error("no address here");
      },
    });
    expect((await throwing.ANY({ request: request("/api/auth/ok") })).status).toBeLessThan(500);
    expect((await ANY({ request: request("/api/auth/ok") })).status).toBeLessThan(500);
  });
});

describe("toTanStackStartWellKnown", () => {
  // A stand-in for oauthWellKnown(auth) (the provider package is not core's dependency): one document.
  const documents = async (r: Request) =>
    new URL(r.url).pathname === "/.well-known/oauth-authorization-server/api/auth"
      ? Response.json({ issuer: `${origin}/api/auth` })
      : null;

  it("answers the documents it is given, Gatehouse's 404 for the rest and for writes, 400 for a malformed Host", async () => {
    const { ANY } = toTanStackStartWellKnown(makeTestAuth(), documents);
    const doc = await ANY({ request: request("/.well-known/oauth-authorization-server/api/auth") });
    expect(doc.status).toBe(200);
    expect((await doc.json()).issuer).toBe(`${origin}/api/auth`);
    for (const r of [
      request("/.well-known/security.txt"),
      request("/.well-known/oauth-authorization-server/api/auth", { method: "POST" }),
    ]) {
      const other = await ANY({ request: r });
      expect(other.status).toBe(404);
      expect((await other.json()).code).toBe("NOT_FOUND");
    }
    const badHost = await ANY({
      request: request("/.well-known/oauth-authorization-server/api/auth", { headers: { host: "evil.example/x?" } }),
    });
    expect(badHost.status).toBe(400);
    expect((await badHost.json()).code).toBe("BAD_REQUEST");
  });
});
