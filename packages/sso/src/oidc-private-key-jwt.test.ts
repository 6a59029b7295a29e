// OIDC connections that authenticate to the provider's token endpoint with private_key_jwt (RFC 7523):
// a key pair per connection (the private key sealed like client secrets), the public key at the
// connection's JWKS URL, which the OpenID Provider (a second Gatehouse with oauth-provider) fetches to
// check the client assertion.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, KEY_CLIENT, type OidcKit, startOidcKit } from "../test/oidc-kit.js";

let kit: OidcKit;
beforeAll(async () => {
  kit = await startOidcKit({}, ["pkj", "impostor", "okta"]);
});
afterAll(() => kit?.close());

const keyConfig = { clientId: KEY_CLIENT.id, clientSecret: undefined, tokenEndpointAuthentication: "private_key_jwt" };

describe("private_key_jwt", () => {
  it("registers without a secret: a key pair, the private half sealed, the public one at the JWKS URL", async () => {
    const r = await kit.connect("pkj", { domain: "keys.test", oidcConfig: keyConfig });
    expect(r.status).toBe(200);
    const body = r.json();
    expect(body.jwksURI).toBe(`${kit.api}/sso/oidc/jwks/pkj`);
    expect((body.oidcConfig as Record<string, unknown>).tokenAuth).toBe("private_key_jwt");
    expect(r.text).not.toContain("PRIVATE KEY");
    const jwks = await new Browser().go(`${kit.api}/sso/oidc/jwks/pkj`);
    expect(jwks.status).toBe(200);
    const [key, ...rest] = jwks.json().keys as Record<string, string>[];
    expect(rest).toEqual([]);
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(key?.kid).toBeTruthy();
    expect(key?.d).toBeUndefined();
    const row = await kit.auth.$context.db.findOne<{ secret: string; config: string }>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: "pkj" }],
    });
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain("PRIVATE KEY");
    expect(row?.config).not.toContain('"d"');
  });

  it("signs a person in: the token request carries a client assertion the provider verifies with the JWKS", async () => {
    const browser = new Browser();
    await kit.idpUser(browser, "kim@keys.test");
    const { callback } = await kit.toIdp(browser, { providerId: "pkj" });
    const back = await browser.go(callback);
    expect(back.location).toBe(`${kit.appUrl}/dashboard`);
    expect((await kit.session(browser))?.user.email).toBe("kim@keys.test");
  });

  it("refuses a connection whose key the provider does not know (another connection's key pair)", async () => {
    // Same client id at the provider, but its own key pair: the provider's jwks_uri is pkj's.
    const r = await kit.connect("impostor", { domain: "impostor.test", oidcConfig: keyConfig });
    expect(r.status).toBe(200);
    const browser = new Browser();
    await kit.idpUser(browser, "eve@impostor.test");
    const { callback } = await kit.toIdp(browser, { providerId: "impostor" });
    const back = await browser.go(callback);
    expect(back.location).toContain("error=invalid_client");
    expect(await kit.session(browser)).toBeNull();
  });

  it("refuses a secret with private_key_jwt, no secret without it, and a secret update on a key connection", async () => {
    const both = await kit.connect("okta", {
      domain: "both.test",
      oidcConfig: { ...keyConfig, clientSecret: "a-secret-0123456789abcdef" },
    });
    expect(both.status).toBe(400);
    expect(both.json().code).toBe("INVALID_PROVIDER_CONFIG");
    const neither = await kit.connect("okta", { domain: "neither.test", oidcConfig: { clientSecret: undefined } });
    expect(neither.status).toBe(400);
    const update = await kit.owner.post(`${kit.api}/sso/update-provider`, {
      providerId: "pkj",
      oidcConfig: { clientSecret: "a-secret-0123456789abcdef" },
    });
    expect(update.status).toBe(400);
    // The JWKS route answers only for private_key_jwt connections.
    expect((await kit.connect("okta", { domain: "secret.test" })).status).toBe(200);
    expect((await new Browser().go(`${kit.api}/sso/oidc/jwks/okta`)).status).toBe(404);
    expect((await new Browser().go(`${kit.api}/sso/oidc/jwks/nobody`)).status).toBe(404);
  });
});
