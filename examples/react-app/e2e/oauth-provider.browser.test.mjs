// The example app as an OAuth provider, in Debian's Chromium (playwright-core) with oauth4webapi as the
// partner's server: a partner authorization goes through sign-in and the consent page (deny, then allow),
// the partner redeems the code and checks the ID token; Account → the authorized-apps card lists and revokes it
// (the refresh token dies); a device flow started over HTTP is approved (and another denied) on /device,
// a wrong code shows an error, another account cannot decide a code already opened, and a page of another
// origin cannot frame the consent page. Screenshots go to test-output/browser/.
// Run after `vite build`: node --test examples/react-app/e2e/oauth-provider.browser.test.mjs
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { checkScreen, openPage } from "../../../packages/react-ui/e2e/page-checks.mjs";
import { setTimeout as sleep } from "node:timers/promises";
import * as oauth from "oauth4webapi";
import { shots, signOut, signUpWithForm, startExampleApp, submitSignInForm } from "./start-example-app.mjs";

const PARTNER = { id: "partner-app", secret: "partner-secret-for-the-browser-test-0123456789" };
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const email = "olivia@example.com";
const password = "browser-password-1";
const insecure = { [oauth.allowInsecureRequests]: true }; // the test server is plain http on 127.0.0.1

let app;
let base;
let context;
let page;
/** The page's problems so far (page-checks.mjs). */
let state;
let as;
let tokens;
let consentUrl;

before(async () => {
  app = await startExampleApp({
    tag: "oauth",
    env: { GATEHOUSE_RATE_LIMIT: "off", PARTNER_CLIENT_SECRET: PARTNER.secret },
  });
  base = app.base;
  context = await app.browser.newContext();
  ({ page, state } = await openPage(context));
  page.on("dialog", (dialog) => dialog.accept());
  const issuer = new URL(`${base}/api/auth`);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...insecure }),
  );
});

after(() => app?.stop());

const redirectUri = () => `${base}/partner/callback`;
const partner = { client_id: PARTNER.id };

/** What the partner's server puts in the "Sign in with Gatehouse" link; it keeps state, nonce and verifier. */
async function partnerAuthorization() {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: PARTNER.id,
    redirect_uri: redirectUri(),
    scope: "openid profile email offline_access",
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }))
    url.searchParams.set(k, v);
  return { url: url.href, verifier, state, nonce };
}

const heading = () => page.getByRole("heading", { level: 1 });

test("a partner authorization: sign-in, consent denied (access_denied), then allowed; the code gives a valid ID token", async () => {
  await signUpWithForm(page, base, { name: "Olivia", email, password });
  const userId = await page.evaluate(async () => (await (await fetch("/api/auth/get-session")).json()).user.id);
  await signOut(page);

  // Signed out: the provider sends the browser to the app's sign-in page, which returns to the authorization.
  const denied = await partnerAuthorization();
  await page.goto(denied.url);
  await page.waitForURL((u) => u.pathname === "/sign-in");
  await submitSignInForm(page, email, password);
  await page.waitForURL((u) => u.pathname === "/consent");
  await heading().filter({ hasText: "Partner app wants to access your account" }).waitFor();
  const consentText = await page.getByTestId("consent").textContent();
  for (const words of ["See your email address", "See your name", "Keep this access", "127.0.0.1"])
    assert.ok(consentText.includes(words), `consent page names: ${words}`);
  // The heading has focus: a screen reader starts at the question.
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), "H1");
  await page.screenshot({ path: join(shots, "oauth-01-consent.png") });
  await checkScreen(page, state, "consent");
  await page.getByRole("button", { name: "Deny" }).click();
  await page.waitForURL((u) => u.pathname === "/partner/callback");
  const refused = new URL(page.url());
  assert.equal(refused.searchParams.get("error"), "access_denied");
  assert.equal(refused.searchParams.get("state"), denied.state);
  assert.equal(refused.searchParams.get("iss"), as.issuer);
  assert.equal(refused.searchParams.get("code"), null);
  await page.getByTestId("partner-error").waitFor();

  // A refusal is not remembered: the next authorization asks again; this time the user allows it.
  const allowed = await partnerAuthorization();
  await page.goto(allowed.url);
  await page.waitForURL((u) => u.pathname === "/consent");
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL((u) => u.pathname === "/partner/callback");
  const params = oauth.validateAuthResponse(as, partner, new URL(page.url()), allowed.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    partner,
    oauth.ClientSecretBasic(PARTNER.secret),
    params,
    redirectUri(),
    allowed.verifier,
    insecure,
  );
  tokens = await oauth.processAuthorizationCodeResponse(as, partner, response, {
    expectedNonce: allowed.nonce,
    requireIdToken: true,
  });
  const claims = oauth.getValidatedIdTokenClaims(tokens);
  assert.equal(claims.iss, as.issuer);
  assert.equal(claims.aud, PARTNER.id);
  assert.equal(claims.sub, userId);
  assert.equal(claims.email, email);
  assert.ok(tokens.refresh_token);
  const info = await fetch(as.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  assert.equal((await info.json()).email, email);
});

