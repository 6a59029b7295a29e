// What the MCP server and the provider behind it refuse: tokens for another audience, expired,
// revoked or signed-out tokens, codes and refresh tokens replayed by another client, hostile
// registrations, PKCE downgrade, and requests that try the MCP endpoint itself. All over HTTP.
import { createHash, randomBytes } from "node:crypto";
import { registerClient } from "@modelcontextprotocol/sdk/client/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, Browser, authorizeAsUser, signUp, startApp } from "./harness.js";

const REDIRECT = "http://127.0.0.1:8977/callback";

let app: App;
let user: { email: string; password: string; userId: string };
let browser: Browser;
beforeAll(async () => {
  app = await startApp();
  user = await signUp(app.baseURL, "eve-target@example.com");
  browser = new Browser(app.baseURL);
});
afterAll(() => app?.close());

const form = async (path: string, fields: Record<string, string>) => {
  const r = await fetch(`${app.issuer}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : {}) as Record<string, string> };
};

/** A public client registered the way an MCP client registers (RFC 7591). */
async function register(redirectUris = [REDIRECT]) {
  const r = await fetch(`${app.issuer}/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "attack test",
      redirect_uris: redirectUris,
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "none",
    }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, string> };
}

/** The code flow with PKCE S256 for `clientId`, the user signing in and consenting: the client redirect. */
async function authorize(clientId: string, params: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${app.issuer}/oauth2/authorize`);
  const query: Record<string, string> = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: "openid offline_access",
    state: "s1",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    resource: app.resource,
    ...params,
  };
  for (const [k, v] of Object.entries(query)) if (v !== "") url.searchParams.set(k, v);
  const back = await authorizeAsUser(browser, url, user);
  return { back, code: back.searchParams.get("code"), verifier };
}

async function tokens(clientId: string, params: Record<string, string> = {}) {
  const { code, verifier } = await authorize(clientId, params);
  const resource = params.resource ?? app.resource;
  const r = await form("/oauth2/token", {
    grant_type: "authorization_code",
    code: code as string,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: clientId,
    ...(resource ? { resource } : {}),
  });
  expect(r.status).toBe(200);
  return r.body as { access_token: string; refresh_token: string };
}

const whoami = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "whoami", arguments: {} } };
const callMcp = (token: string | null, body: unknown = whoami, headers: Record<string, string> = {}) =>
  fetch(app.resource, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function expectInvalidToken(r: Response) {
  expect(r.status).toBe(401);
  expect(r.headers.get("www-authenticate")).toBe(
    `Bearer resource_metadata="${app.baseURL}/.well-known/oauth-protected-resource/mcp", error="invalid_token"`,
  );
  expect(await r.json()).toEqual({ error: "invalid_token" });
}

describe("tokens the MCP server refuses", () => {
  it("no token: 401 pointing at the resource metadata (and it is the token that is checked, never a cookie)", async () => {
    const r = await callMcp(null);
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${app.baseURL}/.well-known/oauth-protected-resource/mcp"`,
    );
    // The signed-in browser's session cookie is no credential for /mcp.
    const signIn = await browser.post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    expect(signIn.status).toBe(200);
    const withCookie = await callMcp(null, whoami, { cookie: browser.cookie(), origin: app.baseURL });
    expect(withCookie.status).toBe(401);
  });

  it("a live token for this server works; one for another resource of the same provider does not", async () => {
    const { client_id } = (await register()).body;
    const good = await tokens(client_id as string);
    expect((await callMcp(good.access_token)).status).toBe(200);
    // Same user, same client, same provider — but issued for /reports (RFC 8707 audience).
    const other = await tokens(client_id as string, { resource: app.otherResource });
    await expectInvalidToken(await callMcp(other.access_token));
    // No resource at all: an opaque token for the provider's own userinfo.
    const none = await tokens(client_id as string, { resource: "" });
    await expectInvalidToken(await callMcp(none.access_token));
    // A resource the provider does not serve is refused at the authorization endpoint already.
    const { back } = await authorize(client_id as string, { resource: "https://evil.example/mcp" });
    expect(back.searchParams.get("error")).toBe("invalid_target");
  });

  it("an expired token, a revoked token, a tampered token, a token in the query string", async () => {
    const { client_id } = (await register()).body;
    const t = await tokens(client_id as string);
    // Expired: the clock moves past the 15-minute lifetime.
    app.clock.offset = 16 * 60 * 1000;
    try {
      await expectInvalidToken(await callMcp(t.access_token));
    } finally {
      app.clock.offset = 0;
    }
    expect((await callMcp(t.access_token)).status).toBe(200);
    await expectInvalidToken(await callMcp(`${t.access_token.slice(0, -2)}xx`));
    // RFC 6750 §2.3 query tokens are not accepted (they end up in logs).
    const query = await fetch(`${app.resource}?access_token=${t.access_token}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(whoami),
    });
    expect(query.status).toBe(401);
    // Revoked by the client (RFC 7009): refused from that moment.
    expect((await form("/oauth2/revoke", { token: t.access_token, client_id: client_id as string })).status).toBe(200);
    await expectInvalidToken(await callMcp(t.access_token));
  });

  it("a code or a refresh token issued to one client is useless to another", async () => {
    const a = (await register()).body.client_id as string;
    const b = (await register()).body.client_id as string;
    const { code, verifier } = await authorize(a);
    const stolen = await form("/oauth2/token", {
      grant_type: "authorization_code",
      code: code as string,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: b,
      resource: app.resource,
    });
    expect(stolen).toEqual({ status: 400, body: expect.objectContaining({ error: "invalid_grant" }) });
    const own = await tokens(a);
    const refreshed = await form("/oauth2/token", {
      grant_type: "refresh_token",
      refresh_token: own.refresh_token,
      client_id: b,
    });
    expect(refreshed).toEqual({ status: 400, body: expect.objectContaining({ error: "invalid_grant" }) });
    expect((await callMcp(own.access_token)).status).toBe(200);
  });
});

describe("what the provider refuses an MCP client", () => {
  it("a registration with a javascript: (or data:, or http non-loopback) redirect URI", async () => {
    for (const uri of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "http://evil.example/cb"]) {
      expect(await register([uri])).toEqual({
        status: 400,
        body: expect.objectContaining({ error: "invalid_redirect_uri" }),
      });
    }
    // The SDK's own registration call fails the same way.
    await expect(
      registerClient(app.issuer, {
        clientMetadata: { redirect_uris: ["javascript:alert(document.cookie)"], token_endpoint_auth_method: "none" },
      }),
    ).rejects.toThrow();
  });

  it("PKCE plain, or no PKCE at all, gets no code", async () => {
    const { client_id } = (await register()).body;
    const plain = await authorize(client_id as string, {
      code_challenge: randomBytes(32).toString("base64url"),
      code_challenge_method: "plain",
    });
    expect(plain.code).toBeNull();
    expect(plain.back.searchParams.get("error")).toBe("invalid_request");
    const none = await authorize(client_id as string, { code_challenge: "", code_challenge_method: "" });
    expect(none.code).toBeNull();
    expect(none.back.searchParams.get("error")).toBe("invalid_request");
    // And a code needs its verifier.
    const { code } = await authorize(client_id as string);
    const r = await form("/oauth2/token", {
      grant_type: "authorization_code",
      code: code as string,
      redirect_uri: REDIRECT,
      client_id: client_id as string,
      code_verifier: randomBytes(32).toString("base64url"),
    });
    expect(r).toEqual({ status: 400, body: expect.objectContaining({ error: "invalid_grant" }) });
  });

  it("a consent answer whose signed query was changed (a wider scope)", async () => {
    const { client_id } = (await register()).body;
    const url = new URL(`${app.issuer}/oauth2/authorize`);
    const verifier = randomBytes(32).toString("base64url");
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: client_id as string,
      redirect_uri: REDIRECT,
      scope: "openid",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      resource: app.resource,
    }))
      url.searchParams.set(k, v);
    const consent = await browser.navigate(url);
    expect(new URL(consent.location as string).pathname).toBe("/consent");
    const query = new URL(consent.location as string).search
      .slice(1)
      .replace("scope=openid", "scope=openid+notes%3Awrite");
    const r = await browser.post("/api/auth/oauth2/consent", { accept: true, oauth_query: query });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_CONSENT_REQUEST");
  });
});

describe("the MCP endpoint and the pages", () => {
  it("another Host (DNS rebinding), bad JSON, an oversized body, odd tool names: 4xx, never a 500", async () => {
    const { client_id } = (await register()).body;
    const { access_token } = await tokens(client_id as string);
    const rebound = await new Promise<number>((resolve, reject) => {
      const u = new URL(app.resource);
      import("node:http").then(({ request }) => {
        const req = request(
          {
            host: u.hostname,
            port: u.port,
            path: "/mcp",
            method: "POST",
            headers: {
              host: "evil.example",
              authorization: `Bearer ${access_token}`,
              "content-type": "application/json",
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end(JSON.stringify(whoami));
      }, reject);
    });
    expect(rebound).toBe(421);
    const bad = await callMcp(access_token, "{not json");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: -32700 } });
    const big = await callMcp(access_token, JSON.stringify({ ...whoami, pad: "x".repeat(1100 * 1024) }));
    expect(big.status).toBe(413);
    for (const name of ["constructor", "__proto__", "toString", "nope"]) {
      const r = await callMcp(access_token, { ...whoami, params: { name, arguments: {} } });
      expect(r.status).toBe(200);
      const answer = (await r.json()) as { error?: unknown; result?: { isError?: boolean } };
      expect(answer.error ?? answer.result?.isError).toBeTruthy();
    }
    expect((await callMcp(access_token, { ...whoami, params: null })).status).toBeLessThan(500);
    // Stateless: no server-to-client stream, and no way around the token for GET either.
    const get = (headers: Record<string, string>) =>
      fetch(app.resource, { headers: { accept: "text/event-stream", ...headers } });
    expect((await get({ authorization: `Bearer ${access_token}` })).status).toBe(405);
    expect((await get({})).status).toBe(401);
  });

  it("the sign-in page sends the user back only to an authorization request on this origin", async () => {
    const ours = `${app.issuer}/oauth2/authorize?client_id=x`;
    for (const [callbackURL, expected] of [
      [ours, ours],
      ["https://evil.example/api/auth/oauth2/authorize", "/"],
      ["//evil.example/api/auth/oauth2/authorize", "/"],
      [`${app.baseURL}/elsewhere`, "/"],
      ["javascript:alert(1)", "/"],
    ]) {
      const page = await new Browser(app.baseURL).navigate(
        `/sign-in?callbackURL=${encodeURIComponent(callbackURL as string)}`,
      );
      expect(page.status).toBe(200);
      const callback = /data-callback="([^"]*)"/.exec(page.body)?.[1]?.replaceAll("&amp;", "&");
      expect(callback).toBe(expected);
    }
  });

  it("the consent page cannot be framed and shows what a client registered as text, not markup", async () => {
    const page = await browser.navigate(
      `/consent?client_id=${encodeURIComponent('<img src=x onerror="alert(1)">')}&scope=openid&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );
    expect(page.status).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.body).not.toContain("<img");
    expect(page.body).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});
