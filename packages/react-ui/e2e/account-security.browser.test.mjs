// <AccountSettings>' two-factor, passkey and API-key sections in Debian's Chromium against a real Gatehouse
// server, at 390 px (light) and 1280 px (dark). Passkeys run the real WebAuthn ceremony on a virtual
// authenticator (CDP). Every state fails the test on an axe-core WCAG 2.2 AA violation, a console error, a
// failed or unexpected error request, or horizontal overflow, and is screenshotted into test-output/react-ui/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { check, holdRequests, openPage } from "./page-checks.mjs";
import {
  PASSWORD,
  seedUser as seedHarnessUser,
  signInBrowser as signInHarnessBrowser,
  harnessForFile,
} from "./harness-session.mjs";
import { totp } from "./totp.mjs";

let server;
let browser;
harnessForFile((started) => ({ server, browser } = started));
const seedUser = (tag) => seedHarnessUser(server, tag);
const signInBrowser = (context, email, organizationId) => signInHarnessBrowser(server, context, email, organizationId);

const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);

/** The input's description (`aria-describedby`) as text. */
const descriptionOf = (locator) =>
  locator.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

const combos = [
  { width: 390, height: 844, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
];

for (const combo of combos) {
  const label = `${combo.width} px, ${combo.scheme}`;
  const newContext = () =>
    browser.newContext({ viewport: { width: combo.width, height: combo.height }, colorScheme: combo.scheme });

  test(`AccountSettings two-factor: enable (password, QR, code, backup codes), regenerate, disable (${label})`, async () => {
    const user = await seedUser("two-factor");
    const context = await newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.base });
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await signInBrowser(context, user.email);
    await page.goto(`${server.base}/?c=AccountSettings`);
    const card = page.getByTestId("gh-account-two-factor");
    await card.getByText("Off: add a code").waitFor();
    await at("account-two-factor-off");

    // Step-up: a wrong password is tied to the password field, which takes focus.
    await card.getByRole("button", { name: "Turn on two-step verification" }).click();
    const heading = card.getByRole("heading", { name: "Confirm it's you" });
    await heading.waitFor();
    assert.equal(await isFocused(heading), true);
    const password = card.getByLabel("Password");
    state.expected = ["/two-factor/enable"];
    await password.fill("not-the-password");
    await card.getByRole("button", { name: "Continue" }).click();
    await card.locator(".gh-field-error").waitFor();
    assert.equal(await password.getAttribute("aria-invalid"), "true");
    assert.match(await descriptionOf(password), /That password isn't right\./);
    assert.equal(await isFocused(password), true);
    await at("account-two-factor-password-wrong");

    // The QR code is an image with a text alternative; the setup key is text too.
    await password.fill(PASSWORD);
    await card.getByRole("button", { name: "Continue" }).click();
    const scan = card.getByRole("heading", { name: "Scan the QR code" });
    await scan.waitFor();
    assert.equal(await isFocused(scan), true);
    const qr = card.getByRole("img", { name: /QR code for your authenticator app/ });
    await qr.waitFor();
    assert.equal(await qr.evaluate((img) => img.complete && img.naturalWidth > 0), true);
    const secret = (await card.locator("code").first().textContent()).replaceAll(" ", "");
    assert.match(secret, /^[A-Z2-7]{16,}$/);
    await at("account-two-factor-scan");

    // A wrong code is tied to the code field; the right one (from the key shown as text) turns it on.
    const code = card.getByLabel("Code from your authenticator app");
    state.expected = ["/two-factor/enable", "/two-factor/verify-totp"];
    const right = totp(`otpauth://totp/x?secret=${secret}`);
    await code.fill(right === "000000" ? "111111" : "000000");
    await card.getByRole("button", { name: "Verify" }).click();
    await card.locator(".gh-field-error").waitFor();
    assert.equal(await code.getAttribute("aria-invalid"), "true");
    assert.match(await descriptionOf(code), /That code isn't right/);
    await at("account-two-factor-code-wrong");
    await code.fill(totp(`otpauth://totp/x?secret=${secret}`));
    await card.getByRole("button", { name: "Verify" }).click();
    const saved = card.getByRole("heading", { name: "Save your backup codes" });
    await saved.waitFor();
    assert.equal(await isFocused(saved), true);
    await card.getByRole("status").filter({ hasText: "Two-step verification is on." }).waitFor();
    const codes = await card.getByRole("list", { name: "Backup codes" }).locator("li").allTextContents();
    assert.ok(codes.length >= 8, `backup codes shown: ${codes.length}`);
    // The codes work: one signs in in place of the app's code (checked over HTTP).
    await card.getByRole("button", { name: "Copy codes" }).click();
    await card.getByText("Copied.").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), codes.join("\n"));
    const download = card.getByRole("link", { name: "Download codes" });
    assert.equal(await download.getAttribute("download"), "backup-codes.txt");
    assert.equal(decodeURIComponent((await download.getAttribute("href")).split(",")[1]), `${codes.join("\n")}\n`);
    await at("account-two-factor-codes");
    await card.getByRole("button", { name: "I saved them" }).click();
    await card.getByText("On: signing in asks").waitFor();
    const row = await server.auth.$context.users.findByEmail(user.email);
    assert.equal(row.twoFactorEnabled, true);
    await at("account-two-factor-on");

    // Regenerate: new codes, the old ones replaced.
    await card.getByRole("button", { name: "New backup codes…" }).click();
    await card.getByRole("heading", { name: "Replace your backup codes?" }).waitFor();
    await card.getByLabel("Password").fill(PASSWORD);
    await at("account-two-factor-regenerate");
    await card.getByRole("button", { name: "Make new codes" }).click();
    await saved.waitFor();
    const fresh = await card.getByRole("list", { name: "Backup codes" }).locator("li").allTextContents();
    assert.equal(fresh.length, codes.length);
    assert.deepEqual(
      fresh.filter((c) => codes.includes(c)),
      [],
    );
    await card.getByRole("button", { name: "I saved them" }).click();

    // Disable: a confirmation with the password; then off.
    await card.getByRole("button", { name: "Turn off…" }).click();
    await card.getByRole("heading", { name: "Turn off two-step verification?" }).waitFor();
    await card.getByLabel("Password").fill(PASSWORD);
    await at("account-two-factor-disable");
    await card.getByRole("button", { name: "Turn off" }).click();
    await card.getByRole("status").filter({ hasText: "Two-step verification is off." }).waitFor();
    await card.getByText("Off: add a code").waitFor();
    assert.equal((await server.auth.$context.users.findByEmail(user.email)).twoFactorEnabled, false);
    await at("account-two-factor-disabled");
    await context.close();
  });

  test(`AccountSettings passkeys: empty, add on a virtual authenticator, already registered, cancelled, rename, remove (${label})`, async () => {
    const user = await seedUser("passkeys");
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
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
    await signInBrowser(context, user.email);

    // Loading: the list request held.
    const hold = await holdRequests(page, "**/api/auth/passkey/list-user-passkeys*");
    await page.goto(`${server.base}/?c=AccountSettings`);
    const card = page.getByTestId("gh-account-passkeys");
    await hold.firstHeld;
    await card.getByText("Loading…").waitFor();
    await at("account-passkeys-loading", { idle: false });
    await hold.release();
    await card.getByText("No passkeys yet.").waitFor();
    await at("account-passkeys-empty");

    // Add: the real ceremony on the virtual authenticator.
    await card.getByLabel("Name (optional)").fill("Work laptop");
    await card.getByRole("button", { name: "Add a passkey" }).click();
    await card.getByRole("status").filter({ hasText: "Work laptop is added." }).waitFor();
    await card
      .locator(".gh-list-item", { hasText: "Work laptop" })
      .getByText(/^Added /)
      .waitFor();
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    assert.equal(credentials.length, 1);
    // The form starts afresh: the name just used is not offered again.
    assert.equal(await card.getByLabel("Name (optional)").inputValue(), "");
    await at("account-passkeys-added");

    // The same authenticator again: the server excluded its credential; the browser's refusal reads as a sentence.
    await card.getByRole("button", { name: "Add a passkey" }).click();
    await card.getByRole("alert").filter({ hasText: "This device already has a passkey for your account." }).waitFor();
    await at("account-passkeys-already-registered");

    // The user does not verify (the prompt refused): "cancelled", never the DOMException's text.
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    const { authenticatorId: other } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: false,
        automaticPresenceSimulation: true,
      },
    });
    await card.getByRole("button", { name: "Add a passkey" }).click();
    const cancelled = card.getByRole("alert").filter({ hasText: "The passkey prompt was cancelled or timed out." });
    await cancelled.waitFor();
    assert.doesNotMatch(await card.textContent(), /NotAllowedError|The operation either timed out/);
    await at("account-passkeys-cancelled");
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: other });

    // Rename: an inline field that takes focus; the new name shows.
    await card.getByRole("button", { name: "Rename Work laptop" }).click();
    const rename = card.getByLabel("New name for Work laptop");
    assert.equal(await isFocused(rename), true);
    await rename.fill("Home desktop");
    await at("account-passkeys-renaming");
    await card.getByRole("button", { name: "Save" }).click();
    await card.getByRole("status").filter({ hasText: "Renamed to Home desktop." }).waitFor();
    await card.locator(".gh-list-item", { hasText: "Home desktop" }).waitFor();

    // Remove: a confirmation that takes focus, then gone (from the server too).
    await card.getByRole("button", { name: "Remove Home desktop" }).click();
    const question = card.locator(".gh-confirm p");
    await question.waitFor();
    assert.equal(await isFocused(question), true);
    await at("account-passkeys-confirm-remove");
    await card.locator(".gh-confirm").getByRole("button", { name: "Remove" }).click();
    await card.getByRole("status").filter({ hasText: "Home desktop is removed." }).waitFor();
    await card.getByText("No passkeys yet.").waitFor();
    const left = await server.auth.$context.db.findMany({
      model: "passkey",
      where: [{ field: "userId", value: user.id }],
    });
    assert.equal(left.length, 0);
    await context.close();
  });

  test(`AccountSettings passkeys: a browser without WebAuthn is told so (${label})`, async () => {
    const user = await seedUser("no-webauthn");
    const context = await newContext();
    await context.addInitScript(() => {
      // A browser without WebAuthn at all (an old one, or an insecure page).
      delete globalThis.PublicKeyCredential;
    });
    const { page, state } = await openPage(context);
    await signInBrowser(context, user.email);
    await page.goto(`${server.base}/?c=AccountSettings`);
    const card = page.getByTestId("gh-account-passkeys");
    await card.getByText("No passkeys yet.").waitFor();
    await card.getByRole("button", { name: "Add a passkey" }).click();
    await card.getByRole("alert").filter({ hasText: "This browser doesn't support passkeys." }).waitFor();
    await check(page, state, "account-passkeys-not-supported", combo);
    await context.close();
  });

  test(`AccountSettings API keys: empty, create (shown once, copy), paged list, delete, load error (${label})`, async () => {
    const user = await seedUser("api-keys");
    const context = await newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.base });
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await signInBrowser(context, user.email);

    // A list that fails offers a retry.
    await page.route("**/api/auth/api-key/list*", (route) => route.abort("aborted"));
    await page.goto(`${server.base}/?c=AccountSettings&pageSize=2`);
    const card = page.getByTestId("gh-account-api-keys");
    await card.getByText("This couldn't be loaded.").waitFor();
    await at("account-api-keys-error");
    await page.unroute("**/api/auth/api-key/list*");
    await card.getByRole("button", { name: "Try again" }).click();
    await card.getByText("No API keys yet.").waitFor();
    await at("account-api-keys-empty");

    // A name of spaces passes the browser's `required` but not the server: the error is the name's.
    const name = card.getByLabel("Name");
    state.expected = ["/api-key/create"];
    await name.fill("   ");
    await card.getByRole("button", { name: "Create key" }).click();
    await card.locator(".gh-field-error").waitFor();
    assert.equal(await name.getAttribute("aria-invalid"), "true");
    assert.equal(await isFocused(name), true);
    await at("account-api-keys-name-invalid");

    // Create: the key is shown once, in a field, with a copy button; the heading takes focus.
    await name.fill("Deploy script");
    await card.getByLabel("Expires").selectOption("30");
    await card.getByRole("button", { name: "Create key" }).click();
    const heading = card.getByRole("heading", { name: "Copy your new key" });
    await heading.waitFor();
    assert.equal(await isFocused(heading), true);
    const key = await card.getByLabel("API key").inputValue();
    assert.ok(key.length >= 32, `key shown: ${key.length} chars`);
    await card.getByRole("button", { name: "Copy key" }).click();
    await card.getByText("Copied.").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key);
    await at("account-api-keys-created");
    // The key works (the server verifies it) and is in no listing.
    const verified = await server.auth.api.verifyApiKey({ body: { key } });
    assert.equal(verified.valid, true);
    await card.getByRole("button", { name: "Done" }).click();
    const item = card.locator(".gh-list-item", { hasText: "Deploy script" });
    await item.waitFor();
    assert.doesNotMatch(await card.textContent(), new RegExp(key.slice(8)));
    assert.match(await item.textContent(), /expires /);
    await at("account-api-keys-list");

    // Paged: three more keys (server side), two a page, "Show more" brings the rest.
    for (const name of ["Key A", "Key B", "Key C"])
      await server.auth.api.createApiKey({ body: { name, userId: user.id } });
    await page.reload();
    await card.locator(".gh-list-item").nth(1).waitFor();
    assert.equal(await card.locator(".gh-list-item").count(), 2);
    await card.getByRole("button", { name: "Show more" }).click();
    await card.locator(".gh-list-item").nth(3).waitFor();
    assert.equal(await card.getByRole("button", { name: "Show more" }).count(), 0);
    const names = await card.locator(".gh-list-item .gh-strong").allTextContents();
    assert.deepEqual([...names].sort(), ["Deploy script", "Key A", "Key B", "Key C"]);
    await at("account-api-keys-paged");

    // Delete: a confirmation that takes focus, then gone from the server.
    await card.getByRole("button", { name: "Delete Deploy script" }).click();
    const question = card.locator(".gh-confirm p");
    await question.waitFor();
    assert.equal(await isFocused(question), true);
    await at("account-api-keys-confirm-delete");
    await card.locator(".gh-confirm").getByRole("button", { name: "Delete" }).click();
    await card.getByRole("status").filter({ hasText: "Deploy script is deleted." }).waitFor();
    assert.equal((await server.auth.api.verifyApiKey({ body: { key } })).valid, false);
    await at("account-api-keys-deleted");
    await context.close();
  });
}

test("AccountSettings shows no two-factor, passkey or API-key section when the server lacks the plugin", async () => {
  const user = await seedUser("no-plugins");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const { page, state } = await openPage(context);
  await signInBrowser(context, user.email);
  // The server's capabilities without those plugins (the components follow whatever it answers).
  await page.route("**/api/auth/capabilities", async (route) => {
    const real = await (await route.fetch()).json();
    const plugins = real.plugins.filter((p) => !["two-factor", "passkey", "api-key"].includes(p));
    await route.fulfill({ json: { ...real, plugins } });
  });
  await page.goto(`${server.base}/?c=AccountSettings`);
  await page.getByTestId("gh-account-sessions").waitFor();
  await page.getByTestId("gh-account-password").waitFor();
  for (const id of ["gh-account-two-factor", "gh-account-passkeys", "gh-account-api-keys"])
    assert.equal(await page.getByTestId(id).count(), 0, id);
  assert.deepEqual(state.problems, []);
  await context.close();
});