test("a consent page whose signed request was changed shows an error and grants nothing", async () => {
  const { url } = await partnerAuthorization();
  // Consent is remembered now: prompt=consent asks again.
  await page.goto(`${url}&prompt=consent`);
  await page.waitForURL((u) => u.pathname === "/consent");
  consentUrl = page.url();
  const tampered = page.url().replace("scope=openid", "scope=openid+phone");
  await page.goto(tampered);
  await page.getByRole("alert").filter({ hasText: "invalid or has expired" }).waitFor();
  assert.equal(await page.getByRole("button", { name: "Allow" }).count(), 0);
});

test("a page of another origin cannot frame the consent page (clickjacking an Allow)", async () => {
  // The control: at the top level the (signed, fresh) consent page shows its Allow button.
  await page.goto(consentUrl);
  await page.getByRole("button", { name: "Allow" }).waitFor();
  const attacker = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<p>Win a prize: click the button!</p><iframe src="${consentUrl}" width="600" height="500"></iframe>`);
  });
  await new Promise((ok) => attacker.listen(0, "127.0.0.1", ok));
  try {
    await page.goto(`http://127.0.0.1:${attacker.address().port}/`);
    const framed = page.frames().find((f) => f !== page.mainFrame());
    await page.waitForLoadState("load");
    assert.ok(framed);
    // Chromium replaces a refused frame with its error page.
    assert.ok(!framed.url().startsWith(base), framed.url());
    assert.equal(await framed.getByRole("button", { name: "Allow" }).count(), 0);
    const headers = (await fetch(consentUrl)).headers;
    assert.equal(headers.get("x-frame-options"), "DENY");
    assert.match(headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
  } finally {
    attacker.close();
  }
});

test("Account → Authorized apps lists the partner; revoking (confirmed) kills its refresh token", async () => {
  const refresh = () =>
    fetch(as.token_endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${PARTNER.id}:${PARTNER.secret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
    });
  // Still alive before the revocation (this rotates it: keep the new one).
  const rotated = await refresh();
  assert.equal(rotated.status, 200);
  tokens = await rotated.json();

  // The two tests above provoke a refused consent request and a blocked frame on this page, on purpose.
  state.problems = [];
  // The authorized-apps card of `<AccountSettings>` (react-ui), confirmed in place before it revokes.
  await page.goto(`${base}/account`);
  const card = page.getByTestId("gh-account-authorized-apps");
  const row = card.getByRole("listitem").filter({ hasText: "Partner app" }).first();
  await row.waitFor();
  assert.match(await row.textContent(), /See your email address/);
  await card.screenshot({ path: join(shots, "oauth-02-authorized-apps.png") });
  await checkScreen(page, state, "account-authorized-apps");
  await card.getByRole("button", { name: "Revoke access of Partner app" }).click();
  await card.getByRole("button", { name: "Revoke access", exact: true }).click();
  await card.getByText("Partner app no longer has access to your account.").waitFor();
  await card.getByText("You haven't authorized any apps.").waitFor();

  const dead = await refresh();
  assert.equal(dead.status, 400);
  assert.equal((await dead.json()).error, "invalid_grant");
  const info = await fetch(as.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  assert.equal(info.status, 401);
});

/** A device authorization started as the demo TV does (a public client), over HTTP. */
async function startDevice() {
  const r = await fetch(as.device_authorization_endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: "demo-tv", scope: "openid profile offline_access" }),
  });
  assert.equal(r.status, 200);
  return r.json();
}

