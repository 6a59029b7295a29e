import { afterEach, describe, expect, it } from "vitest";
import { driveSocialFlow } from "../../testing/drive-social-flow.js";
import { type FakeOAuthServer, startFakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { makeTestAuth } from "../../testing/make-test-auth.js";
import { createTestClient } from "../../testing/test-client.js";
import { linkedin } from "./linkedin.js";

const servers: FakeOAuthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

// LinkedIn's documented /v2/userinfo answer.
const member = {
  sub: "782bbtaQ",
  name: "John Doe",
  given_name: "John",
  family_name: "Doe",
  picture: "https://media.licdn-ei.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/",
  locale: "en-US",
  email: "doe@email.com",
  email_verified: true,
};

async function fakeLinkedIn() {
  const idp = await startFakeOAuthServer();
  servers.push(idp);
  const idToken = (extra: Record<string, unknown> = {}) =>
    idp.signIdToken({ iss: idp.url, aud: "li-client", ...member, ...extra });
  idp.route("POST /oauth/v2/accessToken", async (req) => {
    if (req.form?.get("grant_type") === "refresh_token") {
      return {
        json: {
          access_token: "AQX.refreshed",
          expires_in: 5183999,
          refresh_token: "AQW.next",
          refresh_token_expires_in: 525600,
        },
      };
    }
    if (req.form?.get("code") !== "AQT.good") return { status: 400, json: { error: "invalid_request" } };
    return {
      json: {
        access_token: "AQX.access",
        expires_in: 5183999,
        refresh_token: "AQW.refresh",
        refresh_token_expires_in: 525600,
        scope: "email,openid,profile",
        token_type: "Bearer",
        id_token: await idToken(),
      },
    };
  });
  idp.route("GET /v2/userinfo", (req) =>
    req.headers.authorization === "Bearer AQX.access"
      ? { json: member }
      : { status: 401, json: { serviceErrorCode: 65600, message: "Invalid access token", status: 401 } },
  );
  return { idp, idToken };
}

const setup = (idp: FakeOAuthServer) =>
  makeTestAuth({
    socialProviders: {
      linkedin: linkedin({
        clientId: "li-client",
        clientSecret: "li-secret",
        issuer: idp.url,
        endpoints: {
          authorization: `${idp.url}/oauth/v2/authorization`,
          token: `${idp.url}/oauth/v2/accessToken`,
          userInfo: `${idp.url}/v2/userinfo`,
          jwks: `${idp.url}/jwks`,
        },
      }),
    },
  });

describe("linkedin", () => {
  it("signs the member up from the OIDC user-info endpoint", async () => {
    const { idp } = await fakeLinkedIn();
    const auth = setup(idp);
    const flow = await driveSocialFlow(auth, "linkedin", "AQT.good");

    const q = flow.authorizationURL.searchParams;
    expect(flow.authorizationURL.origin + flow.authorizationURL.pathname).toBe(`${idp.url}/oauth/v2/authorization`);
    expect(q.get("client_id")).toBe("li-client");
    expect(q.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/linkedin");
    expect(q.get("scope")).toBe("openid profile email");
    expect(q.get("response_type")).toBe("code");
    expect(q.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);
    // LinkedIn web apps authenticate with the client secret; PKCE is for enabled native apps only.
    expect(q.get("code_challenge")).toBeNull();

    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = idp.requestsTo("/oauth/v2/accessToken");
    expect(tokenRequest?.form?.get("client_id")).toBe("li-client");
    expect(tokenRequest?.form?.get("client_secret")).toBe("li-secret");
    expect(tokenRequest?.form?.get("code_verifier")).toBeNull();
    expect(idp.requestsTo("/v2/userinfo")[0]?.headers.authorization).toBe("Bearer AQX.access");

    const user = (await flow.client.get("/get-session")).body.user;
    expect(user).toMatchObject({
      email: "doe@email.com",
      emailVerified: true,
      name: "John Doe",
      image: member.picture,
    });

    const r = await flow.client.post("/refresh-token", { providerId: "linkedin" });
    expect(r.body).toMatchObject({ accessToken: "AQX.refreshed", refreshToken: "AQW.next" });
  });

  it("never takes user info about another member than the ID token's", async () => {
    const { idp } = await fakeLinkedIn();
    idp.route("GET /v2/userinfo", () => ({ json: { ...member, sub: "someone-else", email: "other@email.com" } }));
    const flow = await driveSocialFlow(setup(idp), "linkedin", "AQT.good");
    const user = (await flow.client.get("/get-session")).body.user;
    expect(user.email).toBe("doe@email.com");
    expect((await flow.client.get("/list-accounts")).body[0].accountId).toBe(member.sub);
  });

  it("signs in with a LinkedIn ID token and refuses a forged one", async () => {
    const { idp, idToken } = await fakeLinkedIn();
    const auth = setup(idp);
    const ok = await createTestClient(auth).post("/sign-in/social", {
      provider: "linkedin",
      idToken: { token: await idToken() },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ email: "doe@email.com", name: "John Doe" });
    const forger = await startFakeOAuthServer();
    servers.push(forger);
    const forged = await forger.signIdToken({ ...member, iss: idp.url, aud: "li-client" });
    const bad = await createTestClient(auth).post("/sign-in/social", {
      provider: "linkedin",
      idToken: { token: forged },
    });
    expect(bad.status).toBe(401);
  });

  it("a refused code or a failing user-info endpoint ends on the error page with the precise code", async () => {
    const { idp } = await fakeLinkedIn();
    const auth = setup(idp);
    expect((await driveSocialFlow(auth, "linkedin", "AQT.stale")).error).toBe("invalid_code");
    idp.route("POST /oauth/v2/accessToken", () => ({ json: { access_token: "AQX.revoked", expires_in: 60 } }));
    expect((await driveSocialFlow(auth, "linkedin", "AQT.good")).error).toBe("unable_to_get_user_info");
  });
});
