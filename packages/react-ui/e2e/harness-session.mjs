// What every react-ui browser test sets up the same way: the harness server and Debian's Chromium for the
// whole file, unique addresses, users seeded server side, and a browser context signed in.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before } from "node:test";
import { chromium } from "playwright-core";
import { startHarness } from "./start-harness.mjs";

export const PASSWORD = "correct-horse-battery";
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Starts the harness server (with what `harnessOptions()` answers or resolves to, asked when it starts)
 * and Chromium before the file's tests, hands both to `started`, and stops both after them.
 */
export function harnessForFile(started, harnessOptions = () => ({})) {
  let server;
  let browser;
  before(async () => {
    if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath}`);
    server = await startHarness(await harnessOptions());
    browser = await chromium.launch({
      executablePath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    started({ server, browser });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}

let serial = 0;
/** A tag no other test of this process has used (a counter, plus the time for runs sharing a store). */
export const unique = (tag) => `${tag}-${++serial}-${Date.now()}`;

/** Signs a user up server side, verified unless asked; answers `{ email, id, name }`. */
export async function seedUser(server, tag, { verified = true, email = `${unique(tag)}@example.com` } = {}) {
  const name = `Ada ${tag}`;
  await server.auth.api.signUpEmail({ body: { name, email, password: PASSWORD } });
  const user = await server.auth.$context.users.findByEmail(email);
  if (verified)
    await server.auth.$context.db.update({
      model: "user",
      where: [{ field: "id", value: user.id }],
      update: { emailVerified: true },
    });
  return { email, id: user.id, name };
}

/** Signs `email` in within the browser context (its cookie jar is the page's), and makes `organizationId` active if given. */
export async function signInBrowser(server, context, email, organizationId) {
  const r = await context.request.post(`${server.base}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: server.base },
  });
  assert.equal(r.status(), 200);
  if (organizationId === undefined) return;
  const active = await context.request.post(`${server.base}/api/auth/organization/set-active`, {
    data: { organizationId },
    headers: { origin: server.base },
  });
  assert.equal(active.status(), 200);
}
