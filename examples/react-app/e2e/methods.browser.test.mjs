// Browser tests of the example app's sign-in methods and its guard rails, in Debian's Chromium driven by
// playwright-core: username, magic link, emailed code, two-factor (TOTP, backup code, emailed code,
// trusted device), the double-submit guard, messages for used links and a changed password, and an
// invitation followed through sign-up. Screenshots go to test-output/browser/; the screens on the way
// (the sign-in steps, the password reset, two-step set-up and backup codes, the delete confirmation) are
// checked at 390 and 1280 px, light and dark, into test-output/screens/ (page-checks.mjs's checkScreen).
// Run after `vite build`: node --test examples/react-app/e2e/methods.browser.test.mjs
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { checkScreen, openPage } from "../../../packages/react-ui/e2e/page-checks.mjs";
import {
  createOrganization,
  inviteMember,
  shots,
  signOut,
  signUpWithForm,
  startExampleApp,
  submitSignInForm,
} from "./start-example-app.mjs";

// otpauth is the two-factor plugin's own dependency: the test computes codes as an authenticator app would.
const fromTwoFactor = createRequire(new URL("../../../packages/two-factor/package.json", import.meta.url));
const { TOTP, Secret } = await import(pathToFileURL(fromTwoFactor.resolve("otpauth")).href);

const password = "browser-password-1";

let app;
let base;
let browser;

before(async () => {
  app = await startExampleApp({
    tag: "methods",
    env: {
      // Every sign-in here comes from 127.0.0.1 within seconds: the per-client limits would answer 429.
      GATEHOUSE_RATE_LIMIT: "off",
    },
  });
  ({ base, browser } = app);
});

after(() => app?.stop());

/** Each page's problems so far (page-checks.mjs's openPage): what `screen` checks. */
const states = new WeakMap();

/** A browser of its own whose confirmation dialogs are accepted. */
async function newPage() {
  const context = await browser.newContext();
  const { page, state } = await openPage(context);
  states.set(page, state);
  page.on("dialog", (dialog) => dialog.accept());
  return page;
}

/** The screen `page` shows, at 390 and 1280 px, light and dark. */
const screen = (page, name) => checkScreen(page, states.get(page), name);

/** Answers (paths' endings) `page` is refused on purpose from now on: 4xx the flow provokes. */
const expect4xx = (page, ...paths) => states.get(page).expected.push(...paths);

const signUp = (page, fields) => signUpWithForm(page, base, { password, ...fields });

async function signInWithPassword(page, identifier, pass = password) {
  await page.goto(`${base}/sign-in`);
  await submitSignInForm(page, identifier, pass);
}

/** The newest mailbox message to `email` whose subject matches, as the mailbox page shows it. */
async function mail(page, email, subject) {
  await page.goto(`${base}/mailbox`);
  const message = page.getByTestId("message").filter({ hasText: email }).filter({ hasText: subject }).first();
  await message.waitFor();
  return message;
}

/** The newest mailed link to `email` with `subject`. */
async function mailedLink(page, email, subject) {
  return (await mail(page, email, subject)).getByTestId("message-link").getAttribute("href");
}

/** The newest mailed code to `email` with `subject`, read in a tab of its own (the form keeps its state). */
async function mailedCode(page, email, subject) {
  const tab = await page.context().newPage();
  const code = await (await mail(tab, email, subject)).getByTestId("message-code").textContent();
  await tab.close();
  assert.match(code ?? "", /^\d{6}$/);
  return code;
}

const messagesTo = async (email, subject) =>
  (await (await fetch(`${base}/dev/mailbox`)).json()).filter((m) => m.to === email && m.subject === subject);

