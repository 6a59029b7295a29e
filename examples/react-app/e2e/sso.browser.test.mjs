// <OrganizationSettings>' Single sign-on card on the example app's /organizations page, in Debian's
// Chromium (playwright-core): an owner creates an OIDC
// connection against a second Gatehouse (an OAuth provider on another port, discovered by the app's server),
// proves the domain with a TXT record served by a DNS server this test runs, names herself break-glass and
// requires SSO, generates a SCIM token and provisions a user with it over HTTP, then rotates it (the old
// token dies). A person of the domain signs in through the connection and is provisioned as a member; a
// SAML connection shows its SP metadata, entity id and ACS URL; a plain member sees no card and the API
// refuses them; the dashboard's SSO page lists the connection and the activity. Each state is checked with axe
// (WCAG 2.2 AA), for horizontal overflow and for console errors (page-checks.mjs). Screenshots go to
// test-output/react-ui/ (one size) and test-output/screens/ (the screens, at 390 and 1280 px, light and dark).
// Run after `vite build`: node --test examples/react-app/e2e/sso.browser.test.mjs
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { after, before, test } from "node:test";
import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { jwt } from "@gatehouse-auth/jwt";
import { oauthProvider } from "@gatehouse-auth/oauth-provider";
import { check, checkScreen, openPage } from "../../../packages/react-ui/e2e/page-checks.mjs";
import { startDns } from "./dns-server.mjs";
import {
  createOrganization,
  inviteMember,
  signUpWithForm,
  startExampleApp,
  submitSignInForm,
} from "./start-example-app.mjs";

const password = "browser-password-1";
const OWNER = { name: "Olga", email: "olga@acme.test" };
const CLIENT = { id: "acme-sso", secret: "acme-sso-secret-for-the-browser-test-0123456789" };
const wide = { width: 1280, scheme: "light" };
const phone = { width: 390, scheme: "light" };

/** page-checks.mjs's check at the combo's width (it only names the width; this sets it). */
async function checkAt(page, state, name, combo) {
  await page.setViewportSize({ width: combo.width, height: 900 });
  await check(page, state, name, combo);
}

let app;
let base;
let dns;
let idp;
let idpOrigin;
let idpAuth;
let context;

