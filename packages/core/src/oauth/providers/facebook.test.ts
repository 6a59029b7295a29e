import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { signUpUser } from "../../testing/make-test-auth.js";
import { facebook } from "./facebook.js";
import {
  authWith,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
} from "./provider-flow.test-helper.js";

const PICTURE = "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158&height=50&width=50";

/** Graph API token exchange and /me as Facebook documents them; errors are Graph's nested error object. */
async function fakeFacebook() {
  return startFakeProvider({
    "POST /v21.0/oauth/access_token": (req) =>
      req.form?.get("code") === "fb.good"
        ? { json: { access_token: "fb.access", token_type: "bearer", expires_in: 5183944 } }
        : {
            status: 400,
            json: {
              error: {
                message: "This authorization code has been used.",
                type: "OAuthException",
                code: 100,
                fbtrace_id: "A1b2C3",
              },
            },
          },
    "GET /v21.0/me": (req) =>
      req.headers.authorization === "Bearer fb.access"
        ? {
            json: {
              id: "10158000000000001",
              name: "Zuck Tester",
              email: "Tester@Example.com",
              picture: { data: { height: 50, width: 50, is_silhouette: false, url: PICTURE } },
              ...(req.query.get("fields")?.includes("first_name") ? { first_name: "Zuck" } : {}),
            },
          }
        : {
            status: 400,
            json: { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } },
          },
    "DELETE /v21.0/me/permissions": () => ({ json: { success: true } }),
  });
}

const provider = (fake: FakeOAuthServer, extra: Partial<Parameters<typeof facebook>[0]> = {}) =>
  facebook({
    clientId: "fb-app",
    clientSecret: "fb-secret",
    endpoints: {
      authorization: `${fake.url}/v21.0/dialog/oauth`,
      token: `${fake.url}/v21.0/oauth/access_token`,
      userInfo: `${fake.url}/v21.0/me`,
      revocation: `${fake.url}/v21.0/me/permissions`,
    },
    ...extra,
  });

describe("facebook", () => {
  it("signs up from /me?fields=id,name,email,picture with picture.data.url and an unverified email", async () => {
    const fake = await fakeFacebook();
    const flow = await signInThrough(authWith(provider(fake)), "facebook", "fb.good");
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/v21.0/dialog/oauth`,
      clientId: "fb-app",
      providerId: "facebook",
      scope: "email,public_profile",
      pkce: true,
    });
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = fake.requestsTo("/v21.0/oauth/access_token");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    expect(tokenRequest?.form?.get("client_id")).toBe("fb-app");
    expect(tokenRequest?.form?.get("client_secret")).toBe("fb-secret");
    expect(fake.requestsTo("/v21.0/me")[0]?.query.get("fields")).toBe("id,name,email,picture");
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "tester@example.com",
      emailVerified: false,
      name: "Zuck Tester",
      image: PICTURE,
    });
    // No refresh tokens at Facebook: the endpoint says so instead of failing obscurely.
    const r = await flow.client.post("/refresh-token", { providerId: "facebook" });
    expect(r.status).toBe(400);
  });

  it("an unverified Facebook email never links into an existing account", async () => {
    const fake = await fakeFacebook();
    const auth = authWith(provider(fake));
    await signUpUser(auth, "tester@example.com");
    expect((await signInThrough(auth, "facebook", "fb.good")).error).toBe("account_not_linked");
  });

  it("reads extra fields for mapProfile", async () => {
    const fake = await fakeFacebook();
    const auth = authWith(
      provider(fake, {
        fields: ["first_name"],
        mapProfile: (p, raw) => ({ ...p, name: (raw as { first_name: string }).first_name }),
      }),
    );
    const flow = await signInThrough(auth, "facebook", "fb.good");
    expect(fake.requestsTo("/v21.0/me")[0]?.query.get("fields")).toBe("id,name,email,picture,first_name");
    expect((await sessionUser(flow.client))?.name).toBe("Zuck");
  });

  it("Graph's nested error object on a used code ends on the error page with invalid_code", async () => {
    const fake = await fakeFacebook();
    const flow = await signInThrough(authWith(provider(fake)), "facebook", "fb.used");
    expect(flow.error).toBe("invalid_code");
    expect(fake.requestsTo("/v21.0/me")).toHaveLength(0);
  });

  it("revokes by deleting the app's permissions", async () => {
    const fake = await fakeFacebook();
    await provider(fake).revokeToken?.("fb.access");
    expect(fake.requestsTo("/v21.0/me/permissions")[0]?.headers.authorization).toBe("Bearer fb.access");
  });
});
