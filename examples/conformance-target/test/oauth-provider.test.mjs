// The conformance target started as TARGET.md's "OAuth 2.1 / OpenID Connect provider" section says
// (OAUTH_PROVIDER=1), driven end to end by openid-client over HTTP: discovery at both places, a
// third-party client through the consent API, a JWT access token for the demo resource /mcp, userinfo,
// refresh, and every token dead once the session ends.
import { spawn } from "node:child_process";
import { get as httpGet } from "node:http";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const THIRD = {
  id: "third-party",
  secret: "third-party-secret-0123456789abcdef",
  redirect: "https://third.example.test/callback",
};

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function startTarget(port) {
  const proc = spawn(process.execPath, ["examples/conformance-target/server.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PROFILE: "default", OAUTH_PROVIDER: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    proc.stdout.on("data", (d) => {
      output += d;
      if (output.includes("ready")) resolve(proc);
    });
    proc.stderr.on("data", (d) => {
      output += d;
    });
    proc.on("exit", (code) => reject(new Error(`target exited (${code}):\n${output}`)));
  });
}

/** A browser navigation with the cookie: status and absolute Location (fetch would say Sec-Fetch-Mode: cors). */
const navigate = (url, cookie) =>
  new Promise((resolve, reject) => {
    const headers = { accept: "text/html", "sec-fetch-mode": "navigate", ...(cookie ? { cookie } : {}) };
    httpGet(url, { headers }, (res) => {
      res.resume();
      const location = res.headers.location;
      resolve({ status: res.statusCode, location: location ? new URL(location, url) : null });
    }).on("error", reject);
  });

describe("conformance target with OAUTH_PROVIDER=1, driven by openid-client", () => {
  let proc;
  let base;
  let issuer;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    issuer = `${base}/api/auth`;
    proc = await startTarget(port);
  });
  afterAll(() => proc?.kill("SIGTERM"));

  const post = (path, body, cookie) =>
    fetch(`${base}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it("discovery, consent, a JWT for /mcp, userinfo, refresh — and nothing left alive after sign-out", async () => {
    const config = await oidc.discovery(new URL(issuer), THIRD.id, THIRD.secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(issuer);
    expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
    expect(meta.registration_endpoint).toBe(`${issuer}/oauth2/register`);
    expect(meta.end_session_endpoint).toBe(`${issuer}/oauth2/end-session`);
    const root = await fetch(`${base}/.well-known/oauth-authorization-server/api/auth`);
    expect((await root.json()).issuer).toBe(issuer);

    const email = `oauth-target-${Date.now()}@example.com`;
    const signUp = await post("/sign-up/email", { name: "Target User", email, password: "password-123" });
    expect(signUp.status).toBe(200);
    const userId = (await signUp.json()).user.id;
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const resource = `${base}/mcp`;
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: THIRD.redirect,
      scope: "openid email offline_access",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
      resource,
    });
    // A third-party client: to the consent page on the target's origin, with the signed request.
    const toConsent = await navigate(url, cookie);
    expect(toConsent.status).toBe(302);
    expect(toConsent.location.origin).toBe(base);
    expect(toConsent.location.searchParams.get("sig")).toBeTruthy();
    const oauthQuery = toConsent.location.search.slice(1);
    expect((await post("/oauth2/consent", { accept: true, oauth_query: oauthQuery })).status).toBe(401);
    const consent = await post("/oauth2/consent", { accept: true, oauth_query: oauthQuery }, cookie);
    expect(consent.status).toBe(200);
    const callback = new URL((await consent.json()).url);
    expect(callback.searchParams.get("iss")).toBe(issuer);

    const tokens = await oidc.authorizationCodeGrant(
      config,
      callback,
      { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true },
      { resource },
    );
    expect(tokens.claims()?.sub).toBe(userId);
    const [header] = tokens.access_token.split(".");
    expect(JSON.parse(Buffer.from(header, "base64url").toString()).typ).toBe("at+jwt");

    const mcp = await fetch(resource, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(mcp.status).toBe(200);
    expect(await mcp.json()).toMatchObject({ sub: userId, client_id: THIRD.id });
    expect((await oidc.fetchUserInfo(config, tokens.access_token, userId)).email).toBe(email);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token);

    // The stored consent now covers the same request: straight back with a code.
    const again = await navigate(url, cookie);
    expect(again.location.origin).toBe("https://third.example.test");
    expect(again.location.searchParams.get("code")).toBeTruthy();

    expect((await post("/sign-out", {}, cookie)).status).toBe(200);
    const after = await fetch(resource, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain("resource_metadata=");
    await expect(oidc.fetchUserInfo(config, refreshed.access_token, userId)).rejects.toThrow();
    expect((await oidc.tokenIntrospection(config, refreshed.access_token)).active).toBe(false);
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token)).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });
});
