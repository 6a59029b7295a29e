import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { spotify } from "./spotify.js";
import {
  authWith,
  basicCredentials,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
} from "./provider-flow.test-helper.js";

const IMAGE = "https://i.scdn.co/image/ab6775700000ee85";

/** Spotify's accounts service (Basic client authentication) and the Web API's /v1/me. */
async function fakeSpotify() {
  return startFakeProvider({
    "POST /api/token": (req) => {
      if (basicCredentials(req)?.join(":") !== "sp-client:sp-secret") {
        return { status: 400, json: { error: "invalid_client", error_description: "Invalid client" } };
      }
      if (req.form?.get("grant_type") === "refresh_token") {
        return {
          json: { access_token: "sp.refreshed", token_type: "Bearer", expires_in: 3600, scope: "user-read-email" },
        };
      }
      return req.form?.get("code") === "sp.good"
        ? {
            json: {
              access_token: "sp.access",
              token_type: "Bearer",
              expires_in: 3600,
              refresh_token: "sp.refresh",
              scope: "user-read-email",
            },
          }
        : { status: 400, json: { error: "invalid_grant", error_description: "Invalid authorization code" } };
    },
    "GET /v1/me": (req) =>
      req.headers.authorization === "Bearer sp.access"
        ? {
            json: {
              id: "wizzler",
              display_name: "JM Wizzler",
              email: "Email@Example.com",
              images: [
                { url: IMAGE, height: 300, width: 300 },
                { url: "https://i.scdn.co/image/small", height: 64, width: 64 },
              ],
              product: "premium",
              type: "user",
              uri: "spotify:user:wizzler",
            },
          }
        : { status: 401, json: { error: { status: 401, message: "Invalid access token" } } },
  });
}

const provider = (fake: FakeOAuthServer) =>
  spotify({
    clientId: "sp-client",
    clientSecret: "sp-secret",
    endpoints: {
      authorization: `${fake.url}/authorize`,
      token: `${fake.url}/api/token`,
      userInfo: `${fake.url}/v1/me`,
    },
  });

describe("spotify", () => {
  it("authenticates the client with Basic, signs up from /v1/me and refreshes keeping the refresh token", async () => {
    const fake = await fakeSpotify();
    const flow = await signInThrough(authWith(provider(fake)), "spotify", "sp.good");
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/authorize`,
      clientId: "sp-client",
      providerId: "spotify",
      scope: "user-read-email",
      pkce: true,
    });
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = fake.requestsTo("/api/token");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    expect(basicCredentials(tokenRequest)).toEqual(["sp-client", "sp-secret"]);
    expect(tokenRequest?.form?.get("client_secret")).toBeNull();
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "email@example.com",
      emailVerified: false,
      name: "JM Wizzler",
      image: IMAGE,
    });
    // Spotify may omit a new refresh token on refresh; the stored one stays usable.
    const r = await flow.client.post("/refresh-token", { providerId: "spotify" });
    expect(r.body).toMatchObject({ accessToken: "sp.refreshed", refreshToken: "sp.refresh" });
    expect(basicCredentials(fake.requestsTo("/api/token")[1])).toEqual(["sp-client", "sp-secret"]);
  });

  it("a refused code ends on the error page with invalid_code", async () => {
    const fake = await fakeSpotify();
    expect((await signInThrough(authWith(provider(fake)), "spotify", "sp.bad")).error).toBe("invalid_code");
  });
});