test("username: chosen at sign-up, then signs in with the password in any case", async () => {
  const page = await newPage();
  await signUp(page, { name: "Carol", email: "carol@example.com", username: "Carol_W" });
  await signOut(page);

  await signInWithPassword(page, "carol_w", "wrong-password-1");
  await page.getByRole("alert").filter({ hasText: "That username and password don't match an account." }).waitFor();
  await signInWithPassword(page, "CAROL_W");
  await page.getByTestId("greeting").filter({ hasText: "Hello, Carol" }).waitFor();

  // Taken in any case: the sign-up page says so and creates nobody.
  const other = await newPage();
  await other.goto(`${base}/sign-up`);
  await other.getByLabel("Name", { exact: true }).fill("Mallory");
  await other.getByLabel("Email").fill("mallory@example.com");
  await other.getByLabel("Username (optional)").fill("carol_W");
  await other.getByLabel("Password").fill(password);
  await other.getByRole("button", { name: "Create account" }).click();
  await other.getByRole("alert").filter({ hasText: "That username is taken." }).waitFor();
  await Promise.all([page.context().close(), other.context().close()]);
});

test("a double click on sign-up sends one request", async () => {
  const page = await newPage();
  const signUps = [];
  page.on("request", (r) => r.url().endsWith("/api/auth/sign-up/email") && signUps.push(r));
  await page.goto(`${base}/sign-up`);
  await page.getByLabel("Name", { exact: true }).fill("Dora");
  await page.getByLabel("Email").fill("dora@example.com");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).dblclick();
  await page.getByTestId("greeting").waitFor();
  assert.equal(signUps.length, 1);
  // One account, one verification email.
  assert.equal((await messagesTo("dora@example.com", "Verify your email")).length, 1);
  await page.context().close();
});

test("magic link: 'check your mailbox', the link signs in, a used link explains itself", async () => {
  const page = await newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByRole("button", { name: "Email link" }).click();
  await page.getByLabel("Email").fill("erin@example.com");
  await page.getByRole("button", { name: "Email me a link" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: "Check your inbox: we sent a sign-in link to erin@example.com." })
    .waitFor();
  await page.screenshot({ path: join(shots, "10-magic-link-sent.png") });
  await screen(page, "sign-in-magic-link-sent");

  const link = await mailedLink(page, "erin@example.com", "Your sign-in link");
  await page.goto(link);
  await page.getByTestId("greeting").filter({ hasText: "Hello, erin" }).waitFor();
  await page.getByTestId("verified").waitFor();

  // The same link again: spent, so it lands on the sign-in page with a message, not silently.
  await signOut(page);
  await page.goto(link);
  await page.getByTestId("url-error").filter({ hasText: "invalid or has already been used" }).waitFor();
  assert.match(page.url(), /\/sign-in\?error=invalid_token/);
  assert.equal(await page.getByTestId("greeting").count(), 0);
  await page.screenshot({ path: join(shots, "11-used-link.png") });
  await screen(page, "sign-in-link-used");
  await page.context().close();
});

test("a reused email verification link shows a message", async () => {
  const page = await newPage();
  await signUp(page, { name: "Frank", email: "frank@example.com" });
  const link = await mailedLink(page, "frank@example.com", "Verify your email");
  await page.goto(link);
  await page.getByTestId("verified").waitFor();
  assert.equal(await page.getByTestId("url-error").count(), 0);
  await page.goto(link);
  await page.getByTestId("url-error").filter({ hasText: "invalid or has already been used" }).waitFor();
  assert.match(page.url(), /\?error=invalid_token/);
  await page.context().close();
});

test("email code: request a code, a wrong one is refused, the right one signs in", async () => {
  const page = await newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByRole("button", { name: "Email code" }).click();
  await page.getByLabel("Email").fill("carol@example.com");
  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.getByLabel("Code").waitFor();
  await screen(page, "sign-in-email-code");
  const code = await mailedCode(page, "carol@example.com", "Your sign-in code");
  await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("alert").waitFor();
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByTestId("greeting").filter({ hasText: "Hello, Carol" }).waitFor();
  await page.context().close();
});

