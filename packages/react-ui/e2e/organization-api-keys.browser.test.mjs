// The "API keys" card of <OrganizationSettings> in Debian's Chromium against a real Gatehouse (api-key and
// organization plugins), at 390 px (light) and 1280 px (dark): empty, create (shown once, copy), paged list,
// delete with confirmation, each state failing on an axe-core WCAG 2.2 AA violation, a console error, an
// unexpected error answer or horizontal overflow. The key verifies as the organization and reaches no
// session route; a plain member sees no card, and the routes refuse them over HTTP.
import assert from "node:assert/strict";
import { test } from "node:test";
import { check, openPage } from "./page-checks.mjs";
import {
  PASSWORD,
  seedUser as seedHarnessUser,
  signInBrowser as signInHarnessBrowser,
  unique,
  harnessForFile,
} from "./harness-session.mjs";

let server;
let browser;
harnessForFile((started) => ({ server, browser } = started));
const seedUser = (tag) => seedHarnessUser(server, tag);
const signInBrowser = (context, email, organizationId) => signInHarnessBrowser(server, context, email, organizationId);

const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);

/** A signed-in HTTP caller (cookie), as an attacker holding the session would call the API. */
async function httpAs(email) {
  const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return async (method, path, body) => {
    const r = await fetch(`${server.base}/api/auth${path}`, {
      method,
      headers: { "content-type": "application/json", origin: server.base, cookie },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, body: await r.json().catch(() => null) };
  };
}

const combos = [
  { width: 390, height: 844, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
];

for (const combo of combos) {
  const label = `${combo.width} px, ${combo.scheme}`;
  const newContext = () =>
    browser.newContext({ viewport: { width: combo.width, height: combo.height }, colorScheme: combo.scheme });

  test(`OrganizationSettings API keys: empty, create (shown once, copy), paged list, delete; members see none (${label})`, async () => {
    const owner = await seedUser("key-owner");
    const member = await seedUser("key-member");
    const org = await server.auth.api.createOrganization({
      body: { name: "Keyholders", slug: unique("keyholders"), userId: owner.id },
    });
    await server.auth.api.addMember({ body: { userId: member.id, organizationId: org.id, role: "member" } });

    const context = await newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.base });
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await signInBrowser(context, owner.email, org.id);
    await page.goto(`${server.base}/?c=Organization&pageSize=2`);
    const card = page.getByTestId("gh-organization-api-keys");
    await card.getByText("This organization has no API keys yet.").waitFor();
    assert.match(await card.textContent(), /Keys for Keyholders's integrations/);
    await at("org-api-keys-empty");

    // Create: shown once, in a field with a copy button; the heading takes focus.
    await card.getByLabel("Name").fill("CI pipeline");
    await card.getByRole("button", { name: "Create key" }).click();
    const heading = card.getByRole("heading", { name: "Copy your new key" });
    await heading.waitFor();
    assert.equal(await isFocused(heading), true);
    const key = await card.getByLabel("API key").inputValue();
    await card.getByRole("button", { name: "Copy key" }).click();
    await card.getByText("Copied.").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key);
    await at("org-api-keys-created");
    // The organization's key: verify names the organization; no session route takes it.
    const verified = await server.auth.api.verifyApiKey({ body: { key } });
    assert.equal(verified.valid, true);
    assert.equal(verified.key.organizationId, org.id);
    const session = await fetch(`${server.base}/api/auth/get-session`, { headers: { "x-api-key": key } });
    assert.equal(session.status, 403);
    assert.equal((await session.json()).code, "CREDENTIAL_NOT_ALLOWED");
    await card.getByRole("button", { name: "Done" }).click();
    await card.locator(".gh-list-item", { hasText: "CI pipeline" }).waitFor();
    assert.doesNotMatch(await card.textContent(), new RegExp(key.slice(8)));
    // The owner's own keys are not the organization's.
    assert.equal((await server.auth.api.listApiKeys({ query: { userId: owner.id } })).total, 0);

    // Paged: two more (server side), two a page.
    for (const name of ["Reports", "Backups"])
      await server.auth.api.createApiKey({ body: { name, userId: owner.id, organizationId: org.id } });
    await page.reload();
    await card.locator(".gh-list-item").nth(1).waitFor();
    assert.equal(await card.locator(".gh-list-item").count(), 2);
    await card.getByRole("button", { name: "Show more" }).click();
    await card.locator(".gh-list-item").nth(2).waitFor();
    const names = await card.locator(".gh-list-item .gh-strong").allTextContents();
    assert.deepEqual([...names].sort(), ["Backups", "CI pipeline", "Reports"]);
    await at("org-api-keys-paged");

    // Delete with a confirmation that takes focus; the key stops verifying.
    await card.getByRole("button", { name: "Delete CI pipeline" }).click();
    const question = card.locator(".gh-confirm p");
    await question.waitFor();
    assert.equal(await isFocused(question), true);
    await at("org-api-keys-confirm-delete");
    await card.locator(".gh-confirm").getByRole("button", { name: "Delete" }).click();
    await card.getByRole("status").filter({ hasText: "CI pipeline is deleted." }).waitFor();
    assert.equal((await server.auth.api.verifyApiKey({ body: { key } })).valid, false);
    await at("org-api-keys-deleted");
    await context.close();

    // A plain member: no card, and the routes refuse them (the card hides nothing the server allows).
    const memberContext = await newContext();
    const asMember = await openPage(memberContext);
    await signInBrowser(memberContext, member.email, org.id);
    await asMember.page.goto(`${server.base}/?c=Organization`);
    await asMember.page.getByTestId("gh-organization-members").waitFor();
    await asMember.page.getByTestId("gh-organization-profile").getByText("Your role: member").waitFor();
    assert.equal(await asMember.page.getByTestId("gh-organization-api-keys").count(), 0);
    await check(asMember.page, asMember.state, "org-api-keys-member", combo);
    const http = await httpAs(member.email);
    const list = await http("GET", `/api-key/list?organizationId=${org.id}`);
    assert.deepEqual([list.status, list.body.code], [403, "ORGANIZATION_KEYS_NOT_ALLOWED"]);
    const create = await http("POST", "/api-key/create", { organizationId: org.id, name: "sneaky" });
    assert.deepEqual([create.status, create.body.code], [403, "ORGANIZATION_KEYS_NOT_ALLOWED"]);
    await memberContext.close();
  });
}
