import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { kick } from "./kick.js";
import {
  authWith,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
  storedAccount,
} from "./provider-flow.test-helper.js";

const PICTURE = "https://files.kick.com/images/user/123/profile_image/conversion/abc-fullsize.webp";

/** Kick's id.kick.com token endpoint (PKCE mandatory) and api.kick.com /public/v1/users ({data:[…]}). */
async function fakeKick() {
  return startFakeProvider({
    "POST /oauth/token": (req) => {
      if (req.form?.get("grant_type") === "refresh_token") {
        return {
          json: {
            access_token: "kk.refreshed",
            token_type: "Bearer",
            refresh_token: "kk.r2",
            expiry: 7200,
            expires_in: 7200,
            scope: "user:read",
          },
        };
      }
      // Kick refuses an exchange without the PKCE verifier.
      if (req.form?.get("code") !== "kk.good" || !req.form.get("code_verifier")) {
        return { status: 401, text: "Unauthorized" };
      }
      return {
        json: {
          access_token: "kk.access",
          token_type: "Bearer",
          refresh_token: "kk.refresh",
          expires_in: 7200,
          scope: "user:read",
        },
      };
    },
    "GET /public/v1/users": (req) =>
      req.headers.authorization === "Bearer kk.access"
        ? {
            json: {
              data: [{ user_id: 123, name: "trainwreck", email: "TW@Example.com", profile_picture: PICTURE }],
              message: "OK",
            },
          }
        : { status: 401, json: { data: {}, message: "Unauthorized" } },
    "POST /oauth/revoke": () => ({ json: {} }),
  });
}

const provider = (fake: FakeOAuthServer) =>
  kick({
    clientId: "kk-client",
    clientSecret: "kk-secret",
    endpoints: {
      authorization: `${fake.url}/oauth/authorize`,
      token: `${fake.url}/oauth/token`,
      userInfo: `${fake.url}/public/v1/users`,
      revocation: `${fake.url}/oauth/revoke`,
    },
  });

describe("kick", () => {
  it("signs up with PKCE from /public/v1/users with an unverified email and refreshes", async () => {
    const fake = await fakeKick();
    const auth = authWith(provider(fake));
    const flow = await signInThrough(auth, "kick", "kk.good");
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/oauth/authorize`,
      clientId: "kk-client",
      providerId: "kick",
      scope: "user:read",
      pkce: true,
    });
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = fake.requestsTo("/oauth/token");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    expect(tokenRequest?.form?.get("client_id")).toBe("kk-client");
    expect(tokenRequest?.form?.get("client_secret")).toBe("kk-secret");
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "tw@example.com",
      emailVerified: false,
      name: "trainwreck",
      image: PICTURE,
    });
    expect((await storedAccount(auth, "kick"))?.accountId).toBe("123");
    const r = await flow.client.post("/refresh-token", { providerId: "kick" });
    expect(r.body).toMatchObject({ accessToken: "kk.refreshed", refreshToken: "kk.r2" });
  });

  it("Kick's plain-text 401 on a bad code ends on the error page with invalid_code", async () => {
    const fake = await fakeKick();
    expect((await signInThrough(authWith(provider(fake)), "kick", "kk.bad")).error).toBe("invalid_code");
  });

  it("revokes with the token in the query string", async () => {
    const fake = await fakeKick();
    await provider(fake).revokeToken?.("kk.access");
    const [req] = fake.requestsTo("/oauth/revoke");
    expect(req?.query.get("token")).toBe("kk.access");
    expect(req?.query.get("token_hint_type")).toBe("access_token");
  });
});
