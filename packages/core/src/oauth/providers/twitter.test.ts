import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { twitter } from "./twitter.js";
import {
  authWith,
  basicCredentials,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
} from "./provider-flow.test-helper.js";

const AVATAR = "https://pbs.twimg.com/profile_images/1/normal.jpg";

/** X's OAuth 2.0 token endpoint (Basic auth for confidential clients) and GET /2/users/me ({data:{…}}). */
async function fakeX(user: Record<string, unknown> = { confirmed_email: "Jack@Example.com" }) {
  return startFakeProvider({
    "POST /2/oauth2/token": (req) => {
      if (basicCredentials(req)?.join(":") !== "x-client:x-secret") {
        return {
          status: 401,
          json: { error: "unauthorized_client", error_description: "Missing valid authorization header" },
        };
      }
      if (req.form?.get("grant_type") === "refresh_token") {
        return {
          json: {
            token_type: "bearer",
            expires_in: 7200,
            access_token: "x.refreshed",
            refresh_token: "x.r2",
            scope: "users.read",
          },
        };
      }
      return req.form?.get("code") === "x.good"
        ? {
            json: {
              token_type: "bearer",
              expires_in: 7200,
              access_token: "x.access",
              refresh_token: "x.refresh",
              scope: "users.read tweet.read offline.access users.email",
            },
          }
        : {
            status: 400,
            json: {
              error: "invalid_request",
              error_description: "Value passed for the authorization code was invalid.",
            },
          };
    },
    "GET /2/users/me": (req) =>
      req.headers.authorization === "Bearer x.access"
        ? { json: { data: { id: "2244994945", name: "Jack", username: "jack", profile_image_url: AVATAR, ...user } } }
        : { status: 401, json: { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" } },
    "POST /2/oauth2/revoke": () => ({ json: { revoked: true } }),
  });
}

const provider = (fake: FakeOAuthServer) =>
  twitter({
    clientId: "x-client",
    clientSecret: "x-secret",
    endpoints: {
      authorization: `${fake.url}/i/oauth2/authorize`,
      token: `${fake.url}/2/oauth2/token`,
      userInfo: `${fake.url}/2/users/me`,
      revocation: `${fake.url}/2/oauth2/revoke`,
    },
  });

describe("twitter", () => {
  it("uses PKCE and Basic auth, asks for confirmed_email and signs up from {data:{…}}", async () => {
    const fake = await fakeX();
    const flow = await signInThrough(authWith(provider(fake)), "twitter", "x.good");
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/i/oauth2/authorize`,
      clientId: "x-client",
      providerId: "twitter",
      scope: "users.read tweet.read offline.access users.email",
      pkce: true,
    });
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = fake.requestsTo("/2/oauth2/token");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    expect(basicCredentials(tokenRequest)).toEqual(["x-client", "x-secret"]);
    expect(tokenRequest?.form?.get("client_secret")).toBeNull();
    expect(fake.requestsTo("/2/users/me")[0]?.query.get("user.fields")).toContain("confirmed_email");
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "jack@example.com",
      emailVerified: true,
      name: "Jack",
      image: AVATAR,
    });
    const r = await flow.client.post("/refresh-token", { providerId: "twitter" });
    expect(r.body).toMatchObject({ accessToken: "x.refreshed", refreshToken: "x.r2" });
  });

  it("without a confirmed email the callback says email_not_found", async () => {
    const fake = await fakeX({});
    expect((await signInThrough(authWith(provider(fake)), "twitter", "x.good")).error).toBe("email_not_found");
  });

  it("X's invalid_request on a bad code ends on the error page with invalid_code", async () => {
    const fake = await fakeX();
    expect((await signInThrough(authWith(provider(fake)), "twitter", "x.bad")).error).toBe("invalid_code");
  });

  it("revokes with Basic auth and a token type hint", async () => {
    const fake = await fakeX();
    await provider(fake).revokeToken?.("x.access");
    const [req] = fake.requestsTo("/2/oauth2/revoke");
    expect(basicCredentials(req)).toEqual(["x-client", "x-secret"]);
    expect(req?.form?.get("token_type_hint")).toBe("access_token");
  });
});
