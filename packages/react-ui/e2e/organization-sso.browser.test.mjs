// The "Single sign-on" card of <OrganizationSettings> in Debian's Chromium against a real Gatehouse with the
// sso and scim plugins, a DNS server this test runs (TXT answers, NXDOMAIN, SERVFAIL) and a discovery
// document the harness serves, at 390 px (light) and 1280 px (dark). Every state — loading, empty, field
// errors, a SAML and an OIDC connection, the TXT record not found (422) and DNS down (503), verified,
// enforced with break-glass owners, SCIM token shown once and rotated, disable and delete confirmations —
// fails on an axe-core WCAG 2.2 AA violation, a console error, an unexpected error answer or horizontal
// overflow. What the card hides is also refused over HTTP (a member's cookie), and what it sets is
// checked where it takes effect (password sign-in refused under enforcement, the SCIM token's bearer use).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, test } from "node:test";
import { startDns } from "./dns-server.mjs";
import { check, holdRequests, openPage } from "./page-checks.mjs";
import {
  PASSWORD,
  seedUser as seedHarnessUser,
  signInBrowser as signInHarnessBrowser,
  unique,
  harnessForFile,
} from "./harness-session.mjs";

// The sso package's test IdP certificate: the metadata only has to carry one for the connection to be saved.
const IDP_CERT = readFileSync(new URL("../../sso/test/fixtures/idp-cert.pem", import.meta.url), "utf8")
  .replace(/-----[^-]+-----/g, "")
  .replace(/\s+/g, "");
const METADATA = `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com/metadata">
<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>
<ds:X509Certificate>${IDP_CERT}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.com/sso"/>
</md:IDPSSODescriptor></md:EntityDescriptor>`;

let dns;
let server;
let browser;
harnessForFile(
  (started) => ({ server, browser } = started),
  async () => {
    dns = await startDns();
    return { dnsServers: [dns.address] };
  },
);
after(() => dns?.close());

const seedUser = (tag, email) => seedHarnessUser(server, tag, email ? { email } : {});
const signInBrowser = (context, email, organizationId) => signInHarnessBrowser(server, context, email, organizationId);

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

/**
 * Drops the problems a deliberate 503 leaves — its answer and Chromium's console line, which can arrive
 * after the page already shows the sentence — once both are there (a bounded poll on the condition).
 */
