// "Sign in with SSO" in <SignIn>, in Debian's Chromium against a real Gatehouse with the sso plugin, at
// 390 px (light) and 1280 px (dark): the SSO tab loads its form on demand; an address, a domain or an
// organization slug starts the sign-in and the browser lands on the identity provider's URL (an OpenID
// Provider the harness serves; a SAML IdP's HTTP-Redirect endpoint with its AuthnRequest); the server's
// refusals read as the catalogue's sentences, tied to the field; an enforced domain's password sign-in
// says to use SSO. Every state fails on an axe-core WCAG 2.2 AA violation, a console error, an
// unexpected error answer or horizontal overflow.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { check, holdRequests, openPage } from "./page-checks.mjs";
import { PASSWORD, harnessForFile, seedUser, signInBrowser, unique } from "./harness-session.mjs";

const IDP_CERT = readFileSync(new URL("../../sso/test/fixtures/idp-cert.pem", import.meta.url), "utf8")
  .replace(/-----[^-]+-----/g, "")
  .replace(/\s+/g, "");

let server;
let browser;
harnessForFile((started) => ({ server, browser } = started));

/** Registers a connection as the organization's owner (over HTTP, the owner's cookie), then marks its domain verified. */
async function connection(owner, organizationId, domain, { protocol = "oidc", verified = true, enforce = false } = {}) {
  const context = await browser.newContext();
  await signInBrowser(server, context, owner.email);
  const providerId = unique(protocol).slice(0, 32);
  const config =
    protocol === "oidc"
      ? { oidcConfig: { clientId: "client-1", clientSecret: "s3cret-value" } }
      : { samlConfig: { entryPoint: `${server.base}/idp/saml`, cert: IDP_CERT } };
  const r = await context.request.post(`${server.base}/api/auth/sso/register`, {
    data: {
      providerId,
      issuer: protocol === "oidc" ? `${server.base}/idp` : "https://idp.example.com/metadata",
      domain,
      organizationId,
      enforceSSO: enforce,
      ...config,
    },
    headers: { origin: server.base },
  });
  assert.equal(r.status(), 200, await r.text());
  await context.close();
  if (verified)
    await server.auth.$context.db.update({
      model: "ssoProvider",
      where: [{ field: "providerId", value: providerId }],
      update: { domainVerified: true },
    });
  return providerId;
}

