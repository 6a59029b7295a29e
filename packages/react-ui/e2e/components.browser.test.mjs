// Every component of @gatehouse-auth/react-ui in each of its states, in Debian's Chromium against a real
// Gatehouse server, at 390 and 1280 px, light and dark. Each state fails the test on an axe-core WCAG
// 2.2 AA violation, a console error, a failed or unexpected error request, or horizontal overflow, and
// is screenshotted into test-output/react-ui/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { check, openPage } from "./page-checks.mjs";
import { PASSWORD, seedUser as seedHarnessUser, unique, harnessForFile } from "./harness-session.mjs";
import { totp } from "./totp.mjs";

let server;
let browser;
harnessForFile((started) => ({ server, browser } = started));
const newEmail = (tag) => `${unique(tag)}@example.com`;

/** Signs a user up over HTTP (not through the UI), verified or not; answers its email. */
const seedUser = async (tag, options) => (await seedHarnessUser(server, tag, options)).email;

/** A user with two-factor on (enabled and confirmed with an authenticator code). */
async function seedTwoFactorUser() {
  const email = await seedUser("two-factor");
  const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const call = async (path, body) => {
    const r = await fetch(`${server.base}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base, cookie },
      body: JSON.stringify(body),
    });
    assert.equal(r.status, 200, `${path}: ${await r.clone().text()}`);
    return r.json();
  };
  const enabled = await call("/two-factor/enable", { password: PASSWORD });
  await call("/two-factor/verify-totp", { code: totp(enabled.totpURI) });
  return { email, backupCodes: enabled.backupCodes };
}

test("SignIn with the app's own onSignedIn still takes the second-factor step before calling it", async () => {
  // A password sign-in that needs two-step verification answers twoFactorRedirect without a session: the
  // component must show the step, not hand that answer to the app as a finished sign-in.
  const { email, backupCodes } = await seedTwoFactorUser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { page } = await openPage(context);
  await page.goto(`${server.base}/?c=SignInCallback`);
  const signIn = page.getByTestId("gh-sign-in");
  await signIn.getByLabel("Email or username").fill(email);
  await signIn.getByLabel("Password").fill(PASSWORD);
  await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
  const step = page.getByTestId("gh-two-factor");
  await step.getByRole("heading", { name: "Two-step verification" }).waitFor();
  assert.equal(new URL(page.url()).search, "?c=SignInCallback");
  await step.getByRole("button", { name: "Backup code" }).click();
  await step.getByLabel("Backup code").fill(backupCodes[0]);
  await step.getByRole("button", { name: "Verify" }).click();
  await page.getByTestId("signed-in").waitFor();
  await context.close();
});

const combos = [
  { width: 390, height: 844, scheme: "light" },
  { width: 390, height: 844, scheme: "dark" },
  { width: 1280, height: 800, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
];

for (const combo of combos) {
  const label = `${combo.width} px, ${combo.scheme}`;
  const newContext = () =>
    browser.newContext({ viewport: { width: combo.width, height: combo.height }, colorScheme: combo.scheme });

  test(`SignIn: methods, errors, links sent, code, second factor (${label})`, async () => {
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    const signIn = page.getByTestId("gh-sign-in");
    await page.goto(`${server.base}/?c=SignIn`);
    // The server's configuration decides what shows: username, link, code, passkey.
    await signIn.getByLabel("Email or username").waitFor();
    assert.equal(await signIn.getByRole("button", { name: "Sign in with a passkey" }).count(), 1);
    await at("sign-in");

    // A wrong password: the form's alert says so in words, never the server's text.
    const email = await seedUser("password");
    state.expected = ["/sign-in/email"];
    await signIn.getByLabel("Email or username").fill(email);
    await signIn.getByLabel("Password").fill("not-the-password");
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    await signIn.getByRole("alert").filter({ hasText: "That email and password don't match an account." }).waitFor();
    await at("sign-in-wrong-password");

    // Magic link: the link goes out, the form says where.
    await signIn.getByRole("button", { name: "Email link" }).click();
    assert.equal(await signIn.getByRole("button", { name: "Email link" }).getAttribute("aria-pressed"), "true");
    await at("sign-in-magic-link");
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByRole("button", { name: "Email me a link" }).click();
    await signIn
      .getByRole("status")
      .filter({ hasText: `sent a sign-in link to ${email}` })
      .waitFor();
    assert.ok(server.outbox.some((m) => m.kind === "magic-link" && m.email === email));
    await at("sign-in-magic-link-sent");

    // Email code: a wrong code is tied to the field (aria-describedby) and takes focus; the right one signs in.
    await signIn.getByRole("button", { name: "Email code" }).click();
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByRole("button", { name: "Email me a code" }).click();
    const code = signIn.getByLabel("Code");
    await code.waitFor();
    state.expected = ["/sign-in/email", "/sign-in/email-otp"];
    const sent = server.outbox.findLast((m) => m.kind === "email-otp" && m.email === email).code;
    await code.fill(sent === "000000" ? "111111" : "000000");
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    await signIn.locator(".gh-field-error", { hasText: "That code isn't right." }).waitFor();
    assert.equal(await code.getAttribute("aria-invalid"), "true");
    const describedBy = await code.getAttribute("aria-describedby");
    assert.equal(
      await page.locator(`[id="${describedBy}"]`).textContent(),
      "That code isn't right. Check it and try again.",
    );
    assert.equal(await code.evaluate((el) => el === document.activeElement), true);
    await at("sign-in-code-wrong");
    await code.fill(sent);
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByTestId("signed-in").waitFor();
    await at("signed-in-guards");
    await context.close();
  });

  test(`SignIn: the second-factor step (${label})`, async () => {
    const { email, backupCodes } = await seedTwoFactorUser();
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    await page.goto(`${server.base}/?c=SignIn`);
    const signIn = page.getByTestId("gh-sign-in");
    await signIn.getByLabel("Email or username").fill(email);
    await signIn.getByLabel("Password").fill(PASSWORD);
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    const step = page.getByTestId("gh-two-factor");
    await step.getByRole("heading", { name: "Two-step verification" }).waitFor();
    // Focus moved to the new step's heading: keyboard and screen-reader users start there.
    assert.equal(await step.getByRole("heading").evaluate((el) => el === document.activeElement), true);
    await at("two-factor");
    state.expected = ["/two-factor/verify-totp"];
    await step.getByLabel("Code").fill("000000");
    await step.getByRole("button", { name: "Verify" }).click();
    await step.locator(".gh-field-error", { hasText: "That code isn't right." }).waitFor();
    await at("two-factor-wrong-code");
    await step.getByRole("button", { name: "Backup code" }).click();
    await step.getByLabel("Backup code").fill(backupCodes[0]);
    await step.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("signed-in").waitFor();
    await context.close();
  });

  test(`SignUp: form, taken address, verified sign-up (${label})`, async () => {
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    await page.goto(`${server.base}/?c=SignUp`);
    const form = page.getByTestId("gh-sign-up");
    await form.getByLabel("Name", { exact: true }).waitFor();
    // The server's minimum length is the hint, tied to the field.
    const password = form.getByLabel("Password");
    assert.match(
      await page.locator(`[id="${await password.getAttribute("aria-describedby")}"]`).textContent(),
      /At least 10 characters/,
    );
    await at("sign-up");
    const taken = await seedUser("taken");
    state.expected = ["/sign-up/email"];
    await form.getByLabel("Name", { exact: true }).fill("Grace");
    await form.getByLabel("Email").fill(taken);
    await password.fill(PASSWORD);
    await form.getByRole("button", { name: "Create account" }).click();
    await form.getByText("An account already uses this email", { exact: false }).first().waitFor();
    assert.equal(await form.getByLabel("Email").getAttribute("aria-invalid"), "true");
    await at("sign-up-taken");
    await form.getByLabel("Email").fill(newEmail("new"));
    await form.getByRole("button", { name: "Create account" }).click();
    await page.getByTestId("signed-in").waitFor();
    await context.close();
  });

  test(`ForgotPassword and ResetPassword: request, link, new password (${label})`, async () => {
    const email = await seedUser("reset");
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    await page.goto(`${server.base}/?c=ForgotPassword`);
    const forgot = page.getByTestId("gh-forgot-password");
    await forgot.getByLabel("Email").fill(email);
    await at("forgot-password");
    await forgot.getByRole("button", { name: "Email me a reset link" }).click();
    await forgot.getByRole("status").waitFor();
    await at("forgot-password-sent");

    await page.goto(`${server.base}/?c=ResetPassword`);
    await page.getByTestId("gh-reset-password").getByRole("alert").waitFor();
    await at("reset-password-no-token");

    const link = server.outbox.findLast((m) => m.kind === "reset" && m.email === email).link;
    await page.goto(link);
    const reset = page.getByTestId("gh-reset-password");
    await reset.getByLabel("New password").waitFor();
    await at("reset-password");
    await reset.getByLabel("New password").fill("a-brand-new-password");
    await reset.getByRole("button", { name: "Save password" }).click();
    await reset.getByRole("status").filter({ hasText: "Your password is changed." }).waitFor();
    await at("reset-password-done");
    await context.close();
  });

  test(`UserButton: closed, open, Escape, sign out (${label})`, async () => {
    const email = await seedUser("user-button");
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    await page.goto(`${server.base}/?c=SignIn`);
    const signIn = page.getByTestId("gh-sign-in");
    await signIn.getByLabel("Email or username").fill(email);
    await signIn.getByLabel("Password").fill(PASSWORD);
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByTestId("signed-in").waitFor();
    await page.goto(`${server.base}/?c=UserButton`);
    const avatar = page.getByRole("button", { name: "Account: Ada user-button" });
    await avatar.waitFor();
    assert.equal(await avatar.getAttribute("aria-expanded"), "false");
    await at("user-button");
    // Keyboard: focus it, Enter opens it, its links come next in tab order, Escape closes it back to the button.
    await avatar.focus();
    await page.keyboard.press("Enter");
    assert.equal(await avatar.getAttribute("aria-expanded"), "true");
    await page.getByText(email).waitFor();
    await at("user-button-open");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Account settings");
    await page.keyboard.press("Escape");
    assert.equal(await avatar.getAttribute("aria-expanded"), "false");
    assert.equal(await avatar.evaluate((el) => el === document.activeElement), true);
    await avatar.click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByTestId("signed-out").waitFor();
    await context.close();
  });

  test(`AccountSettings: profile, email, password, devices, linked accounts, delete (${label})`, async () => {
    const email = await seedUser("settings");
    // A second device: a sign-in over HTTP, listed beside the browser's own session.
    await server.auth.api.signInEmail({
      body: { email, password: PASSWORD },
      headers: new Headers({ "user-agent": "Mozilla/5.0 (Windows NT 10.0) Firefox/130.0" }),
    });
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    await page.goto(`${server.base}/?c=SignIn`);
    const signIn = page.getByTestId("gh-sign-in");
    await signIn.getByLabel("Email or username").fill(email);
    await signIn.getByLabel("Password").fill(PASSWORD);
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByTestId("signed-in").waitFor();
    await page.goto(`${server.base}/?c=AccountSettings`);
    const sessions = page.getByTestId("gh-account-sessions");
    await sessions.getByText("This device").waitFor();
    await page.getByTestId("gh-account-linked").getByText("Email and password").waitFor();
    await at("account-settings");

    // Profile: the name saves; the email change sends its confirmation.
    const profile = page.getByTestId("gh-account-profile");
    await profile.getByLabel("Name").fill("Ada Renamed");
    await profile.getByRole("button", { name: "Save" }).click();
    await profile.getByRole("status").filter({ hasText: "Your profile is saved." }).waitFor();
    const newAddress = newEmail("moved");
    await profile.getByLabel("New email").fill(newAddress);
    await profile.getByRole("button", { name: "Change email" }).click();
    await profile.getByRole("status").filter({ hasText: newAddress }).waitFor();
    assert.ok(server.outbox.some((m) => m.kind === "change-email" && m.newEmail === newAddress));

    // Password: a wrong current password is tied to its field and takes focus; the right one changes it.
    const password = page.getByTestId("gh-account-password");
    state.expected = ["/change-password", "/unlink-account"];
    await password.getByLabel("Current password").fill("not-the-password");
    await password.getByLabel("New password").fill("a-brand-new-password");
    await password.getByRole("button", { name: "Change password" }).click();
    const current = password.getByLabel("Current password");
    await password.locator(".gh-field-error", { hasText: "That password isn't right." }).waitFor();
    assert.equal(await current.getAttribute("aria-invalid"), "true");
    assert.equal(await current.evaluate((el) => el === document.activeElement), true);
    await at("account-settings-wrong-password");
    await current.fill(PASSWORD);
    await password.getByLabel("New password").fill("a-brand-new-password");
    await password.getByRole("button", { name: "Change password" }).click();
    await password.getByRole("status").filter({ hasText: "Your password is changed." }).waitFor();

    // Devices: the other one signs out; this one stays marked and has no sign-out button.
    await sessions.getByRole("button", { name: "Sign out Firefox on Windows" }).click();
    await sessions.getByRole("status").filter({ hasText: "That device is signed out." }).waitFor();
    await sessions.getByRole("button", { name: /^Sign out Firefox/ }).waitFor({ state: "detached" });
    assert.equal(await sessions.getByText("This device").count(), 1);

    // Linked accounts: the only way to sign in cannot be removed; the friendly text says why.
    const linked = page.getByTestId("gh-account-linked");
    await linked.getByRole("button", { name: "Remove Email and password" }).click();
    await linked.getByRole("alert").filter({ hasText: "This is your only way to sign in" }).waitFor();
    await at("account-settings-errors");

    // Delete: a confirmation step (focus on its heading), the password, then the account is gone.
    const del = page.getByTestId("gh-account-delete");
    await del.getByRole("button", { name: "Delete my account…" }).click();
    const heading = del.getByRole("heading", { name: "Delete your account?" });
    await heading.waitFor();
    assert.equal(await heading.evaluate((el) => el === document.activeElement), true);
    await at("account-settings-delete-confirm");
    await del.getByLabel("Password").fill("a-brand-new-password");
    await del.getByRole("button", { name: "Delete my account", exact: true }).click();
    await page.getByTestId("signed-out").waitFor();
    assert.ok(!(await server.auth.$context.users.findByEmail(email)));
    await context.close();
  });

  test(`VerifyEmail and the guards, signed out and unverified (${label})`, async () => {
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    await page.goto(`${server.base}/?c=Guards`);
    await page.getByTestId("signed-out").waitFor();
    assert.equal(await page.getByTestId("admin").count(), 0);
    await at("guards-signed-out");

    const email = await seedUser("unverified", { verified: false });
    await page.goto(`${server.base}/?c=SignIn`);
    const signIn = page.getByTestId("gh-sign-in");
    await signIn.getByLabel("Email or username").fill(email);
    await signIn.getByLabel("Password").fill(PASSWORD);
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByTestId("not-admin").waitFor();
    await page.goto(`${server.base}/?c=VerifyEmail`);
    const verify = page.getByTestId("gh-verify-email");
    await verify.getByRole("button", { name: "Send the link again" }).waitFor();
    await at("verify-email");
    await verify.getByRole("button", { name: "Send the link again" }).click();
    await verify.getByRole("status").filter({ hasText: email }).waitFor();
    await at("verify-email-sent");
    await context.close();
  });
}

test("the theme prop overrides the system's scheme", async () => {
  const context = await browser.newContext({ colorScheme: "light" });
  const { page, state } = await openPage(context);
  await page.goto(`${server.base}/?c=SignIn&theme=dark`);
  const root = page.getByTestId("gh-sign-in");
  await root.getByLabel("Email or username").waitFor();
  const bg = await root.evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.equal(bg, "rgb(21, 23, 28)");
  await check(page, state, "sign-in-theme-dark-prop", { width: 1280, scheme: "light" });
  await context.close();
});

test("a crafted ?error= shows a catalogue sentence, never the URL's text or markup", async () => {
  const context = await browser.newContext();
  const { page, state } = await openPage(context);
  const evil = encodeURIComponent('<img src=x onerror="window.pwned=1">Call +1 555 0100 to recover your account');
  await page.goto(`${server.base}/?c=ResetPassword&error=${evil}`);
  const alert = page.getByTestId("gh-reset-password").getByRole("alert");
  await alert.waitFor();
  assert.equal(await alert.textContent(), "Something went wrong. Please try again.");
  assert.equal(await page.locator("img").count(), 0);
  assert.equal(await page.evaluate(() => globalThis.pwned), undefined);
  // A real code from the server's redirect reads as its sentence.
  await page.goto(`${server.base}/?c=ResetPassword&error=INVALID_TOKEN`);
  await alert.filter({ hasText: "This link is invalid or has already been used." }).waitFor();
  // An error code that names an Object.prototype member is not a catalogue entry either.
  await page.goto(`${server.base}/?c=ResetPassword&error=constructor`);
  await alert.filter({ hasText: "Something went wrong." }).waitFor();
  assert.deepEqual(state.problems, []);
  await context.close();
});
