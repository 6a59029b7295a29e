import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import type { ProviderProfile } from "../oauth-provider.js";
import { roblox } from "./roblox.js";
import {
  authWith,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
  storedAccount,
} from "./provider-flow.test-helper.js";

const PICTURE = "https://tr.rbxcdn.com/30DAY-AvatarHeadshot-ABC-Png/150/150/AvatarHeadshot/Png/noFilter";

/** Roblox's token endpoint (OAuth errors) and OIDC-style /oauth/v1/userinfo. */
async function fakeRoblox() {
  return startFakeProvider({
    "POST /oauth/v1/token": (req) => {
      if (req.form?.get("grant_type") === "refresh_token") {
        return {
          json: {
            access_token: "rb.refreshed",
            refresh_token: "rb.r2",
            token_type: "Bearer",
            expires_in: 899,
            scope: "openid profile",
          },
        };
      }
      return req.form?.get("code") === "rb.good"
        ? {
            json: {
              access_token: "rb.access",
              refresh_token: "rb.refresh",
              token_type: "Bearer",
              expires_in: 899,
              scope: "openid profile",
            },
          }
        : {
            status: 400,
            json: { error: "invalid_grant", error_description: "The authorization code is invalid or expired." },
          };
    },
    "GET /oauth/v1/userinfo": (req) =>
      req.headers.authorization === "Bearer rb.access"
        ? {
            json: {
              sub: "1516563360",
              name: "exampleuser",
              nickname: "Example User",
              preferred_username: "exampleuser",
              created_at: 1584682495,
              profile: "https://www.roblox.com/users/1516563360/profile",
              picture: PICTURE,
            },
          }
        : { status: 401, json: { error: "invalid_token" } },
    "POST /oauth/v1/token/revoke": () => ({ json: {} }),
  });
}

const withEmail = (p: ProviderProfile): ProviderProfile => ({ ...p, email: `${p.id}@roblox.invalid` });
const provider = (fake: FakeOAuthServer, extra: Partial<Parameters<typeof roblox>[0]> = {}) =>
  roblox({
    clientId: "rb-client",
    clientSecret: "rb-secret",
    endpoints: {
      authorization: `${fake.url}/oauth/v1/authorize`,
      token: `${fake.url}/oauth/v1/token`,
      userInfo: `${fake.url}/oauth/v1/userinfo`,
      revocation: `${fake.url}/oauth/v1/token/revoke`,
    },
    ...extra,
  });

describe("roblox", () => {
  it("signs up with PKCE from /oauth/v1/userinfo (email from mapProfile) and refreshes", async () => {
    const fake = await fakeRoblox();
    const auth = authWith(provider(fake, { mapProfile: withEmail, prompt: "consent" }));
    const flow = await signInThrough(auth, "roblox", "rb.good");
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/oauth/v1/authorize`,
      clientId: "rb-client",
      providerId: "roblox",
      scope: "openid profile",
      pkce: true,
    });
    expect(flow.authorizationURL.searchParams.get("prompt")).toBe("consent");
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = fake.requestsTo("/oauth/v1/token");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    expect(tokenRequest?.form?.get("client_id")).toBe("rb-client");
    expect(tokenRequest?.form?.get("client_secret")).toBe("rb-secret");
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "1516563360@roblox.invalid",
      emailVerified: false,
      name: "Example User",
      image: PICTURE,
    });
    expect((await storedAccount(auth, "roblox"))?.accountId).toBe("1516563360");
    const r = await flow.client.post("/refresh-token", { providerId: "roblox" });
    expect(r.body).toMatchObject({ accessToken: "rb.refreshed", refreshToken: "rb.r2" });
  });

  it("Roblox shares no email: without a mapProfile that adds one the callback says email_not_found", async () => {
    const fake = await fakeRoblox();
    expect((await signInThrough(authWith(provider(fake)), "roblox", "rb.good")).error).toBe("email_not_found");
  });

  it("an invalid code ends on the error page with invalid_code", async () => {
    const fake = await fakeRoblox();
    expect((await signInThrough(authWith(provider(fake, { mapProfile: withEmail })), "roblox", "rb.bad")).error).toBe(
      "invalid_code",
    );
  });

  it("revokes at Roblox's revocation endpoint", async () => {
    const fake = await fakeRoblox();
    await provider(fake).revokeToken?.("rb.refresh");
    expect(fake.requestsTo("/oauth/v1/token/revoke")[0]?.form?.get("token")).toBe("rb.refresh");
  });
});