async function acceptDnsDown(state) {
  const answered = () => state.problems.some((p) => p === "503 /api/auth/sso/verify-domain");
  const logged = () => state.problems.some((p) => p.startsWith("console:") && p.includes("status of 503"));
  for (let i = 0; i < 200 && !(answered() && logged()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  assert.ok(answered(), "the verify call answered 503");
  state.problems = state.problems.filter(
    (p) => p !== "503 /api/auth/sso/verify-domain" && !p.includes("status of 503"),
  );
}

const combos = [
  { width: 390, height: 844, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
];

for (const combo of combos) {
  const label = `${combo.width} px, ${combo.scheme}`;
  const newContext = () =>
    browser.newContext({ viewport: { width: combo.width, height: combo.height }, colorScheme: combo.scheme });

  test(`SSO card: SAML connection, TXT not found / DNS down / verified, enforcement, break-glass, SCIM, disable, delete (${label})`, async () => {
    const owner = await seedUser("sso-owner");
    const coOwner = await seedUser("sso-co-owner");
    const domain = `${unique("acme")}.test`;
    const worker = await seedUser("sso-worker", `worker@${domain}`);
    const org = await server.auth.api.createOrganization({
      body: { name: "Umbrella", slug: unique("umbrella"), userId: owner.id },
    });
    await server.auth.api.addMember({ body: { userId: coOwner.id, organizationId: org.id, role: "owner" } });
    await server.auth.api.addMember({ body: { userId: worker.id, organizationId: org.id, role: "member" } });
    const context = await newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.base });
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await signInBrowser(context, owner.email, org.id);

    // Loading: the connection list held.
    const hold = await holdRequests(page, "**/api/auth/sso/providers?*");
    await page.goto(`${server.base}/?c=Organization`);
    await hold.firstHeld;
    const card = page.getByTestId("gh-organization-sso");
    await card.getByText("Loading…").first().waitFor();
    await at("sso-loading", { idle: false });
    await hold.release();
    await card.getByText("No connection yet.").waitFor();
    await at("sso-empty");

    // Field checks before any request: a connection id with a space, a bad domain.
    const providerId = unique("okta");
    await card.getByLabel("Connection id").fill("bad id!");
    await card.getByLabel("Email domain").fill(domain);
    await card.getByLabel("Identity provider metadata XML").fill(METADATA);
    await card.getByRole("button", { name: "Add connection" }).click();
    await card.locator(".gh-field-error", { hasText: "Use letters, digits" }).waitFor();
    assert.equal(await card.getByLabel("Connection id").getAttribute("aria-invalid"), "true");
    await at("sso-new-invalid-id");

    // Metadata the server cannot read: its refusal is tied to the textarea.
    state.expected = ["/sso/register", "/sso/verify-domain"];
    await card.getByLabel("Connection id").fill(providerId);
    await card.getByLabel("Identity provider metadata XML").fill("<html>not metadata</html>");
    await card.getByRole("button", { name: "Add connection" }).click();
    await card.locator(".gh-field-error", { hasText: "That metadata XML can't be used" }).waitFor();
    assert.equal(await card.getByLabel("Identity provider metadata XML").getAttribute("aria-invalid"), "true");
    await at("sso-new-bad-metadata");

    await card.getByLabel("Identity provider metadata XML").fill(METADATA);
    await card.getByRole("button", { name: "Add connection" }).click();
    await card
      .getByRole("status")
      .filter({ hasText: `${providerId} is added.` })
      .waitFor();
    // The form was reset: keyboard focus lands on the card's heading, not the page's body.
    // (React moves it in an effect just after the note renders: wait for the condition.)
    const headingFocused = () =>
      page.waitForFunction(() => document.activeElement?.matches("[data-testid=gh-organization-sso] > h2") === true);
    await headingFocused();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Single sign-on");
    const item = card.getByTestId("gh-sso-connection");
    await item.getByRole("heading", { name: `${providerId} · SAML 2.0` }).waitFor();
    assert.equal(await item.getByTestId("gh-sso-domain-state").textContent(), "Domain not verified");
    // The URLs the IdP's administrator types: the server's own (the metadata URL answers).
    const metadataUrl = await item.getByRole("textbox", { name: "SP metadata URL", exact: true }).inputValue();
    assert.equal(metadataUrl, `${server.base}/api/auth/sso/saml2/sp/metadata?providerId=${providerId}`);
    assert.equal(await item.getByRole("textbox", { name: "SP entity id", exact: true }).inputValue(), metadataUrl);
    assert.equal(
      await item.getByRole("textbox", { name: "ACS URL", exact: true }).inputValue(),
      `${server.base}/api/auth/sso/saml2/sp/acs/${providerId}`,
    );
    assert.equal((await fetch(metadataUrl)).status, 200);
    const txtName = await item.getByRole("textbox", { name: "TXT record name", exact: true }).inputValue();
    assert.equal(txtName, `_gatehouse-sso-${providerId}.${domain}`);
    const txtValue = item.getByRole("textbox", { name: "TXT record value", exact: true });
    await txtValue.waitFor();
    const token = await txtValue.inputValue();
    assert.match(token, /^\S{16,}$/);
    // Copy puts the value on the clipboard and says so.
    await item.getByRole("button", { name: "Copy TXT record value" }).click();
    await item.getByRole("status").filter({ hasText: "TXT record value copied." }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), token);
    // Enforcement waits for the domain.
    assert.equal(await item.getByLabel(`Require single sign-on for @${domain} addresses`).isDisabled(), true);
    await at("sso-connection-unverified");

    // No record yet: 422, a sentence asking to check the record.
    const verify = item.getByRole("button", { name: `Verify ${domain}` });
    await verify.click();
    await item.getByRole("alert").filter({ hasText: "The TXT record wasn't found yet." }).waitFor();
    await at("sso-verify-not-found");
    // DNS answers SERVFAIL: 503, a different sentence (retry, the record may be right).
    dns.failing = true;
    await verify.click();
    await item.getByRole("alert").filter({ hasText: "DNS did not answer the lookup." }).waitFor();
    dns.failing = false;
    await acceptDnsDown(state);
    assert.equal(await item.getByTestId("gh-sso-domain-state").textContent(), "Domain not verified");
    await at("sso-verify-dns-down");
    // The record published with the value shown: verified.
    dns.records.set(txtName.toLowerCase(), [token]);
    await verify.click();
    await card
      .getByRole("status")
      .filter({ hasText: `${domain} is verified.` })
      .waitFor();
    await item.getByTestId("gh-sso-domain-state").filter({ hasText: "Domain verified" }).waitFor();
    assert.equal(await item.getByTestId("gh-sso-domain-verification").count(), 0);
    await at("sso-verified");

    // Enforcement: the domain's people can no longer sign in with a password.
    const enforce = item.getByLabel(`Require single sign-on for @${domain} addresses`);
    await enforce.check();
    await card
      .getByRole("status")
      .filter({ hasText: `@${domain} addresses must now sign in with ${providerId}.` })
      .waitFor();
    await item.getByText("SSO required", { exact: true }).waitFor();
    const refused = await fetch(`${server.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base },
      body: JSON.stringify({ email: worker.email, password: PASSWORD }),
    });
    assert.equal(refused.status, 403);
    assert.equal((await refused.json()).code, "SSO_REQUIRED");
    // Break-glass: the organization's owners are offered; the co-owner is saved as one.
    const breakGlass = item.getByRole("group", { name: /Break-glass owners/ });
    assert.deepEqual((await breakGlass.getByRole("checkbox").all()).length, 2);
    await breakGlass.getByLabel(`${coOwner.name} (${coOwner.email})`).check();
    await breakGlass.getByRole("button", { name: "Save break-glass owners" }).click();
    await card.getByRole("status").filter({ hasText: "Break-glass owners saved." }).waitFor();
    const asOwner = await httpAs(owner.email);
    const listed = await asOwner("GET", `/sso/providers?organizationId=${org.id}`);
    assert.deepEqual(listed.body.providers[0].breakGlassUserIds, [coOwner.id]);
    assert.equal(listed.body.providers[0].enforceSSO, true);
    await at("sso-enforced");

    // SCIM: generating asks first (it replaces the IdP's token), shows it once, and it works as a bearer.
    const scim = item.getByTestId("gh-sso-scim");
    assert.equal(
      await scim.getByRole("textbox", { name: "SCIM base URL", exact: true }).inputValue(),
      `${server.base}/api/auth/scim/v2`,
    );
    await scim.getByRole("button", { name: "Generate SCIM token" }).click();
    await at("sso-scim-confirm");
    await scim.locator(".gh-confirm").getByRole("button", { name: "Rotate SCIM token" }).click();
    const shown = scim.getByRole("textbox", { name: "SCIM token", exact: true });
    await shown.waitFor();
    const first = await shown.inputValue();
    const users = (bearer) =>
      fetch(`${server.base}/api/auth/scim/v2/Users`, { headers: { authorization: `Bearer ${bearer}` } });
    assert.equal((await users(first)).status, 200);
    await scim.getByRole("status").filter({ hasText: "it is not shown again" }).waitFor();
    await at("sso-scim-token");
    await scim.getByRole("button", { name: "Rotate SCIM token" }).click();
    await scim.locator(".gh-confirm").getByRole("button", { name: "Rotate SCIM token" }).click();
    await page.waitForFunction(
      ([before]) => {
        const input = [...document.querySelectorAll("[data-testid=gh-sso-scim-token] input")][0];
        return input && input.value !== before;
      },
      [first],
    );
    assert.equal((await users(await shown.inputValue())).status, 200);
    assert.equal((await users(first)).status, 401);

    // Disable asks first; enable does not.
    await item.getByRole("button", { name: `Disable ${providerId}` }).click();
    await at("sso-disable-confirm");
    await item
      .locator(".gh-confirm")
      .getByRole("button", { name: `Disable ${providerId}` })
      .click();
    await card
      .getByRole("status")
      .filter({ hasText: `${providerId} is disabled.` })
      .waitFor();
    await item.getByText("Disabled", { exact: true }).waitFor();
    await at("sso-disabled");
    await item.getByRole("button", { name: `Enable ${providerId}` }).click();
    await card
      .getByRole("status")
      .filter({ hasText: `${providerId} is enabled.` })
      .waitFor();

    // Delete asks first; cancel keeps it, confirm removes it.
    await item.getByRole("button", { name: `Delete ${providerId}` }).click();
    await item.locator(".gh-confirm").getByRole("button", { name: "Cancel" }).click();
    await item.getByRole("button", { name: `Delete ${providerId}` }).click();
    await at("sso-delete-confirm");
    await item
      .locator(".gh-confirm")
      .getByRole("button", { name: `Delete ${providerId}` })
      .click();
    await card
      .getByRole("status")
      .filter({ hasText: `${providerId} is deleted.` })
      .waitFor();
    await headingFocused();
    await card.getByText("No connection yet.").waitFor();
    assert.equal((await asOwner("GET", `/sso/providers?organizationId=${org.id}`)).body.providers.length, 0);
    await context.close();
  });

  test(`SSO card: OIDC connection (issuer refused, then discovered), member sees no card and is refused over HTTP (${label})`, async () => {
    const owner = await seedUser("oidc-owner");
    const member = await seedUser("oidc-member");
    const org = await server.auth.api.createOrganization({
      body: { name: "Hooli", slug: unique("hooli"), userId: owner.id },
    });
    await server.auth.api.addMember({ body: { userId: member.id, organizationId: org.id, role: "member" } });
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await signInBrowser(context, owner.email, org.id);
    await page.goto(`${server.base}/?c=Organization`);
    const card = page.getByTestId("gh-organization-sso");
    await card.getByText("No connection yet.").waitFor();
    await card.getByLabel("OpenID Connect").check();
    const providerId = unique("entra");
    await card.getByLabel("Connection id").fill(providerId);
    await card.getByLabel("Email domain").fill(`${unique("hooli")}.test`);
    await card.getByLabel("Issuer URL").fill(`${server.base}/no-such-idp`);
    await card.getByLabel("Client id").fill("client-1");
    await card.getByLabel("Client secret").fill("s3cret-value");
    await at("sso-oidc-form");
    state.expected = ["/sso/register"];
    await card.getByRole("button", { name: "Add connection" }).click();
    await card.locator(".gh-field-error", { hasText: "discovery document couldn't be read" }).waitFor();
    assert.equal(await card.getByLabel("Issuer URL").getAttribute("aria-invalid"), "true");
    await at("sso-oidc-discovery-failed");
    await card.getByLabel("Issuer URL").fill(`${server.base}/idp`);
    await card.getByRole("button", { name: "Add connection" }).click();
    const item = card.getByTestId("gh-sso-connection");
    await item.getByRole("heading", { name: `${providerId} · OpenID Connect` }).waitFor();
    assert.equal(
      await item.getByRole("textbox", { name: "Redirect URI", exact: true }).inputValue(),
      `${server.base}/api/auth/sso/callback/${providerId}`,
    );
    // The secret is never sent back to the page.
    assert.equal((await page.content()).includes("s3cret-value"), false);
    await at("sso-oidc-connection");
    await context.close();

    // A member: no card, and no connection request at all (the controls follow the server's answers).
    const memberContext = await newContext();
    const memberPage = await openPage(memberContext);
    await signInBrowser(memberContext, member.email, org.id);
    const asked = [];
    memberPage.page.on("request", (r) => r.url().includes("/sso/") && asked.push(r.url()));
    await memberPage.page.goto(`${server.base}/?c=Organization`);
    await memberPage.page.getByTestId("gh-organization-profile").getByText("Your role: member").waitFor();
    await memberPage.page.getByTestId("gh-organization-leave").waitFor();
    await memberPage.page.waitForLoadState("networkidle");
    assert.equal(await memberPage.page.getByTestId("gh-organization-sso").count(), 0);
    assert.deepEqual(asked, []);
    await check(memberPage.page, memberPage.state, "sso-member", combo);
    await memberContext.close();
    // Hidden is not the protection: the member's cookie over HTTP is refused.
    const asMember = await httpAs(member.email);
    const list = await asMember("GET", `/sso/providers?organizationId=${org.id}`);
    assert.equal(list.status, 403);
    assert.equal(list.body.code, "NOT_ALLOWED_TO_MANAGE_PROVIDERS");
    const del = await asMember("POST", "/sso/delete-provider", { providerId });
    assert.equal(del.status, 404);
    const token = await asMember("POST", "/scim/generate-token", { organizationId: org.id, providerId });
    assert.equal(token.status, 403);
    assert.equal(token.body.code, "NOT_ORGANIZATION_ADMIN");
  });
}
