// The example app for real: `nuxt build` (Nitro's node-server preset), then `node .output/server/index.mjs`
// on a free port, then the journey over HTTP — sign-up and sign-in through the server route, the pages
// rendering the session on the server, the protected page redirecting, sign-out — and once in Chromium
// through the forms and @gatehouse-auth/vue. Run: node --test examples/nuxt/test/nuxt.test.mjs
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { freePort, run, socketRequests, startServer, stopServer } from "../../lib/built-app.mjs";

const app = fileURLToPath(new URL("..", import.meta.url));
const data = mkdtempSync(join(tmpdir(), "gatehouse-nuxt-"));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
    NUXT_TELEMETRY_DISABLED: "1",
    GATEHOUSE_DB: join(data, "gatehouse.db"),
    GATEHOUSE_URL: base,
    GATEHOUSE_SECRET: "nuxt-test-secret-0123456789abcdef0123456789",
    HOST: "127.0.0.1",
    PORT: String(port),
  };
  // CI builds once before the test (NUXT_PREBUILT=1); run alone, the test builds.
  if (process.env.NUXT_PREBUILT !== "1" || !existsSync(join(app, ".output", "server", "index.mjs"))) {
    const started = Date.now();
    await run(join(app, "node_modules", ".bin", "nuxt"), ["build"], { cwd: app, env });
    console.log(`nuxt build: ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
  server = await startServer({
    name: "the Nuxt server",
    command: process.execPath,
    args: [".output/server/index.mjs"],
    cwd: app,
    env,
    base,
  });
});

after(async () => {
  await stopServer(server);
  rmSync(data, { recursive: true, force: true });
});

// The app limits by the socket's address: each test signs in from a loopback address of its own.
const { newClient, call, post, cookieOf } = socketRequests(
  () => port,
  () => base,
);
const escaped = (s) => s.replace(/[.]/g, "\\.");

test("sign-up and sign-in through the server route; pages render the session on the server; sign-out ends it", async () => {
  const client = newClient();
  const email = `nuxt-${Date.now()}@example.com`;
  const up = await post("/api/auth/sign-up/email", { name: "Nia Nuxt", email, password: "password-123" }, {}, client);
  assert.equal(up.status, 200, up.text);
  assert.equal(up.json().user.email, email);

  const signIn = await post("/api/auth/sign-in/email", { email, password: "password-123" }, {}, client);
  assert.equal(signIn.status, 200);
  const cookie = cookieOf(signIn);
  assert.match(cookie, /gatehouse\.session_token=/);
  assert.match(signIn.cookies.join("\n"), /HttpOnly/i);

  // The home page's useFetch("/api/session") ran during SSR with the browser's cookie.
  const page = await call("/", { headers: { cookie }, client });
  assert.equal(page.status, 200);
  assert.match(page.text, /<strong id="user-name">Nia Nuxt<\/strong>/);
  assert.match(page.text, new RegExp(`<span id="user-email">${escaped(email)}</span>`));
  const dashboard = await call("/dashboard", { headers: { cookie }, client });
  assert.equal(dashboard.status, 200);
  assert.match(dashboard.text, new RegExp(`<span id="dashboard-email">${escaped(email)}</span>`));
  const session = await call("/api/session", { headers: { cookie }, client });
  assert.equal(session.json().user.email, email);

  // A cross-site page cannot sign the user out (the shared origin check); the app itself can.
  const crossSite = await post("/api/auth/sign-out", {}, { cookie, origin: "https://evil.example" }, client);
  assert.equal(crossSite.status, 403);
  assert.equal((await call("/dashboard", { headers: { cookie }, client })).status, 200);
  const out = await post("/api/auth/sign-out", {}, { cookie }, client);
  assert.equal(out.status, 200);
  assert.match((await call("/", { headers: { cookie }, client })).text, /Not signed in/);
  const gone = await call("/dashboard", { headers: { cookie }, client });
  assert.equal(gone.status, 302);
  assert.equal(gone.headers.location, "/sign-in");
  assert.deepEqual((await call("/api/session", { headers: { cookie }, client })).json(), { user: null });
});

test("strangers and forged cookies are signed out and sent from the protected page to sign-in", async () => {
  assert.match((await call("/")).text, /Not signed in/);
  const stranger = await call("/dashboard");
  assert.equal(stranger.status, 302);
  assert.equal(stranger.headers.location, "/sign-in");
  const forged = "gatehouse.session_token=not-a-real-token.forged-signature";
  assert.match((await call("/", { headers: { cookie: forged } })).text, /Not signed in/);
  assert.equal((await call("/dashboard", { headers: { cookie: forged } })).status, 302);
  assert.deepEqual((await call("/api/session", { headers: { cookie: forged } })).json(), { user: null });
});

test("the page escapes what a user typed into their name", async () => {
  const email = `nuxt-xss-${Date.now()}@example.com`;
  const up = await post("/api/auth/sign-up/email", {
    name: "<img src=x onerror=alert(1)>",
    email,
    password: "password-123",
  });
  assert.equal(up.status, 200);
  const html = (await call("/", { headers: { cookie: cookieOf(up) } })).text;
  // Nowhere in the page (the markup nor the serialized payload in the script) is the tag live.
  assert.doesNotMatch(html, /<img src=x/i);
  assert.match(html, /<strong id="user-name">&lt;img src=x onerror=alert\(1\)(>|&gt;)<\/strong>/);
});

test("bad input gets Gatehouse's 4xx through the server route, never a 500 or a hang", async () => {
  const client = newClient();
  const bad = await post("/api/auth/sign-in/email", '{"email": ', {}, client);
  assert.equal(bad.status, 400);
  assert.equal(typeof bad.json().code, "string");
  const form = await post("/api/auth/sign-in/email", "email=a%40example.com&password=x", {
    "content-type": "application/x-www-form-urlencoded",
  });
  assert.equal(form.status, 415);
  const big = await post("/api/auth/sign-in/email", { email: "a@example.com", password: "x".repeat(2_000_000) });
  assert.equal(big.status, 413);
  const missing = await call("/api/auth/no-such-route");
  assert.equal(missing.status, 404);
  assert.equal(missing.json().code, "NOT_FOUND");
  const put = await call("/api/auth/get-session", { method: "PUT", headers: { origin: base } });
  assert.equal(put.status, 405);
  // A malformed Host never reaches a link or a redirect: 400, as toNodeHandler answers.
  const badHost = await call("/api/auth/get-session", { headers: { host: "evil.example/x?" } });
  assert.equal(badHost.status, 400);
  assert.equal(badHost.json().code, "BAD_REQUEST");
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

test("in Chromium: sign up with the form, see the dashboard, sign out from the home page", async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/dashboard`);
    await page.waitForURL(`${base}/sign-in`); // the protected page redirected
    await page.goto(`${base}/sign-up`);
    // Vue has mounted (hydrated) the form: before that a click would submit it natively.
    await page.waitForFunction(() => Boolean(document.querySelector("#__nuxt")?.__vue_app__));
    const email = `nuxt-browser-${Date.now()}@example.com`;
    await page.fill('input[name="name"]', "Bea Browser");
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', "password-123");
    await page.click('button[type="submit"]');
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
