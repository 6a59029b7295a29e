import { afterEach, describe, expect, it } from "vitest";
import type { SocialProviderOption } from "../../options/auth-options.js";
import { driveSocialFlow } from "../../testing/drive-social-flow.js";
import { type FakeOAuthServer, startFakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { makeTestAuth } from "../../testing/make-test-auth.js";
import { createTestClient } from "../../testing/test-client.js";

const servers: FakeOAuthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const person = {
  sub: "u-1",
  email: "Kim@Example.com",
  email_verified: true,
  name: "Kim",
  picture: "https://idp/kim.png",
};

/** A standards-following OIDC server: discovery, token, userinfo, JWKS and revocation. */
async function fakeOidc() {
  const idp = await startFakeOAuthServer();
  servers.push(idp);
  const idToken = (extra: Record<string, unknown> = {}) =>
    idp.signIdToken({ iss: idp.url, aud: "acme-client", ...person, ...extra });
  idp.route("POST /token", async (req) => {
    if (req.form?.get("grant_type") === "refresh_token") {
      return { json: { access_token: "at.refreshed", token_type: "Bearer", expires_in: 300 } };
    }
    if (req.form?.get("code") !== "good") return { status: 400, json: { error: "invalid_grant" } };
    return {
      json: {
        access_token: "at.1",
        token_type: "Bearer",
        expires_in: 300,
        refresh_token: "rt.1",
        id_token: await idToken(),
      },
    };
  });
  idp.route("GET /userinfo", () => ({ json: person }));
  idp.route("POST /revoke", () => ({ json: {} }));
  return { idp, idToken };
}

const authWith = (acme: SocialProviderOption) => makeTestAuth({ socialProviders: { acme } });

describe("generic OAuth / OIDC provider", () => {
  it("with discoveryUrl: finds the endpoints once, runs OIDC with PKCE, verifies ID tokens against the discovered keys", async () => {
    const { idp, idToken } = await fakeOidc();
    const auth = authWith({
      clientId: "acme-client",
      clientSecret: "acme-secret",
      discoveryUrl: `${idp.url}/.well-known/openid-configuration`,
      authentication: "basic",
    });
    const flow = await driveSocialFlow(auth, "acme", "good");

    const q = flow.authorizationURL.searchParams;
    expect(flow.authorizationURL.origin + flow.authorizationURL.pathname).toBe(`${idp.url}/authorize`);
    expect(q.get("client_id")).toBe("acme-client");
    expect(q.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/acme");
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);

    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = idp.requestsTo("/token");
    expect(tokenRequest?.form?.get("code_verifier")).toMatch(/^[\w.~-]{128}$/);
    // client_secret_basic: credentials in the header, not in the form.
    expect(tokenRequest?.headers.authorization).toBe(`Basic ${btoa("acme-client:acme-secret")}`);
    expect(tokenRequest?.form?.get("client_secret")).toBeNull();
    const user = (await flow.client.get("/get-session")).body.user;
    expect(user).toMatchObject({
      email: "kim@example.com",
      emailVerified: true,
      name: "Kim",
      image: "https://idp/kim.png",
    });

    const ok = await createTestClient(auth).post("/sign-in/social", {
      provider: "acme",
      idToken: { token: await idToken() },
    });
    expect(ok.status).toBe(200);
    const forger = await startFakeOAuthServer();
    servers.push(forger);
    const forged = await forger.signIdToken({ ...person, iss: idp.url, aud: "acme-client" });
    expect(
      (await createTestClient(auth).post("/sign-in/social", { provider: "acme", idToken: { token: forged } })).status,
    ).toBe(401);
    const otherIssuer = await idToken({ iss: "https://elsewhere.example.com" });
    expect(
      (await createTestClient(auth).post("/sign-in/social", { provider: "acme", idToken: { token: otherIssuer } }))
        .status,
    ).toBe(401);

    expect((await flow.client.post("/refresh-token", { providerId: "acme" })).body.accessToken).toBe("at.refreshed");
    expect(idp.requestsTo("/.well-known/openid-configuration")).toHaveLength(1);
  });

  it("with explicit endpoints: a plain OAuth 2.0 server, profile from its user endpoint, PKCE switched off", async () => {
    const idp = await startFakeOAuthServer();
    servers.push(idp);
    idp.route("POST /oauth/access", (req) =>
      req.form?.get("code") === "good"
        ? { json: { access_token: "plain.1", token_type: "bearer", scope: "read" } }
        : { status: 400, json: { error: "invalid_grant" } },
    );
    idp.route("GET /api/me", (req) =>
      req.headers.authorization === "Bearer plain.1"
        ? {
            json: {
              id: 42,
              email: "lee@example.com",
              verified: true,
              display_name: "Lee",
              avatar: "https://x/lee.png",
            },
          }
        : { status: 401, json: {} },
    );
    const auth = authWith({
      clientId: "plain-client",
      clientSecret: "plain-secret",
      endpoints: {
        authorization: `${idp.url}/oauth/authorize`,
        token: `${idp.url}/oauth/access`,
        userInfo: `${idp.url}/api/me`,
      },
      scope: ["read"],
      pkce: false,
      mapProfile: (profile, raw) => {
        const me = raw as { verified: boolean; display_name: string; avatar: string };
        return { ...profile, emailVerified: me.verified, name: me.display_name, image: me.avatar };
      },
    });
    const flow = await driveSocialFlow(auth, "acme", "good");
    expect(flow.authorizationURL.origin + flow.authorizationURL.pathname).toBe(`${idp.url}/oauth/authorize`);
    expect(flow.authorizationURL.searchParams.get("scope")).toBe("read");
    expect(flow.authorizationURL.searchParams.get("code_challenge")).toBeNull();
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = idp.requestsTo("/oauth/access");
    expect(tokenRequest?.form?.get("code_verifier")).toBeNull();
    expect(tokenRequest?.form?.get("client_secret")).toBe("plain-secret");
    expect((await flow.client.get("/get-session")).body.user).toMatchObject({
      email: "lee@example.com",
      emailVerified: true,
      name: "Lee",
      image: "https://x/lee.png",
    });
    expect((await flow.client.get("/list-accounts")).body[0].accountId).toBe("42");
    // No JWKS known: ID tokens cannot be checked, so they are not accepted at all.
    const r = await createTestClient(auth).post("/sign-in/social", { provider: "acme", idToken: { token: "x.y.z" } });
    expect(r.status).toBe(400);
  });

  it("with discovery unreachable: a clear error at sign-in, an error-page redirect (not a 500) at the callback, and a retry once it is back", async () => {
    const { idp } = await fakeOidc();
    let up = false;
    idp.route("GET /flaky/.well-known/openid-configuration", () =>
      up
        ? {
            json: {
              issuer: idp.url,
              authorization_endpoint: `${idp.url}/authorize`,
              token_endpoint: `${idp.url}/token`,
              jwks_uri: `${idp.url}/jwks`,
            },
          }
        : { status: 503, text: "down" },
    );
    const discoveryUrl = `${idp.url}/flaky/.well-known/openid-configuration`;

    const onlyDiscovery = authWith({ clientId: "acme-client", discoveryUrl });
    const start = await createTestClient(onlyDiscovery).post("/sign-in/social", {
      provider: "acme",
      callbackURL: "/x",
    });
    expect(start.status).toBe(502);
    expect(start.body.code).toBe("PROVIDER_DISCOVERY_FAILED");
    expect(start.body.message).toBe("Could not load the OpenID configuration of provider acme");
    const closed = await startFakeOAuthServer();
    await closed.close();
    const nowhere = authWith({
      clientId: "acme-client",
      discoveryUrl: `${closed.url}/.well-known/openid-configuration`,
    });
    const refused = await createTestClient(nowhere).post("/sign-in/social", { provider: "acme", callbackURL: "/x" });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe("Could not load the OpenID configuration of provider acme");

    // The authorization endpoint is given, so the browser gets to the provider; the token endpoint
    // would come from discovery, which is down when the browser returns.
    const partial = authWith({
      clientId: "acme-client",
      discoveryUrl,
      endpoints: { authorization: `${idp.url}/authorize` },
    });
    const failed = await driveSocialFlow(partial, "acme", "good");
    expect(failed.callback.status).toBe(302);
    expect(failed.error).toBe("invalid_code");
    expect(failed.location).toMatch(/^http:\/\/localhost:3000\/api\/auth\/error\?/);
    expect(idp.requestsTo("/token")).toHaveLength(0);

    up = true;
    const retried = await driveSocialFlow(partial, "acme", "good");
    expect(retried.location).toBe("/dashboard");
    expect((await retried.client.get("/get-session")).body.user.email).toBe("kim@example.com");
  });

  it("sends prompt, responseMode, accessType and authorizationParams; refuses reserved params and `scopes` at startup", async () => {
    const { idp } = await fakeOidc();
    const discoveryUrl = `${idp.url}/.well-known/openid-configuration`;
    const auth = authWith({
      clientId: "acme-client",
      discoveryUrl,
      scope: ["offline_access"],
      prompt: "consent",
      responseMode: "form_post",
      accessType: "offline",
      authorizationParams: { acr_values: "mfa", ui_locales: "fr" },
    });
    const r = await createTestClient(auth).post("/sign-in/social", {
      provider: "acme",
      callbackURL: "/x",
      scopes: ["extra"],
      loginHint: "kim@example.com",
    });
    const q = new URL(r.body.url).searchParams;
    expect(q.get("scope")).toBe("openid email profile offline_access extra");
    expect(q.get("prompt")).toBe("consent");
    expect(q.get("response_mode")).toBe("form_post");
    expect(q.get("access_type")).toBe("offline");
    expect(q.get("acr_values")).toBe("mfa");
    expect(q.get("ui_locales")).toBe("fr");
    expect(q.get("login_hint")).toBe("kim@example.com");
    expect(q.get("nonce")).toMatch(/^[A-Za-z0-9]{32}$/);

    for (const name of ["state", "nonce", "redirect_uri", "code_challenge", "scope"]) {
      expect(() => authWith({ clientId: "c", discoveryUrl, authorizationParams: { [name]: "x" } })).toThrow(
        new RegExp(`authorizationParams cannot set ${name}`),
      );
    }
    expect(() => authWith({ clientId: "c", discoveryUrl, scopes: ["read"] })).toThrow(/acme.scopes is not an option/);
    const endpoints = { authorization: `${idp.url}/authorize`, token: `${idp.url}/token`, jwks: `${idp.url}/jwks` };
    expect(() => authWith({ clientId: "c", endpoints })).toThrow(/endpoints.jwks without issuer/);
  });

  it("disableIdTokenSignIn refuses native ID tokens; the redirect flow still signs in", async () => {
    const { idp, idToken } = await fakeOidc();
    const auth = authWith({
      clientId: "acme-client",
      discoveryUrl: `${idp.url}/.well-known/openid-configuration`,
      disableIdTokenSignIn: true,
    });
    const r = await createTestClient(auth).post("/sign-in/social", {
      provider: "acme",
      idToken: { token: await idToken() },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("ID_TOKEN_NOT_SUPPORTED");
    expect((await driveSocialFlow(auth, "acme", "good")).location).toBe("/dashboard");
  });

  it("verifies the ID token of a refresh: a forged one fails the refresh and is not stored", async () => {
    const { idp } = await fakeOidc();
    const forger = await startFakeOAuthServer();
    servers.push(forger);
    const auth = authWith({ clientId: "acme-client", discoveryUrl: `${idp.url}/.well-known/openid-configuration` });
    const flow = await driveSocialFlow(auth, "acme", "good");
    expect(flow.location).toBe("/dashboard");
    let forged = true;
    idp.route("POST /token", async () => ({
      json: {
        access_token: "at.2",
        token_type: "Bearer",
        expires_in: 300,
        id_token: await (forged ? forger : idp).signIdToken({ ...person, iss: idp.url, aud: "acme-client" }),
      },
    }));
    const refused = await flow.client.post("/refresh-token", { providerId: "acme" });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("FAILED_TO_REFRESH_ACCESS_TOKEN");
    expect((await flow.client.post("/get-access-token", { providerId: "acme" })).body.accessToken).toBe("at.1");
    forged = false;
    expect((await flow.client.post("/refresh-token", { providerId: "acme" })).body.accessToken).toBe("at.2");
  });

  it("refuses at startup a provider that has neither discoveryUrl nor endpoints", () => {
    expect(() => authWith({ clientId: "x" })).toThrow(/discoveryUrl or endpoints/);
    expect(() => authWith({ clientId: "x", endpoints: { userInfo: "https://idp.example.com/me" } })).toThrow(
      /endpoints.authorization and endpoints.token/,
    );
  });
});
