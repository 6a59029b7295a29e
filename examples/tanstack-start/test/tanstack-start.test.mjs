// The example app for real: `vite build` (TanStack Start's plugin) and the built server, both on the
// Node 22 that ensure-node22.mjs finds (TanStack Start needs >= 22.12; this test itself runs on the
// workspace's Node 20), then the journey over HTTP — sign-up and sign-in through the catch-all server
// route, the loaders' server function reading the session on the server, the protected page
// redirecting, sign-out — and once in Chromium through the forms, @gatehouse-auth/client and a
// client-side navigation whose loader calls the server function over RPC.
// Run: node --test examples/tanstack-start/test/tanstack-start.test.mjs
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { escaped, freePort, run, socketRequests, startServer, stopServer } from "../../lib/built-app.mjs";

const app = fileURLToPath(new URL("..", import.meta.url));
const data = mkdtempSync(join(tmpdir(), "gatehouse-tanstack-"));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

let port;
let base;
let server;

before(async () => {
  const node22 = (await run(process.execPath, [join(app, "ensure-node22.mjs")], { cwd: app, env: process.env })).trim();
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    GATEHOUSE_DB: join(data, "gatehouse.db"),
    GATEHOUSE_URL: base,
    GATEHOUSE_SECRET: "tanstack-test-secret-0123456789abcdef0123456789",
    HOST: "127.0.0.1",
    PORT: String(port),
  };
  // CI builds once before the test (TANSTACK_PREBUILT=1); run alone, the test builds.
  if (process.env.TANSTACK_PREBUILT !== "1" || !existsSync(join(app, "dist", "server", "server.js"))) {
    const started = Date.now();
    await run(node22, [join(app, "node_modules", "vite", "bin", "vite.js"), "build"], { cwd: app, env });
    console.log(`vite build: ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
  server = await startServer({ name: "node server.mjs", command: node22, args: ["server.mjs"], cwd: app, env, base });
});

after(async () => {
  await stopServer(server);
  rmSync(data, { recursive: true, force: true });
});

// srvx reports the socket's address as request.ip and the handler limits by it: every call without a
// client of its own comes from a new loopback address.
const { newClient, call, post, cookieOf } = socketRequests(
  () => port,
  () => base,
  { defaultClient: (next) => next() },
);

test("sign-up and sign-in through the server route; loaders read the session on the server; sign-out ends it", async () => {
  const client = newClient();
  const email = `tanstack-${Date.now()}@example.com`;
  const up = await post(
    "/api/auth/sign-up/email",
    { name: "Tia TanStack", email, password: "password-123" },
    {},
    client,
  );
  assert.equal(up.status, 200, up.text);
  assert.equal(up.json().user.email, email);

  const signIn = await post("/api/auth/sign-in/email", { email, password: "password-123" }, {}, client);
  assert.equal(signIn.status, 200);
  const cookie = cookieOf(signIn);
  assert.match(cookie, /gatehouse\.session_token=/);
  assert.match(signIn.cookies.join("\n"), /HttpOnly/i);

  // The loaders' server function ran during SSR with the request's cookie.
  const page = await call("/", { headers: { cookie }, client });
  assert.equal(page.status, 200);
  assert.match(page.text, /<strong id="user-name">Tia TanStack<\/strong>/);
  assert.match(page.text, new RegExp(`<span id="user-email">${escaped(email)}</span>`));
  const dashboard = await call("/dashboard", { headers: { cookie }, client });
  assert.equal(dashboard.status, 200);
  assert.match(dashboard.text, new RegExp(`<span id="dashboard-email">${escaped(email)}</span>`));

  // A cross-site page cannot sign the user out (the shared origin check); the app itself can.
  const crossSite = await post("/api/auth/sign-out", {}, { cookie, origin: "https://evil.example" }, client);
  assert.equal(crossSite.status, 403);
  assert.equal(crossSite.json().code, "INVALID_ORIGIN");
  assert.equal((await call("/dashboard", { headers: { cookie }, client })).status, 200);
  const out = await post("/api/auth/sign-out", {}, { cookie }, client);
  assert.equal(out.status, 200);
  assert.match((await call("/", { headers: { cookie }, client })).text, /Not signed in/);
  const gone = await call("/dashboard", { headers: { cookie }, client });
  assert.equal(gone.status, 303);
  assert.equal(new URL(gone.headers.location, base).pathname, "/sign-in");
});

test("strangers and forged cookies are signed out and sent from the protected page to sign-in", async () => {
  assert.match((await call("/")).text, /Not signed in/);
  const stranger = await call("/dashboard");
  assert.equal(stranger.status, 303);
  assert.equal(new URL(stranger.headers.location, base).pathname, "/sign-in");
  const forged = "gatehouse.session_token=not-a-real-token.forged-signature";
  assert.match((await call("/", { headers: { cookie: forged } })).text, /Not signed in/);
  assert.equal((await call("/dashboard", { headers: { cookie: forged } })).status, 303);
});

test("the page escapes what a user typed into their name", async () => {
  const email = `tanstack-xss-${Date.now()}@example.com`;
  const up = await post("/api/auth/sign-up/email", {
    name: "<img src=x onerror=alert(1)>",
    email,
    password: "password-123",
  });
  assert.equal(up.status, 200);
  const { text } = await call("/", { headers: { cookie: cookieOf(up) } });
  assert.doesNotMatch(text, /<img src=x/i);
  assert.match(text, /<strong id="user-name">&lt;img src=x onerror=alert\(1\)(>|&gt;)<\/strong>/);
});

test("bad input gets Gatehouse's 4xx through the server route, never a 500 or a hang; the app's pages stay the app's", async () => {
  const bad = await post("/api/auth/sign-in/email", '{"email": ');
  assert.equal(bad.status, 400);
  assert.equal(typeof bad.json().code, "string");
  const form = await call("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: "email=a%40example.com&password=x",
  });
  assert.equal(form.status, 415);
  assert.equal(form.cookies.length, 0);
  const big = await post("/api/auth/sign-in/email", { email: "a@example.com", password: "x".repeat(2_000_000) });
  assert.equal(big.status, 413);
  // The route's ANY handler takes every method: Gatehouse's JSON answer, not the app's page.
  const wrongMethod = await call("/api/auth/sign-in/email");
  assert.equal(wrongMethod.status, 405);
  assert.equal(typeof wrongMethod.json().code, "string");
  const missing = await call("/api/auth/no-such-route");
  assert.equal(missing.status, 404);
  assert.equal(missing.json().code, "NOT_FOUND");
  // A path that only starts like basePath is the app's (the router's not-found page), not Gatehouse's.
  const lookalike = await call("/api/authx");
  assert.equal(lookalike.status, 404);
  assert.match(lookalike.headers["content-type"] ?? "", /text\/html/);

  // A malformed Host never reaches a link or a redirect.
  const badHost = await call("/api/auth/get-session", { headers: { host: "evil.example/x?" } });
  assert.equal(badHost.status, 400);
  assert.equal(badHost.json().code, "BAD_REQUEST");
});

test("the OAuth provider's metadata is served at the origin root, as RFC 8414 puts it, through toTanStackStartWellKnown", async () => {
  const rfc8414 = await call("/.well-known/oauth-authorization-server/api/auth");
  assert.equal(rfc8414.status, 200);
  const metadata = rfc8414.json();
  assert.equal(metadata.issuer, `${base}/api/auth`);
  assert.equal(metadata.authorization_endpoint, `${base}/api/auth/oauth2/authorize`);
  // The same document the auth routes serve under the issuer.
  const inner = await call("/api/auth/.well-known/oauth-authorization-server");
  assert.deepEqual(inner.json(), metadata);
  // Other well-known paths, and writes, get Gatehouse's 404.
  const other = await call("/.well-known/oauth-authorization-server/elsewhere");
  assert.equal(other.status, 404);
  assert.equal(other.json().code, "NOT_FOUND");
  const write = await post("/.well-known/oauth-authorization-server/api/auth", {});
  assert.equal(write.status, 404);
});

test("the rate limiter counts per socket address and ignores a forged x-forwarded-for", async () => {
  const client = newClient();
  const attempt = (i) =>
    post(
      "/api/auth/sign-in/email",
      { email: "nobody@example.com", password: "wrong-password" },
      { "x-forwarded-for": `203.0.113.${i}` },
      client,
    );
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await attempt(i)).status);
  assert.deepEqual(statuses, [401, 401, 401, 429]);
  // Another client is not limited by the first one's attempts.
  const other = await post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "wrong-password" });
  assert.equal(other.status, 401);
});

test("in Chromium: redirected from the dashboard, sign up with the form, see the dashboard, sign out", async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/dashboard`);
    await page.waitForURL(`${base}/sign-in`);
    await page.goto(`${base}/sign-up`);
    // Submit only once React has hydrated the form, or the browser would submit it natively.
    await page.waitForSelector("form#sign-up[data-ready]");
    const email = `tanstack-browser-${Date.now()}@example.com`;
    await page.fill('input[name="name"]', "Bea Browser");
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', "password-123");
    await page.click('button[type="submit"]');
    // A client-side navigation: the dashboard's loader calls the session server function over RPC.
    await page.waitForURL(`${base}/dashboard`);
    await page.waitForSelector("#dashboard-email");
    assert.equal(await page.textContent("#dashboard-email"), email);
    const cookies = await page.context().cookies();
    assert.ok(cookies.some((c) => c.name === "gatehouse.session_token" && c.httpOnly));
    await page.goto(`${base}/`);
    assert.equal(await page.textContent("#user-name"), "Bea Browser");
    await page.click("#sign-out");
    await page.waitForSelector("#signed-out");
    await page.goto(`${base}/dashboard`);
    await page.waitForURL(`${base}/sign-in`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
