import { afterEach, describe, expect, it } from "vitest";
import { driveSocialFlow } from "../../testing/drive-social-flow.js";
import { type FakeOAuthServer, startFakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { makeTestAuth } from "../../testing/make-test-auth.js";
import { gitlab } from "./gitlab.js";

const servers: FakeOAuthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

// The documented shape of GET /api/v4/user for the token's own user (abridged).
const user = {
  id: 1001,
  username: "jdoe",
  name: "Jane Doe",
  state: "active",
  avatar_url: "https://gitlab.example.com/uploads/-/system/user/avatar/1001/avatar.png",
  web_url: "https://gitlab.example.com/jdoe",
  email: "Jane@Example.com",
  confirmed_at: "2024-11-02T09:21:10.000Z",
  public_email: null,
};

/** A self-managed GitLab: doorkeeper's /oauth/token and the REST API, under one base URL. */
async function fakeGitLab(profile: Record<string, unknown> = user) {
  const idp = await startFakeOAuthServer();
  servers.push(idp);
  idp.route("POST /oauth/token", (req) => {
    if (req.form?.get("grant_type") === "refresh_token") {
      return {
        json: {
          access_token: "glpat.refreshed",
          token_type: "Bearer",
          expires_in: 7200,
          refresh_token: "gl.r2",
          created_at: 1,
        },
      };
    }
    if (req.form?.get("code") !== "gl.good") return { status: 400, json: { error: "invalid_grant" } };
    return {
      json: {
        access_token: "gl.access",
        token_type: "Bearer",
        expires_in: 7200,
        refresh_token: "gl.refresh",
        scope: "read_user",
        created_at: 1_607_635_748,
      },
    };
  });
  idp.route("GET /api/v4/user", (req) =>
    req.headers.authorization === "Bearer gl.access"
      ? { json: profile }
      : { status: 401, json: { message: "401 Unauthorized" } },
  );
  idp.route("POST /oauth/revoke", () => ({ json: {} }));
  return idp;
}

// Only `issuer` is configured: every endpoint derives from the instance's base URL.
const setup = (idp: FakeOAuthServer) =>
  makeTestAuth({
    socialProviders: { gitlab: gitlab({ clientId: "gl-client", clientSecret: "gl-secret", issuer: `${idp.url}/` }) },
  });

describe("gitlab", () => {
  it("runs the code flow against a self-managed instance and signs the user up from /api/v4/user", async () => {
    const idp = await fakeGitLab();
    const auth = setup(idp);
    const flow = await driveSocialFlow(auth, "gitlab", "gl.good");

    const q = flow.authorizationURL.searchParams;
    expect(flow.authorizationURL.origin + flow.authorizationURL.pathname).toBe(`${idp.url}/oauth/authorize`);
    expect(q.get("client_id")).toBe("gl-client");
    expect(q.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/gitlab");
    expect(q.get("scope")).toBe("read_user");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);

    expect(flow.location).toBe("/dashboard");
    const [tokenRequest] = idp.requestsTo("/oauth/token");
    expect(tokenRequest?.form?.get("code_verifier")).toMatch(/^[\w.~-]{128}$/);
    expect(tokenRequest?.form?.get("client_id")).toBe("gl-client");
    expect(tokenRequest?.form?.get("client_secret")).toBe("gl-secret");
    expect(tokenRequest?.form?.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/gitlab");

    const session = (await flow.client.get("/get-session")).body;
    expect(session.user).toMatchObject({
      email: "jane@example.com",
      emailVerified: true,
      name: "Jane Doe",
      image: user.avatar_url,
    });
    expect((await flow.client.get("/list-accounts")).body[0].accountId).toBe("1001");

    const r = await flow.client.post("/refresh-token", { providerId: "gitlab" });
    expect(r.body).toMatchObject({ accessToken: "glpat.refreshed", refreshToken: "gl.r2" });
  });

  it("an unconfirmed email is not verified; a blocked account is not let in", async () => {
    const unconfirmed = await fakeGitLab({ ...user, confirmed_at: null, name: "" });
    const flow = await driveSocialFlow(setup(unconfirmed), "gitlab", "gl.good");
    expect((await flow.client.get("/get-session")).body.user).toMatchObject({ emailVerified: false, name: "jdoe" });

    const blocked = await fakeGitLab({ ...user, state: "blocked" });
    expect((await driveSocialFlow(setup(blocked), "gitlab", "gl.good")).error).toBe("unable_to_get_user_info");
  });

  it("a refused code ends on the error page with invalid_code", async () => {
    const idp = await fakeGitLab();
    expect((await driveSocialFlow(setup(idp), "gitlab", "gl.stale")).error).toBe("invalid_code");
  });
});
