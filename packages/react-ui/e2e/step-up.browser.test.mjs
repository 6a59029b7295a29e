// Step-up in <AccountSettings>, in Debian's Chromium against a real Gatehouse, at 390 px (light) and
// 1280 px (dark): an action the server allows only on a fresh session, tried with a session made old (its
// createdAt moved two days back, past the default one-day `session.freshAge`), shows an inline "Confirm
// it's you" in its card instead of "sign in again"; the user signs in again there (password; a passkey on
// a virtual authenticator for a user without one) and the action runs again and succeeds. The old
// session is signed out. Every state fails on an axe-core WCAG 2.2 AA violation, a console error, an
// unexpected error answer or horizontal overflow.
import assert from "node:assert/strict";
import { test } from "node:test";
import { check, openPage } from "./page-checks.mjs";
import { PASSWORD, harnessForFile, seedUser, signInBrowser } from "./harness-session.mjs";
import { totp } from "./totp.mjs";

let server;
let browser;
harnessForFile((started) => ({ server, browser } = started));

const db = () => server.auth.$context.db;
const sessionsOf = (userId) => db().findMany({ model: "session", where: [{ field: "userId", value: userId }] });

/** A user whose only session is this browser's (sign-up's own session is dropped). */
async function seedSignedIn(tag, context) {
  const user = await seedUser(server, tag);
  await db().deleteMany({ model: "session", where: [{ field: "userId", value: user.id }] });
  await signInBrowser(server, context, user.email);
  return user;
}

/** Moves every session of the user two days into the past: older than the server's fresh age (one day). */
async function ageSessions(userId) {
  for (const s of await sessionsOf(userId))
    await db().update({
      model: "session",
      where: [{ field: "id", value: s.id }],
      update: { createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) },
    });
}

