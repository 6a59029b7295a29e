import { afterEach, describe, expect, it } from "vitest";
import { driveSocialFlow } from "../../testing/drive-social-flow.js";
import { type FakeOAuthServer, startFakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { makeTestAuth } from "../../testing/make-test-auth.js";
import { createTestClient } from "../../testing/test-client.js";
import { type MicrosoftOptions, microsoft } from "./microsoft.js";

const servers: FakeOAuthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const CONTOSO = "72f988bf-86f1-41af-91ab-2d7cd011db47";
const FABRIKAM = "3f2a9c1e-0b7d-4e5a-9f21-6c8d4b2e1a07";
const CONSUMERS = "9188040d-6c67-4c5b-b112-36a304b66dad";

/**
 * Entra ID v2.0 as documented: the token endpoint under the tenant path, keys at
 * /{tenant}/discovery/v2.0/keys, ID tokens whose `iss` names the user's own tenant.
 */
async function fakeEntra(tenantPath = "common") {
  const idp = await startFakeOAuthServer();
  servers.push(idp);
  const idToken = (tid = CONTOSO, extra: Record<string, unknown> = {}) =>
    idp.signIdToken({
      ver: "2.0",
      iss: `${idp.url}/${tid}/v2.0`,
      aud: "ms-client",
      tid,
      oid: "00000000-0000-0000-66f3-3332eca7ea81",
      sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Megan Bowen",
      preferred_username: "megan@contoso.com",
      email: "Megan@Contoso.com",
      xms_edov: true,
      ...extra,
    });
  idp.route(`GET /${tenantPath}/discovery/v2.0/keys`, () => ({ json: { keys: [idp.jwk] } }));
  idp.route(`POST /${tenantPath}/oauth2/v2.0/token`, async (req) => {
    if (req.form?.get("grant_type") === "refresh_token") {
      return {
        json: {
          token_type: "Bearer",
          scope: "User.Read",
          expires_in: 3600,
          ext_expires_in: 3600,
          access_token: "eyJ0.refreshed",
        },
      };
    }
    if (req.form?.get("code") !== "M.good")
      return { status: 400, json: { error: "invalid_grant", error_codes: [70000] } };
    return {
      json: {
        token_type: "Bearer",
        scope: "openid profile email User.Read",
        expires_in: 3600,
        ext_expires_in: 3600,
        access_token: "eyJ0.access",
        refresh_token: "0.AAAA.refresh",
        id_token: await idToken(),
      },
    };
  });
  idp.route("GET /v1.0/me", () => ({
    json: { id: "87d349ed-44d7-43e1-9a83-5f2406dee5bd", displayName: "Megan Bowen", mail: "megan@contoso.com" },
  }));
  return { idp, idToken };
}

const setup = (idp: FakeOAuthServer, options: Partial<MicrosoftOptions> = {}) =>
  makeTestAuth({
    socialProviders: {
      microsoft: microsoft({
        clientId: "ms-client",
        clientSecret: "ms-secret",
        authority: idp.url,
        prompt: "select_account",
        endpoints: { userInfo: `${idp.url}/v1.0/me` },
        ...options,
      }),
    },
  });

describe("microsoft", () => {
  it("runs the v2.0 code flow on the common tenant and signs the user up from the ID token", async () => {
    const { idp } = await fakeEntra();
    const auth = setup(idp);
    const flow = await driveSocialFlow(auth, "microsoft", "M.good");

    const q = flow.authorizationURL.searchParams;
    expect(flow.authorizationURL.origin + flow.authorizationURL.pathname).toBe(
      `${idp.url}/common/oauth2/v2.0/authorize`,
    );
    expect(q.get("client_id")).toBe("ms-client");
    expect(q.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/microsoft");
    expect(q.get("scope")).toBe("openid profile email offline_access User.Read");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("prompt")).toBe("select_account");
    expect(q.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);

    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = idp.requestsTo("/common/oauth2/v2.0/token");
    expect(tokenRequest?.form?.get("code_verifier")).toMatch(/^[\w.~-]{128}$/);
    expect(tokenRequest?.form?.get("client_id")).toBe("ms-client");
    expect(tokenRequest?.form?.get("client_secret")).toBe("ms-secret");

    const session = (await flow.client.get("/get-session")).body;
    expect(session.user).toMatchObject({
      email: "megan@contoso.com",
      emailVerified: true,
      name: "Megan Bowen",
      image: null,
    });
    expect(idp.requestsTo("/v1.0/me")).toHaveLength(0);

    const r = await flow.client.post("/refresh-token", { providerId: "microsoft" });
    expect(r.body.accessToken).toBe("eyJ0.refreshed");
  });

  it("does not vouch for an email Entra did not verify", async () => {
    const { idp, idToken } = await fakeEntra();
    const auth = setup(idp);
    const r = await createTestClient(auth).post("/sign-in/social", {
      provider: "microsoft",
      idToken: { token: await idToken(CONTOSO, { xms_edov: undefined }) },
    });
    expect(r.status).toBe(200);
    expect(r.body.user.emailVerified).toBe(false);
  });

  it("accepts ID tokens from any tenant on common, but only with the issuer of the tenant they name", async () => {
    const { idp, idToken } = await fakeEntra();
    const auth = setup(idp);
    const post = async (token: string) =>
      (await createTestClient(auth).post("/sign-in/social", { provider: "microsoft", idToken: { token } })).status;
    expect(await post(await idToken(FABRIKAM))).toBe(200);
    expect(await post(await idToken(CONSUMERS, { email: "someone@outlook.com" }))).toBe(200);
    // An issuer of one tenant with the tid of another, or a foreign host: refused.
    expect(await post(await idToken(FABRIKAM, { tid: CONTOSO }))).toBe(401);
    expect(await post(await idToken(CONTOSO, { iss: `https://evil.example.com/${CONTOSO}/v2.0` }))).toBe(401);
    const forger = await startFakeOAuthServer();
    servers.push(forger);
    const forged = await forger.signIdToken({
      iss: `${idp.url}/${CONTOSO}/v2.0`,
      tid: CONTOSO,
      aud: "ms-client",
      sub: "x",
    });
    expect(await post(forged)).toBe(401);
  });

  it("a single-tenant configuration refuses users of other tenants", async () => {
    const { idp, idToken } = await fakeEntra(CONTOSO);
    const auth = setup(idp, { tenantId: CONTOSO });
    const post = async (token: string) =>
      (await createTestClient(auth).post("/sign-in/social", { provider: "microsoft", idToken: { token } })).status;
    expect(await post(await idToken(CONTOSO))).toBe(200);
    expect(await post(await idToken(FABRIKAM))).toBe(401);
  });

  it("falls back to Graph /me when the token response has no ID token", async () => {
    const { idp } = await fakeEntra();
    idp.route("POST /common/oauth2/v2.0/token", () => ({
      json: { token_type: "Bearer", expires_in: 3600, access_token: "eyJ0.access" },
    }));
    const flow = await driveSocialFlow(setup(idp), "microsoft", "M.good");
    expect(flow.location).toBe("/dashboard");
    expect(idp.requestsTo("/v1.0/me")[0]?.headers.authorization).toBe("Bearer eyJ0.access");
    const user = (await flow.client.get("/get-session")).body.user;
    expect(user).toMatchObject({ email: "megan@contoso.com", emailVerified: false, name: "Megan Bowen" });
  });
});
