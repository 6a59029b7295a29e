import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { dropbox } from "./dropbox.js";
import {
  authWith,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
  storedAccount,
} from "./provider-flow.test-helper.js";

const PHOTO = "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAH4f99?vers=1556069330102&size=128x128";
const account = {
  account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
  name: {
    given_name: "Franz",
    surname: "Ferdinand",
    familiar_name: "Franz",
    display_name: "Franz Ferdinand (Personal)",
    abbreviated_name: "FF",
  },
  email: "Franz@Dropbox.com",
  email_verified: true,
  disabled: false,
  profile_photo_url: PHOTO,
  account_type: { ".tag": "basic" },
};

/** Dropbox's token endpoint and the POST-only RPC users/get_current_account (no body), as documented. */
async function fakeDropbox(overrides: Record<string, unknown> = {}) {
  return startFakeProvider({
    "POST /oauth2/token": (req) => {
      if (req.form?.get("grant_type") === "refresh_token") {
        return { json: { access_token: "db.refreshed", token_type: "bearer", expires_in: 14400 } };
      }
      return req.form?.get("code") === "db.good"
        ? {
            json: {
              access_token: "db.access",
              expires_in: 14400,
              token_type: "bearer",
              scope: "account_info.read",
              refresh_token: "db.refresh",
              account_id: account.account_id,
              uid: "12345",
            },
          }
        : { status: 400, json: { error: "invalid_grant", error_description: "code doesn't exist or has expired" } };
    },
    "POST /2/users/get_current_account": (req) => {
      if (req.headers.authorization !== "Bearer db.access") {
        return {
          status: 401,
          json: { error_summary: "invalid_access_token/...", error: { ".tag": "invalid_access_token" } },
        };
      }
      // RPC endpoints without arguments take no body.
      if (req.body !== "") return { status: 400, text: "Error in call to API function: unexpected body" };
      return { json: { ...account, ...overrides } };
    },
    "POST /2/auth/token/revoke": () => ({ json: null }),
  });
}

const provider = (fake: FakeOAuthServer, extra: Partial<Parameters<typeof dropbox>[0]> = {}) =>
  dropbox({
    clientId: "db-key",
    clientSecret: "db-secret",
    endpoints: {
      authorization: `${fake.url}/oauth2/authorize`,
      token: `${fake.url}/oauth2/token`,
      userInfo: `${fake.url}/2/users/get_current_account`,
      revocation: `${fake.url}/2/auth/token/revoke`,
    },
    ...extra,
  });

describe("dropbox", () => {
  it("asks for offline access with PKCE and signs up from POST users/get_current_account", async () => {
    const fake = await fakeDropbox();
    const auth = authWith(provider(fake));
    const flow = await signInThrough(auth, "dropbox", "db.good");
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/oauth2/authorize`,
      clientId: "db-key",
      providerId: "dropbox",
      scope: "account_info.read",
      pkce: true,
    });
    expect(flow.authorizationURL.searchParams.get("token_access_type")).toBe("offline");
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = fake.requestsTo("/oauth2/token");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    expect(tokenRequest?.form?.get("client_id")).toBe("db-key");
    expect(tokenRequest?.form?.get("client_secret")).toBe("db-secret");
    expect(fake.requestsTo("/2/users/get_current_account")[0]?.method).toBe("POST");
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "franz@dropbox.com",
      emailVerified: true,
      name: "Franz Ferdinand (Personal)",
      image: PHOTO,
    });
    expect((await storedAccount(auth, "dropbox"))?.accountId).toBe(account.account_id);
    const r = await flow.client.post("/refresh-token", { providerId: "dropbox" });
    expect(r.body).toMatchObject({ accessToken: "db.refreshed", refreshToken: "db.refresh" });
  });

  it("a disabled Dropbox account gets no user: unable_to_get_user_info", async () => {
    const fake = await fakeDropbox({ disabled: true });
    expect((await signInThrough(authWith(provider(fake)), "dropbox", "db.good")).error).toBe("unable_to_get_user_info");
  });

  it("an expired code ends on the error page with invalid_code", async () => {
    const fake = await fakeDropbox();
    expect((await signInThrough(authWith(provider(fake)), "dropbox", "db.old")).error).toBe("invalid_code");
  });

  it("accessType online is passed on; revocation authenticates with the token itself", async () => {
    const fake = await fakeDropbox();
    const flow = await signInThrough(authWith(provider(fake, { accessType: "online" })), "dropbox", "db.good");
    expect(flow.authorizationURL.searchParams.get("token_access_type")).toBe("online");
    await provider(fake).revokeToken?.("db.access");
    expect(fake.requestsTo("/2/auth/token/revoke")[0]?.headers.authorization).toBe("Bearer db.access");
  });
});
