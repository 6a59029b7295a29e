import { afterEach, describe, expect, it } from "vitest";
import { driveSocialFlow } from "../../testing/drive-social-flow.js";
import { type FakeOAuthServer, startFakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { makeTestAuth } from "../../testing/make-test-auth.js";
import { createTestClient } from "../../testing/test-client.js";
import { twitch } from "./twitch.js";

const servers: FakeOAuthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const viewer = {
  sub: "713936733",
  email: "Scott@Example.com",
  email_verified: true,
  picture: "https://static-cdn.jtvnw.net/user-default-pictures-uv/profile_image-150x150.png",
  preferred_username: "ScottAtTwitch",
};

/** Twitch's OIDC endpoints as documented; its token response lists `scope` as an array. */
async function fakeTwitch(idTokenClaims: Record<string, unknown> = viewer) {
  const idp = await startFakeOAuthServer();
  servers.push(idp);
  const idToken = (extra: Record<string, unknown> = {}) =>
    idp.signIdToken({ iss: idp.url, aud: "tw-client", azp: "tw-client", ...idTokenClaims, ...extra });
  idp.route("POST /oauth2/token", async (req) => {
    if (req.form?.get("grant_type") === "refresh_token") {
      return {
        json: {
          access_token: "tw.refreshed",
          expires_in: 14_000,
          refresh_token: "tw.r2",
          scope: ["openid"],
          token_type: "bearer",
        },
      };
    }
    if (req.form?.get("code") !== "tw.good")
      return { status: 400, json: { status: 400, message: "Invalid authorization code" } };
    return {
      json: {
        access_token: "tw.access",
        expires_in: 14_124,
        id_token: await idToken(),
        refresh_token: "tw.refresh",
        scope: ["openid", "user:read:email"],
        token_type: "bearer",
      },
    };
  });
  idp.route("GET /oauth2/userinfo", (req) =>
    req.headers.authorization === "Bearer tw.access"
      ? { json: { aud: "tw-client", iss: idp.url, ...viewer, updated_at: "2022-01-01T00:00:00Z" } }
      : { status: 401, json: { error: "Unauthorized", status: 401, message: "invalid access token" } },
  );
  return { idp, idToken };
}

const setup = (idp: FakeOAuthServer) =>
  makeTestAuth({
    socialProviders: {
      twitch: twitch({
        clientId: "tw-client",
        clientSecret: "tw-secret",
        issuer: idp.url,
        endpoints: {
          authorization: `${idp.url}/oauth2/authorize`,
          token: `${idp.url}/oauth2/token`,
          userInfo: `${idp.url}/oauth2/userinfo`,
          jwks: `${idp.url}/jwks`,
          revocation: `${idp.url}/oauth2/revoke`,
        },
      }),
    },
  });

describe("twitch", () => {
  it("asks for the profile claims through the claims parameter and signs the viewer up from the ID token", async () => {
    const { idp } = await fakeTwitch();
    const auth = setup(idp);
    const flow = await driveSocialFlow(auth, "twitch", "tw.good");

    const q = flow.authorizationURL.searchParams;
    expect(flow.authorizationURL.origin + flow.authorizationURL.pathname).toBe(`${idp.url}/oauth2/authorize`);
    expect(q.get("client_id")).toBe("tw-client");
    expect(q.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/twitch");
    expect(q.get("scope")).toBe("openid user:read:email");
    expect(q.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);
    const claims = JSON.parse(q.get("claims") ?? "{}");
    for (const part of ["id_token", "userinfo"]) {
      expect(Object.keys(claims[part]).sort()).toEqual(["email", "email_verified", "picture", "preferred_username"]);
    }
    // Twitch has no PKCE: the client secret authenticates the exchange.
    expect(q.get("code_challenge")).toBeNull();

    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = idp.requestsTo("/oauth2/token");
    expect(tokenRequest?.form?.get("client_id")).toBe("tw-client");
    expect(tokenRequest?.form?.get("client_secret")).toBe("tw-secret");
    expect(tokenRequest?.form?.get("grant_type")).toBe("authorization_code");

    const user = (await flow.client.get("/get-session")).body.user;
    expect(user).toMatchObject({
      email: "scott@example.com",
      emailVerified: true,
      name: "ScottAtTwitch",
      image: viewer.picture,
    });
    expect(idp.requestsTo("/oauth2/userinfo")).toHaveLength(0);

    const r = await flow.client.post("/refresh-token", { providerId: "twitch" });
    expect(r.body).toMatchObject({ accessToken: "tw.refreshed", refreshToken: "tw.r2" });
  });

  it("reads the user-info endpoint when the ID token carries only sub", async () => {
    const { idp } = await fakeTwitch({ sub: viewer.sub });
    const flow = await driveSocialFlow(setup(idp), "twitch", "tw.good");
    expect(idp.requestsTo("/oauth2/userinfo")).toHaveLength(1);
    expect((await flow.client.get("/get-session")).body.user).toMatchObject({
      email: "scott@example.com",
      name: "ScottAtTwitch",
    });
  });

  it("signs in with a Twitch ID token and refuses a forged one", async () => {
    const { idp, idToken } = await fakeTwitch();
    const auth = setup(idp);
    const ok = await createTestClient(auth).post("/sign-in/social", {
      provider: "twitch",
      idToken: { token: await idToken() },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe("scott@example.com");
    const forger = await startFakeOAuthServer();
    servers.push(forger);
    const forged = await forger.signIdToken({ ...viewer, iss: idp.url, aud: "tw-client" });
    const bad = await createTestClient(auth).post("/sign-in/social", {
      provider: "twitch",
      idToken: { token: forged },
    });
    expect(bad.status).toBe(401);
  });

  it("a refused code ends on the error page with invalid_code", async () => {
    const { idp } = await fakeTwitch();
    expect((await driveSocialFlow(setup(idp), "twitch", "tw.stale")).error).toBe("invalid_code");
  });
});
