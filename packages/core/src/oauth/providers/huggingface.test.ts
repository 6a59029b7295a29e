import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { huggingface } from "./huggingface.js";
import {
  authWith,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
  storedAccount,
} from "./provider-flow.test-helper.js";

const claims = {
  sub: "6412a6f4c2b4e1d0e6a1b2c3",
  name: "Ada Lovelace",
  preferred_username: "ada",
  profile: "https://huggingface.co/ada",
  picture: "https://cdn-avatars.huggingface.co/v1/production/uploads/ada.png",
  email: "Ada@Example.com",
  email_verified: true,
  isPro: false,
  orgs: [],
};

/** Hugging Face's token endpoint and OIDC-style /oauth/userinfo. */
async function fakeHuggingFace(info: Record<string, unknown> = claims) {
  return startFakeProvider({
    "POST /oauth/token": (req) => {
      if (req.form?.get("grant_type") === "refresh_token") {
        return {
          json: { access_token: "hf.refreshed", token_type: "bearer", expires_in: 28800, refresh_token: "hf.r2" },
        };
      }
      return req.form?.get("code") === "hf.good"
        ? {
            json: {
              access_token: "hf.access",
              token_type: "bearer",
              expires_in: 28800,
              refresh_token: "hf.refresh",
              scope: "openid profile email",
            },
          }
        : { status: 400, json: { error: "invalid_grant", error_description: "Invalid authorization code" } };
    },
    "GET /oauth/userinfo": (req) =>
      req.headers.authorization === "Bearer hf.access"
        ? { json: info }
        : { status: 401, json: { error: "Invalid credentials" } },
  });
}

const provider = (fake: FakeOAuthServer, extra: Partial<Parameters<typeof huggingface>[0]> = {}) =>
  huggingface({
    clientId: "hf-client",
    clientSecret: "hf-secret",
    endpoints: {
      authorization: `${fake.url}/oauth/authorize`,
      token: `${fake.url}/oauth/token`,
      userInfo: `${fake.url}/oauth/userinfo`,
    },
    ...extra,
  });

describe("huggingface", () => {
  it("signs up from /oauth/userinfo with PKCE and refreshes", async () => {
    const fake = await fakeHuggingFace();
    const auth = authWith(provider(fake, { scope: ["read-repos"] }));
    const flow = await signInThrough(auth, "huggingface", "hf.good");
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/oauth/authorize`,
      clientId: "hf-client",
      providerId: "huggingface",
      scope: "openid profile email read-repos",
      pkce: true,
    });
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = fake.requestsTo("/oauth/token");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    expect(tokenRequest?.form?.get("client_id")).toBe("hf-client");
    expect(tokenRequest?.form?.get("client_secret")).toBe("hf-secret");
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "ada@example.com",
      emailVerified: true,
      name: "Ada Lovelace",
      image: claims.picture,
    });
    expect((await storedAccount(auth, "huggingface"))?.accountId).toBe(claims.sub);
    const r = await flow.client.post("/refresh-token", { providerId: "huggingface" });
    expect(r.body).toMatchObject({ accessToken: "hf.refreshed", refreshToken: "hf.r2" });
  });

  it("without the email scope granted there is no email, so the callback says email_not_found", async () => {
    const { email: _e, email_verified: _v, ...noEmail } = claims;
    const fake = await fakeHuggingFace(noEmail);
    expect((await signInThrough(authWith(provider(fake)), "huggingface", "hf.good")).error).toBe("email_not_found");
  });

  it("a refused code ends on the error page with invalid_code", async () => {
    const fake = await fakeHuggingFace();
    expect((await signInThrough(authWith(provider(fake)), "huggingface", "hf.bad")).error).toBe("invalid_code");
  });
});
