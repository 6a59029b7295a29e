import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import type { ProviderProfile } from "../oauth-provider.js";
import { tiktok } from "./tiktok.js";
import {
  authWith,
  expectAuthorizationURL,
  sessionUser,
  signInThrough,
  startFakeProvider,
  storedAccount,
} from "./provider-flow.test-helper.js";

const AVATAR = "https://p16-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/abc~c5_168x168.jpeg";
const OPEN_ID = "723f24d7-e717-40f8-a2b6-cb8464cd23b4";

/** TikTok's v2 token endpoint (client_key, errors as {error, error_description, log_id}) and /v2/user/info/. */
async function fakeTikTok() {
  return startFakeProvider({
    "POST /v2/oauth/token/": (req) => {
      const f = req.form;
      if (f?.get("client_key") !== "tt-key" || f.get("client_secret") !== "tt-secret") {
        return {
          json: { error: "invalid_client", error_description: "Client key or secret is incorrect.", log_id: "L1" },
        };
      }
      if (f.get("grant_type") === "refresh_token") {
        return {
          json: {
            access_token: "tt.refreshed",
            expires_in: 86400,
            open_id: OPEN_ID,
            refresh_expires_in: 31536000,
            refresh_token: "tt.r2",
            scope: "user.info.basic",
            token_type: "Bearer",
          },
        };
      }
      return f.get("code") === "tt.good"
        ? {
            json: {
              access_token: "tt.access",
              expires_in: 86400,
              open_id: OPEN_ID,
              refresh_expires_in: 31536000,
              refresh_token: "tt.refresh",
              scope: "user.info.basic",
              token_type: "Bearer",
            },
          }
        : { json: { error: "invalid_grant", error_description: "Authorization code is expired.", log_id: "L2" } };
    },
    "GET /v2/user/info/": (req) =>
      req.headers.authorization === "Bearer tt.access"
        ? {
            json: {
              data: {
                user: {
                  open_id: OPEN_ID,
                  union_id: "c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1",
                  avatar_url: AVATAR,
                  display_name: "Tik Toker",
                },
              },
              error: { code: "ok", message: "", log_id: "L3" },
            },
          }
        : {
            status: 401,
            json: {
              data: {},
              error: { code: "access_token_invalid", message: "The access token is invalid.", log_id: "L4" },
            },
          },
    "POST /v2/oauth/revoke/": () => ({ json: {} }),
  });
}

const withEmail = (p: ProviderProfile): ProviderProfile => ({ ...p, email: `${p.id}@tiktok.invalid` });
const provider = (fake: FakeOAuthServer, mapProfile?: (p: ProviderProfile) => ProviderProfile) =>
  tiktok({
    clientId: "tt-key",
    clientSecret: "tt-secret",
    endpoints: {
      authorization: `${fake.url}/v2/auth/authorize/`,
      token: `${fake.url}/v2/oauth/token/`,
      userInfo: `${fake.url}/v2/user/info/`,
      revocation: `${fake.url}/v2/oauth/revoke/`,
    },
    mapProfile,
  });

describe("tiktok", () => {
  it("sends client_key instead of client_id, comma scopes, and signs up by open_id (email from mapProfile)", async () => {
    const fake = await fakeTikTok();
    const auth = authWith(provider(fake, withEmail));
    const flow = await signInThrough(auth, "tiktok", "tt.good");
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/v2/auth/authorize/`,
      clientIdParam: "client_key",
      clientId: "tt-key",
      providerId: "tiktok",
      scope: "user.info.basic",
      pkce: false,
    });
    expect(flow.authorizationURL.searchParams.get("client_id")).toBeNull();
    expect(flow.location).toBe("/dashboard");

    const [tokenRequest] = fake.requestsTo("/v2/oauth/token/");
    expect(tokenRequest?.form?.get("client_key")).toBe("tt-key");
    expect(tokenRequest?.form?.get("client_secret")).toBe("tt-secret");
    expect(tokenRequest?.form?.get("client_id")).toBeNull();
    expect(tokenRequest?.form?.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/tiktok");
    expect(fake.requestsTo("/v2/user/info/")[0]?.query.get("fields")).toBe("open_id,union_id,avatar_url,display_name");

    expect(await sessionUser(flow.client)).toMatchObject({
      email: `${OPEN_ID}@tiktok.invalid`,
      emailVerified: false,
      name: "Tik Toker",
      image: AVATAR,
    });
    expect((await storedAccount(auth, "tiktok"))?.accountId).toBe(OPEN_ID);

    const r = await flow.client.post("/refresh-token", { providerId: "tiktok" });
    expect(r.body).toMatchObject({ accessToken: "tt.refreshed", refreshToken: "tt.r2" });
    expect(fake.requestsTo("/v2/oauth/token/")[1]?.form?.get("client_key")).toBe("tt-key");
  });

  it("TikTok shares no email: without a mapProfile that adds one the callback says email_not_found", async () => {
    const fake = await fakeTikTok();
    expect((await signInThrough(authWith(provider(fake)), "tiktok", "tt.good")).error).toBe("email_not_found");
  });

  it("TikTok's error body on an expired code ends on the error page with invalid_code", async () => {
    const fake = await fakeTikTok();
    expect((await signInThrough(authWith(provider(fake, withEmail)), "tiktok", "tt.old")).error).toBe("invalid_code");
  });

  it("revokes with client_key, client_secret and the token", async () => {
    const fake = await fakeTikTok();
    await provider(fake).revokeToken?.("tt.access");
    const form = fake.requestsTo("/v2/oauth/revoke/")[0]?.form;
    expect(Object.fromEntries(form ?? [])).toEqual({
      client_key: "tt-key",
      client_secret: "tt-secret",
      token: "tt.access",
    });
  });
});
