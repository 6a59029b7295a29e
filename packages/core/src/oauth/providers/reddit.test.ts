import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import type { ProviderProfile } from "../oauth-provider.js";
import { reddit } from "./reddit.js";
import {
  authWith,
  basicCredentials,
  expectAuthorizationURL,
  sessionUser,
  signInThrough,
  startFakeProvider,
  storedAccount,
} from "./provider-flow.test-helper.js";

const ICON = "https://styles.redditmedia.com/t5_abc/styles/profileIcon_xyz.png?width=256&amp;height=256&amp;s=123";

/**
 * Reddit's token endpoint (Basic auth only; a bad client gets `{"message":"Unauthorized","error":401}`,
 * a bad code `{"error":"invalid_grant"}`) and oauth.reddit.com/api/v1/me, both rejecting a missing User-Agent.
 */
async function fakeReddit() {
  return startFakeProvider({
    "POST /api/v1/access_token": (req) => {
      if (!req.headers["user-agent"]?.includes("my-app")) return { status: 429, text: "Too Many Requests" };
      if (basicCredentials(req)?.join(":") !== "rd-client:rd-secret") {
        return { status: 401, json: { message: "Unauthorized", error: 401 } };
      }
      if (req.form?.get("grant_type") === "refresh_token") {
        return { json: { access_token: "rd.refreshed", token_type: "bearer", expires_in: 86400, scope: "identity" } };
      }
      return req.form?.get("code") === "rd.good"
        ? {
            json: {
              access_token: "rd.access",
              token_type: "bearer",
              expires_in: 86400,
              refresh_token: "rd.refresh",
              scope: "identity",
            },
          }
        : { json: { error: "invalid_grant" } };
    },
    "GET /api/v1/me": (req) =>
      req.headers.authorization === "Bearer rd.access" && req.headers["user-agent"]?.includes("my-app")
        ? { json: { id: "t2abc", name: "spez", icon_img: ICON, has_verified_email: true, link_karma: 1 } }
        : { status: 401, json: { message: "Unauthorized", error: 401 } },
    "POST /api/v1/revoke_token": () => ({ status: 204, text: "" }),
  });
}

const withEmail = (p: ProviderProfile): ProviderProfile => ({ ...p, email: `${p.name}@users.reddit.invalid` });
const provider = (fake: FakeOAuthServer, extra: Partial<Parameters<typeof reddit>[0]> = {}) =>
  reddit({
    clientId: "rd-client",
    clientSecret: "rd-secret",
    userAgent: "web:my-app:v1 (by /u/me)",
    endpoints: {
      authorization: `${fake.url}/api/v1/authorize`,
      token: `${fake.url}/api/v1/access_token`,
      userInfo: `${fake.url}/api/v1/me`,
      revocation: `${fake.url}/api/v1/revoke_token`,
    },
    ...extra,
  });

describe("reddit", () => {
  it("asks for a permanent token without PKCE, authenticates with Basic and a User-Agent, and refreshes", async () => {
    const fake = await fakeReddit();
    const auth = authWith(provider(fake, { mapProfile: withEmail }));
    const flow = await signInThrough(auth, "reddit", "rd.good");
    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/api/v1/authorize`,
      clientId: "rd-client",
      providerId: "reddit",
      scope: "identity",
      pkce: false,
    });
    expect(flow.authorizationURL.searchParams.get("duration")).toBe("permanent");
    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = fake.requestsTo("/api/v1/access_token");
    expect(basicCredentials(tokenRequest)).toEqual(["rd-client", "rd-secret"]);
    expect(tokenRequest?.form?.get("code_verifier")).toBeNull();
    expect(tokenRequest?.form?.get("client_secret")).toBeNull();
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "spez@users.reddit.invalid",
      emailVerified: false,
      name: "spez",
      image: ICON.replaceAll("&amp;", "&"),
    });
    expect((await storedAccount(auth, "reddit"))?.accountId).toBe("t2abc");
    const r = await flow.client.post("/refresh-token", { providerId: "reddit" });
    expect(r.body).toMatchObject({ accessToken: "rd.refreshed", refreshToken: "rd.refresh" });
  });

  it("Reddit shares no email: without a mapProfile that adds one the callback says email_not_found", async () => {
    const fake = await fakeReddit();
    expect((await signInThrough(authWith(provider(fake)), "reddit", "rd.good")).error).toBe("email_not_found");
  });

  it("invalid_grant and a numeric 401 error both end on the error page with invalid_code", async () => {
    const fake = await fakeReddit();
    expect((await signInThrough(authWith(provider(fake, { mapProfile: withEmail })), "reddit", "rd.bad")).error).toBe(
      "invalid_code",
    );
    const wrongSecret = provider(fake, { clientSecret: "nope", mapProfile: withEmail });
    expect((await signInThrough(authWith(wrongSecret), "reddit", "rd.good")).error).toBe("invalid_code");
  });

  it("revokes with Basic auth and the User-Agent", async () => {
    const fake = await fakeReddit();
    await provider(fake).revokeToken?.("rd.access");
    const [req] = fake.requestsTo("/api/v1/revoke_token");
    expect(basicCredentials(req)).toEqual(["rd-client", "rd-secret"]);
    expect(req?.form?.get("token")).toBe("rd.access");
    expect(req?.headers["user-agent"]).toBe("web:my-app:v1 (by /u/me)");
  });
});
