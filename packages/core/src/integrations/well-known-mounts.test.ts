import { type Server, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import express from "express";
import Fastify from "fastify";
import { createApp, createRouter, defineEventHandler, toNodeListener } from "h3";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { toNodeWellKnown } from "../node.js";
import { call } from "../testing/http-helpers.js";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { toAstroWellKnown } from "./astro.js";
import { toFastifyWellKnown } from "./fastify.js";
import { toNextJsWellKnown } from "./next.js";
import { toNuxtWellKnown } from "./nuxt.js";
import { type SvelteKitEventLike, toSvelteKitWellKnown } from "./sveltekit.js";
import { toTanStackStartWellKnown } from "./tanstack-start.js";
import { toFetchWellKnown } from "./to-fetch-well-known.js";

// The one-line well-known mounts, each in its framework (real servers over HTTP where the integrations'
// own tests use them; SvelteKit, Next.js, Astro and TanStack Start through their route contracts). The documents are a
// stand-in for the OAuth provider's oauthWellKnown(auth) (not a dependency of core) built the same way:
// one origin-root path answered by auth.handler, so CORS comes from the Fetch handler as it would. It
// does not filter methods itself: the mounts must.
const DOC = "/.well-known/test-metadata/api/auth";
const APP = "https://app.example";

function fixture() {
  const auth = makeTestAuth({ cors: { enabled: true }, trustedOrigins: [APP] });
  const calls: string[] = [];
  const documents = async (request: Request) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    const url = new URL(request.url);
    if (url.pathname !== DOC) return null;
    return auth.handler(new Request(`${url.origin}/api/auth/ok`, { method: request.method, headers: request.headers }));
  };
  return { auth, calls, documents };
}

type Send = (path: string, init?: RequestInit) => Promise<Response>;

/** What every mount does with the document, HEAD, CORS, a write and a malformed Host. */
async function checkDocument(
  send: Send,
  sendBadHost: () => Promise<Response>,
  calls: string[],
  /** @hono/node-server refuses a malformed Host itself (an empty 400) before the app runs. */
  serverRefusesBadHost = false,
) {
  const doc = await send(DOC);
  expect(doc.status).toBe(200);
  expect(await doc.json()).toEqual({ ok: true });
  const head = await send(DOC, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(await head.text()).toBe("");
  // CORS as auth.handler decides it: a trusted origin is echoed, another gets nothing.
  const trusted = await send(DOC, { headers: { origin: APP } });
  expect(trusted.headers.get("access-control-allow-origin")).toBe(APP);
  expect(trusted.headers.get("vary")).toMatch(/Origin/);
  const stranger = await send(DOC, { headers: { origin: "https://evil.example" } });
  expect(stranger.status).toBe(200);
  expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
  expect(calls).toEqual([`GET ${DOC}`, `HEAD ${DOC}`, `GET ${DOC}`, `GET ${DOC}`]);
  const badHost = await sendBadHost();
  expect(badHost.status).toBe(400);
  if (!serverRefusesBadHost) expect((await badHost.json()).code).toBe("BAD_REQUEST");
  // Neither a write nor a malformed Host reaches the documents.
  const post = await send(DOC, { method: "POST" });
  expect([404, 405]).toContain(post.status);
  expect(calls.length).toBe(4);
}

/**
 * What a mount that passes OPTIONS on does with a CORS preflight of the document: auth.handler's own answer
 * (204 with the CORS headers for a trusted origin asking for GET, 403 for another origin, 405 for a method
 * the document does not take). A plain OPTIONS (no Access-Control-Request-Method) is not a preflight and
 * never reaches the documents; it is returned for the caller to check where it went.
 */
async function checkPreflight(send: Send, calls: string[]): Promise<Response> {
  const before = calls.length;
  const preflight = (origin: string, method: string) =>
    send(DOC, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": method, "access-control-request-headers": "x-unknown" },
    });
  const ok = await preflight(APP, "GET");
  expect(ok.status).toBe(204);
  expect(ok.headers.get("access-control-allow-origin")).toBe(APP);
  expect(ok.headers.get("access-control-allow-credentials")).toBe("true");
  expect(ok.headers.get("access-control-allow-methods")).toBe("GET");
  // Only headers on auth's allow list are echoed.
  expect(ok.headers.get("access-control-allow-headers")).toBeNull();
  expect(ok.headers.get("vary")).toMatch(/Origin/);
  // No body, so no Content-Length (a 204 must not carry one).
  expect(ok.headers.get("content-length")).toBeNull();
  expect(await ok.text()).toBe("");
  const stranger = await preflight("https://evil.example", "GET");
  expect(stranger.status).toBe(403);
  expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
  expect((await stranger.json()).code).toBe("INVALID_ORIGIN");
  const write = await preflight(APP, "POST");
  expect(write.status).toBe(405);
  // The error is readable by the trusted origin, but grants no method.
  expect(write.headers.get("access-control-allow-methods")).toBeNull();
  expect(calls.slice(before)).toEqual([`OPTIONS ${DOC}`, `OPTIONS ${DOC}`, `OPTIONS ${DOC}`]);
  const plain = await send(DOC, { method: "OPTIONS", headers: { origin: APP } });
  expect(plain.headers.get("access-control-allow-origin")).toBeNull();
  expect(calls.length).toBe(before + 3);
  return plain;
}

