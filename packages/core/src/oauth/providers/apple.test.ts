import { afterEach, describe, expect, it } from "vitest";
import { driveSocialFlow } from "../../testing/drive-social-flow.js";
import { type FakeOAuthServer, startFakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { makeTestAuth } from "../../testing/make-test-auth.js";
import { createTestClient } from "../../testing/test-client.js";
import { apple } from "./apple.js";

const servers: FakeOAuthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

// The developer's signed client-secret JWT, opaque to Gatehouse.
const CLIENT_SECRET = "eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyMyJ9.client-secret.sig";
// Apple sends email_verified and is_private_email as strings.
const person = {
  sub: "001234.5f1b2c3d4e5f.0123",
  email: "x7abc@privaterelay.appleid.com",
  email_verified: "true",
  is_private_email: "true",
  auth_time: 1_700_000_000,
  nonce_supported: true,
};

/** Apple's /auth/token as documented: access_token, token_type, expires_in, refresh_token, id_token. */
async function fakeApple() {
  const idp = await startFakeOAuthServer();
  servers.push(idp);
  const idToken = (extra: Record<string, unknown> = {}) =>
    idp.signIdToken({ iss: idp.url, aud: "com.example.web", ...person, ...extra });
  idp.route("POST /auth/token", async (req) => {
    if (req.form?.get("grant_type") === "refresh_token") {
      return {
        json: { access_token: "a.refreshed", token_type: "Bearer", expires_in: 3600, id_token: await idToken() },
      };
    }
    if (req.form?.get("code") !== "c.good") return { status: 400, json: { error: "invalid_grant" } };
    return {
      json: {
        access_token: "a.access",
        token_type: "Bearer",
        expires_in: 3600,
        refresh_token: "r.refresh",
        id_token: await idToken(),
      },
    };
  });
  idp.route("POST /auth/revoke", () => ({ json: {} }));
  return { idp, idToken };
}

function setup(idp: FakeOAuthServer) {
  return makeTestAuth({
    socialProviders: {
      apple: apple({
        clientId: "com.example.web",
        clientSecret: CLIENT_SECRET,
        audience: ["com.example.ios"],
        issuer: idp.url,
        endpoints: {
          authorization: `${idp.url}/auth/authorize`,
          token: `${idp.url}/auth/token`,
          jwks: `${idp.url}/jwks`,
          revocation: `${idp.url}/auth/revoke`,
        },
      }),
    },
  });
}

describe("apple", () => {
  it("asks for form_post, takes the POSTed callback, and signs the user up from the ID token", async () => {
    const { idp } = await fakeApple();
    const auth = setup(idp);
    const flow = await driveSocialFlow(auth, "apple", "c.good", { formPost: true });

    const q = flow.authorizationURL.searchParams;
    expect(flow.authorizationURL.origin + flow.authorizationURL.pathname).toBe(`${idp.url}/auth/authorize`);
    expect(q.get("client_id")).toBe("com.example.web");
    expect(q.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/apple");
    expect(q.get("response_type")).toBe("code");
    expect(q.get("response_mode")).toBe("form_post");
    expect(q.get("scope")).toBe("name email");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);

    expect(flow.callback.status).toBe(302);
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = idp.requestsTo("/auth/token");
    expect(tokenRequest?.form?.get("code_verifier")).toMatch(/^[\w.~-]{128}$/);
    expect(tokenRequest?.form?.get("client_id")).toBe("com.example.web");
    expect(tokenRequest?.form?.get("client_secret")).toBe(CLIENT_SECRET);

    const session = (await flow.client.get("/get-session")).body;
    expect(session.user).toMatchObject({ email: person.email, emailVerified: true, name: "x7abc", image: null });
    const accounts = (await flow.client.get("/list-accounts")).body;
    expect(accounts).toEqual([expect.objectContaining({ provider: "apple", accountId: person.sub })]);
  });

  it("names a new user from Apple's one-time user JSON, POSTed beside the code", async () => {
    const { idp } = await fakeApple();
    const auth = setup(idp);
    const user = JSON.stringify({ name: { firstName: " Jane ", lastName: "Appleseed" }, email: person.email });
    const flow = await driveSocialFlow(auth, "apple", "c.good", { formPost: true, extraQuery: { user } });
    expect(flow.location).toBe("/dashboard");
    expect((await flow.client.get("/get-session")).body.user.name).toBe("Jane Appleseed");
  });

  it("ignores a malformed user JSON: the name falls back to the email's local part, never a 500", async () => {
    const { idp } = await fakeApple();
    for (const user of ["{not json", "null", "[]", '"Jane"', '{"name":"Jane"}', '{"name":{"firstName":5}}']) {
      const auth = setup(idp);
      const flow = await driveSocialFlow(auth, "apple", "c.good", { formPost: true, extraQuery: { user } });
      expect(flow.callback.status, user).toBe(302);
      expect(flow.location, user).toBe("/dashboard");
      expect((await flow.client.get("/get-session")).body.user.name, user).toBe("x7abc");
    }
  });

  it('does not count email_verified "false" as verified', async () => {
    const { idp, idToken } = await fakeApple();
    const auth = setup(idp);
    const r = await createTestClient(auth).post("/sign-in/social", {
      provider: "apple",
      idToken: { token: await idToken({ email_verified: "false", email: "unverified@example.com" }) },
    });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ email: "unverified@example.com", emailVerified: false });
  });

  it("signs in with an ID token from a native app (bundle id audience), and refuses forged or foreign ones", async () => {
    const { idp, idToken } = await fakeApple();
    const auth = setup(idp);
    const ok = await createTestClient(auth).post("/sign-in/social", {
      provider: "apple",
      idToken: { token: await idToken({ aud: "com.example.ios", nonce: "abc" }), nonce: "abc" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(person.email);

    const forger = await startFakeOAuthServer();
    servers.push(forger);
    const forged = await forger.signIdToken({ ...person, iss: idp.url, aud: "com.example.web" });
    expect(
      (await createTestClient(auth).post("/sign-in/social", { provider: "apple", idToken: { token: forged } })).status,
    ).toBe(401);
    const foreign = await idToken({ aud: "com.other.app" });
    expect(
      (await createTestClient(auth).post("/sign-in/social", { provider: "apple", idToken: { token: foreign } })).status,
    ).toBe(401);
  });

  it("refreshes with the stored refresh token and the client-secret JWT", async () => {
    const { idp } = await fakeApple();
    const auth = setup(idp);
    const flow = await driveSocialFlow(auth, "apple", "c.good", { formPost: true });
    const r = await flow.client.post("/refresh-token", { providerId: "apple" });
    expect(r.status).toBe(200);
    expect(r.body.accessToken).toBe("a.refreshed");
    const refresh = idp.requestsTo("/auth/token").find((t) => t.form?.get("grant_type") === "refresh_token");
    expect(refresh?.form?.get("refresh_token")).toBe("r.refresh");
    expect(refresh?.form?.get("client_secret")).toBe(CLIENT_SECRET);
  });

  it("a refused code ends on the error page with invalid_code", async () => {
    const { idp } = await fakeApple();
    const flow = await driveSocialFlow(setup(idp), "apple", "c.stale", { formPost: true });
    expect(flow.error).toBe("invalid_code");
  });
});