const poll = async (deviceCode) =>
  (
    await fetch(as.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: "demo-tv" }),
    })
  ).json();

test("device flow: a wrong code shows an error; the right one (after sign-in) is approved and the device gets tokens", async () => {
  const started = await startDevice();
  const firstPoll = Date.now();
  assert.equal((await poll(started.device_code)).error, "authorization_pending");

  // A new browser, signed out, follows verification_uri_complete: sign in first, then back with the code.
  const fresh = await app.browser.newContext();
  const { page: tv, state: tvState } = await openPage(fresh);
  try {
    await tv.goto(started.verification_uri_complete);
    await tv.getByTestId("sign-in-prompt").getByRole("link", { name: "Sign in" }).click();
    await submitSignInForm(tv, email, password);
    await tv.waitForURL((u) => u.pathname === "/device");
    const field = tv.getByLabel("Code shown on your device");
    assert.equal(await field.inputValue(), started.user_code);

    // A typo: the error is shown, tied to the field, which keeps focus for the correction.
    tvState.expected.push("/device");
    await field.fill("BCDF-GHJK");
    await tv.getByRole("button", { name: "Continue" }).click();
    await tv.getByRole("alert").filter({ hasText: "No pending device sign-in has this code" }).waitFor();
    assert.equal(await field.getAttribute("aria-invalid"), "true");
    assert.equal(await tv.evaluate(() => document.activeElement?.getAttribute("name")), "user_code");
    await tv.screenshot({ path: join(shots, "oauth-03-device-wrong-code.png") });

    // Typed in lower case without the dash: still the code.
    await field.fill(started.user_code.replace("-", "").toLowerCase());
    await tv.getByRole("button", { name: "Continue" }).click();
    await tv.getByRole("heading", { name: "Connect Living-room TV?" }).waitFor();
    assert.match(await tv.getByTestId("device-request").textContent(), /See your name/);
    await tv.screenshot({ path: join(shots, "oauth-04-device-request.png") });
    await checkScreen(tv, tvState, "device");
    await tv.getByRole("button", { name: "Approve" }).click();
    await tv.getByRole("heading", { name: "Device connected" }).waitFor();

    // The device honours the 5 s polling interval, then gets its tokens, once.
    await sleep(Math.max(0, firstPoll + (started.interval + 0.5) * 1000 - Date.now()));
    const granted = await poll(started.device_code);
    assert.ok(granted.access_token, JSON.stringify(granted));
    assert.ok(granted.id_token);
    assert.ok(granted.refresh_token);
    const info = await fetch(as.userinfo_endpoint, { headers: { authorization: `Bearer ${granted.access_token}` } });
    assert.equal((await info.json()).name, "Olivia");

    // Another device: denied on the page, the device is told access_denied.
    const other = await startDevice();
    await tv.goto(`${base}/device`);
    await tv.getByLabel("Code shown on your device").fill(other.user_code);
    await tv.getByRole("button", { name: "Continue" }).click();
    await tv.getByRole("button", { name: "Deny" }).waitFor();
    // Someone who saw the code over her shoulder, signed in as himself, cannot decide it: Olivia opened it first.
    const watcher = await app.browser.newContext();
    try {
      const mallory = await watcher.newPage();
      await signUpWithForm(mallory, base, { name: "Mallory", email: "mallory@example.com", password });
      await mallory.goto(other.verification_uri_complete);
      await mallory.getByRole("button", { name: "Continue" }).click();
      await mallory.getByRole("alert").filter({ hasText: "Another account is deciding this device sign-in" }).waitFor();
      assert.equal(await mallory.getByRole("button", { name: "Approve" }).count(), 0);
    } finally {
      await watcher.close();
    }
    await tv.getByRole("button", { name: "Deny" }).click();
    await tv.getByRole("heading", { name: "Device not connected" }).waitFor();
    assert.equal((await poll(other.device_code)).error, "access_denied");
  } finally {
    await fresh.close();
  }
});