/** A request with a malformed Host header, or a raw path, neither of which fetch can send. */
function badHostOver(base: string, path = DOC, host = "evil.example/x?"): Promise<Response> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0 })));
    });
    req.on("error", reject);
    req.end();
  });
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function listen(server: Server): Promise<string> {
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const over =
  (base: string): Send =>
  (path, init) =>
    call(`${base}${path}`, init);

describe("toNodeWellKnown", () => {
  it("on Express: serves the document, passes everything else to the app's routes", async () => {
    const { auth, calls, documents } = fixture();
    const app = express();
    app.use(toNodeWellKnown(auth, documents));
    app.get("/.well-known/security.txt", (_req, res) => void res.type("text/plain").send("Contact: app"));
    app.get("/hello", (_req, res) => void res.send("app"));
    app.use((_req, res) => void res.status(404).send("app 404"));
    const base = await listen(createServer(app));
    await checkDocument(over(base), () => badHostOver(base), calls);
    expect(await (await call(`${base}/.well-known/security.txt`)).text()).toBe("Contact: app");
    expect(await (await call(`${base}/hello`)).text()).toBe("app");
    expect(await (await call(`${base}${DOC}`, { method: "POST" })).text()).toBe("app 404");
    // The preflight is answered before the app's routes; a plain OPTIONS goes on to them.
    expect(await (await checkPreflight(over(base), calls)).text()).toBe("app 404");
    // The preflight of a well-known file the documents do not know goes on to the app as well.
    const appPreflight = await call(`${base}/.well-known/security.txt`, {
      method: "OPTIONS",
      headers: { origin: APP, "access-control-request-method": "GET" },
    });
    expect(appPreflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(calls.at(-1)).toBe("OPTIONS /.well-known/security.txt");
    // Mounted at "/.well-known" Express strips the prefix from req.url; the path is still read whole.
    const mounted = express();
    mounted.use("/.well-known", toNodeWellKnown(auth, documents));
    const mountedBase = await listen(createServer(mounted));
    expect(await (await call(`${mountedBase}${DOC}`)).json()).toEqual({ ok: true });
    const mountedPreflight = await call(`${mountedBase}${DOC}`, {
      method: "OPTIONS",
      headers: { origin: APP, "access-control-request-method": "GET" },
    });
    expect(mountedPreflight.status).toBe(204);
    expect(mountedPreflight.headers.get("access-control-allow-origin")).toBe(APP);
  });

  it("on node:http without next: Gatehouse's 404 for what is not a document", async () => {
    const { auth, calls, documents } = fixture();
    const handler = toNodeWellKnown(auth, documents);
    const base = await listen(createServer((req, res) => handler(req, res)));
    await checkDocument(over(base), () => badHostOver(base), calls);
    for (const path of ["/.well-known/security.txt", "/hello", "/.well-known"]) {
      const r = await call(`${base}${path}`);
      expect(r.status).toBe(404);
      expect((await r.json()).code).toBe("NOT_FOUND");
    }
    // Dot segments leave /.well-known/ once the URL is parsed: not a document, and never the auth routes.
    const escaped = await badHostOver(base, "/.well-known/x/../../api/auth/ok", "127.0.0.1");
    expect(escaped.status).toBe(404);
    expect((await escaped.json()).code).toBe("NOT_FOUND");
    expect(calls).not.toContain("GET /api/auth/ok");
    const plain = await checkPreflight(over(base), calls);
    expect(plain.status).toBe(404);
    expect((await plain.json()).code).toBe("NOT_FOUND");
    // A preflight with a malformed Host is refused like the GET, before the documents.
    const before = calls.length;
    const badPreflight = await new Promise<number>((resolve, reject) => {
      const url = new URL(base);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: DOC,
          method: "OPTIONS",
          headers: { host: "evil.example/x?", origin: APP, "access-control-request-method": "GET" },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(badPreflight).toBe(400);
    expect(calls.length).toBe(before);
  });

  it("answers 500 (logged) when the documents throw, and the server keeps serving", async () => {
    const { auth } = fixture();
    const errors: unknown[] = [];
    auth.options.logger.error = (...args: unknown[]) => void errors.push(args);
    const handler = toNodeWellKnown(auth, async () => {
      throw new Error("boom");
    });
    const base = await listen(createServer((req, res) => handler(req, res)));
    const r = await call(`${base}${DOC}`);
    expect(r.status).toBe(500);
    expect((await r.json()).code).toBe("INTERNAL_SERVER_ERROR");
    expect(errors.length).toBe(1);
    expect((await call(`${base}/hello`)).status).toBe(404);
  });
});

describe("toFastifyWellKnown", () => {
  it("on a real Fastify server: one GET/OPTIONS route under /.well-known/, the app's static routes win", async () => {
    const { auth, calls, documents } = fixture();
    const app = Fastify();
    closers.push(() => app.close());
    app.register(toFastifyWellKnown(auth, documents));
    app.get("/.well-known/security.txt", async () => "Contact: app");
    app.options("/.well-known/security.txt", async () => "app options");
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    await checkDocument(over(base), () => badHostOver(base), calls);
    expect(await (await call(`${base}/.well-known/security.txt`)).text()).toBe("Contact: app");
    const other = await call(`${base}/.well-known/other`);
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe("NOT_FOUND");
    // A route cannot hand on a plain OPTIONS: Gatehouse's 404, not the documents.
    const plain = await checkPreflight(over(base), calls);
    expect(plain.status).toBe(404);
    expect((await plain.json()).code).toBe("NOT_FOUND");
    // The app's own OPTIONS route for its path still wins over the wildcard.
    expect(await (await call(`${base}/.well-known/security.txt`, { method: "OPTIONS" })).text()).toBe("app options");
  });
});

describe("toFetchWellKnown on Hono (@hono/node-server)", () => {
  it("is a one-line middleware; what it does not answer goes on to the app", async () => {
    const { auth, calls, documents } = fixture();
    const wellKnown = toFetchWellKnown(auth, documents);
    const app = new Hono();
    app.use("/.well-known/*", async (c, next) => (await wellKnown(c.req.raw)) ?? next());
    app.get("/.well-known/security.txt", (c) => c.text("Contact: app"));
    const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    closers.push(() => new Promise<void>((r) => server.close(() => r())));
    await new Promise<void>((r) => server.once("listening", () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await checkDocument(over(base), () => badHostOver(base), calls, true);
    expect(await (await call(`${base}/.well-known/security.txt`)).text()).toBe("Contact: app");
    await checkPreflight(over(base), calls);
  });
});

describe("toNuxtWellKnown", () => {
  it("in h3 on node as Nitro mounts server/routes/.well-known/[...].ts", async () => {
    const { auth, calls, documents } = fixture();
    const router = createRouter()
      .get(
        "/.well-known/security.txt",
        defineEventHandler(() => "Contact: app"),
      )
      .use("/.well-known/**", toNuxtWellKnown(auth, documents));
    const base = await listen(createServer(toNodeListener(createApp().use(router))));
    await checkDocument(over(base), () => badHostOver(base), calls);
    expect(await (await call(`${base}/.well-known/security.txt`)).text()).toBe("Contact: app");
    const other = await call(`${base}/.well-known/other`);
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe("NOT_FOUND");
    await checkPreflight(over(base), calls);
  });
});

const origin = "http://localhost:3000";
const request = (path: string, init: RequestInit = {}) => new Request(`${origin}${path}`, init);

describe("toSvelteKitWellKnown", () => {
  it("answers the document in the handle hook and resolves everything else", async () => {
    const { auth, calls, documents } = fixture();
    const handle = toSvelteKitWellKnown(auth, documents);
    const resolved: string[] = [];
    const send: Send = (path, init) => {
      const r = request(path, init);
      const event: SvelteKitEventLike = { request: r, url: new URL(r.url), getClientAddress: () => "203.0.113.7" };
      return handle({
        event,
        resolve: async (e) => {
          resolved.push(`${e.request.method} ${e.url.pathname}`);
          return new Response("app page", { status: 404 });
        },
      });
    };
    await checkDocument(send, () => send(DOC, { headers: { host: "evil.example/x?" } }), calls);
    expect(resolved).toEqual([`POST ${DOC}`]);
    expect(await (await send("/.well-known/security.txt")).text()).toBe("app page");
    expect(await (await send("/dashboard")).text()).toBe("app page");
    expect(resolved).toEqual([`POST ${DOC}`, "GET /.well-known/security.txt", "GET /dashboard"]);
    await checkPreflight(send, calls);
    // The plain OPTIONS went on to the app.
    expect(resolved.at(-1)).toBe(`OPTIONS ${DOC}`);
  });
});

describe("toNextJsWellKnown", () => {
  it("gives GET, HEAD and OPTIONS for app/.well-known/[...path]/route.ts; another path is Gatehouse's 404", async () => {
    const { auth, calls, documents } = fixture();
    const handlers = toNextJsWellKnown(auth, documents);
    expect(Object.keys(handlers).sort()).toEqual(["GET", "HEAD", "OPTIONS"]);
    const { GET, HEAD, OPTIONS } = handlers;
    // Next.js calls the export named after the method, and answers 405 for a method not exported.
    const byMethod: Record<string, ((r: Request) => Promise<Response>) | undefined> = { GET, HEAD, OPTIONS };
    const send: Send = (path, init = {}) => {
      const r = request(path, init);
      return byMethod[r.method]?.(r) ?? Promise.resolve(new Response(null, { status: 405 }));
    };
    await checkDocument(send, () => GET(request(DOC, { headers: { host: "evil.example/x?" } })), calls);
    const other = await GET(request("/.well-known/other"));
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe("NOT_FOUND");
    // Even handed a write, the handler does not pass it to the documents.
    expect((await GET(request(DOC, { method: "POST" }))).status).toBe(404);
    expect(calls.length).toBe(5);
    // A plain OPTIONS gets what Next.js answers when OPTIONS is not exported (its autoImplementMethods).
    const plain = await checkPreflight(send, calls);
    expect(plain.status).toBe(204);
    expect(plain.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    // A preflight with a malformed Host is refused like the GET, before the documents.
    const badHost = await OPTIONS(
      request(DOC, {
        method: "OPTIONS",
        headers: { host: "evil.example/x?", origin: APP, "access-control-request-method": "GET" },
      }),
    );
    expect(badHost.status).toBe(400);
    expect(calls.length).toBe(8);
  });
});

describe("toAstroWellKnown", () => {
  it("serves the document for GET and HEAD, and answers its CORS preflight", async () => {
    const { auth, calls, documents } = fixture();
    const ALL = toAstroWellKnown(auth, documents);
    const send: Send = (path, init) => {
      const r = request(path, init);
      return ALL({ request: r, url: new URL(r.url), clientAddress: "203.0.113.7" });
    };
    await checkDocument(send, () => send(DOC, { headers: { host: "evil.example/x?" } }), calls);
    await checkPreflight(send, calls);
  });
});

describe("toTanStackStartWellKnown", () => {
  it("serves the document for GET and HEAD, and answers its CORS preflight", async () => {
    const { auth, calls, documents } = fixture();
    const { ANY } = toTanStackStartWellKnown(auth, documents);
    const send: Send = (path, init) => ANY({ request: request(path, init) });
    await checkDocument(send, () => send(DOC, { headers: { host: "evil.example/x?" } }), calls);
    expect((await checkPreflight(send, calls)).status).toBe(404);
  });
});
