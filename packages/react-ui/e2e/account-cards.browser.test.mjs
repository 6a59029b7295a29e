// <AccountSettings>' username and authorized-apps cards in Debian's Chromium against a real Gatehouse (username
// and oauth-provider plugins), at 390 px (light) and 1280 px (dark). Username: shown, too short / too long
// said before asking, refused characters and a taken name (on leaving the field and on saving) tied to the
// field, a free name saved. Authorized apps: listed with their scopes in words and the date, paged, revoked
// after a confirmation; an app revoked meanwhile reads as the server's sentence; another user's app cannot be
// revoked. Every state fails on an axe-core WCAG 2.2 AA violation, a console error, an unexpected error
// answer or horizontal overflow.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { check, openPage } from "./page-checks.mjs";
import { harnessForFile, seedUser, signInBrowser, unique } from "./harness-session.mjs";

let server;
let browser;
harnessForFile((started) => ({ server, browser } = started));

/** The input's description (`aria-describedby`) as text. */
const descriptionOf = (locator) =>
  locator.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);

const setUsername = (userId, name) =>
  server.auth.$context.db.update({
    model: "user",
    where: [{ field: "id", value: userId }],
    update: { username: name.toLowerCase(), displayUsername: name },
  });

/** Registers an OAuth client (server side) and records `userId`'s consent to `scopes`, as the consent page would. */
async function authorizeApp(userId, name, scopes, createdAt = new Date()) {
  const { clientId } = await server.auth.api.createOAuthClient({
    body: { name, redirectUris: ["https://app.example.com/callback"] },
  });
  // The plugin's row id for the (user, client) pair, so its revoke finds this row.
  const id = createHash("sha256").update(`${userId}\u0000${clientId}`).digest("base64url").slice(0, 32);
  await server.auth.$context.db.create({
    model: "oauthConsent",
    data: { id, userId, clientId, scopes: scopes.join(" "), createdAt, updatedAt: createdAt },
  });
  return clientId;
}