async function virtualAuthenticator(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
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

const combos = [
  { width: 390, height: 844, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
];

for (const combo of combos) {
  const label = `${combo.width} px, ${combo.scheme}`;
  const newContext = () =>
    browser.newContext({ viewport: { width: combo.width, height: combo.height }, colorScheme: combo.scheme });

  test(`Step-up: adding a passkey on an old session asks for the password in place, then adds it (${label})`, async () => {
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
    const user = await seedSignedIn("step-up", context);
    await ageSessions(user.id);
    const [oldSession] = await sessionsOf(user.id);

    await page.goto(`${server.base}/?c=AccountSettings`);
    const card = page.getByTestId("gh-account-passkeys");
    await card.getByText("No passkeys yet.").waitFor();
    state.expected = ["/passkey/generate-register-options", "/sign-in/email"];
    await card.getByLabel("Name (optional)").fill("Work laptop");
    await card.getByRole("button", { name: "Add a passkey" }).click();
    const prompt = card.getByTestId("gh-step-up");
    const heading = prompt.getByRole("heading", { name: "Confirm it's you" });
    await heading.waitFor();
    assert.equal(await heading.evaluate((el) => el === document.activeElement), true);
    // Never the old "sign in again" dead end; no passkey yet, so only the password is offered.
    assert.equal(await card.getByText("sign in again before doing this").count(), 0);
    assert.equal(await prompt.getByRole("button", { name: "Confirm with a passkey" }).count(), 0);
    await at("step-up-password");

    // A wrong password is tied to the field.
    const password = prompt.getByLabel("Password");
    await password.fill("not-the-password");
    await prompt.getByRole("button", { name: "Confirm" }).click();
    await prompt.locator(".gh-field-error", { hasText: "That password isn't right." }).waitFor();
    assert.equal(await password.getAttribute("aria-invalid"), "true");
    // Said once, on the field (the form's alert is only for the screen reader then).
    assert.equal(await prompt.locator(".gh-alert").count(), 0);
    await at("step-up-wrong-password");

    // The right one: a fresh session, then the passkey is added without asking again.
    await password.fill(PASSWORD);
    await prompt.getByRole("button", { name: "Confirm" }).click();
    await card.getByRole("status").filter({ hasText: "Work laptop is added." }).waitFor();
    assert.equal(await prompt.count(), 0);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    assert.equal(credentials.length, 1);
    // The old session is gone: one session, the new one, for this browser.
    const sessions = await sessionsOf(user.id);
    assert.equal(sessions.length, 1);
    assert.notEqual(sessions[0].id, oldSession.id);
    await at("step-up-done");

    // Cancelled: the action does not run and the sentence says why.
    await ageSessions(user.id);
    const linked = page.getByTestId("gh-account-linked");
    await page.reload();
    state.expected = ["/unlink-account"];
    await linked.getByRole("button", { name: "Remove Email and password" }).click();
    await linked.getByTestId("gh-step-up").getByRole("heading", { name: "Confirm it's you" }).waitFor();
    await linked.getByTestId("gh-step-up").getByRole("button", { name: "Cancel" }).click();
    await linked.getByText("For your security, sign in again before doing this.").waitFor();
    assert.equal(await linked.getByTestId("gh-step-up").count(), 0);
    await at("step-up-cancelled");
    await context.close();
  });

  test(`Step-up: a user without a password confirms with their passkey, then turns on two-step verification (${label})`, async () => {
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await virtualAuthenticator(context, page);
    const user = await seedSignedIn("step-up-passkey", context);
    // A passkey first, on the fresh session; then the password goes (a passkey-only account) and time passes.
    await page.goto(`${server.base}/?c=AccountSettings`);
    const passkeys = page.getByTestId("gh-account-passkeys");
    await passkeys.getByText("No passkeys yet.").waitFor();
    await passkeys.getByRole("button", { name: "Add a passkey" }).click();
    await passkeys.locator(".gh-list-item").first().waitFor();
    await db().deleteMany({
      model: "account",
      where: [
        { field: "userId", value: user.id },
        { field: "providerId", value: "credential" },
      ],
    });
    await ageSessions(user.id);

    await page.reload();
    const card = page.getByTestId("gh-account-two-factor");
    await card.getByRole("button", { name: "Turn on two-step verification" }).click();
    state.expected = ["/two-factor/enable"];
    await card.getByRole("button", { name: "Continue" }).click();
    const prompt = card.getByTestId("gh-step-up");
    await prompt.getByRole("button", { name: "Confirm with a passkey" }).waitFor();
    assert.equal(await prompt.getByLabel("Password").count(), 0);
    await prompt.getByText("confirm with your passkey").waitFor();
    await at("step-up-passkey");
    await prompt.getByRole("button", { name: "Confirm with a passkey" }).click();
    // The retried call answered the setup: the QR code step.
    await card.getByRole("img", { name: /QR code for your authenticator app/ }).waitFor();
    assert.equal((await sessionsOf(user.id)).length, 1);
    await at("step-up-passkey-done");
    await context.close();
  });

  test(`Step-up: with two-step verification on, the password then the code, then the passkey is added (${label})`, async () => {
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await virtualAuthenticator(context, page);
    const user = await seedSignedIn("step-up-2fa", context);
    // Two-step verification on, over HTTP with the browser's own cookie.
    const post = (path, data) =>
      context.request.post(`${server.base}/api/auth${path}`, { data, headers: { origin: server.base } });
    const enabled = await post("/two-factor/enable", { password: PASSWORD });
    assert.equal(enabled.status(), 200);
    const { totpURI, backupCodes } = await enabled.json();
    assert.equal((await post("/two-factor/verify-totp", { code: totp(totpURI) })).status(), 200);
    await ageSessions(user.id);

    await page.goto(`${server.base}/?c=AccountSettings`);
    const card = page.getByTestId("gh-account-passkeys");
    await card.getByText("No passkeys yet.").waitFor();
    state.expected = ["/passkey/generate-register-options"];
    await card.getByRole("button", { name: "Add a passkey" }).click();
    const prompt = card.getByTestId("gh-step-up");
    await prompt.getByLabel("Password").fill(PASSWORD);
    await prompt.getByRole("button", { name: "Confirm" }).click();
    // The server holds the sign-in for the second factor: its step shows in the card.
    const step = card.getByTestId("gh-two-factor");
    await step.getByLabel("Code").waitFor();
    // The step can be left: the action is then not done.
    await card.getByRole("button", { name: "Cancel" }).waitFor();
    await at("step-up-two-factor");
    // The app's code of this 30-second window was spent turning it on (the server refuses a replay): a backup code.
    await step.getByRole("button", { name: "Backup code" }).click();
    await step.getByLabel("Backup code").fill(backupCodes[0]);
    await step.getByRole("button", { name: "Verify" }).click();
    await card.locator(".gh-list-item").first().waitFor();
    assert.equal(await card.getByTestId("gh-two-factor").count(), 0);
    assert.equal((await sessionsOf(user.id)).length, 1);
    await at("step-up-two-factor-done");
    await context.close();
  });
}
