// Attacks on OIDC connections. Against the real IdP (a second Gatehouse running oauth-provider): a forged
// or foreign state, a replayed callback and code, an address outside the verified domain, an unverified
// email claim, a takeover of an unverified local account. Against a malicious OP on 127.0.0.1: an ID
// token for another client, from another issuer, with another nonce, signed by another key, a wrong
// RFC 9207 `iss`, and discovery that redirects or names another issuer. None may yield a session.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeOp, startFakeOp } from "../test/fake-op.js";
import { Browser, CLIENT, OTHER_CLIENT, type OidcKit, startOidcKit } from "../test/oidc-kit.js";

let kit: OidcKit;
let op: FakeOp;
beforeAll(async () => {
  op = await startFakeOp(CLIENT.id);
  kit = await startOidcKit({ oidc: { loopbackOrigins: [op.issuer] } }, ["okta", "entra"]);
  for (const id of ["okta", "entra"]) expect((await kit.connect(id)).status).toBe(200);
  expect((await kit.connect("fake", { issuer: op.issuer })).status).toBe(200);
});
afterAll(async () => {
  await op?.close();
  await kit?.close();
});
afterEach(() => {
  for (const key of Object.keys(op.bad)) delete op.bad[key as keyof typeof op.bad];
});

let n = 0;
/** A person at the real IdP, signed in there in a fresh browser. */
async function person(local = `p${++n}`, domain = "acme.test", verified = true) {
  const browser = new Browser();
  const email = `${local}@${domain}`;
  await kit.idpUser(browser, email, verified);
  return { browser, email };
}

const errorOf = (location: string | null) => (location ? new URL(location).searchParams.get("error") : null);

/** Goes to the callback and expects a refusal with `code` and no session. */
async function expectRefused(browser: Browser, callback: string, code: string) {
  const back = await browser.go(callback);
  expect(back.status).toBe(302);
  expect(errorOf(back.location)).toBe(code);
  expect(await kit.session(browser)).toBeNull();
}