const combos = [
  { width: 390, height: 844, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
];

for (const combo of combos) {
  const label = `${combo.width} px, ${combo.scheme}`;
  const newContext = () =>
    browser.newContext({ viewport: { width: combo.width, height: combo.height }, colorScheme: combo.scheme });

  test(`AccountSettings username: shown, length, characters, taken, saved (${label})`, async () => {
    const user = await seedUser(server, "username");
    const mine = unique("Ada").replaceAll("-", "_").slice(0, 30);
    await setUsername(user.id, mine);
    const other = await seedUser(server, "username-other");
    const taken = unique("Grace").replaceAll("-", "_").slice(0, 30);
    await setUsername(other.id, taken);

    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    await signInBrowser(server, context, user.email);
    await page.goto(`${server.base}/?c=AccountSettings`);
    const card = page.getByTestId("gh-account-username");
    await card.getByText(mine, { exact: true }).waitFor();
    const field = card.getByLabel("Username");
    assert.equal(await field.inputValue(), mine);
    assert.match(await descriptionOf(field), /3 to 30 characters: letters, digits, dots and underscores\./);
    await at("account-username");
    const save = card.getByRole("button", { name: "Save username" });

    // Too short and too long: said before asking, tied to the field, which takes focus.
    await field.fill("ab");
    await save.click();
    await card.locator(".gh-field-error", { hasText: "Use at least 3 characters." }).waitFor();
    assert.equal(await field.getAttribute("aria-invalid"), "true");
    assert.equal(await isFocused(field), true);
    await at("account-username-short");
    await field.fill("a".repeat(31));
    await save.click();
    await card.locator(".gh-field-error", { hasText: "Use at most 30 characters." }).waitFor();
    assert.match(await descriptionOf(field), /Use at most 30 characters\./);

    // Refused characters: the availability check (on leaving the field) and the save both say so.
    state.expected = ["/is-username-available", "/update-user"];
    await field.fill("ada lovelace!");
    await field.blur();
    await card
      .locator(".gh-field-error", { hasText: "Usernames use letters, digits, dots and underscores." })
      .waitFor();
    await save.click();
    await card
      .locator(".gh-field-error", { hasText: "Usernames use letters, digits, dots and underscores." })
      .waitFor();
    assert.equal(await isFocused(field), true);
    await at("account-username-invalid");

    // A taken name (any case): on leaving the field, then on saving.
    await field.fill(taken.toUpperCase());
    await field.blur();
    await card.locator(".gh-field-error", { hasText: "That username is taken. Try another." }).waitFor();
    assert.match(await descriptionOf(field), /That username is taken\./);
    await at("account-username-taken");
    await save.click();
    await card.locator(".gh-field-error", { hasText: "That username is taken. Try another." }).waitFor();
    const row = await server.auth.$context.users.findByEmail(user.email);
    assert.equal(row.username, mine.toLowerCase());

    // A free name: available, then saved.
    const next = unique("Ada_L").replaceAll("-", "_").slice(0, 30);
    await field.fill(next);
    await field.blur();
    await card
      .getByRole("status")
      .filter({ hasText: `${next} is available.` })
      .waitFor();
    await save.click();
    await card
      .getByRole("status")
      .filter({ hasText: `Your username is now ${next}.` })
      .waitFor();
    await card.getByText(next, { exact: true }).first().waitFor();
    assert.equal((await server.auth.$context.users.findByEmail(user.email)).username, next.toLowerCase());
    await at("account-username-saved");
    await context.close();
  });

  test(`AccountSettings authorized apps: scopes in words, paged, revoke with confirmation; refusals (${label})`, async () => {
    const user = await seedUser(server, "apps");
    const stranger = await seedUser(server, "apps-stranger");
    const day = 24 * 3600 * 1000;
    const old = await authorizeApp(user.id, "Old Notes", ["openid"], new Date(Date.now() - 3 * day));
    await authorizeApp(user.id, "Calendar Sync", ["openid", "email"], new Date(Date.now() - 2 * day));
    const photos = await authorizeApp(
      user.id,
      "Photo Printer",
      ["openid", "profile", "email", "offline_access", "photos:read"],
      new Date(Date.now() - day),
    );
    const strangers = await authorizeApp(stranger.id, "Stranger's App", ["openid"]);

    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    await signInBrowser(server, context, user.email);
    await page.goto(`${server.base}/?c=AccountSettings&pageSize=2`);
    const card = page.getByTestId("gh-account-authorized-apps");
    const items = card.locator(".gh-list > li");
    await card.getByText("Photo Printer").waitFor();
    // Newest first, two a page; scopes in words (an app's own scope by name).
    assert.equal(await items.count(), 2);
    const first = items.first();
    for (const said of [
      "Know who you are",
      "See your name and picture",
      "See your email address",
      "Keep access when you're not using it",
      "Use “photos:read”",
    ])
      await first.getByText(said, { exact: true }).waitFor();
    await first.getByText(/^Allowed /).waitFor();
    assert.equal(await card.getByText("Stranger's App").count(), 0);
    await at("account-authorized-apps");
    await card.getByRole("button", { name: "Show more" }).click();
    await card.getByText("Old Notes").waitFor();
    assert.equal(await items.count(), 3);
    assert.equal(await card.getByRole("button", { name: "Show more" }).count(), 0);

    // Revoke asks first; cancel keeps the app.
    await card.getByRole("button", { name: "Revoke access of Calendar Sync" }).click();
    const question = card.getByText("Revoke Calendar Sync's access?", { exact: false });
    await question.waitFor();
    assert.equal(await isFocused(question), true);
    await at("account-authorized-apps-confirm");
    await card.getByRole("button", { name: "Cancel" }).click();
    await card.getByRole("button", { name: "Revoke access of Calendar Sync" }).click();
    await card.getByRole("button", { name: "Revoke access", exact: true }).click();
    await card.getByRole("status").filter({ hasText: "Calendar Sync no longer has access to your account." }).waitFor();
    await card.getByText("Calendar Sync", { exact: true }).waitFor({ state: "detached" });
    const listed = await context.request.get(`${server.base}/api/auth/oauth2/authorized-apps`);
    assert.deepEqual(
      (await listed.json()).apps.map((a) => a.clientId),
      [photos, old],
    );
    await at("account-authorized-apps-revoked");

    // Revoked meanwhile (another tab): the server refuses, the card says so and drops the row.
    const gone = await context.request.post(`${server.base}/api/auth/oauth2/revoke-authorized-app`, {
      data: { clientId: old },
      headers: { origin: server.base },
    });
    assert.equal(gone.status(), 200);
    state.expected = ["/oauth2/revoke-authorized-app"];
    await card.getByRole("button", { name: "Revoke access of Old Notes" }).click();
    await card.getByRole("button", { name: "Revoke access", exact: true }).click();
    await card.getByRole("alert").filter({ hasText: "That app no longer has access to your account." }).waitFor();
    await card.getByText("Old Notes", { exact: true }).waitFor({ state: "detached" });
    await at("account-authorized-apps-already-gone");

    // Another user's app id: refused (404), and the stranger's consent stays.
    const attack = await context.request.post(`${server.base}/api/auth/oauth2/revoke-authorized-app`, {
      data: { clientId: strangers },
      headers: { origin: server.base },
    });
    assert.equal(attack.status(), 404);
    assert.equal((await attack.json()).code, "AUTHORIZED_APP_NOT_FOUND");
    const theirs = await server.auth.$context.db.findMany({
      model: "oauthConsent",
      where: [{ field: "userId", value: stranger.id }],
    });
    assert.deepEqual(
      theirs.map((r) => r.clientId),
      [strangers],
    );
    // Cross-site: the user's own cookie from another origin cannot revoke their remaining app.
    const crossSite = await context.request.post(`${server.base}/api/auth/oauth2/revoke-authorized-app`, {
      data: { clientId: photos },
      headers: { origin: "https://evil.example" },
    });
    assert.equal(crossSite.status(), 403);
    const still = await context.request.get(`${server.base}/api/auth/oauth2/authorized-apps`);
    assert.deepEqual(
      (await still.json()).apps.map((a) => a.clientId),
      [photos],
    );
    // A stranger without a session gets nothing.
    const anonymous = await fetch(`${server.base}/api/auth/oauth2/authorized-apps`);
    assert.equal(anonymous.status, 401);
    await context.close();
  });
}
