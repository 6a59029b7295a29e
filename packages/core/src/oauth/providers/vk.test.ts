import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { VK_LANGUAGE, vk } from "./vk.js";
import {
  authWith,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
  storedAccount,
} from "./provider-flow.test-helper.js";

const AVATAR = "https://sun1-99.userapi.com/s/v1/ig2/abc.jpg?size=200x200&quality=95&crop=0,0,400,400&ava=1";
const DEVICE = "dGhpcyBpcyBhIGRldmljZQ.id";

/**
 * VK ID's /oauth2/auth (PKCE and client_id, no secret; a `state` on every request; errors as
 * {error, error_description, state}) and POST /oauth2/user_info taking the token in the form.
 */
async function fakeVk() {
  return startFakeProvider({
    "POST /oauth2/auth": (req) => {
      const f = req.form;
      if (!f?.get("state"))
        return { status: 400, json: { error: "invalid_request", error_description: "state is missing" } };
      const state = f.get("state");
      if (f.get("grant_type") === "refresh_token") {
        // VK ID ties the refresh token to the device of the sign-in.
        if (!["vk.refresh", "vk.r2"].includes(f.get("refresh_token") ?? "") || f.get("device_id") !== DEVICE) {
          return {
            status: 400,
            json: { error: "invalid_grant", error_description: "Refresh token is invalid", state },
          };
        }
        return {
          json: {
            access_token: "vk.refreshed",
            refresh_token: "vk.r2",
            token_type: "Bearer",
            expires_in: 3600,
            user_id: 1234567890,
            state,
            scope: "vkid.personal_info email",
          },
        };
      }
      if (f.get("code") !== "vk.good" || !f.get("code_verifier")) {
        return { status: 400, json: { error: "invalid_grant", error_description: "Code is expired", state } };
      }
      return {
        json: {
          access_token: "vk.access",
          refresh_token: "vk.refresh",
          id_token: "vk.id",
          token_type: "Bearer",
          expires_in: 3600,
          user_id: 1234567890,
          state,
          scope: "vkid.personal_info email",
        },
      };
    },
    "POST /oauth2/user_info": (req) =>
      req.form?.get("access_token") === "vk.access" && req.form.get("client_id") === "vk-app"
        ? {
            json: {
              user: {
                user_id: "1234567890",
                first_name: "Ivan",
                last_name: "Ivanov",
                avatar: AVATAR,
                email: "Ivan@Example.ru",
                sex: 2,
                verified: false,
                birthday: "01.01.2000",
              },
            },
          }
        : { json: { error: "invalid_token", error_description: "Access token is invalid" } },
    "POST /oauth2/revoke": () => ({ json: { response: 1 } }),
  });
}

const provider = (fake: FakeOAuthServer, extra: Partial<Parameters<typeof vk>[0]> = {}) =>
  vk({
    clientId: "vk-app",
    clientSecret: "vk-protected-key",
    endpoints: {
      authorization: `${fake.url}/authorize`,
      token: `${fake.url}/oauth2/auth`,
      userInfo: `${fake.url}/oauth2/user_info`,
      revocation: `${fake.url}/oauth2/revoke`,
    },
    ...extra,
  });

