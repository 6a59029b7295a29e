import { describe, expect, it, vi } from "vitest";
import type { FakeOAuthServer, FakeRequest } from "../../testing/fake-oauth-server.js";
import { makeTestAuth } from "../../testing/make-test-auth.js";
import { github } from "./github.js";
import {
  authWith,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
  storedAccount,
} from "./provider-flow.test-helper.js";

// GET /user as GitHub documents it (abridged): the email is the *public* one, often null.
const octocat = {
  login: "octocat",
  id: 583231,
  name: "The Octocat",
  email: null,
  avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
  type: "User",
};
// GET /user/emails: every address, the primary one not necessarily first.
const emails = [
  { email: "octo-old@example.com", primary: false, verified: true, visibility: null },
  { email: "Octo@Example.com", primary: true, verified: true, visibility: "private" },
];

const bearer = (req: FakeRequest) => String(req.headers.authorization ?? "");

/**
 * github.com's token endpoint and api.github.com under one fake: GitHub answers a refused code with
 * 200 and an `error` field, and the REST API refuses requests without a User-Agent.
 */
async function fakeGithub(user: Record<string, unknown> = octocat, userEmails: unknown = emails) {
  return startFakeProvider({
    "POST /login/oauth/access_token": (req) => {
      if (req.form?.get("grant_type") === "refresh_token") {
        return req.form.get("refresh_token") === "ghr_1"
          ? {
              json: {
                access_token: "ghu_2",
                expires_in: 28800,
                refresh_token: "ghr_2",
                refresh_token_expires_in: 15897600,
                scope: "",
                token_type: "bearer",
              },
            }
          : { json: { error: "bad_refresh_token", error_description: "The refresh token passed is incorrect." } };
      }
      if (req.form?.get("code") !== "gh.good") {
        return {
          json: {
            error: "bad_verification_code",
            error_description: "The code passed is incorrect or expired.",
            error_uri: "https://docs.github.com/apps/troubleshooting-oauth-app-access-token-request-errors",
          },
        };
      }
      return {
        json: {
          access_token: "ghu_1",
          expires_in: 28800,
          refresh_token: "ghr_1",
          refresh_token_expires_in: 15897600,
          scope: "read:user,user:email",
          token_type: "bearer",
        },
      };
    },
    "GET /user": (req) =>
      bearer(req) === "Bearer ghu_1" && req.headers["user-agent"]
        ? { json: user }
        : { status: 401, json: { message: "Bad credentials" } },
    "GET /user/emails": (req) =>
      bearer(req) === "Bearer ghu_1" ? { json: userEmails } : { status: 401, json: { message: "Bad credentials" } },
    "DELETE /applications/gh-client/token": () => ({ status: 204, text: "" }),
  });
}

const provider = (fake: FakeOAuthServer, extra: Partial<Parameters<typeof github>[0]> = {}) =>
  github({
    clientId: "gh-client",
    clientSecret: "gh-secret",
    endpoints: {
      authorization: `${fake.url}/login/oauth/authorize`,
      token: `${fake.url}/login/oauth/access_token`,
      userInfo: `${fake.url}/user`,
    },
    ...extra,
  });

