// The example app for real: `svelte-kit sync && vite build` (adapter-node), then `node build` on a free
// port, then the journey over HTTP — sign-up and sign-in through the handle hook, the load function
// reading the session, the protected page redirecting, sign-out — and once in Chromium through the forms
// and @gatehouse-auth/svelte. Run: node --test examples/sveltekit/test/sveltekit.test.mjs
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { appRequests, cookieOf, escaped, freePort, run, startServer, stopServer } from "../../lib/built-app.mjs";

const app = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(app, "node_modules", ".bin", name);
const data = mkdtempSync(join(tmpdir(), "gatehouse-sveltekit-"));
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
    GATEHOUSE_DB: join(data, "gatehouse.db"),
    GATEHOUSE_URL: base,
    GATEHOUSE_SECRET: "sveltekit-test-secret-0123456789abcdef0123456789",
    // adapter-node's settings: the public origin, and the proxy header that names the client (the test
    // plays the proxy, so each test counts against its own address in the rate limiter).
    ORIGIN: base,
    ADDRESS_HEADER: "x-forwarded-for",
    HOST: "127.0.0.1",
    PORT: String(port),
  };
  // CI builds once before the test (SVELTEKIT_PREBUILT=1); run alone, the test builds.
  if (process.env.SVELTEKIT_PREBUILT !== "1" || !existsSync(join(app, "build", "index.js"))) {
    const started = Date.now();
    await run(bin("svelte-kit"), ["sync"], { cwd: app, env });
    await run(bin("vite"), ["build"], { cwd: app, env });
    console.log(`sveltekit build: ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
  server = await startServer({ name: "node build", command: process.execPath, args: ["build"], cwd: app, env, base });
});

after(async () => {
  await stopServer(server);
  rmSync(data, { recursive: true, force: true });
});

// Each request as its own client (adapter-node reads the address from the proxy header the test sets).
const { newClient, call, post } = appRequests(() => base, { proxied: true });

test("sign-up and sign-in through the handle hook; load functions see the session; sign-out ends it", async () => {
  const email = `kit-${Date.now()}@example.com`;
  const up = await post("/api/auth/sign-up/email", { name: "Sven Kit", email, password: "password-123" });
  assert.equal(up.status, 200, await up.clone().text());
  assert.equal((await up.json()).user.email, email);

  const signIn = await post("/api/auth/sign-in/email", { email, password: "password-123" });
  assert.equal(signIn.status, 200);
  const cookie = cookieOf(signIn);
  assert.match(cookie, /gatehouse\.session_token=/);
  assert.match(signIn.headers.getSetCookie().join("\n"), /HttpOnly/i);

  const page = await call("/", { headers: { cookie } });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /<strong id="user-name">Sven Kit<\/strong>/);
  assert.match(html, new RegExp(`<span id="user-email">${escaped(email)}</span>`));

  const dashboard = await call("/dashboard", { headers: { cookie } });
  assert.equal(dashboard.status, 200);
  assert.match(await dashboard.text(), new RegExp(`<span id="dashboard-email">${escaped(email)}</span>`));
  // The data endpoint SvelteKit's client navigation uses answers from the same load function.
  const json = await call("/dashboard/__data.json", { headers: { cookie } });
  assert.match(await json.text(), new RegExp(escaped(email)));

  // A cross-site page cannot sign the user out (the shared origin check); the app itself can.
  const crossSite = await post("/api/auth/sign-out", {}, { cookie, origin: "https://evil.example" });
  assert.equal(crossSite.status, 403);
  assert.equal((await call("/dashboard", { headers: { cookie } })).status, 200);
  const out = await post("/api/auth/sign-out", {}, { cookie });
  assert.equal(out.status, 200);
  assert.match(await (await call("/", { headers: { cookie } })).text(), /Not signed in/);
  const after = await call("/dashboard", { headers: { cookie } });
  assert.equal(after.status, 303);
  assert.equal(after.headers.get("location"), "/sign-in");
});

test("strangers and forged cookies are signed out and sent from the protected page to sign-in", async () => {
  assert.match(await (await call("/")).text(), /Not signed in/);
  const stranger = await call("/dashboard");
  assert.equal(stranger.status, 303);
  assert.equal(stranger.headers.get("location"), "/sign-in");
  const data = await call("/dashboard/__data.json");
  assert.match(await data.text(), /"type":"redirect","location":"\/sign-in"/);
  const forged = "gatehouse.session_token=not-a-real-token.forged-signature";
  assert.match(await (await call("/", { headers: { cookie: forged } })).text(), /Not signed in/);
  assert.equal((await call("/dashboard", { headers: { cookie: forged } })).status, 303);
});

test("the page escapes what a user typed into their name", async () => {
  const email = `kit-xss-${Date.now()}@example.com`;
  const up = await post("/api/auth/sign-up/email", {
    name: "<img src=x onerror=alert(1)>",
    email,
    password: "password-123",
  });
  assert.equal(up.status, 200);
  const html = await (await call("/", { headers: { cookie: cookieOf(up) } })).text();
  // Nowhere in the page (the markup nor the serialized load data in the script) is the tag live.
  assert.doesNotMatch(html, /<img src=x/i);
  assert.match(html, /<strong id="user-name">&lt;img src=x onerror=alert\(1\)(>|&gt;)<\/strong>/);
});

test("bad input gets Gatehouse's 4xx through the hook, never a 500 or a hang; the app's pages stay the app's", async () => {
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
  assert.equal((await missing.json()).code, "NOT_FOUND");
  // A path that only starts like basePath is SvelteKit's (its own 404 page), not Gatehouse's.
  const lookalike = await call("/api/authx");
  assert.equal(lookalike.status, 404);
  assert.match(lookalike.headers.get("content-type") ?? "", /text\/html/);

  // A malformed Host never reaches a link or a redirect (adapter-node builds the URL from ORIGIN).
  const answer = await new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/api/auth/get-session",
        headers: { host: "evil.example/x?", "x-forwarded-for": newClient() },
      },
      (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
  assert.equal(answer.status, 400);
  assert.equal(JSON.parse(answer.body).code, "BAD_REQUEST");
});

test("the rate limiter counts per client address, as the adapter reports it", async () => {
  const client = newClient();
  const attempt = () =>
    post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "wrong-password" }, {}, client);
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
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
    // Hydrated once the page's modules have loaded: before that a click would submit the form natively.
    await page.goto(`${base}/sign-up`, { waitUntil: "networkidle" });
    const email = `kit-browser-${Date.now()}@example.com`;
    await page.fill('input[name="name"]', "Bea Browser");
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', "password-123");
    await page.click('button[type="submit"]');
    await page.waitForURL(`${base}/dashboard`);
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