before(async () => {
  dns = await startDns();
  // The organization's identity provider: a second Gatehouse, an OAuth 2.1 / OpenID provider. Its port is
  // taken first (the app must be told to trust it), its auth made once the app's redirect URI is known.
  let handler = (_req, res) => res.writeHead(503).end();
  idp = createServer((req, res) => handler(req, res));
  await new Promise((resolve) => idp.listen(0, "127.0.0.1", resolve));
  idpOrigin = `http://127.0.0.1:${idp.address().port}`;
  app = await startExampleApp({
    tag: "sso",
    env: { GATEHOUSE_RATE_LIMIT: "off", SSO_DNS_SERVERS: dns.address, SSO_IDP_ORIGINS: idpOrigin },
  });
  base = app.base;
  idpAuth = createAuth({
    database: memoryAdapter(),
    secret: "second-gatehouse-secret-0123456789abcdef0123",
    baseURL: idpOrigin,
    emailAndPassword: { enabled: true },
    // Both servers are on 127.0.0.1, and cookies do not tell ports apart: the IdP's carry their own names.
    advanced: { cookiePrefix: "idp" },
    plugins: [
      jwt(),
      oauthProvider({
        clients: [
          {
            clientId: CLIENT.id,
            name: "Example app",
            clientSecret: CLIENT.secret,
            redirectUris: [`${base}/api/auth/sso/callback/acme`],
            // The organization's own app, assigned by its IdP administrator: no consent page at the IdP.
            skipConsent: true,
          },
        ],
      }),
    ],
  });
  await idpAuth.$context.adapter.migrate?.();
  handler = toNodeHandler(idpAuth);
  context = await app.browser.newContext({ viewport: { width: wide.width, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
});

after(async () => {
  await app?.stop();
  await new Promise((resolve) => (idp ? idp.close(resolve) : resolve()));
  await dns?.close();
});

/** A call to the app's auth API from outside the browser (Origin set: the app checks it on POSTs). */
const api = (path, init = {}) =>
  fetch(`${base}/api/auth${path}`, { ...init, headers: { origin: base, ...init.headers } });

const scim = (token, path, init = {}) =>
  api(`/scim/v2${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json", ...init.headers },
  });

let ownerPage;
let ownerState;
let orgId;

test("an owner connects an OIDC provider, verifies the domain over DNS, requires SSO and provisions over SCIM", async () => {
  const { page, state } = await openPage(context);
  ownerPage = page;
  ownerState = state;
  await signUpWithForm(page, base, { ...OWNER, password });
  await createOrganization(page, base, "Acme");
  // <OrganizationSettings>' Single sign-on card, for owners and admins (the old /organizations/sso path
  // lands here).
  const sso = page.getByTestId("gh-organization-sso");
  await sso.getByText("No connection yet.").waitFor();
  await checkScreen(page, state, "organization-sso-empty");
  orgId = await page.evaluate(
    async () => (await (await fetch("/api/auth/get-session")).json()).session.activeOrganizationId,
  );
  await page.goto(`${base}/organizations/sso`);
  await page.waitForURL(`${base}/organizations`);
  await sso.getByText("No connection yet.").waitFor();

  // The OIDC connection: the app's server fetches the second Gatehouse's discovery document now.
  await sso.getByLabel("OpenID Connect").check();
  await sso.getByLabel("Connection id").fill("acme");
  await sso.getByLabel("Email domain").fill("acme.test");
  await sso.getByLabel("Issuer URL").fill(`${idpOrigin}/api/auth`);
  await sso.getByLabel("Client id").fill(CLIENT.id);
  await sso.getByLabel("Client secret").fill(CLIENT.secret);
  await sso.getByRole("button", { name: "Add connection" }).click();
  const card = sso
    .getByTestId("gh-sso-connection")
    .filter({ has: page.getByRole("heading", { name: "acme · OpenID Connect" }) });
  await card.waitFor();
  await sso.getByRole("status").filter({ hasText: "acme is added." }).waitFor();
  assert.equal(await card.getByTestId("gh-sso-domain-state").textContent(), "Domain not verified");
  assert.equal(
    await card.getByRole("textbox", { name: "Redirect URI", exact: true }).inputValue(),
    `${base}/api/auth/sso/callback/acme`,
  );
  // What the app stored came from the provider's discovery, and no secret is in the answer.
  const listed = await page.evaluate(
    async (id) => (await fetch(`/api/auth/sso/providers?organizationId=${id}`)).json(),
    orgId,
  );
  assert.equal(listed.providers[0].oidcConfig.authorizationEndpoint, `${idpOrigin}/api/auth/oauth2/authorize`);
  assert.ok(!JSON.stringify(listed).includes(CLIENT.secret), "the client secret is never shown");
  // The copy button puts the value on the clipboard.
  await card.getByRole("button", { name: "Copy Redirect URI" }).click();
  await card.getByRole("status").filter({ hasText: "Redirect URI copied." }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${base}/api/auth/sso/callback/acme`);

  // The TXT record: before it is published, verification fails with a message; then it succeeds.
  const recordName = await card.getByRole("textbox", { name: "TXT record name", exact: true }).inputValue();
  assert.equal(recordName, "_gatehouse-sso-acme.acme.test");
  const txtValue = card.getByRole("textbox", { name: "TXT record value", exact: true });
  await txtValue.waitFor();
  const token = await txtValue.inputValue();
  assert.match(token, /^[A-Za-z0-9_-]{20,}$/);
  // Enforcement waits for a verified domain.
  assert.equal(await card.getByLabel("Require single sign-on for @acme.test addresses").isDisabled(), true);
  await checkScreen(page, state, "organization-sso-unverified");
  state.expected.push("/sso/verify-domain");
  const [missing] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/sso/verify-domain")),
    card.getByRole("button", { name: "Verify acme.test" }).click(),
  ]);
  assert.equal((await missing.json()).code, "DOMAIN_VERIFICATION_FAILED");
  await card.getByRole("alert").filter({ hasText: "The TXT record wasn't found yet." }).waitFor();
  // A record not found is the owner's to fix: 422 (expected above), never a 5xx (page-checks.mjs counts those).
  const asked = dns.queries;
  assert.ok(asked > 0, "the lookup went to the test's DNS server");
  dns.records.set(recordName, [token]);
  await card.getByRole("button", { name: "Verify acme.test" }).click();
  await card.getByTestId("gh-sso-domain-state").filter({ hasText: "Domain verified" }).waitFor();
  assert.ok(dns.queries > asked);
  assert.equal(await card.getByTestId("gh-sso-domain-verification").count(), 0);
  state.expected.pop();

  // Olga keeps a way in for an IdP outage, then requires SSO for @acme.test.
  const breakGlass = card.getByRole("group", { name: /Break-glass owners/ });
  await breakGlass.getByLabel(/Olga/).check();
  await breakGlass.getByRole("button", { name: "Save break-glass owners" }).click();
  await sso.getByRole("status").filter({ hasText: "Break-glass owners saved." }).waitFor();
  await card.getByLabel("Require single sign-on for @acme.test addresses").check();
  await card.getByText("SSO required", { exact: true }).waitFor();
  await checkAt(page, state, "sso-03-enforced", wide);
  // The rule holds: a new @acme.test password account is refused with the way in; Olga, break-glass, still
  // signs in with her password.
  const signUp = await api("/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Eve", email: "eve@acme.test", password }),
  });
  assert.equal(signUp.status, 403);
  assert.match((await signUp.json()).message, /single sign-on/);
  const olga = await api("/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: OWNER.email, password }),
  });
  assert.equal(olga.status, 200);

  // SCIM: generating asks first (it replaces the IdP's token); the token is shown once; the identity
  // provider creates a user with it.
  const scimCard = card.getByTestId("gh-sso-scim");
  const generate = async () => {
    await scimCard.getByRole("button", { name: /^(Generate|Rotate) SCIM token$/ }).click();
    await scimCard.locator(".gh-confirm").getByRole("button", { name: "Rotate SCIM token" }).click();
    const shown = scimCard.getByRole("textbox", { name: "SCIM token", exact: true });
    await shown.waitFor();
    return shown.inputValue();
  };
  const first = await generate();
  assert.ok(first.length >= 32);
  assert.equal(
    await scimCard.getByRole("textbox", { name: "SCIM base URL", exact: true }).inputValue(),
    `${base}/api/auth/scim/v2`,
  );
  await checkScreen(page, state, "organization-sso-scim-token");
  const created = await scim(first, "/Users", {
    method: "POST",
    body: JSON.stringify({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "pat@acme.test",
      name: { givenName: "Pat", familyName: "Lee" },
      emails: [{ value: "pat@acme.test", primary: true }],
      active: true,
    }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const found = await (await scim(first, `/Users?filter=${encodeURIComponent('userName eq "pat@acme.test"')}`)).json();
  assert.equal(found.totalResults, 1);
  // Pat is now a member of Acme, as the same page's members card shows.
  await page.reload();
  await page.getByTestId("gh-organization-members").getByText("pat@acme.test").waitFor();

  // Rotation: a new token, and the old one stops working at once.
  const second = await generate();
  assert.notEqual(second, first);
  assert.equal((await scim(first, "/Users")).status, 401);
  assert.equal((await scim(second, "/Users")).status, 200);
});

test("a person of acme.test signs in through the OIDC connection and lands in Acme, provisioned as a member", async () => {
  // Kim exists at the identity provider (the second Gatehouse), her address verified there, and is
  // signed in there already (as at work: the IdP session is what SSO reuses).
  const kim = { name: "Kim Park", email: "kim@acme.test", password: "kim-idp-password-1" };
  const { user } = await idpAuth.api.signUpEmail({ body: kim });
  await idpAuth.$context.db.update({
    model: "user",
    where: [{ field: "id", value: user.id }],
    update: { emailVerified: true },
  });
  const kimContext = await app.browser.newContext({ viewport: { width: wide.width, height: 900 } });
  const atIdp = await kimContext.request.post(`${idpOrigin}/api/auth/sign-in/email`, {
    data: { email: kim.email, password: kim.password },
    headers: { origin: idpOrigin },
  });
  assert.equal(atIdp.status(), 200);
  const { page, state } = await openPage(kimContext);
  await page.goto(`${base}/sign-in`);
  await page.getByRole("link", { name: "Use your company's single sign-on" }).click();
  await page.getByRole("heading", { level: 1, name: "Single sign-on" }).waitFor();
  await checkScreen(page, state, "sign-in-sso");
  await page.getByLabel("Work email").fill(kim.email);
  await page.getByRole("button", { name: "Continue" }).click();
  // To the IdP and back (authorization code, PKCE, ID token checked), then the app's signed-in page.
  await page.getByTestId("greeting").filter({ hasText: "Kim Park" }).waitFor();
  const session = await page.evaluate(async () => (await fetch("/api/auth/get-session")).json());
  assert.equal(session.user.email, kim.email);
  // Provisioned into the connection's organization as a member (the default role).
  await page.goto(`${base}/organizations`);
  await page.getByTestId("gh-organization-switcher").getByRole("button", { name: "Organization: Acme" }).waitFor();
  await page.getByTestId("gh-organization-profile").getByText("Your role: member").waitFor();
  assert.deepEqual(state.problems, []);
  await kimContext.close();
});

test("a SAML connection from the IdP's metadata shows the SP metadata and ACS URLs; disabled, then deleted", async () => {
  const page = ownerPage;
  const state = ownerState;
  await page.goto(`${base}/organizations`);
  const sso = page.getByTestId("gh-organization-sso");
  await sso.getByLabel("SAML 2.0").check();
  await checkAt(page, state, "sso-06-saml-form", phone);
  // IdP metadata as Okta or Entra export it: entity id, signing certificate (the sso package's test IdP's),
  // SSO URL.
  const cert = readFileSync(new URL("../../../packages/sso/test/fixtures/idp-cert.pem", import.meta.url), "utf8");
  const idpEntity = "https://idp.example.test/metadata";
  const metadata =
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${idpEntity}">` +
    `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>` +
    `<ds:X509Certificate>${cert.replace(/-----[^-]+-----|\s/g, "")}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>` +
    `</md:KeyDescriptor><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" ` +
    `Location="https://idp.example.test/sso"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
  await sso.getByLabel("Connection id").fill("acme-saml");
  await sso.getByLabel("Email domain").fill("saml.acme.test");
  await sso.getByLabel("Identity provider metadata XML").fill(metadata);
  await sso.getByRole("button", { name: "Add connection" }).click();
  const card = sso
    .getByTestId("gh-sso-connection")
    .filter({ has: page.getByRole("heading", { name: "acme-saml · SAML 2.0" }) });
  await sso.getByRole("status").filter({ hasText: "acme-saml is added." }).waitFor();
  // The card lists connections a page at a time: the new one may be behind "Show more".
  const more = sso.getByRole("button", { name: "Show more" });
  await card.or(more).first().waitFor();
  if ((await card.count()) === 0) await more.click();
  await card.waitFor();
  const field = (name) => card.getByRole("textbox", { name, exact: true }).inputValue();
  const spMetadataUrl = await field("SP metadata URL");
  const acs = await field("ACS URL");
  assert.equal(spMetadataUrl, `${base}/api/auth/sso/saml2/sp/metadata?providerId=acme-saml`);
  assert.equal(acs, `${base}/api/auth/sso/saml2/sp/acs/acme-saml`);
  // The SP entity id was left blank: it is the metadata URL, and the metadata names it.
  assert.equal(await field("SP entity id"), spMetadataUrl);
  // The URL shown is the one the IdP imports: SP metadata naming that ACS.
  const sp = await fetch(spMetadataUrl);
  assert.equal(sp.status, 200);
  const spXml = await sp.text();
  assert.ok(spXml.includes(`Location="${acs}"`));
  assert.ok(spXml.includes(`entityID="${spMetadataUrl.replace(/&/g, "&amp;")}"`), spXml.slice(0, 300));
  await checkAt(page, state, "sso-07-saml", wide);

  // Disable and delete each ask first, in place.
  await card.getByRole("button", { name: "Disable acme-saml" }).click();
  await card.locator(".gh-confirm").getByRole("button", { name: "Disable acme-saml" }).click();
  await card.getByText("Disabled", { exact: true }).waitFor();
  await card.getByRole("button", { name: "Delete acme-saml" }).click();
  await card.locator(".gh-confirm").getByRole("button", { name: "Delete acme-saml" }).click();
  await card.waitFor({ state: "detached" });
  const left = await page.evaluate(
    async (id) => (await (await fetch(`/api/auth/sso/providers?organizationId=${id}`)).json()).providers,
    orgId,
  );
  assert.deepEqual(
    left.map((c) => c.providerId),
    ["acme"],
  );
});

test("a plain member sees no Single sign-on page, and the API refuses them", async () => {
  // Olga invites Mia as a member; Mia verifies her address and accepts from the dev mailbox.
  await ownerPage.goto(`${base}/organizations`);
  await inviteMember(ownerPage, "mia@example.com");
  const miaContext = await app.browser.newContext({ viewport: { width: wide.width, height: 900 } });
  const { page, state } = await openPage(miaContext);
  const openMail = async (subject) => {
    await page.goto(`${base}/mailbox`);
    const message = page.getByTestId("message").filter({ hasText: "mia@example.com" }).filter({ hasText: subject });
    await message.first().waitFor();
    await message.first().getByTestId("message-link").click();
  };
  await signUpWithForm(page, base, { name: "Mia", email: "mia@example.com", password });
  await openMail("Verify your email");
  await page.getByTestId("verified").waitFor();
  await openMail("Join Acme");
  await page.getByRole("button", { name: "Accept" }).click();
  await page.getByRole("status").filter({ hasText: "You joined Acme." }).waitFor();
  // A member gets no Single sign-on card: the server's has-permission answer says so.
  await page.goto(`${base}/organizations`);
  await page.getByTestId("gh-organization-profile").getByText("Your role: member").waitFor();
  await page.waitForLoadState("networkidle");
  assert.equal(await page.getByTestId("gh-organization-sso").count(), 0);
  assert.equal(await page.getByTestId("gh-sso-connection").count(), 0);
  await checkScreen(page, state, "organization-member");
  const refused = await page.evaluate(async (organizationId) => {
    const post = (path, body) =>
      fetch(`/api/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const answers = [
      await fetch(`/api/auth/sso/providers?organizationId=${organizationId}`),
      await post("/sso/update-provider", { providerId: "acme", enforceSSO: false }),
      await post("/sso/delete-provider", { providerId: "acme" }),
      await post("/scim/generate-token", { organizationId, providerId: "acme" }),
    ];
    return Promise.all(answers.map(async (r) => ({ status: r.status, code: (await r.json()).code })));
  }, orgId);
  // Listing says "not allowed"; a connection she cannot manage is "not found" (its existence is not told).
  assert.deepEqual(refused, [
    { status: 403, code: "NOT_ALLOWED_TO_MANAGE_PROVIDERS" },
    { status: 404, code: "SSO_PROVIDER_NOT_FOUND" },
    { status: 404, code: "SSO_PROVIDER_NOT_FOUND" },
    { status: 403, code: "NOT_ORGANIZATION_ADMIN" },
  ]);
  await miaContext.close();
  // The connection is untouched: still enforced, still there.
  await ownerPage.goto(`${base}/organizations`);
  await ownerPage.getByTestId("gh-sso-connection").getByText("SSO required", { exact: true }).waitFor();
  assert.deepEqual(ownerState.problems, []);
});