test("password reset ends on the sign-in page saying the password changed", async () => {
  const page = await newPage();
  await page.goto(`${base}/forgot-password`);
  await page.getByLabel("Email").fill("dora@example.com");
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await page.getByRole("status").waitFor();
  await page.goto(await mailedLink(page, "dora@example.com", "Reset your password"));
  await page.getByLabel("New password", { exact: true }).waitFor();
  await screen(page, "reset-password");
  await page.getByLabel("New password", { exact: true }).fill("dora-new-password-1");
  await page.getByRole("button", { name: "Save password" }).click();
  await page.getByRole("status").filter({ hasText: "Your password is changed." }).waitFor();
  await screen(page, "reset-password-done");
  // The used link is spent: opening it again says so instead of showing the form.
  assert.match(page.url(), /\/reset-password\?token=/);
  await signInWithPassword(page, "dora@example.com", "dora-new-password-1");
  await page.getByTestId("greeting").waitFor();
  await page.context().close();
});

/** The current TOTP time step (30 seconds). */
const currentStep = () => Math.floor(Date.now() / 30_000);

/** The authenticator app: the code of `secret` for time step `step` (now by default). */
const totpCode = (secret, step = currentStep()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: step * 30_000 });

/**
 * An authenticator app that never shows a code twice: each code is of a later time step than the last
 * (the server accepts a step once, and only later ones after it), within one step of now (the accepted
 * window) — waiting for the clock when the next step is not reachable yet.
 */
function authenticator(secret) {
  let last = -1;
  return {
    async nextCode() {
      while (last + 1 > currentStep() + 1) await new Promise((r) => setTimeout(r, 500));
      last = Math.max(currentStep(), last + 1);
      return totpCode(secret, last);
    },
  };
}

