// One browser run for the Vue, Svelte and Solid apps (built once by `pnpm --filter
// @gatehouse-auth/example-framework-apps build`), against one real Gatehouse server on SQLite, in
// Debian's Chromium driven by playwright-core. For each app: sign up, a second tab follows the session,
// sign-out in one tab signs the other out, sign-in in one signs the other in, an organization call
// updates both tabs' organization stores, and a user name holding markup renders as text.
//   node --test examples/framework-apps/e2e/
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { freePort } from "../../react-app/e2e/free-port.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const shots = fileURLToPath(new URL("../../../test-output/browser/", import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const APPS = ["vue", "svelte", "solid"];
const password = "browser-password-1";

let server;
let browser;
let base;
let dataDir;

before(async () => {
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath} (apt-get install -y chromium)`);
  mkdirSync(shots, { recursive: true });
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-frameworks-"));
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server.mjs"], {
    cwd: appDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: join(dataDir, "e2e.db"),
      GATEHOUSE_RATE_LIMIT: "off",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on("data", (d) => String(d).includes("ready at") && resolve());
    server.on("exit", (code) => reject(new Error(`framework apps server exited ${code} (built? see server.mjs)`)));
  });
  browser = await chromium.launch({
    executablePath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Fills the signed-out form and presses `button` ("Sign up" or "Sign in"). */
async function submitCredentials(page, button, { name, email }) {
  await page.getByTestId("signed-out").waitFor();
  if (name) await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: button }).click();
}

const greeting = (page, name) => page.getByTestId("greeting").filter({ hasText: `Hello, ${name}` });

for (const app of APPS) {
  test(`${app}: sign up, two tabs follow sign-out and sign-in, an organization call, markup as text`, async () => {
    const context = await browser.newContext();
    const errors = [];
    context.on("weberror", (e) => errors.push(String(e.error())));
    const tab1 = await context.newPage();
    const tab2 = await context.newPage();
    // A name an attacker picks: rendered as text, it never runs.
    const name = `Ada ${app} <img src=x onerror="window.__xss=1">`;
    const email = `ada-${app}@example.com`;

    await tab1.goto(`${base}/${app}/`);
    await submitCredentials(tab1, "Sign up", { name, email });
    await greeting(tab1, name).waitFor();
    assert.equal(await tab1.getByTestId("greeting").textContent(), `Hello, ${name}`);
    assert.equal(await tab1.evaluate(() => window.__xss), undefined);

    // The second tab shares the cookie: it opens signed in.
    await tab2.goto(`${base}/${app}/`);
    await greeting(tab2, name).waitFor();

    // Sign-out in one tab reaches the other (BroadcastChannel), with no reload and no focus.
    await tab1.getByRole("button", { name: "Sign out" }).click();
    await tab1.getByTestId("signed-out").waitFor();
    await tab2.getByTestId("signed-out").waitFor();

    // A wrong password is an error message, not a session.
    await tab2.getByLabel("Email").fill(email);
    await tab2.getByLabel("Password").fill("wrong-password-1");
    await tab2.getByRole("button", { name: "Sign in" }).click();
    await tab2.getByRole("alert").waitFor();
    assert.equal(await tab2.getByTestId("greeting").count(), 0);

    // Sign-in in the second tab reaches the first.
    await submitCredentials(tab2, "Sign in", { email });
    await greeting(tab2, name).waitFor();
    await greeting(tab1, name).waitFor();

    // An organization call: the active organization and the list follow in both tabs.
    await tab1.getByTestId("active-org").filter({ hasText: "Active: none" }).waitFor();
    await tab1.getByLabel("Organization name").fill(`Acme ${app}`);
    await tab1.getByRole("button", { name: "Create organization" }).click();
    await tab1
      .getByTestId("active-org")
      .filter({ hasText: `Active: Acme ${app}` })
      .waitFor();
    await tab1
      .getByTestId("org-row")
      .filter({ hasText: `Acme ${app}` })
      .waitFor();
    await tab2
      .getByTestId("org-row")
      .filter({ hasText: `Acme ${app}` })
      .waitFor();
    await tab1.screenshot({ path: join(shots, `framework-${app}.png`) });

    // Signed out, the organization stores clear with the session.
    await tab2.getByRole("button", { name: "Sign out" }).click();
    await tab1.getByTestId("signed-out").waitFor();
    await tab2.getByTestId("signed-out").waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
}
