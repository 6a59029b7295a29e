// OIDC connections against a real OpenID Provider: a second Gatehouse instance running
// @gatehouse-auth/oauth-provider on 127.0.0.1, the full browser round trip over HTTP with cookie jars.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_SECRET, Browser, CLIENT, type OidcKit, startOidcKit } from "../test/oidc-kit.js";

let kit: OidcKit;
beforeAll(async () => {
  kit = await startOidcKit({}, ["okta", "unverified", "other"]);
});
afterAll(() => kit?.close());

describe("OIDC connection", () => {
  it("registers through discovery, keeps the client secret encrypted, names the redirect URI", async () => {
    const r = await kit.connect("okta");
    expect(r.status).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      providerId: "okta",
      protocol: "oidc",
      domainVerified: false,
      redirectURI: `${kit.api}/sso/callback/okta`,
      oidcConfig: {
        issuer: kit.issuer,
        clientId: CLIENT.id,
        authorizationEndpoint: `${kit.issuer}/oauth2/authorize`,
        pkce: true,
      },
    });
    expect(r.text).not.toContain(CLIENT.secret);
    const row = await kit.auth.$context.db.findOne<{ secret: string; config: string }>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: "okta" }],
    });
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain(CLIENT.secret);
    expect(row?.config).not.toContain(CLIENT.secret);
    const listed = await kit.owner.go(`${kit.api}/sso/providers?organizationId=${kit.organizationId}`);
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(CLIENT.secret);
    expect(APP_SECRET).toBeTruthy();
  });

  it("signs a new person in by email domain: state, PKCE and nonce sent, user and membership created", async () => {
    const browser = new Browser();
    await kit.idpUser(browser, "ada@acme.test");
    const { authorize, callback } = await kit.toIdp(browser, { email: "ada@acme.test" });
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("scope")?.split(" ")).toContain("openid");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${kit.api}/sso/callback/okta`);
    const back = await browser.go(callback);
    expect(back.status).toBe(302);
    expect(back.location).toBe(`${kit.appUrl}/dashboard`);
    const session = await kit.session(browser);
    expect(session?.user.email).toBe("ada@acme.test");
    const member = await kit.auth.$context.db.findOne<{ role: string }>({
      model: "member",
      where: [
        { field: "organizationId", value: kit.organizationId },
        { field: "userId", value: session?.user.id ?? "" },
      ],
    });
    expect(member?.role).toBe("member");
  });

  it("rotates the client secret: kept encrypted, a wrong one fails at the token endpoint, the right one works again", async () => {
    const rotate = (clientSecret: string) =>
      kit.owner.post(`${kit.api}/sso/update-provider`, { providerId: "okta", oidcConfig: { clientSecret } });
    const wrong = await rotate("not-the-secret-the-idp-knows-0123456789");
    expect(wrong.status).toBe(200);
    expect(wrong.text).not.toContain("not-the-secret");
    const browser = new Browser();
    await kit.idpUser(browser, "rotation@acme.test");
    const first = await kit.toIdp(browser, { providerId: "okta" });
    const refused = await browser.go(first.callback);
    expect(new URL(refused.location ?? "").searchParams.get("error")).toBe("invalid_client");
    expect(await kit.session(browser)).toBeNull();
    expect((await rotate(CLIENT.secret)).status).toBe(200);
    const second = await kit.toIdp(browser, { providerId: "okta" });
    expect((await browser.go(second.callback)).location).toBe(`${kit.appUrl}/dashboard`);
    // SAML settings on an OIDC connection are refused, not ignored.
    const mixed = await kit.owner.post(`${kit.api}/sso/update-provider`, {
      providerId: "okta",
      samlConfig: { entryPoint: "https://idp.example.com/sso" },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.json().code).toBe("INVALID_PROVIDER_CONFIG");
  });

  it("under enforcement, a password sign-in of the domain is refused while the OIDC sign-in goes on", async () => {
    // A local password account of the domain, made before enforcement.
    const local = new Browser();
    const up = await local.post(`${kit.api}/sign-up/email`, {
      name: "Local",
      email: "local@acme.test",
      password: "password-123",
    });
    expect(up.status).toBe(200);
    const on = await kit.owner.post(`${kit.api}/sso/update-provider`, { providerId: "okta", enforceSSO: true });
    expect(on.status).toBe(200);
    const password = await new Browser().post(`${kit.api}/sign-in/email`, {
      email: "local@acme.test",
      password: "password-123",
    });
    expect(password.status).toBe(403);
    expect(password.json().code).toBe("SSO_REQUIRED");
    const browser = new Browser();
    await kit.idpUser(browser, "enforced@acme.test");
    const { callback } = await kit.toIdp(browser, { email: "enforced@acme.test" });
    expect((await browser.go(callback)).location).toBe(`${kit.appUrl}/dashboard`);
    expect((await kit.session(browser))?.user.email).toBe("enforced@acme.test");
    expect(
      (await kit.owner.post(`${kit.api}/sso/update-provider`, { providerId: "okta", enforceSSO: false })).status,
    ).toBe(200);
  });
});
