import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { zoom } from "./zoom.js";
import {
  authWith,
  basicCredentials,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
  storedAccount,
} from "./provider-flow.test-helper.js";

const PIC = "https://lh3.googleusercontent.com/a/zoom-pic";
const me = {
  id: "KDcuGIm1QgePTO8WbOqwIQ",
  first_name: "Jill",
  last_name: "Chill",
  display_name: "Jill Chill",
  email: "Jchill@Example.com",
  type: 1,
  pic_url: PIC,
  verified: 1,
  account_id: "q6gBJVO5TzexKYTb_I2rpg",
  status: "active",
};

/** Zoom's token endpoint (Basic auth; errors as {reason, error}) and /v2/users/me. */
async function fakeZoom(user: Record<string, unknown> = me) {
  return startFakeProvider({
    "POST /oauth/token": (req) => {
      if (basicCredentials(req)?.join(":") !== "zm-client:zm-secret") {
        return { status: 401, json: { reason: "Invalid client_id or client_secret", error: "invalid_client" } };
      }
      if (req.form?.get("grant_type") === "refresh_token") {
        return {
          json: {
            access_token: "zm.refreshed",
            token_type: "bearer",
            refresh_token: "zm.r2",
            expires_in: 3599,
            scope: "user:read:user",
          },
        };
      }
      return req.form?.get("code") === "zm.good"
        ? {
            json: {
              access_token: "zm.access",
              token_type: "bearer",
              refresh_token: "zm.refresh",
              expires_in: 3599,
              scope: "user:read:user",
            },
          }
        : { status: 400, json: { reason: "Invalid authorization code zm.bad", error: "invalid_request" } };
    },
    "GET /v2/users/me": (req) =>
      req.headers.authorization === "Bearer zm.access"
        ? { json: user }
        : { status: 401, json: { code: 124, message: "Invalid access token." } },
    "POST /oauth/revoke": () => ({ json: { status: "success" } }),
  });
}

const provider = (fake: FakeOAuthServer) =>
  zoom({
    clientId: "zm-client",
    clientSecret: "zm-secret",
    endpoints: {
      authorization: `${fake.url}/oauth/authorize`,
      token: `${fake.url}/oauth/token`,
      userInfo: `${fake.url}/v2/users/me`,
      revocation: `${fake.url}/oauth/revoke`,
    },
  });

describe("zoom", () => {
  it("authenticates with Basic and PKCE, signs up from /v2/users/me with verified: 1, and refreshes", async () => {
    const fake = await fakeZoom();
    const auth = authWith(provider(fake));
    const flow = await signInThrough(auth, "zoom", "zm.good");
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/oauth/authorize`,
      clientId: "zm-client",
      providerId: "zoom",
      scope: "user:read:user",
      pkce: true,
    });
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = fake.requestsTo("/oauth/token");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    expect(basicCredentials(tokenRequest)).toEqual(["zm-client", "zm-secret"]);
    expect(tokenRequest?.form?.get("client_secret")).toBeNull();
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "jchill@example.com",
      emailVerified: true,
      name: "Jill Chill",
      image: PIC,
    });
    expect((await storedAccount(auth, "zoom"))?.accountId).toBe(me.id);
    const r = await flow.client.post("/refresh-token", { providerId: "zoom" });
    expect(r.body).toMatchObject({ accessToken: "zm.refreshed", refreshToken: "zm.r2" });
  });

  it("verified: 0 leaves the email unverified; the name falls back to first and last name", async () => {
    const fake = await fakeZoom({ ...me, verified: 0, display_name: undefined });
    const flow = await signInThrough(authWith(provider(fake)), "zoom", "zm.good");
    expect(await sessionUser(flow.client)).toMatchObject({ emailVerified: false, name: "Jill Chill" });
  });

  it("Zoom's {reason, error} refusal ends on the error page with invalid_code", async () => {
    const fake = await fakeZoom();
    expect((await signInThrough(authWith(provider(fake)), "zoom", "zm.bad")).error).toBe("invalid_code");
  });

  it("revokes with Basic auth", async () => {
    const fake = await fakeZoom();
    await provider(fake).revokeToken?.("zm.access");
    const [req] = fake.requestsTo("/oauth/revoke");
    expect(basicCredentials(req)).toEqual(["zm-client", "zm-secret"]);
    expect(req?.form?.get("token")).toBe("zm.access");
  });
});
