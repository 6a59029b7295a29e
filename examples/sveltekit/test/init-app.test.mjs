// A SvelteKit app set up by `gatehouse-auth init`, for real: a fresh folder with what Svelte's project
// creator writes (svelte.config.js, vite.config.ts, app.html, one page), the framework's packages linked
// from this example's node_modules and gatehouse-auth from the workspace; then `init --framework
// sveltekit`, `migrate`, `svelte-kit sync && vite build` (adapter-node) and `node build`, driven over
// HTTP: sign-up, sign-in and the session read through the files init wrote (hook, session route).
// Run: node --test examples/sveltekit/test/init-app.test.mjs (needs packages/gatehouse-auth built).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { appRequests, cookieOf, freePort, run, startServer, stopServer } from "../../lib/built-app.mjs";

const example = fileURLToPath(new URL("..", import.meta.url));
const workspace = join(example, "../..");
const cli = join(workspace, "packages/gatehouse-auth/dist/cli.js");
const app = mkdtempSync(join(tmpdir(), "gatehouse-init-sveltekit-"));
// Outside the app folder: migrate there finds no auth module and makes the core tables, which are all
// init's auth module uses (in the app folder, the CLI would import the TypeScript module, which Node 20
// cannot without tsx: docs/cli.md).
const elsewhere = mkdtempSync(join(tmpdir(), "gatehouse-init-migrate-"));

let server;
let base;
const { call, post } = appRequests(() => base, { proxied: true });

before(async () => {
  const files = {
    "package.json": JSON.stringify({
      name: "my-sveltekit-app",
      private: true,
      type: "module",
      dependencies: { "gatehouse-auth": "*", "better-sqlite3": "*", "@gatehouse-auth/svelte": "*" },
    }),
    "svelte.config.js":
      'import adapter from "@sveltejs/adapter-node";\n\nexport default { kit: { adapter: adapter() } };\n',
    "vite.config.ts":
      'import { sveltekit } from "@sveltejs/kit/vite";\nimport { defineConfig } from "vite";\n\nexport default defineConfig({ plugins: [sveltekit()] });\n',
    "src/app.html":
      '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    %sveltekit.head%\n  </head>\n  <body>\n    <div style="display: contents">%sveltekit.body%</div>\n  </body>\n</html>\n',
    "src/routes/+page.svelte": "<h1>My app</h1>\n",
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(app, file)), { recursive: true });
    writeFileSync(join(app, file), content);
  }
  const modules = join(app, "node_modules");
  for (const name of [
    "@sveltejs/kit",
    "@sveltejs/adapter-node",
    "@sveltejs/vite-plugin-svelte",
    "svelte",
    "vite",
    "better-sqlite3",
    "@gatehouse-auth/svelte",
  ]) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(realpathSync(join(example, "node_modules", name)), join(modules, name));
  }
  symlinkSync(join(workspace, "packages/gatehouse-auth"), join(modules, "gatehouse-auth"));

  const env = { ...process.env, NODE_ENV: "development" };
  for (const key of ["DATABASE_URL", "GATEHOUSE_SECRET", "GATEHOUSE_URL"]) delete env[key];
  const started = Date.now();
  const written = await run(process.execPath, [cli, "init", "--framework", "sveltekit", "--database", "sqlite"], {
    cwd: app,
    env,
  });
  assert.match(written, /npm install gatehouse-auth better-sqlite3 @gatehouse-auth\/svelte/);
  const database = join(app, "auth.db");
  await run(process.execPath, [cli, "migrate", "--url", database], { cwd: elsewhere, env });
  await run(process.execPath, [join(modules, "@sveltejs/kit/svelte-kit.js"), "sync"], { cwd: app, env });
  await run(process.execPath, [join(modules, "vite/bin/vite.js"), "build"], { cwd: app, env });
  console.log(`init + migrate + sveltekit build: ${((Date.now() - started) / 1000).toFixed(1)}s`);

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The production server with the .env init wrote (the auth module loads it), the address and the
  // database given by the environment as a deployment would.
  server = await startServer({
    name: "node build",
    command: process.execPath,
    args: ["build"],
    cwd: app,
    env: {
      ...env,
      NODE_ENV: "production",
      DATABASE_URL: database,
      GATEHOUSE_URL: base,
      ORIGIN: base,
      ADDRESS_HEADER: "x-forwarded-for",
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    base,
  });
});

after(async () => {
  await stopServer(server);
  rmSync(app, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

test("the init-written SvelteKit app: sign-up, sign-in and the session route over HTTP", async () => {
  // The secret the server signs with is the one init put in .env (the auth module loaded it).
  assert.match(readFileSync(join(app, ".env"), "utf8"), /^GATEHOUSE_SECRET=[A-Za-z0-9_-]{43}$/m);
  const email = `init-kit-${Date.now()}@example.com`;
  const up = await post("/api/auth/sign-up/email", { name: "Ada Init", email, password: "password-123" });
  assert.equal(up.status, 200, await up.clone().text());

  const signIn = await post("/api/auth/sign-in/email", { email, password: "password-123" });
  assert.equal(signIn.status, 200, await signIn.clone().text());
  const cookie = cookieOf(signIn);
  assert.match(cookie, /gatehouse\.session_token=/);

  const session = await call("/api/session", { headers: { cookie } });
  assert.equal(session.status, 200);
  const body = await session.json();
  assert.deepEqual(body.user, { name: "Ada Init", email });

  // A stranger, and a forged cookie, read no session; the page itself still renders.
  assert.deepEqual(await (await call("/api/session")).json(), { user: null });
  const forged = cookie.replace(/gatehouse\.session_token=[^;.]*/, "gatehouse.session_token=forged");
  assert.deepEqual(await (await call("/api/session", { headers: { cookie: forged } })).json(), { user: null });
  assert.equal((await call("/")).status, 200);

  // A cross-site write is refused by the hook (the origin check), and bad input is a 4xx.
  const crossSite = await post("/api/auth/sign-out", {}, { cookie, origin: "https://evil.example" });
  assert.equal(crossSite.status, 403);
  const broken = await post("/api/auth/sign-in/email", "{not json");
  assert.ok(broken.status >= 400 && broken.status < 500, String(broken.status));
  assert.equal((await post("/api/auth/sign-in/email", { email, password: "wrong-password" })).status, 401);
});