const combos = [
  { width: 390, height: 844, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
];

for (const combo of combos) {
  const label = `${combo.width} px, ${combo.scheme}`;
  const newContext = () =>
    browser.newContext({ viewport: { width: combo.width, height: combo.height }, colorScheme: combo.scheme });

  test(`Sign in with SSO: on-demand form, refusals, redirect to the OpenID Provider and the SAML IdP (${label})`, async () => {
    const owner = await seedUser(server, "sso-sign-in-owner");
    const slug = unique("initech");
    const org = await server.auth.api.createOrganization({ body: { name: "Initech", slug, userId: owner.id } });
    const oidcDomain = `${unique("initech")}.test`;
    // Signed up before enforcement: an enforced domain refuses new password accounts too.
    const worker = await seedUser(server, "sso-worker", { email: `worker@${oidcDomain}` });
    await connection(owner, org.id, oidcDomain, { enforce: true });
    const samlOwner = await seedUser(server, "sso-saml-owner");
    const samlSlug = unique("globex");
    const samlOrg = await server.auth.api.createOrganization({
      body: { name: "Globex", slug: samlSlug, userId: samlOwner.id },
    });
    const samlDomain = `${unique("globex")}.test`;
    await connection(samlOwner, samlOrg.id, samlDomain, { protocol: "saml" });
    // An organization whose only connection's domain is not verified yet.
    const pendingOwner = await seedUser(server, "sso-pending-owner");
    const pendingSlug = unique("hooli");
    const pendingOrg = await server.auth.api.createOrganization({
      body: { name: "Hooli", slug: pendingSlug, userId: pendingOwner.id },
    });
    await connection(pendingOwner, pendingOrg.id, `${unique("hooli")}.test`, { verified: false });

    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await page.goto(`${server.base}/?c=SignIn`);
    const card = page.getByTestId("gh-sign-in");
    const tab = card.getByRole("button", { name: "SSO", exact: true });
    await tab.waitFor();

    // The form (its own chunk in an app's build) shows when the tab is chosen.
    await tab.click();
    assert.equal(await tab.getAttribute("aria-pressed"), "true");
    const field = card.getByLabel("Work email, company domain or organization");
    await field.waitFor();
    await at("sso-sign-in-form");

    // No connection for that domain: the catalogue's sentence, on the field, which takes focus.
    state.expected = ["/sign-in/sso", "/sign-in/email"];
    await field.fill(`ada@${unique("nobody")}.test`);
    await card.getByRole("button", { name: "Sign in with SSO" }).click();
    await card.locator(".gh-field-error", { hasText: "No single sign-on is set up for that address" }).waitFor();
    assert.equal(await field.getAttribute("aria-invalid"), "true");
    assert.equal(await field.evaluate((el) => el === document.activeElement), true);
    await at("sso-sign-in-not-found");

    // An organization whose connection's domain is not verified yet.
    await field.fill(pendingSlug);
    await card.getByRole("button", { name: "Sign in with SSO" }).click();
    await card.locator(".gh-field-error", { hasText: "isn't ready yet" }).waitFor();
    await at("sso-sign-in-not-verified");

    // A disabled connection: the server answers as for none (it does not tell that a domain has one).
    const disabledOwner = await seedUser(server, "sso-disabled-owner");
    const disabledOrg = await server.auth.api.createOrganization({
      body: { name: "Vandelay", slug: unique("vandelay"), userId: disabledOwner.id },
    });
    const disabledDomain = `${unique("vandelay")}.test`;
    const disabledId = await connection(disabledOwner, disabledOrg.id, disabledDomain);
    await server.auth.$context.db.update({
      model: "ssoProvider",
      where: [{ field: "providerId", value: disabledId }],
      update: { disabled: true },
    });
    await field.fill(`ada@${disabledDomain}`);
    await card.getByRole("button", { name: "Sign in with SSO" }).click();
    await card.locator(".gh-field-error", { hasText: "No single sign-on is set up for that address" }).waitFor();
    // By its id the same connection answers PROVIDER_DISABLED, which has its own sentence.
    const byId = await context.request.post(`${server.base}/api/auth/sign-in/sso`, {
      data: { providerId: disabledId, callbackURL: "/" },
      headers: { origin: server.base },
    });
    assert.equal((await byId.json()).code, "PROVIDER_DISABLED");

    // An enforced domain's password sign-in is refused: the sentence says to use SSO.
    await card.getByRole("button", { name: "Password", exact: true }).click();
    await card.getByLabel("Email or username").fill(worker.email);
    await card.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await card.getByRole("button", { name: "Sign in", exact: true }).click();
    await card.getByText("Your organization signs you in with single sign-on. Choose SSO.").waitFor();
    await at("sso-sign-in-required");

    // The worker's address: the request is held (the button says "Please wait…"), then the OpenID
    // Provider's authorization URL, with PKCE and the state, is where the browser goes.
    await tab.click();
    state.expected = [];
    const hold = await holdRequests(page, "**/api/auth/sign-in/sso");
    await field.fill(worker.email);
    await card.getByRole("button", { name: "Sign in with SSO" }).click();
    await hold.firstHeld;
    await card.getByRole("button", { name: "Please wait…" }).waitFor();
    assert.equal(await card.getByRole("button", { name: "Please wait…" }).isDisabled(), true);
    await at("sso-sign-in-pending", { idle: false });
    await hold.release();
    await page.waitForURL((url) => url.pathname === "/idp/authorize");
    const authorize = new URL(page.url());
    assert.equal(authorize.searchParams.get("client_id"), "client-1");
    assert.equal(authorize.searchParams.get("code_challenge_method"), "S256");
    assert.equal(authorize.searchParams.get("login_hint"), worker.email);
    assert.ok(authorize.searchParams.get("state"));

    // The SAML organization by its slug: the IdP's HTTP-Redirect endpoint with a SAMLRequest.
    await page.goto(`${server.base}/?c=SignIn`);
    await card.getByRole("button", { name: "SSO", exact: true }).click();
    await field.fill(samlSlug);
    await card.getByRole("button", { name: "Sign in with SSO" }).click();
    await page.waitForURL((url) => url.pathname === "/idp/saml");
    assert.ok(new URL(page.url()).searchParams.get("SAMLRequest"));

    // And by its domain.
    await page.goto(`${server.base}/?c=SignIn`);
    await card.getByRole("button", { name: "SSO", exact: true }).click();
    await field.fill(samlDomain.toUpperCase());
    await card.getByRole("button", { name: "Sign in with SSO" }).click();
    await page.waitForURL((url) => url.pathname === "/idp/saml");
    await context.close();
  });
}
