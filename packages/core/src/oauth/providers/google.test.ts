import { afterEach, describe, expect, it } from "vitest";
import { driveSocialFlow } from "../../testing/drive-social-flow.js";
import { type FakeOAuthServer, startFakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { makeTestAuth } from "../../testing/make-test-auth.js";
import { createTestClient } from "../../testing/test-client.js";
import { type GoogleOptions, google } from "./google.js";

const servers: FakeOAuthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const person = {
  sub: "110169484474386276334",
  email: "Ada@Example.com",
  email_verified: true,
  name: "Ada Lovelace",
  picture: "https://lh3.googleusercontent.com/a/ada",
  hd: "example.com",
};

/** Google's token endpoint as documented: JSON with access_token, expires_in, scope, token_type, id_token. */
async function fakeGoogle(claims: Record<string, unknown> = person) {
  const idp = await startFakeOAuthServer();
  servers.push(idp);
  const idToken = (extra: Record<string, unknown> = {}) =>
    idp.signIdToken({ iss: idp.url, aud: "google-client", azp: "google-client", ...claims, ...extra });
  idp.route("POST /token", async (req) => {
    if (req.form?.get("grant_type") === "refresh_token") {
      if (req.form.get("refresh_token") !== "1//refresh") return { status: 400, json: { error: "invalid_grant" } };
      return { json: { access_token: "ya29.refreshed", expires_in: 3599, scope: "openid", token_type: "Bearer" } };
    }
    if (req.form?.get("code") !== "4/good-code") return { status: 400, json: { error: "invalid_grant" } };
    return {
      json: {
        access_token: "ya29.access",
        expires_in: 3599,
        refresh_token: "1//refresh",
        scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
        token_type: "Bearer",
        id_token: await idToken(),
      },
    };
  });
  idp.route("GET /userinfo", () => ({ json: claims }));
  return { idp, idToken };
}

function setup(idp: FakeOAuthServer, options: Partial<GoogleOptions> = {}) {
  return makeTestAuth({
    socialProviders: {
      google: google({
        clientId: "google-client",
        clientSecret: "google-secret",
        accessType: "offline",
        prompt: "select_account consent",
        issuer: idp.url,
        endpoints: {
          authorization: `${idp.url}/authorize`,
          token: `${idp.url}/token`,
          userInfo: `${idp.url}/userinfo`,
          jwks: `${idp.url}/jwks`,
          revocation: `${idp.url}/revoke`,
        },
        ...options,
      }),
    },
  });
}

describe("google", () => {
  it("sends the browser to Google with PKCE and Google's parameters, then signs the user up from the ID token", async () => {
    const { idp } = await fakeGoogle();
    const auth = setup(idp, { hd: "example.com" });
    const flow = await driveSocialFlow(auth, "google", "4/good-code", { body: { loginHint: "ada@example.com" } });

    const q = flow.authorizationURL.searchParams;
    expect(flow.authorizationURL.origin + flow.authorizationURL.pathname).toBe(`${idp.url}/authorize`);
    expect(q.get("client_id")).toBe("google-client");
    expect(q.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/google");
    expect(q.get("response_type")).toBe("code");
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(q.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(q.get("access_type")).toBe("offline");
    expect(q.get("prompt")).toBe("select_account consent");
    expect(q.get("hd")).toBe("example.com");
    expect(q.get("login_hint")).toBe("ada@example.com");

    expect(flow.callback.status).toBe(302);
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = idp.requestsTo("/token");
    expect(tokenRequest?.form?.get("grant_type")).toBe("authorization_code");
    expect(tokenRequest?.form?.get("code_verifier")).toMatch(/^[\w.~-]{128}$/);
    expect(tokenRequest?.form?.get("client_id")).toBe("google-client");
    expect(tokenRequest?.form?.get("client_secret")).toBe("google-secret");
    expect(tokenRequest?.form?.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/google");

    const session = (await flow.client.get("/get-session")).body;
    expect(session.user).toMatchObject({
      email: "ada@example.com",
      emailVerified: true,
      name: "Ada Lovelace",
      image: "https://lh3.googleusercontent.com/a/ada",
    });
    const accounts = (await flow.client.get("/list-accounts")).body;
    expect(accounts).toEqual([expect.objectContaining({ provider: "google", accountId: person.sub })]);
    expect(idp.requestsTo("/userinfo")).toHaveLength(0);
  });

  it("refreshes the access token with the stored refresh token", async () => {
    const { idp } = await fakeGoogle();
    const auth = setup(idp);
    const flow = await driveSocialFlow(auth, "google", "4/good-code");
    const r = await flow.client.post("/refresh-token", { providerId: "google" });
    expect(r.status).toBe(200);
    expect(r.body.accessToken).toBe("ya29.refreshed");
    const refresh = idp.requestsTo("/token").find((t) => t.form?.get("grant_type") === "refresh_token");
    expect(refresh?.form?.get("refresh_token")).toBe("1//refresh");
    expect(refresh?.form?.get("client_secret")).toBe("google-secret");
  });

  it("signs in with an ID token from Google's SDK, and refuses a forged one", async () => {
    const { idp, idToken } = await fakeGoogle();
    const auth = setup(idp);
    const client = createTestClient(auth);
    const ok = await client.post("/sign-in/social", {
      provider: "google",
      idToken: { token: await idToken({ nonce: "n-1" }), nonce: "n-1" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ redirect: false, user: { email: "ada@example.com" } });
    expect(typeof ok.body.token).toBe("string");

    const forger = await startFakeOAuthServer();
    servers.push(forger);
    const forged = await forger.signIdToken({ ...person, iss: idp.url, aud: "google-client" });
    const bad = await createTestClient(auth).post("/sign-in/social", {
      provider: "google",
      idToken: { token: forged },
    });
    expect(bad.status).toBe(401);
    const wrongNonce = await createTestClient(auth).post("/sign-in/social", {
      provider: "google",
      idToken: { token: await idToken({ nonce: "n-1" }), nonce: "n-2" },
    });
    expect(wrongNonce.status).toBe(401);
  });

  it("refuses an account outside the configured Workspace domain, however it arrives", async () => {
    const { idp, idToken } = await fakeGoogle({ ...person, hd: "elsewhere.com" });
    const auth = setup(idp, { hd: "example.com" });
    const flow = await driveSocialFlow(auth, "google", "4/good-code");
    expect(flow.error).toBe("invalid_id_token");
    expect((await flow.client.get("/get-session")).body).toBeNull();
    const r = await createTestClient(auth).post("/sign-in/social", {
      provider: "google",
      idToken: { token: await idToken() },
    });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("INVALID_ID_TOKEN");
  });

  it("falls back to the user-info endpoint when no ID token came back, and names a refused code", async () => {
    const { idp } = await fakeGoogle();
    idp.route("POST /token", (req) =>
      req.form?.get("code") === "4/good-code"
        ? { json: { access_token: "ya29.access", expires_in: 3599, token_type: "Bearer" } }
        : { status: 400, json: { error: "invalid_grant" } },
    );
    const auth = setup(idp, { mapProfile: (p) => ({ ...p, name: `${p.name} (Google)` }) });
    const flow = await driveSocialFlow(auth, "google", "4/good-code");
    expect(flow.location).toBe("/dashboard");
    expect(idp.requestsTo("/userinfo")[0]?.headers.authorization).toBe("Bearer ya29.access");
    expect((await flow.client.get("/get-session")).body.user.name).toBe("Ada Lovelace (Google)");
    expect((await driveSocialFlow(auth, "google", "4/stale")).error).toBe("invalid_code");
  });
});