describe("vk", () => {
  it("exports SPEC.md §9's language enum", () => {
    expect(VK_LANGUAGE).toEqual({ RUS: 0, UKR: 1, ENG: 3, SPA: 4, GERMAN: 6, POL: 15, FRA: 16, TURKEY: 82 });
  });

  it("signs up through VK ID with PKCE, lang_id and scheme, authenticated by PKCE and client_id alone", async () => {
    const fake = await fakeVk();
    const auth = authWith(provider(fake, { lang_id: VK_LANGUAGE.ENG, scheme: "dark" }));
    const flow = await signInThrough(auth, "vk", "vk.good", {
      extraQuery: { device_id: DEVICE, type: "code_v2", expires_in: "600" },
    });
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/authorize`,
      clientId: "vk-app",
      providerId: "vk",
      scope: "vkid.personal_info email",
      pkce: true,
    });
    expect(flow.authorizationURL.searchParams.get("lang_id")).toBe("3");
    expect(flow.authorizationURL.searchParams.get("scheme")).toBe("dark");
    expect(flow.location).toBe("/dashboard");

    const [tokenRequest] = fake.requestsTo("/oauth2/auth");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    expect(tokenRequest?.form?.get("grant_type")).toBe("authorization_code");
    expect(tokenRequest?.form?.get("client_id")).toBe("vk-app");
    expect(tokenRequest?.form?.get("client_secret")).toBeNull();
    expect(tokenRequest?.form?.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(tokenRequest?.headers.authorization).toBeUndefined();

    expect(await sessionUser(flow.client)).toMatchObject({
      email: "ivan@example.ru",
      emailVerified: false,
      name: "Ivan Ivanov",
      image: AVATAR,
    });
    expect((await storedAccount(auth, "vk"))?.accountId).toBe("1234567890");
  });

  it("forwards the callback's device_id to the token request and refreshes through POST /refresh-token", async () => {
    const fake = await fakeVk();
    const flow = await signInThrough(authWith(provider(fake)), "vk", "vk.good", {
      extraQuery: { device_id: DEVICE },
    });
    expect(flow.location).toBe("/dashboard");
    expect(fake.requestsTo("/oauth2/auth")[0]?.form?.get("device_id")).toBe(DEVICE);

    const r = await flow.client.post("/refresh-token", { providerId: "vk" });
    expect(r.status).toBe(200);
    expect(r.body.accessToken).toBe("vk.refreshed");
    const refreshRequest = fake.requestsTo("/oauth2/auth")[1]?.form;
    expect(refreshRequest?.get("refresh_token")).toBe("vk.refresh");
    expect(refreshRequest?.get("device_id")).toBe(DEVICE);
  });

  it("sends device_id with the exchange and keeps it with the refresh token for later refreshes", async () => {
    const fake = await fakeVk();
    const p = provider(fake);
    const validate = p.validateAuthorizationCode as (args: {
      code: string;
      codeVerifier: string;
      redirectURI: string;
      deviceId?: string;
    }) => ReturnType<typeof p.validateAuthorizationCode>;
    const tokens = await validate({
      code: "vk.good",
      codeVerifier: "v".repeat(64),
      redirectURI: "https://app/cb",
      deviceId: DEVICE,
    });
    expect(fake.requestsTo("/oauth2/auth")[0]?.form?.get("device_id")).toBe(DEVICE);
    expect(tokens.accessToken).toBe("vk.access");
    expect(tokens.refreshToken?.startsWith("vkid1.")).toBe(true);

    const refreshed = await p.refreshAccessToken?.(tokens.refreshToken ?? "");
    const refreshRequest = fake.requestsTo("/oauth2/auth")[1]?.form;
    expect(refreshRequest?.get("refresh_token")).toBe("vk.refresh");
    expect(refreshRequest?.get("device_id")).toBe(DEVICE);
    expect(refreshed?.accessToken).toBe("vk.refreshed");
    // Still packed, so the next refresh carries the device too.
    await p.refreshAccessToken?.(refreshed?.refreshToken ?? "");
    expect(fake.requestsTo("/oauth2/auth")[2]?.form?.get("device_id")).toBe(DEVICE);
  });

  it("VK ID's invalid_grant on an expired code ends on the error page with invalid_code", async () => {
    const fake = await fakeVk();
    const flow = await signInThrough(authWith(provider(fake)), "vk", "vk.old", { extraQuery: { device_id: DEVICE } });
    expect(flow.error).toBe("invalid_code");
  });

  it("revokes with client_id and the access token in the form", async () => {
    const fake = await fakeVk();
    await provider(fake).revokeToken?.("vk.access");
    const form = fake.requestsTo("/oauth2/revoke")[0]?.form;
    expect(Object.fromEntries(form ?? [])).toEqual({ client_id: "vk-app", access_token: "vk.access" });
  });
});
