// The passkey journey in Debian's Chromium with a virtual authenticator (CDP WebAuthn domain: CTAP2,
// internal transport, resident keys, user verification): sign up with a password, add a passkey, rename
// it, sign out, sign in with the passkey without typing a user name, see the session, delete the
// passkey, and find that the authenticator's copy no longer signs in. Screenshots go to
// test-output/browser/. WebAuthn needs a secure context and a domain RP ID: the app runs on
// http://localhost (127.0.0.1 is secure too, but an IP cannot be an RP ID).
// Run after `vite build`: node --test examples/react-app/e2e/passkey.browser.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { checkScreen, openPage } from "../../../packages/react-ui/e2e/page-checks.mjs";
import { shots, signOut, signUpWithForm, startExampleApp } from "./start-example-app.mjs";

const password = "browser-password-1";

let app;
let base;
let browser;

before(async () => {
  app = await startExampleApp({ tag: "passkey", host: "localhost", env: { GATEHOUSE_RATE_LIMIT: "off" } });
  ({ base, browser } = app);
});

after(() => app?.stop());

/** A platform authenticator that holds discoverable credentials and verifies its user (a fingerprint, say). */
async function addVirtualAuthenticator(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The session as the page's own fetch sees it (cookies included). */
const sessionOf = (page) =>
  page.evaluate(async () => (await fetch("/api/auth/get-session", { credentials: "include" })).json());

test("add a passkey, sign out, sign in with it without a user name, delete it", async () => {
  const context = await browser.newContext();
  const { page, state } = await openPage(context);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);
  const email = `passkey-${Date.now()}@example.com`;

  // Sign up with a password (a fresh session: adding a passkey needs one).
  await signUpWithForm(page, base, { name: "Pat Key", email, password });

  // Register: the browser runs navigator.credentials.create against the virtual authenticator.
  // <AccountSettings>' passkeys card.
  await page.getByRole("link", { name: "Account", exact: true }).click();
  const card = page.getByTestId("gh-account-passkeys");
  await card.getByText("No passkeys yet.").waitFor();
  await card.getByLabel("Name (optional)").fill("Virtual laptop");
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await card.getByRole("status").filter({ hasText: "Virtual laptop is added." }).waitFor();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  assert.equal(credentials.length, 1);
  assert.equal(credentials[0].isResidentCredential, true);
  assert.equal(credentials[0].rpId, "localhost");
  await page.screenshot({ path: join(shots, "passkey-01-added.png") });
  await checkScreen(page, state, "account-passkeys");

  // Rename it.
  await card.getByRole("button", { name: "Rename Virtual laptop" }).click();
  await card.getByLabel("New name for Virtual laptop").fill("Renamed laptop");
  await card.getByRole("button", { name: "Save" }).click();
  await card.locator(".gh-list-item", { hasText: "Renamed laptop" }).waitFor();

  // Sign out: no session left.
  await signOut(page);
  assert.equal(await sessionOf(page), null);

  // Sign in with the passkey: no email typed, the authenticator offers its credential for localhost.
  await page.goto(`${base}/sign-in`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.getByTestId("greeting").waitFor();
  assert.equal(await page.getByTestId("greeting").textContent(), "Hello, Pat Key");
  const session = await sessionOf(page);
  assert.equal(session?.user?.email, email);
  const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  assert.ok(after.credentials[0].signCount >= 1, "the assertion advanced the signature counter");
  await page.screenshot({ path: join(shots, "passkey-02-signed-in.png") });

  // Delete the passkey.
  // The old /passkeys path lands on the account page; removing asks first, in place.
  await page.goto(`${base}/passkeys`);
  await page.waitForURL(`${base}/account`);
  await card.getByRole("button", { name: "Remove Renamed laptop" }).click();
  await card.locator(".gh-confirm").getByRole("button", { name: "Remove" }).click();
  await card.getByText("No passkeys yet.").waitFor();
  assert.equal(await card.locator(".gh-list-item").count(), 0);

  // The authenticator still holds its copy, but the server no longer knows it: no sign-in.
  await signOut(page);
  await page.goto(`${base}/sign-in`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  // The catalogue's sentence, never the server's or the browser's raw text.
  await page
    .getByRole("alert")
    .filter({ hasText: /passkey isn't registered|couldn't verify this passkey/ })
    .waitFor();
  assert.equal(await sessionOf(page), null);
  await page.screenshot({ path: join(shots, "passkey-03-deleted.png") });
  await context.close();
});
