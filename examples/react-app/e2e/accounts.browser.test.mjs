// The account switcher (@gatehouse/multi-session) in Debian's Chromium, driven by playwright-core: two
// accounts signed up in one browser, switch, remove one, add it back through the sign-in page, then
// the header's sign-out leaves none. Screenshots go to test-output/browser/.
// Run after `vite build`: node --test examples/react-app/e2e/ (E2E_DEV=1: through Vite, no build needed)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { freePort } from "./free-port.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const shots = fileURLToPath(new URL("../../../test-output/browser/", import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const password = "browser-password-1";

let server;
let browser;
let dataDir;

before(async () => {
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath} (apt-get install -y chromium)`);
  mkdirSync(shots, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-accounts-"));
  server = spawn(process.execPath, ["server.mjs"], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: process.env.E2E_DEV === "1" ? "development" : "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: join(dataDir, "e2e.db"),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on("data", (d) => String(d).includes("ready at") && resolve());
    server.on("exit", (code) => reject(new Error(`example app exited ${code}`)));
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

async function signUp(page, name, email) {
  await page.goto(`${base}/sign-up`);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByTestId("greeting").filter({ hasText: name }).waitFor();
}

const rows = (page) => page.getByTestId("device-account");
const row = (page, email) => rows(page).filter({ hasText: email });

test("two accounts in one browser: list, switch, remove one, add it back, sign out of all", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("dialog", (dialog) => dialog.accept());

  await signUp(page, "Carol", "carol@example.com");
  await signUp(page, "Dave", "dave@example.com");

  await page.getByRole("link", { name: "Switch account" }).click();
  await row(page, "dave@example.com").getByTestId("active-account").waitFor();
  assert.equal(await rows(page).count(), 2);
  await page.screenshot({ path: join(shots, "accounts-01-two.png") });

  await row(page, "carol@example.com").getByRole("button", { name: "Switch" }).click();
  await row(page, "carol@example.com").getByTestId("active-account").waitFor();
  await page.goto(`${base}/`);
  await page.getByTestId("greeting").filter({ hasText: "Carol" }).waitFor();

  // Removing Dave signs this browser out of Dave only: Carol stays active.
  await page.goto(`${base}/accounts`);
  await row(page, "dave@example.com").getByRole("button", { name: "Remove" }).click();
  await row(page, "dave@example.com").waitFor({ state: "detached" });
  assert.equal(await rows(page).count(), 1);
  await row(page, "carol@example.com").getByTestId("active-account").waitFor();

  // Add Dave back through the sign-in page: the sign-in joins the list and returns here.
  await page.getByRole("link", { name: "Add another account" }).click();
  await page.getByLabel("Email or username").fill("dave@example.com");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).first().click();
  await row(page, "dave@example.com").getByTestId("active-account").waitFor();
  assert.equal(await rows(page).count(), 2);
  await page.screenshot({ path: join(shots, "accounts-02-added-back.png") });

  // The header's sign-out leaves every account.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.getByRole("link", { name: "Sign in" }).first().waitFor();
  await page.goto(`${base}/accounts`);
  await page.getByText("No accounts on this browser.").waitFor();
  await context.close();
});
