// Nothing a client sends, and nothing an endpoint answers, may stop the process: each vector goes
// through a real node:http server, and GET /ok must still answer 200 afterwards.
import { createServer, type Server } from "node:http";
import net from "node:net";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defineEndpoint } from "./api/define-endpoint.js";
import { EndpointResponse } from "./api/endpoint-response.js";
import type { Auth } from "./create-auth.js";
import { type NodeHandler, toNodeHandler } from "./node.js";
import { github } from "./oauth/providers/github.js";
import { definePlugin } from "./plugins/plugin-types.js";
import { makeMailAuth } from "./testing/make-mail-auth.js";

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
const fakeGithub = (async (input: string | URL | Request) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  if (url.pathname === "/login/oauth/access_token") return json({ access_token: "tok", expires_in: 3600 });
  if (url.pathname === "/user") return json({ id: 77, login: "octo", name: "Octo", email: null });
  return json([{ email: "octo@example.com", primary: true, verified: true }]);
}) as typeof fetch;

let slowStarted: () => void = () => {};
const nasty = definePlugin({
  id: "nasty",
  endpoints: {
    badHeaders: defineEndpoint({ method: "GET", path: "/nasty/headers" }, async (ctx) => {
      ctx.responseHeaders["x-split"] = "a\r\nSet-Cookie: pwned=1";
      ctx.responseHeaders["x-wide"] = "中文";
      ctx.responseHeaders["bad name"] = "x";
      return new EndpointResponse(200, "ok", { location: "/中", "x-nul": "a\u0000b" });
    }),
    badStatus: defineEndpoint({ method: "GET", path: "/nasty/status" }, async () => new EndpointResponse(1000, "x")),
    noBodyStatus: defineEndpoint({ method: "GET", path: "/nasty/no-body" }, async () => new EndpointResponse(204, "x")),
    throws: defineEndpoint({ method: "GET", path: "/nasty/throws" }, async () => {
      throw new TypeError("boom");
    }),
    badCookie: defineEndpoint({ method: "GET", path: "/nasty/cookie" }, async (ctx) => {
      ctx.setCookie("x", "中; Domain=evil.example\r\n");
      return { ok: true };
    }),
    slow: defineEndpoint({ method: "GET", path: "/nasty/slow" }, async () => {
      slowStarted();
      await new Promise((r) => setTimeout(r, 150));
      return { big: "x".repeat(200_000) };
    }),
  },
});

function raw(port: number, text: string, destroyAfterWrite = false): Promise<string> {
  return new Promise((resolve) => {
    const sock = net.connect(port, "127.0.0.1", () => {
      sock.write(text);
      if (destroyAfterWrite) setTimeout(() => sock.destroy(), 20);
    });
    let data = "";
    sock.on("data", (d) => {
      data += d;
    });
    sock.on("close", () => resolve(data));
    sock.on("error", () => resolve(data));
    setTimeout(() => sock.destroy(), 1500);
  });
}