describe("github", () => {
  it("sends PKCE and the login hint, and takes the primary address of /user/emails when /user has no public email", async () => {
    const fake = await fakeGithub();
    const auth = authWith(provider(fake));
    const flow = await signInThrough(auth, "github", "gh.good", { body: { loginHint: "octocat" } });

    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/login/oauth/authorize`,
      clientId: "gh-client",
      providerId: "github",
      scope: "read:user user:email",
      pkce: true,
    });
    expect(flow.authorizationURL.searchParams.get("login")).toBe("octocat");
    expect(flow.location).toBe("/dashboard");

    const [tokenRequest] = fake.requestsTo("/login/oauth/access_token");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    // Without this header GitHub answers form-encoded, not JSON.
    expect(tokenRequest?.headers.accept).toBe("application/json");
    expect(tokenRequest?.form?.get("client_id")).toBe("gh-client");
    expect(tokenRequest?.form?.get("client_secret")).toBe("gh-secret");
    expect(tokenRequest?.form?.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/github");

    expect(await sessionUser(flow.client)).toMatchObject({
      email: "octo@example.com",
      emailVerified: true,
      name: "The Octocat",
      image: octocat.avatar_url,
    });
    const account = await storedAccount(auth, "github");
    expect(account).toMatchObject({ accountId: "583231", scope: "read:user,user:email" });
  });

  it("a display name past the column is shortened by whole characters and an over-long picture URL dropped, not a failed sign-in", async () => {
    const longName = "🐙".repeat(300);
    const fake = await fakeGithub({ ...octocat, name: longName, avatar_url: `https://a.example/${"x".repeat(3000)}` });
    const flow = await signInThrough(authWith(provider(fake)), "github", "gh.good");
    expect(flow.location).toBe("/dashboard");
    const user = (await sessionUser(flow.client))!;
    expect(Array.from(user.name as string)).toHaveLength(255);
    expect(user.name).toBe("🐙".repeat(255));
    expect(user.image).toBeNull();
  });

  it("an unverified primary address stays unverified; without /user/emails the public email is used, unverified", async () => {
    const unverified = await fakeGithub({ ...octocat, name: null }, [
      { email: "octo@example.com", primary: true, verified: false, visibility: null },
    ]);
    const flow = await signInThrough(authWith(provider(unverified)), "github", "gh.good");
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "octo@example.com",
      emailVerified: false,
      name: "octocat",
    });

    // No user:email scope granted: /user/emails answers 404, /user shows the public address.
    const publicOnly = await fakeGithub({ ...octocat, email: "public@example.com" }, null);
    publicOnly.route("GET /user/emails", () => ({ status: 404, json: { message: "Not Found" } }));
    const second = await signInThrough(authWith(provider(publicOnly)), "github", "gh.good");
    expect(await sessionUser(second.client)).toMatchObject({ email: "public@example.com", emailVerified: false });
  });

  it("GitHub's 200 answer with bad_verification_code ends on the error page with invalid_code", async () => {
    const fake = await fakeGithub();
    const flow = await signInThrough(authWith(provider(fake)), "github", "gh.expired");
    expect(flow.error).toBe("invalid_code");
    expect(flow.location).toMatch(/^http:\/\/localhost:3000\/api\/auth\/error\?/);
    expect(await sessionUser(flow.client)).toBeNull();
    expect(fake.requestsTo("/user")).toHaveLength(0);
  });

  it("refreshes the expiring user tokens of GitHub apps", async () => {
    const fake = await fakeGithub();
    const flow = await signInThrough(authWith(provider(fake)), "github", "gh.good");
    const before = Date.now();
    const r = await flow.client.post("/refresh-token", { providerId: "github" });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ accessToken: "ghu_2", refreshToken: "ghr_2" });
    expect(new Date(r.body.accessTokenExpiresAt).getTime()).toBeGreaterThanOrEqual(before + 28_800_000);
    expect(new Date(r.body.refreshTokenExpiresAt).getTime()).toBeGreaterThanOrEqual(before + 15_897_600_000);
    const refresh = fake
      .requestsTo("/login/oauth/access_token")
      .find((t) => t.form?.get("grant_type") === "refresh_token");
    expect(refresh?.form?.get("refresh_token")).toBe("ghr_1");
    expect(refresh?.form?.get("client_id")).toBe("gh-client");
    expect(refresh?.form?.get("client_secret")).toBe("gh-secret");
  });

  it("revokes with DELETE /applications/{client_id}/token (Basic auth, JSON body), also when the account is unlinked", async () => {
    const fake = await fakeGithub();
    // Only the API host is redirected to the fake, so the default revocation URL is the one checked.
    const toFake = ((input: string | URL | Request, init?: RequestInit) =>
      fetch(String(input).replace("https://api.github.com", fake.url), init)) as typeof fetch;
    await provider(fake, { fetch: toFake }).revokeToken?.("ghu_direct");
    const [direct] = fake.requestsTo("/applications/gh-client/token");
    expect(direct?.method).toBe("DELETE");
    expect(direct?.headers.authorization).toBe(`Basic ${btoa("gh-client:gh-secret")}`);
    expect(direct?.headers["content-type"]).toBe("application/json");
    expect(direct?.json).toEqual({ access_token: "ghu_direct" });
    expect(direct?.headers["user-agent"]).toBeTruthy();

    const auth = makeTestAuth({
      socialProviders: { github: provider(fake, { fetch: toFake }) },
      account: { accountLinking: { allowUnlinkingAll: true } },
    });
    const flow = await signInThrough(auth, "github", "gh.good");
    expect((await flow.client.post("/unlink-account", { providerId: "github" })).body).toEqual({ status: true });
    await vi.waitFor(() => expect(fake.requestsTo("/applications/gh-client/token")).toHaveLength(2));
    expect(fake.requestsTo("/applications/gh-client/token")[1]?.json).toEqual({ access_token: "ghu_1" });
  });

  it("a refused revocation is an error the caller sees", async () => {
    const fake = await fakeGithub();
    fake.route("DELETE /applications/gh-client/token", () => ({ status: 422, json: { message: "Validation Failed" } }));
    const gh = provider(fake, { endpoints: { revocation: `${fake.url}/applications/gh-client/token` } });
    await expect(gh.revokeToken?.("ghu_1")).rejects.toThrow(/422/);
  });
});
