import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Express } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { call, json } from "./testing/http-helpers.js";
import { toNodeHandler } from "./node.js";
import { makeTestAuth } from "./testing/make-test-auth.js";

// A real Express 5 app in front of the node handler, the way an app mounts it.
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

async function listen(app: Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise<void>((r) => server.once("listening", () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function signUpSignInGetSession(base: string): Promise<void> {
  const email = `e-${Math.random().toString(36).slice(2)}@example.com`;
  const up = await call(`${base}/api/auth/sign-up/email`, json({ name: "Ann", email, password: "password-123" }));
  expect(up.status).toBe(200);
  expect((await up.json()).user.email).toBe(email);
  const signIn = await call(`${base}/api/auth/sign-in/email`, json({ email, password: "password-123" }));
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie).toContain("gatehouse.session_token=");
  const session = await call(`${base}/api/auth/get-session`, { headers: { cookie } });
  expect(session.status).toBe(200);
  expect((await session.json()).user.email).toBe(email);
  const wrong = await call(`${base}/api/auth/sign-in/email`, json({ email, password: "password-999" }));
  expect(wrong.status).toBe(401);
}

describe("toNodeHandler behind Express", () => {
  it("works after express.json() (the common order): sign-up, sign-in, get-session", async () => {
    const app = express();
    app.use(express.json());
    app.all("/api/auth/*splat", toNodeHandler(makeTestAuth()));
    await signUpSignInGetSession(await listen(app));
  });

  it("works mounted with app.use('/api/auth', …), which strips the mount path from req.url", async () => {
    const app = express();
    app.use(express.json());
    app.use("/api/auth", toNodeHandler(makeTestAuth()));
    app.get("/hello", (_req, res) => {
      res.send("app");
    });
    const base = await listen(app);
    await signUpSignInGetSession(base);
    expect(await (await call(`${base}/hello`)).text()).toBe("app");
  });

  it("works with no body parser at all, and hands other paths on to the app", async () => {
    const app = express();
    app.use(toNodeHandler(makeTestAuth()));
    app.get("/hello", (_req, res) => {
      res.send("app");
    });
    const base = await listen(app);
    await signUpSignInGetSession(base);
    expect(await (await call(`${base}/hello`)).text()).toBe("app");
  });

  it("keeps the JSON-only rule: a form parsed by express.urlencoded() is still 415", async () => {
    const app = express();
    app.use(express.urlencoded({ extended: false }));
    app.use(express.json());
    app.use(toNodeHandler(makeTestAuth()));
    const base = await listen(app);
    const form = await call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40example.com&password=password-123",
    });
    expect(form.status).toBe(415);
    expect((await form.json()).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    // Unparsed by any parser, a form is refused the same way.
    const text = await call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: '{"email":"a@example.com","password":"password-123"}',
    });
    expect(text.status).toBe(415);
  });

  it("passes a form express.urlencoded() parsed to the one route that takes forms (OAuth form_post)", async () => {
    const app = express();
    app.use(express.urlencoded({ extended: true }));
    app.use(toNodeHandler(makeTestAuth({ socialProviders: { github: { clientId: "id", clientSecret: "secret" } } })));
    const base = await listen(app);
    const post = (body: string) =>
      call(`${base}/api/auth/callback/github`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      });
    // Read by the route, which hands the form on to its GET twin (so the Lax state cookie comes along).
    const r = await post("state=unknown-state&code=abc");
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toContain("state=unknown-state");
    expect(r.headers.get("location")).toContain("code=abc");
    // qs nesting (extended: true) is not a form field any route reads.
    const nested = await post("state[a]=1&code=abc");
    expect(nested.status).toBe(400);
    expect((await nested.json()).code).toBe("VALIDATION_ERROR");
  });

  it("keeps the depth cap and drops __proto__ from a body express.json() parsed", async () => {
    const app = express();
    app.use(express.json());
    app.use(toNodeHandler(makeTestAuth()));
    const base = await listen(app);
    const deep = `${"[".repeat(200)}${"]".repeat(200)}`;
    const r = await call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"email":"a@example.com","password":"password-123","x":${deep}}`,
    });
    expect(r.status).toBe(400);
    expect((await r.json()).code).toBe("JSON_TOO_DEEP");
    const email = `p-${Math.random().toString(36).slice(2)}@example.com`;
    const polluted = await call(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"name":"P","email":"${email}","password":"password-123","__proto__":{"polluted":true}}`,
    });
    expect(polluted.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("answers 400 BODY_ALREADY_READ, not a hang, when a middleware consumed the stream and left no req.body", async () => {
    const app = express();
    app.use((req, _res, next) => {
      req.on("data", () => {});
      req.on("end", () => next());
    });
    app.use(toNodeHandler(makeTestAuth()));
    const base = await listen(app);
    const r = await call(`${base}/api/auth/sign-in/email`, json({ email: "a@example.com", password: "password-123" }));
    expect(r.status).toBe(400);
    expect((await r.json()).code).toBe("BODY_ALREADY_READ");
  });

  it("reads the stream, not req.body, when nothing consumed the stream (a body no parser can forge)", async () => {
    const app = express();
    // Express 4's parsers set req.body = {} for types they skip; a buggy middleware could set anything.
    app.use((req, _res, next) => {
      req.body = { email: "someone-else@example.com", password: "password-123", name: "X" };
      next();
    });
    app.use(toNodeHandler(makeTestAuth()));
    const base = await listen(app);
    const email = `s-${Math.random().toString(36).slice(2)}@example.com`;
    const r = await call(`${base}/api/auth/sign-up/email`, json({ name: "Real", email, password: "password-123" }));
    expect(r.status).toBe(200);
    expect((await r.json()).user.email).toBe(email);
  });

  it("takes text and raw bodies a parser left as a string or a Buffer", async () => {
    for (const parser of [express.text({ type: "application/json" }), express.raw({ type: "application/json" })]) {
      const app = express();
      app.use(parser);
      app.use(toNodeHandler(makeTestAuth()));
      await signUpSignInGetSession(await listen(app));
    }
  });

  it("refuses a parsed body larger than maxBodySize with 413", async () => {
    const app = express();
    app.use(express.json({ limit: "1mb" }));
    app.use(toNodeHandler(makeTestAuth({ advanced: { maxBodySize: 1024 } })));
    const base = await listen(app);
    // Chunked, so no Content-Length can decide before the parser reads it.
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(4000) });
    const r = await call(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(r.status).toBe(413);
  });
});
