// The example app for real: `next build`, then `next start` on a free port, then the journey over
// HTTP — sign-up and sign-in through the route handler, the server component rendering the user,
// an app route handler seeing the session, sign-out. Run: node --test examples/nextjs/test/next.test.mjs
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { appRequests, cookieOf, freePort, run, startServer, stopServer } from "../../lib/built-app.mjs";

const app = fileURLToPath(new URL("..", import.meta.url));
const next = join(app, "node_modules", ".bin", "next");
const data = mkdtempSync(join(tmpdir(), "gatehouse-next-"));

let port;
let base;
let server;
let env;

before(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    GATEHOUSE_DB: join(data, "gatehouse.db"),
    GATEHOUSE_URL: base,
    GATEHOUSE_SECRET: "nextjs-test-secret-0123456789abcdef0123456789",
  };
  const started = Date.now();
  await run(next, ["build"], { cwd: app, env });
  console.log(`next build: ${((Date.now() - started) / 1000).toFixed(1)}s`);
  server = await startServer({
    name: "next start",
    command: next,
    args: ["start", "-p", String(port), "-H", "127.0.0.1"],
    cwd: app,
    env,
    base,
  });
});

after(async () => {
  await stopServer(server);
  rmSync(data, { recursive: true, force: true });
});

const { call, post } = appRequests(() => base);

test("sign-up and sign-in through the route handler; the server component and a route handler see the session", async () => {
  const email = `next-${Date.now()}@example.com`;
  const up = await post("/api/auth/sign-up/email", { name: "Nora Next", email, password: "password-123" });
  assert.equal(up.status, 200, await up.clone().text());
  assert.equal((await up.json()).user.email, email);

  const signIn = await post("/api/auth/sign-in/email", { email, password: "password-123" });
  assert.equal(signIn.status, 200);
  const cookie = cookieOf(signIn);
  assert.match(cookie, /gatehouse\.session_token=/);

  const page = await call("/", { headers: { cookie } });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, new RegExp(`<span id="user-email">${email.replace(/[.]/g, "\\.")}</span>`));
  assert.match(html, /<strong id="user-name">Nora Next<\/strong>/);

  const me = await call("/api/me", { headers: { cookie } });
  assert.equal(me.status, 200);
  assert.deepEqual(await me.json(), {
    id: (await (await call("/api/auth/get-session", { headers: { cookie } })).json()).user.id,
    email,
    name: "Nora Next",
  });

  // Signed out, neither sees the user any more.
  const crossSite = await post("/api/auth/sign-out", {}, { cookie, origin: "https://evil.example" });
  assert.equal(crossSite.status, 403);
  const out = await post("/api/auth/sign-out", {}, { cookie });
  assert.equal(out.status, 200);
  assert.match(await (await call("/", { headers: { cookie } })).text(), /Not signed in/);
  assert.equal((await call("/api/me", { headers: { cookie } })).status, 401);
});

test("strangers and forged cookies get the signed-out page and a 401", async () => {
  assert.match(await (await call("/")).text(), /Not signed in/);
  assert.equal((await call("/api/me")).status, 401);
  const forged = "gatehouse.session_token=not-a-real-token.forged-signature";
  assert.match(await (await call("/", { headers: { cookie: forged } })).text(), /Not signed in/);
  assert.equal((await call("/api/me", { headers: { cookie: forged } })).status, 401);
});

test("the page escapes what a user typed into their name", async () => {
  const email = `xss-${Date.now()}@example.com`;
  const up = await post("/api/auth/sign-up/email", {
    name: "<img src=x onerror=alert(1)>",
    email,
    password: "password-123",
  });
  assert.equal(up.status, 200);
  const html = await (await call("/", { headers: { cookie: cookieOf(up) } })).text();
  assert.doesNotMatch(html, /<img src=x/);
  assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;/);
});

test("bad input gets a 4xx from the route handler, never a 500 or a hang", async () => {
  const bad = await post("/api/auth/sign-in/email", '{"email": ');
  assert.equal(bad.status, 400);
  assert.equal(typeof (await bad.json()).code, "string");
  const form = await call("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: "email=a%40example.com&password=x",
  });
  assert.equal(form.status, 415);
  const big = await post("/api/auth/sign-in/email", { email: "a@example.com", password: "x".repeat(2_000_000) });
  assert.equal(big.status, 413);
  const missing = await call("/api/auth/no-such-route");
  assert.equal(missing.status, 404);
});
