// What every browser test of the example app starts with: the app's server on a free port with a
// database of its own, and headless Debian Chromium. Run after `vite build` (E2E_DEV=1: through Vite).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { freePort } from "./free-port.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));
/** Where screenshots go (CI keeps them). */
export const shots = fileURLToPath(new URL("../../../test-output/browser/", import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dev = process.env.E2E_DEV === "1";

/**
 * Starts the example app and a browser. `host` is what the page's origin names (WebAuthn needs
 * `localhost`, not an IP); `env` adds to the server's environment. Returns `{ base, browser, stop }`.
 */
export async function startExampleApp({ tag, host = "127.0.0.1", env = {}, dataDir: keptDir }) {
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath} (apt-get install -y chromium)`);
  if (!dev && !existsSync(join(appDir, "dist", "index.html")))
    throw new Error("build the app first: npx -y pnpm@10 --filter @gatehouse-auth/example-react-app build");
  mkdirSync(shots, { recursive: true });
  const port = await freePort();
  // `dataDir` given: the caller's (a restart test reuses it), kept on stop.
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), `gatehouse-e2e-${tag}-`));
  const server = spawn(process.execPath, ["server.mjs"], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: dev ? "development" : "production",
      PORT: String(port),
      HOST: host,
      DATABASE_URL: join(dataDir, "e2e.db"),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stopServer = () => {
    server.kill();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise((resolve, reject) => {
      server.stdout.on("data", (d) => String(d).includes("ready at") && resolve());
      server.on("exit", (code) => reject(new Error(`example app exited ${code}`)));
    });
    const browser = await chromium.launch({
      executablePath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    return {
      base: `http://${host}:${port}`,
      browser,
      async stop() {
        await browser.close();
        stopServer();
      },
    };
  } catch (error) {
    stopServer();
    throw error;
  }
}

/** Signs up through `<SignUp>` (`username` is optional) and waits for the signed-in greeting. */
export async function signUpWithForm(page, base, { name, email, password, username }) {
  await page.goto(`${base}/sign-up`);
  // exact: "Username (optional)" holds "name" too.
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email").fill(email);
  if (username) await page.getByLabel("Username (optional)").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByTestId("greeting").waitFor();
}

/** Fills and submits `<SignIn>`'s password form; the caller waits for the outcome it expects. */
export async function submitSignInForm(page, identifier, password) {
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Signs out through the header's `<UserButton>`: its avatar button ("Account: {name}") discloses the
 * panel with "Sign out"; waits for the signed-out header.
 */
export async function signOut(page) {
  const menu = page.getByTestId("gh-user-button");
  await menu.getByRole("button", { name: /^Account: / }).click();
  await menu.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("link", { name: "Sign in" }).first().waitFor();
}

/**
 * Creates an organization with the header's `<OrganizationSwitcher>` ("Create an organization") from the
 * organization page, and waits for `<OrganizationSettings>` to show it as the active one.
 */
export async function createOrganization(page, base, name) {
  await page.goto(`${base}/organizations`);
  const switcher = page.getByTestId("gh-organization-switcher");
  await switcher.getByRole("button", { name: /^Organization: / }).click();
  await switcher.getByRole("button", { name: "Create an organization" }).click();
  await switcher.getByLabel("Name").fill(name);
  await switcher.getByRole("button", { name: "Create organization" }).click();
  await switcher.getByRole("button", { name: `Organization: ${name}` }).waitFor();
  await page.getByTestId("gh-organization-profile").getByText("Your role: owner").waitFor();
}

/** Invites `email` from `<OrganizationSettings>`' invitations card and waits for it in the pending list. */
export async function inviteMember(page, email) {
  const invitations = page.getByTestId("gh-organization-invitations");
  await invitations.getByLabel("Email to invite").fill(email);
  await invitations.getByRole("button", { name: "Send invitation" }).click();
  await invitations.locator(".gh-list-item", { hasText: email }).waitFor();
}