describe("against the real IdP", () => {
  it("refuses a callback whose state was altered, and the flow is spent", async () => {
    const { browser } = await person();
    const { callback } = await kit.toIdp(browser, { providerId: "okta" });
    const forged = new URL(callback);
    forged.searchParams.set("state", "forged-state-value");
    await expectRefused(browser, forged.href, "invalid_state");
    // The real answer comes too late: the pending flow was used up by the forged one.
    await expectRefused(browser, callback, "invalid_state");
  });

  it("refuses a callback in another browser (login CSRF): the flow is bound to the one that started it", async () => {
    const { browser } = await person();
    const { callback } = await kit.toIdp(browser, { providerId: "okta" });
    const victim = new Browser();
    await expectRefused(victim, callback, "invalid_state");
  });

  it("refuses a flow answered at another connection's callback", async () => {
    const { browser } = await person();
    const { callback } = await kit.toIdp(browser, { providerId: "okta" });
    await expectRefused(browser, callback.replace("/sso/callback/okta", "/sso/callback/entra"), "invalid_provider");
  });

  it("refuses a replayed callback and a replayed code", async () => {
    const { browser } = await person();
    const first = await kit.toIdp(browser, { providerId: "okta" });
    expect((await browser.go(first.callback)).location).toBe(`${kit.appUrl}/dashboard`);
    // The same callback again, in the same browser and in another one.
    await expectRefused(new Browser(), first.callback, "invalid_state");
    const signedIn = await browser.go(first.callback);
    expect(errorOf(signedIn.location)).toBe("invalid_state");
    // A new flow, answered with the old (spent) code: the IdP refuses it, so do we.
    const attacker = await person();
    const second = await kit.toIdp(attacker.browser, { providerId: "okta" });
    const replay = new URL(second.callback);
    replay.searchParams.set("code", new URL(first.callback).searchParams.get("code") ?? "");
    await expectRefused(attacker.browser, replay.href, "invalid_grant");
  });

  it("refuses an address outside the connection's verified domain, and creates nobody", async () => {
    const { browser, email } = await person("eve", "evil.test");
    const { callback } = await kit.toIdp(browser, { providerId: "okta" });
    await expectRefused(browser, callback, "domain_not_verified");
    expect(await kit.auth.$context.db.findOne({ model: "user", where: [{ field: "email", value: email }] })).toBeNull();
  });

  it("refuses an ID token whose email_verified is false", async () => {
    const { browser, email } = await person("unproven", "acme.test", false);
    const { callback } = await kit.toIdp(browser, { providerId: "okta" });
    await expectRefused(browser, callback, "email_not_verified");
    expect(await kit.auth.$context.db.findOne({ model: "user", where: [{ field: "email", value: email }] })).toBeNull();
  });

  it("never links into an unverified local account of the same address", async () => {
    // Someone registered the address at the app first, without proving it.
    const squatter = new Browser();
    const up = await squatter.post(`${kit.api}/sign-up/email`, {
      name: "Squatter",
      email: "bob@acme.test",
      password: "password-123",
    });
    expect(up.status).toBe(200);
    const squatterId = (up.json().user as { id: string }).id;
    const { browser } = await person("bob");
    const { callback } = await kit.toIdp(browser, { providerId: "okta" });
    await expectRefused(browser, callback, "sso_account_not_linked");
    const linked = await kit.auth.$context.db.findMany<{ providerId: string }>({
      model: "account",
      where: [{ field: "userId", value: squatterId }],
    });
    expect(linked.map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("routes no sign-in through a connection whose domain is not verified", async () => {
    expect((await kit.connect("pending", { verify: false, domain: "pending.test" })).status).toBe(200);
    const browser = new Browser();
    const r = await browser.post(`${kit.api}/sign-in/sso`, { providerId: "pending", callbackURL: "/dashboard" });
    expect(r.status).toBe(403);
    expect(r.json().code).toBe("DOMAIN_NOT_VERIFIED");
    const byEmail = await browser.post(`${kit.api}/sign-in/sso`, { email: "x@pending.test", callbackURL: "/" });
    expect(byEmail.status).toBe(404);
  });
});

describe("registration", () => {
  it("refuses a stranger, a member who is not a manager, and no session", async () => {
    const body = {
      providerId: "stranger",
      issuer: kit.issuer,
      domain: "acme.test",
      organizationId: kit.organizationId,
      oidcConfig: { clientId: CLIENT.id, clientSecret: CLIENT.secret },
    };
    const stranger = new Browser();
    await stranger.post(`${kit.api}/sign-up/email`, { name: "S", email: "s@stranger.test", password: "password-123" });
    expect((await stranger.post(`${kit.api}/sso/register`, body)).status).toBe(403);
    expect((await new Browser().post(`${kit.api}/sso/register`, body)).status).toBe(401);
  });

  it("refuses an issuer that is neither https nor loopback, discovery that redirects, and another issuer's document", async () => {
    const plain = await kit.connect("plainhttp", { issuer: "http://idp.example.com" });
    expect(plain.status).toBe(400);
    expect(plain.json().code).toBe("OIDC_DISCOVERY_FAILED");
    // SSRF: a loopback service of the app's machine that is not a configured IdP origin — a working OP
    // on another port, Redis, PostgreSQL.
    const unlisted = await startFakeOp(CLIENT.id);
    const notListed = await kit.connect("unlisted", { issuer: unlisted.issuer });
    await unlisted.close();
    expect(notListed.status).toBe(400);
    expect(notListed.json().code).toBe("OIDC_DISCOVERY_FAILED");
    for (const issuer of ["http://127.0.0.1:6379", "https://localhost:6379", "http://127.0.0.2:5432"]) {
      const local = await kit.connect("loopback", { issuer });
      expect(local.status).toBe(400);
      expect(local.json().code).toBe("OIDC_DISCOVERY_FAILED");
    }
    op.bad.discoveryRedirect = `${kit.issuer}/.well-known/openid-configuration`;
    const redirected = await kit.connect("redirected", { issuer: op.issuer });
    expect(redirected.status).toBe(400);
    expect(redirected.json().code).toBe("OIDC_DISCOVERY_FAILED");
    delete op.bad.discoveryRedirect;
    op.bad.discoveryIssuer = kit.issuer;
    const mixedUp = await kit.connect("mixedup", { issuer: op.issuer });
    expect(mixedUp.status).toBe(400);
    // A discovery URL on another host than the issuer still has to name the registered issuer.
    delete op.bad.discoveryIssuer;
    const elsewhere = await kit.connect("elsewhere", {
      issuer: kit.issuer,
      oidcConfig: { discoveryUrl: `${op.issuer}/.well-known/openid-configuration` },
    });
    expect(elsewhere.status).toBe(400);
    const pkceOff = await kit.connect("pkceoff", { oidcConfig: { pkce: false } });
    expect(pkceOff.status).toBe(400);
  });
});

describe("against a malicious OpenID Provider", () => {
  async function viaFakeOp() {
    const browser = new Browser();
    const { callback } = await kit.toIdp(browser, { providerId: "fake" });
    return { browser, callback };
  }

  it("signs in when the OP behaves (the control case)", async () => {
    const { browser, callback } = await viaFakeOp();
    expect((await browser.go(callback)).location).toBe(`${kit.appUrl}/dashboard`);
    expect((await kit.session(browser))?.user.email).toBe("grace@acme.test");
  });

  it("refuses an ID token issued to another client (aud)", async () => {
    op.bad.aud = OTHER_CLIENT.id;
    const { browser, callback } = await viaFakeOp();
    await expectRefused(browser, callback, "invalid_audience");
  });

  it("refuses an ID token from another issuer", async () => {
    op.bad.idTokenIssuer = kit.issuer;
    const { browser, callback } = await viaFakeOp();
    await expectRefused(browser, callback, "invalid_issuer");
  });

  it("refuses an ID token with another nonce", async () => {
    op.bad.nonce = "not-the-nonce-we-sent";
    const { browser, callback } = await viaFakeOp();
    await expectRefused(browser, callback, "invalid_nonce");
  });

  it("refuses an ID token signed by a key the OP does not publish", async () => {
    op.bad.otherKey = true;
    const { browser, callback } = await viaFakeOp();
    await expectRefused(browser, callback, "invalid_id_token");
  });

  it("refuses an authorization response whose iss is another issuer (RFC 9207 mix-up)", async () => {
    op.bad.authResponseIssuer = kit.issuer;
    const { browser, callback } = await viaFakeOp();
    await expectRefused(browser, callback, "invalid_issuer");
  });

  it("refuses an address outside the domain even when the OP vouches for it", async () => {
    op.bad.email = "ceo@bank.test";
    const { browser, callback } = await viaFakeOp();
    await expectRefused(browser, callback, "domain_not_verified");
  });
});