describe("toNodeHandler never lets an error escape", () => {
  let server: Server;
  let base: string;
  let port: number;
  let mail: ReturnType<typeof makeMailAuth>;
  let handler: NodeHandler;
  let errors: unknown[] = [];
  const onUncaught = (error: unknown) => errors.push(error);

  beforeAll(async () => {
    process.on("uncaughtException", onUncaught);
    process.on("unhandledRejection", onUncaught);
    mail = makeMailAuth({
      plugins: [nasty],
      socialProviders: { github: github({ clientId: "cid", clientSecret: "s", fetch: fakeGithub }) },
    });
    handler = toNodeHandler(mail.auth);
    server = createServer((req, res) => handler(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as net.AddressInfo).port;
    base = `http://127.0.0.1:${port}/api/auth`;
  });
  afterAll(async () => {
    process.off("uncaughtException", onUncaught);
    process.off("unhandledRejection", onUncaught);
    await new Promise<void>((r) => server.close(() => r()));
  });
  afterEach(async () => {
    const ok = await fetch(`${base}/ok`);
    expect(ok.status).toBe(200);
    expect(errors).toEqual([]);
    errors = [];
  });

  // The test client sends the trusted Origin the auth's baseURL names.
  const post = (path: string, body: unknown, cookie = "") =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", cookie },
      body: JSON.stringify(body),
      redirect: "manual",
    });
  const get = (path: string, cookie = "") => fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
  const cookieOf = (r: Response) =>
    r.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  const linkPath = (url: string) => url.slice("http://localhost:3000/api/auth".length);

  it("a non-Latin-1 callbackURL on one's own verification, deletion and reset links is percent-encoded", async () => {
    const email = "wide@example.com";
    const signUp = await post("/sign-up/email", { name: "W", email, password: "password-123", callbackURL: "/中" });
    const cookie = cookieOf(signUp);
    const verified = await get(linkPath(mail.lastMail(email, "verify-email").url), cookie);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/%E4%B8%AD");
    expect(verified.headers.get("cache-control")).toBe("no-store");

    await post("/request-password-reset", { email, redirectTo: "/中" });
    const reset = await get(linkPath(mail.lastMail(email, "reset-password").url));
    expect(reset.headers.get("location")).toMatch(/^\/%E4%B8%AD\?token=/);

    expect((await post("/delete-user", { callbackURL: "/中" }, cookie)).status).toBe(200);
    const deleted = await get(linkPath(mail.lastMail(email, "delete-account").url), cookie);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toMatch(/^\/%E4%B8%AD/);
  });

  it("a GitHub sign-in with callbackURL /中 lands on the encoded path, session cookie and no-store", async () => {
    const start = await post("/sign-in/social", { provider: "github", callbackURL: "/中" });
    expect(start.status).toBe(200);
    const state = new URL(((await start.json()) as { url: string }).url).searchParams.get("state");
    const back = await get(`/callback/github?code=c&state=${state}`, cookieOf(start));
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/%E4%B8%AD");
    expect(back.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(true);
    expect(back.headers.get("cache-control")).toBe("no-store");
  });

  it("headers an endpoint sets are made valid: no splitting, no ERR_INVALID_CHAR, bad names dropped", async () => {
    const r = await get("/nasty/headers");
    expect(r.status).toBe(200);
    expect(r.headers.get("x-split")).toBe("a%0D%0ASet-Cookie: pwned=1");
    expect(r.headers.getSetCookie()).toEqual([]);
    expect(r.headers.get("x-wide")).toBe("%E4%B8%AD%E6%96%87");
    expect(r.headers.get("location")).toBe("/%E4%B8%AD");
    expect(r.headers.get("x-nul")).toBe("a%00b");
    const c = await get("/nasty/cookie");
    expect(c.headers.getSetCookie()[0]).toMatch(/^x=%E4%B8%AD%3B%20Domain=evil\.example%0D%0A; Path=\//);
  });

  it("an impossible status becomes 500, a body on 204 is dropped, a throwing endpoint answers 500", async () => {
    expect((await get("/nasty/status")).status).toBe(500);
    const noBody = await get("/nasty/no-body");
    expect(noBody.status).toBe(204);
    expect(await noBody.text()).toBe("");
    const thrown = await get("/nasty/throws");
    expect(thrown.status).toBe(500);
    expect(await thrown.json()).toEqual({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error" });
  });

  it("a client that disconnects mid-request or mid-response, or whose body stream breaks, costs only its socket", async () => {
    const started = new Promise<void>((r) => {
      slowStarted = r;
    });
    const sock = net.connect(port, "127.0.0.1", () =>
      sock.write("GET /api/auth/nasty/slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
    );
    sock.on("error", () => {});
    await started;
    sock.destroy();
    await new Promise((r) => setTimeout(r, 250));
    // A body promised by Content-Length that never comes.
    const partial = "POST /api/auth/sign-up/email HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n";
    await raw(port, `${partial}content-length: 1000\r\n\r\n{"name":`, true);
    // Chunked framing that breaks mid-stream.
    await raw(port, `${partial}transfer-encoding: chunked\r\n\r\n5\r\n{"a":\r\nzz\r\n`, true);
    await new Promise((r) => setTimeout(r, 100));
  });

  it("odd methods, absolute-form targets, dot segments, encoded slashes and HEAD answer without crashing", async () => {
    expect(await raw(port, "TRACE /api/auth/ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 405/,
    );
    expect(await raw(port, "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n")).not.toMatch(
      /^HTTP\/1\.1 200/,
    );
    expect(await raw(port, "GET /api/auth/../auth/ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 404/,
    );
    expect(await raw(port, "GET /api/auth/%2e%2e/ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 404/,
    );
    expect(await raw(port, "GET /api/auth%2fok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 404/,
    );
    expect(
      await raw(port, "GET http://evil.example/api/auth/ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    ).toMatch(/^HTTP\/1\.1 200/);
    const head = await raw(port, "HEAD /api/auth/error?error=x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head.split("\r\n\r\n")[1]).toBe("");
  });
});

describe("toNodeHandler with a failing auth or next", () => {
  function serve(handle: NodeHandler) {
    const server = createServer((req, res) => handle(req, res, undefined));
    return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
      server.listen(0, "127.0.0.1", () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
          close: () => new Promise<void>((r) => server.close(() => r())),
        }),
      ),
    );
  }
  const quiet = { basePath: "/api/auth", advanced: { maxBodySize: 1024 }, logger: { error() {}, warn() {} } };

  it("a rejected or throwing $handle answers 500, and the server keeps going", async () => {
    const rejects = { options: quiet, $handle: () => Promise.reject(new Error("db down")) } as unknown as Auth;
    const throws = {
      options: quiet,
      $handle: () => {
        throw new Error("sync");
      },
    } as unknown as Auth;
    const badResponse = {
      options: quiet,
      $handle: async () => ({ status: 200, headers: { "x\nbad": "1", ok: "中" }, cookies: ["a=中"], body: null }),
    } as unknown as Auth;
    for (const auth of [rejects, throws, badResponse]) {
      const s = await serve(toNodeHandler(auth));
      const r = await fetch(`${s.url}/api/auth/ok`);
      expect([200, 500]).toContain(r.status);
      if (auth === badResponse) expect(r.headers.get("set-cookie")).toBe("a=%E4%B8%AD");
      await s.close();
    }
  });

  it("a throwing next answers 500 instead of crashing", async () => {
    const handle = toNodeHandler({ options: quiet, $handle: async () => null } as unknown as Auth);
    const server = createServer((req, res) =>
      handle(req, res, () => {
        throw new Error("next failed");
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const r = await fetch(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/elsewhere`);
    expect(r.status).toBe(500);
    await new Promise<void>((r2) => server.close(() => r2()));
  });

  it("property: writing any header name, value, cookie and status never throws out of the handler", async () => {
    let current: { status: number; headers: Record<string, string>; cookies: string[] } = {
      status: 200,
      headers: {},
      cookies: [],
    };
    const auth = { options: quiet, $handle: async () => ({ ...current, body: "x" }) } as unknown as Auth;
    const s = await serve(toNodeHandler(auth));
    await fc.assert(
      fc.asyncProperty(
        // 407 is left out: Node's fetch (the client here) turns any 407 into a network error of its own.
        fc.integer({ min: -5, max: 1200 }).filter((status) => status !== 407),
        fc.dictionary(fc.string({ unit: "binary", maxLength: 8 }), fc.string({ unit: "binary", maxLength: 30 }), {
          maxKeys: 4,
        }),
        fc.array(fc.string({ unit: "binary", maxLength: 30 }), { maxLength: 3 }),
        async (status, headers, cookies) => {
          current = { status, headers, cookies };
          const r = await fetch(`${s.url}/api/auth/x`);
          await r.arrayBuffer();
          expect(r.status).toBeGreaterThanOrEqual(200);
        },
      ),
      { numRuns: 150 },
    );
    await s.close();
  });
});