test("the dashboard's SSO page lists the connection with its state, and the provisioning activity", async () => {
  // The dashboard as served, its CSP included (page-checks.mjs evaluates axe rather than adding a script).
  const adminContext = await app.browser.newContext({ viewport: { width: wide.width, height: 900 } });
  const { page, state } = await openPage(adminContext);
  await page.goto(`${base}/sign-in`);
  await submitSignInForm(page, "admin@example.com", "admin-password-123");
  await page.getByTestId("greeting").waitFor();
  await page.goto(`${base}/api/auth/dashboard`);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "SSO" }).click();
  await page.getByRole("heading", { level: 1, name: "SSO" }).waitFor();
  const row = page.getByTestId("sso-connection-row").filter({ hasText: "acme" });
  await row.waitFor();
  const text = (await row.textContent()) ?? "";
  for (const words of ["Acme", "OIDC", "acme.test", "Verified", "SSO required · 1 break-glass", "Enabled"])
    assert.ok(text.includes(words), `the row shows ${words}: ${text}`);
  // The deleted SAML connection is gone.
  assert.equal(await page.getByTestId("sso-connection-row").count(), 1);
  // Provisioning: the SCIM-created user; then the domain verification, chosen from the list.
  await page.getByTestId("sso-activity").getByTestId("audit-row").filter({ hasText: "scim.user_created" }).waitFor();
  await checkScreen(page, state, "dashboard-sso");
  await page.getByLabel("Event").selectOption("sso.domain_verified");
  // Both attempts: the one before the TXT record was published (refused), then the one after.
  const verified = page.getByTestId("sso-activity").getByTestId("audit-row").filter({ hasText: "sso.domain_verified" });
  await verified.filter({ hasText: "success" }).waitFor();
  await verified.filter({ hasText: "refused" }).waitFor();
  await checkAt(page, state, "sso-09-dashboard-activity", phone);
  // The route itself: no secret, config or DNS token in what it answers; a bad cursor is a 400 with a code.
  const listed = await page.evaluate(async () => (await fetch("/api/auth/dashboard/api/list-sso-connections")).text());
  assert.ok(
    !listed.includes(CLIENT.secret) && !listed.includes("domainVerificationToken") && !listed.includes('"config"'),
  );
  const bad = await page.evaluate(async () => {
    const r = await fetch("/api/auth/dashboard/api/list-sso-connections?cursor=not-a-cursor");
    return { status: r.status, code: (await r.json()).code };
  });
  assert.equal(bad.status, 400);
  assert.ok(bad.code);
  await adminContext.close();
});