test("two-factor: set up with a QR code and backup codes, then TOTP, backup code, emailed code, trusted device", async () => {
  const page = await newPage();
  await signUp(page, { name: "Gus", email: "gus@example.com", username: "gus" });
  // Verified, so that signing in by an emailed code later does not claim the address anew.
  await page.goto(await mailedLink(page, "gus@example.com", "Verify your email"));
  await page.getByTestId("verified").waitFor();
  await page.goto(`${base}/account`);
  // <AccountSettings>' two-step verification card: the password first (a wrong one is tied to its field).
  const card = page.getByTestId("gh-account-two-factor");
  // A wrong password, then a wrong code, then a reused one: refused on purpose.
  expect4xx(page, "/two-factor/enable", "/two-factor/verify-totp");
  await card.getByRole("button", { name: "Turn on two-step verification" }).click();
  await card.getByRole("heading", { name: "Confirm it's you" }).waitFor();
  await card.getByLabel("Password").fill("wrong-password-1");
  await card.getByRole("button", { name: "Continue" }).click();
  await card.locator(".gh-field-error").waitFor();
  await card.getByLabel("Password").fill(password);
  await card.getByRole("button", { name: "Continue" }).click();
  await card.getByRole("heading", { name: "Scan the QR code" }).waitFor();
  await card.getByRole("img", { name: /QR code for your authenticator app/ }).waitFor();
  // The setup key as text, grouped by four for typing.
  const secret = (await card.locator("code").first().textContent()).replaceAll(" ", "");
  await page.screenshot({ path: join(shots, "12-two-factor-setup.png") });
  await screen(page, "account-two-factor-setup");

  // A wrong code first (one no step near now produces).
  const near = [-1, 0, 1, 2].map((d) => totpCode(secret, currentStep() + d));
  const setupCode = card.getByLabel("Code from your authenticator app");
  await setupCode.fill(["000000", "111111", "222222", "333333", "444444"].find((c) => !near.includes(c)));
  await card.getByRole("button", { name: "Verify" }).click();
  await card.locator(".gh-field-error").waitFor();
  const app = authenticator(secret);
  const usedCode = await app.nextCode();
  await setupCode.fill(usedCode);
  await card.getByRole("button", { name: "Verify" }).click();
  // Accepted: the backup codes show, only this once.
  await card.getByRole("heading", { name: "Save your backup codes" }).waitFor();
  const backupCodes = await card.getByRole("list", { name: "Backup codes" }).locator("li").allTextContents();
  assert.equal(backupCodes.length, 10);
  await screen(page, "account-two-factor-backup-codes");
  await card.getByRole("button", { name: "I saved them" }).click();
  await card.getByText("On: signing in asks").waitFor();

  // Signing in now asks for the second factor. The code just used is never accepted twice, so the
  // authenticator's next code (one step ahead is within the accepted window) finishes the sign-in.
  await signOut(page);
  await signInWithPassword(page, "gus");
  // <SignIn> shows the second step in place (the heading takes focus).
  await page.getByRole("heading", { name: "Two-step verification" }).waitFor();
  assert.match(page.url(), /\/sign-in$/);
  assert.equal(await page.getByTestId("greeting").count(), 0);
  const signedOut = await (await page.request.get(`${base}/api/auth/get-session`)).json();
  assert.equal(signedOut, null);
  await page.getByLabel("Code").fill(usedCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("alert").filter({ hasText: "That code isn't right." }).waitFor();
  await page.getByLabel("Code").fill(await app.nextCode());
  await page.getByLabel("Trust this device for 30 days").check();
  await page.screenshot({ path: join(shots, "13-two-factor-sign-in.png") });
  await screen(page, "sign-in-two-factor");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByTestId("greeting").filter({ hasText: "Hello, Gus" }).waitFor();

  // This browser is trusted: the next sign-in skips the second factor.
  await signOut(page);
  await signInWithPassword(page, "gus@example.com");
  await page.getByTestId("greeting").waitFor();

  // Another browser, a backup code (used once).
  const second = await newPage();
  await signInWithPassword(second, "gus");
  await second.getByRole("button", { name: "Backup code" }).click();
  await second.getByLabel("Backup code").fill(backupCodes[0].toLowerCase());
  await second.getByRole("button", { name: "Verify" }).click();
  await second.getByTestId("greeting").waitFor();
  await signOut(second);
  await signInWithPassword(second, "gus");
  await second.getByRole("button", { name: "Backup code" }).click();
  await second.getByLabel("Backup code").fill(backupCodes[0]);
  await second.getByRole("button", { name: "Verify" }).click();
  // A spent backup code is refused in the catalogue's words.
  await second
    .getByRole("alert")
    .filter({ hasText: /isn't right|already been used|not valid/ })
    .waitFor();

  // The same pending sign-in, finished with a code sent by email.
  await second.getByRole("button", { name: "Email code" }).click();
  await second.getByRole("button", { name: "Email me a code" }).click();
  await second.getByRole("status").filter({ hasText: "A code is on its way to your email." }).waitFor();
  await second.getByLabel("Code").fill(await mailedCode(second, "gus@example.com", "Your two-factor code"));
  await second.getByRole("button", { name: "Verify" }).click();
  await second.getByTestId("greeting").waitFor();

  // An email code sign-in is held for the second factor too.
  const third = await newPage();
  await third.goto(`${base}/sign-in`);
  await third.getByRole("button", { name: "Email code" }).click();
  await third.getByLabel("Email").fill("gus@example.com");
  await third.getByRole("button", { name: "Email me a code" }).click();
  await third.getByLabel("Code").fill(await mailedCode(third, "gus@example.com", "Your sign-in code"));
  await third.getByRole("button", { name: "Sign in", exact: true }).click();
  await third.getByRole("heading", { name: "Two-step verification" }).waitFor();
  assert.match(third.url(), /\/sign-in$/);

  // A magic link (a GET sign-in) is held too: it lands on the app's two-factor page, not signed in.
  await third.goto(`${base}/sign-in`);
  await third.getByRole("button", { name: "Email link" }).click();
  await third.getByLabel("Email").fill("gus@example.com");
  await third.getByRole("button", { name: "Email me a link" }).click();
  await third.getByRole("status").filter({ hasText: "Check your inbox" }).waitFor();
  await third.goto(await mailedLink(third, "gus@example.com", "Your sign-in link"));
  await third.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
  assert.match(third.url(), /\/two-factor\?twoFactorRedirect=true$/);
  await screen(third, "two-factor");
  await third.getByLabel("Code").fill(await app.nextCode());
  await third.getByRole("button", { name: "Verify" }).click();
  await third.getByTestId("greeting").filter({ hasText: "Hello, Gus" }).waitFor();
  await signOut(third);

  // New backup codes (password, confirmed) replace the old ones, shown once.
  await page.goto(`${base}/account`);
  await card.getByRole("button", { name: "New backup codes…" }).click();
  await card.getByRole("heading", { name: "Replace your backup codes?" }).waitFor();
  await card.getByLabel("Password").fill(password);
  await card.getByRole("button", { name: "Make new codes" }).click();
  await card.getByRole("list", { name: "Backup codes" }).locator("li").nth(9).waitFor();
  const fresh = await card.getByRole("list", { name: "Backup codes" }).locator("li").allTextContents();
  assert.equal(fresh.length, 10);
  assert.ok(!fresh.includes(backupCodes[1]));
  await card.getByRole("button", { name: "I saved them" }).click();

  // Turning it off (password, confirmed) lets the password alone sign in again.
  await card.getByRole("button", { name: "Turn off…" }).click();
  await card.getByLabel("Password").fill(password);
  await card.getByRole("button", { name: "Turn off", exact: true }).click();
  await card.getByRole("status").filter({ hasText: "Two-step verification is off." }).waitFor();
  await signInWithPassword(third, "gus");
  await third.getByTestId("greeting").waitFor();
  await Promise.all([page.context().close(), second.context().close(), third.context().close()]);
});

test("an invitation survives sign-up and verification; a member sees no controls they cannot use", async () => {
  const owner = await newPage();
  await signUp(owner, { name: "Hana", email: "hana@example.com" });
  await createOrganization(owner, base, "Initech");
  await inviteMember(owner, "ivan@example.com");

  // Ivan opens the invitation signed out, creates his account from it and comes back to it.
  const ivan = await newPage();
  await ivan.goto(await mailedLink(ivan, "ivan@example.com", "Join Initech"));
  const invitationPath = new URL(ivan.url()).pathname;
  // <AcceptInvitation> signed out: "Sign in" (back here after), and the sign-in page's "Create one".
  const invitation = ivan.getByTestId("gh-accept-invitation");
  await invitation.getByRole("link", { name: "Sign in" }).click();
  await ivan.getByRole("link", { name: "Create one" }).click();
  await ivan.getByLabel("Name", { exact: true }).fill("Ivan");
  await ivan.getByLabel("Email").fill("ivan@example.com");
  await ivan.getByLabel("Password").fill(password);
  await ivan.getByRole("button", { name: "Create account" }).click();
  await invitation.getByText("Verify ivan@example.com first").waitFor();
  assert.equal(new URL(ivan.url()).pathname, invitationPath);
  // The verification link returns to the invitation too.
  await ivan.goto(await mailedLink(ivan, "ivan@example.com", "Verify your email"));
  await invitation.getByText("invited you to join Initech as member.").waitFor();
  assert.equal(new URL(ivan.url()).pathname, invitationPath);
  await invitation.getByRole("button", { name: "Accept" }).click();
  await invitation.getByRole("status").filter({ hasText: "You joined Initech." }).waitFor();
  await invitation
    .getByRole("button", { name: "Continue" })
    .or(invitation.getByRole("link", { name: "Continue" }))
    .click();
  await ivan.waitForURL(`${base}/organizations`);

  // As a member, Ivan sees roles as text, no Remove, no invitation or team forms (the server's answer).
  const members = ivan.getByTestId("gh-organization-members");
  await members.locator(".gh-list-item").nth(1).waitFor();
  await ivan.getByTestId("gh-organization-profile").getByText("Your role: member").waitFor();
  assert.equal(await members.getByRole("button", { name: /^Remove/ }).count(), 0);
  assert.equal(await members.getByRole("combobox").count(), 0);
  assert.equal(await ivan.getByLabel("Email to invite").count(), 0);
  await ivan.screenshot({ path: join(shots, "14-member-view.png") });

  // Signing in again makes his organization active without a visit to the organizations page.
  await signOut(ivan);
  await signInWithPassword(ivan, "ivan@example.com");
  await ivan.getByTestId("greeting").waitFor();
  const session = await (await ivan.request.get(`${base}/api/auth/get-session`)).json();
  assert.ok(session.session.activeOrganizationId);

  // The owner removes him after a confirmation.
  await owner.reload();
  const ownerMembers = owner.getByTestId("gh-organization-members");
  await ownerMembers.getByRole("button", { name: "Remove Ivan" }).click();
  await ownerMembers.locator(".gh-confirm").getByRole("button", { name: "Remove" }).click();
  await ownerMembers.getByText("ivan@example.com").waitFor({ state: "detached" });
  await Promise.all([owner.context().close(), ivan.context().close()]);
});

test("sessions show readable device names; ?next= never leaves the app", async () => {
  const page = await newPage();
  await page.goto(`${base}/sign-in?next=${encodeURIComponent("//evil.example/")}`);
  await page.getByLabel("Email or username").fill("frank@example.com");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByTestId("greeting").waitFor();
  assert.equal(page.url(), `${base}/`);
  await page.goto(`${base}/account`);
  const sessions = page.getByTestId("gh-account-sessions");
  await sessions.getByText("This device").waitFor();
  const devices = await sessions.locator(".gh-list-item .gh-strong").allTextContents();
  assert.ok(devices.length >= 1);
  for (const d of devices) {
    assert.doesNotMatch(d, /Mozilla\//);
    assert.match(d, / on Linux$/);
  }
  await page.context().close();
});

test("account: change the email (confirmed from the old address, verified at the new one), delete the account", async () => {
  const page = await newPage();
  await signUp(page, { name: "Jo", email: "jo@example.com" });
  await page.goto(await mailedLink(page, "jo@example.com", "Verify your email"));
  await page.getByTestId("verified").waitFor();
  await page.goto(`${base}/account`);
  const profile = page.getByTestId("gh-account-profile");
  await profile.getByLabel("New email").fill("jo.new@example.com");
  await profile.getByRole("button", { name: "Change email" }).click();
  await profile.getByRole("status").filter({ hasText: "jo.new@example.com" }).waitFor();
  await page.goto(await mailedLink(page, "jo@example.com", "Confirm the change of your email to jo.new@example.com"));
  await page.goto(await mailedLink(page, "jo.new@example.com", "Verify your email"));
  // The link lands back on the account page (its callbackURL), now with the new address.
  await page.getByTestId("account-email").filter({ hasText: "jo.new@example.com" }).waitFor();
  assert.match(page.url(), /\/account$/);

  // Deleting asks for the password and a confirmation; a wrong password deletes nothing.
  await page.goto(`${base}/account`);
  const danger = page.getByTestId("gh-account-delete");
  await danger.getByRole("button", { name: "Delete my account…" }).click();
  await danger.getByRole("heading", { name: "Delete your account?" }).waitFor();
  await screen(page, "account-delete-confirm");
  await danger.getByLabel("Password").fill("wrong-password-1");
  await danger.getByRole("button", { name: "Delete my account", exact: true }).click();
  await danger.locator(".gh-field-error").waitFor();
  await danger.getByLabel("Password").fill(password);
  await danger.getByRole("button", { name: "Delete my account", exact: true }).click();
  await page.getByRole("status").filter({ hasText: "Your account was deleted." }).waitFor();
  await signInWithPassword(page, "jo.new@example.com");
  await page.getByRole("alert").filter({ hasText: "That email and password don't match an account." }).waitFor();
  await page.context().close();
});
