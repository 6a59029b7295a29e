// The MCP authorization flow end to end, driven by the MCP TypeScript SDK's own client and its OAuth
// support against the example server over HTTP: 401 → protected-resource metadata → authorization
// server metadata → dynamic registration → authorization code with PKCE (the user signs in and
// consents in a cookie-jar browser) → token → tools; then refresh, scope step-up, and sign-out.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type OAuthClientProvider, UnauthorizedError, auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcp } from "../client.mjs";
import { type App, Browser, type UserAnswers, authorizeAsUser, signUp, startApp } from "./harness.js";

// A native MCP client's loopback redirect (RFC 8252); the test's browser stops there and never connects.
const REDIRECT = "http://127.0.0.1:8976/callback";

/** An MCP client's OAuth state, in memory; what the user does is `onAuthorize`. */
class TestClientProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier: string | undefined;
  lastState: string | undefined;
  authorizationUrls: URL[] = [];
  constructor(public onAuthorize: (url: URL) => Promise<void>) {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "SDK test client",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state() {
    this.lastState = crypto.randomUUID();
    return this.lastState;
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
    await this.onAuthorize(url);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error("no code verifier saved");
    return this.verifier;
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "client") this.info = undefined;
    if (scope === "all" || scope === "tokens") this.saved = undefined;
    if (scope === "all" || scope === "verifier") this.verifier = undefined;
  }
}

/** Every request the SDK sends, as `METHOD path status`. */
function recordingFetch(log: string[]): typeof fetch {
  return async (input, init) => {
    const r = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    log.push(`${init?.method ?? (input instanceof Request ? input.method : "GET")} ${url.pathname} ${r.status}`);
    return r;
  };
}

/**
 * The log without the SDK's optional GET /mcp (the standalone SSE stream, which a stateless server
 * answers 405): it is sent in the background, so where it lands in the log is not fixed.
 */
const legs = (log: string[]) => log.filter((line) => !line.startsWith("GET /mcp "));

const jwtPayload = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;

const toolJson = (result: unknown) =>
  JSON.parse((result as { content: { text: string }[] }).content[0]?.text ?? "null") as Record<string, unknown>;

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.close());

/**
 * An MCP client that authorizes with the SDK: connect → UnauthorizedError after the user's browser
 * came back with a code → finishAuth → connect again. Answers the connected client and its state.
 */
async function connectWithSdk(user: UserAnswers, browser = new Browser(app.baseURL)) {
  const log: string[] = [];
  let back: URL | undefined;
  const provider = new TestClientProvider(async (url) => {
    back = await authorizeAsUser(browser, url, user);
  });
  const mcpUrl = new URL(app.resource);
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: recordingFetch(log) });
  await expect(new Client({ name: "sdk-test", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  if (!back) throw new Error("the SDK never sent the user to authorize");
  expect(back.searchParams.get("state")).toBe(provider.lastState);
  expect(back.searchParams.get("iss")).toBe(app.issuer); // RFC 9207
  await first.finishAuth(back.searchParams.get("code") as string);
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: recordingFetch(log) });
  const client = new Client({ name: "sdk-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, provider, browser, log, mcpUrl, fetchFn: recordingFetch(log) };
}

const postMcp = (token: string | null, body: unknown, headers: Record<string, string> = {}) =>
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

const listTools = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };

describe("the MCP SDK client through the whole authorization flow", () => {
  it("401 → discovery → registration → PKCE code with sign-in and consent → token → tools; refresh; sign-out ends it", async () => {
    const user = await signUp(app.baseURL, "ada@example.com");
    const seen: UserAnswers["seen"] = { consent: [] };
    const { client, provider, browser, log, mcpUrl, fetchFn } = await connectWithSdk({ ...user, seen });

    // What the SDK did, in order, up to its first answer from the MCP server (finishAuth discovers again).
    expect(legs(log).slice(0, 8)).toEqual([
      "POST /mcp 401",
      "GET /.well-known/oauth-protected-resource/mcp 200",
      "GET /.well-known/oauth-authorization-server/api/auth 200",
      "POST /api/auth/oauth2/register 201",
      "GET /.well-known/oauth-protected-resource/mcp 200",
      "GET /.well-known/oauth-authorization-server/api/auth 200",
      "POST /api/auth/oauth2/token 200",
      "POST /mcp 200",
    ]);
    // The authorization request: PKCE S256 and the resource indicator, with the registered client.
    const authorizeUrl = provider.authorizationUrls[0] as URL;
    expect(authorizeUrl.href.startsWith(`${app.issuer}/oauth2/authorize?`)).toBe(true);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("resource")).toBe(app.resource);
    expect(authorizeUrl.searchParams.get("client_id")).toBe(provider.info?.client_id);
    // The consent page showed this client, where it goes back to, and what it asked for.
    expect(seen.consent).toHaveLength(1);
    expect(seen.consent[0]).toMatchObject({
      clientId: provider.info?.client_id,
      redirectUri: REDIRECT,
      scopes: ["openid", "profile", "email", "offline_access", "notes:write"],
    });

    // The access token is an RFC 9068 JWT for this MCP server, on behalf of the user.
    const tokens = provider.saved as OAuthTokens;
    expect(tokens.refresh_token).toBeTruthy();
    expect(jwtPayload(tokens.access_token)).toMatchObject({
      iss: app.issuer,
      aud: app.resource,
      sub: user.userId,
      client_id: provider.info?.client_id,
    });

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["add_note", "whoami"]);
    expect(toolJson(await client.callTool({ name: "whoami", arguments: {} }))).toEqual({
      userId: user.userId,
      email: "ada@example.com",
      name: "MCP User",
      clientId: provider.info?.client_id,
      scopes: ["openid", "profile", "email", "offline_access", "notes:write"],
    });
    expect(toolJson(await client.callTool({ name: "add_note", arguments: { text: "hello" } }))).toEqual({
      saved: "hello",
      count: 1,
    });

    // Refresh: the SDK's auth() with a refresh token in hand rotates both tokens.
    const before = provider.saved as OAuthTokens;
    expect(await auth(provider, { serverUrl: mcpUrl, fetchFn })).toBe("AUTHORIZED");
    const after = provider.saved as OAuthTokens;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(legs(log).at(-1)).toBe("POST /api/auth/oauth2/token 200");
    expect(toolJson(await client.callTool({ name: "whoami", arguments: {} })).userId).toBe(user.userId);

    // The user signs out in the browser the tokens came from: the token dies at once.
    expect((await browser.post("/api/auth/sign-out", {})).status).toBe(200);
    const dead = await postMcp(after.access_token, listTools);
    expect(dead.status).toBe(401);
    expect(dead.headers.get("www-authenticate")).toContain('error="invalid_token"');
    // The SDK sees the 401, its refresh is refused too, and it has to send the user to authorize again.
    provider.onAuthorize = async () => {};
    const asked = provider.authorizationUrls.length;
    await expect(client.callTool({ name: "whoami", arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrls.length).toBe(asked + 1);
    const sinceSignOut = legs(log).slice(legs(log).lastIndexOf("POST /mcp 401"));
    expect(sinceSignOut).toContain("POST /api/auth/oauth2/token 400"); // the refresh: invalid_grant
    expect(sinceSignOut.filter((line) => line.endsWith(" 200") && line.startsWith("POST"))).toEqual([]);
  });

  it("a token without a tool's scope: 403 insufficient_scope naming it; authorizing again with it works", async () => {
    const user = await signUp(app.baseURL, "bob@example.com");
    // The user unticks notes:write on the consent page.
    const browser = new Browser(app.baseURL);
    const { client, provider } = await connectWithSdk({ ...user, untick: ["notes:write"] }, browser);
    const token = provider.saved?.access_token as string;
    expect(toolJson(await client.callTool({ name: "whoami", arguments: {} })).scopes).toEqual([
      "openid",
      "profile",
      "email",
      "offline_access",
    ]);

    const call = {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "add_note", arguments: { text: "x" } },
    };
    const refused = await postMcp(token, call);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toBe(
      `Bearer error="insufficient_scope", scope="notes:write", resource_metadata="${app.baseURL}/.well-known/oauth-protected-resource/mcp"`,
    );
    // Hidden in a batch, the call is refused the same way.
    expect((await postMcp(token, [listTools, call])).status).toBe(403);
    // The SDK tries to step up (a refresh cannot widen the scope) and gives up with the 403.
    await expect(client.callTool({ name: "add_note", arguments: { text: "x" } })).rejects.toThrow(/403/);

    // The client starts over; the user now allows notes:write on the consent page, which asks again.
    provider.invalidateCredentials("tokens");
    let code: string | null = null;
    provider.onAuthorize = async (url) => {
      code = (await authorizeAsUser(browser, url, user)).searchParams.get("code");
    };
    await expect(client.callTool({ name: "add_note", arguments: { text: "x" } })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(code).toBeTruthy();
    const transport = new StreamableHTTPClientTransport(new URL(app.resource), { authProvider: provider });
    await transport.finishAuth(code as unknown as string);
    const again = new Client({ name: "sdk-test", version: "1.0.0" });
    await again.connect(transport);
    expect(toolJson(await again.callTool({ name: "add_note", arguments: { text: "x" } }))).toEqual({
      saved: "x",
      count: 1,
    });
  });

  it("the command-line client of docs/mcp.md (client.mjs): the browser comes back to its loopback listener", async () => {
    const user = await signUp(app.baseURL, "grace@example.com");
    const browser = new Browser(app.baseURL);
    const { client, provider } = await connectMcp(new URL(app.resource), {
      // The user's browser: signs in, consents, and is sent to the client's loopback redirect URI.
      openBrowser: async (url) => {
        const back = await authorizeAsUser(browser, url, user);
        expect(back.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect((await fetch(back)).status).toBe(200);
      },
    });
    expect(toolJson(await client.callTool({ name: "whoami", arguments: {} }))).toMatchObject({
      userId: user.userId,
      email: "grace@example.com",
    });
    expect(jwtPayload((provider.tokens() as OAuthTokens).access_token).aud).toBe(app.resource);
    await client.close();
  });

  it("client.mjs refuses an answer with another state or another issuer (RFC 9207 mix-up)", async () => {
    const user = await signUp(app.baseURL, "mixup@example.com");
    for (const [name, value, message] of [
      ["state", "someone-elses-state", /not for this request/],
      ["iss", "https://evil.example", /another issuer/],
    ] as const) {
      const browser = new Browser(app.baseURL);
      const connecting = connectMcp(new URL(app.resource), {
        openBrowser: async (url) => {
          const back = await authorizeAsUser(browser, url, user);
          back.searchParams.set(name, value); // what a mix-up or CSRF attacker sends to the loopback port
          await fetch(back);
        },
      });
      await expect(connecting).rejects.toThrow(message);
    }
  });

  it("a user who presses Deny: the client gets access_denied and no token", async () => {
    const user = await signUp(app.baseURL, "nope@example.com");
    const browser = new Browser(app.baseURL);
    const connecting = connectMcp(new URL(app.resource), {
      openBrowser: async (url) => {
        const back = await authorizeAsUser(browser, url, { ...user, deny: true });
        expect(back.searchParams.get("error")).toBe("access_denied");
        expect(back.searchParams.get("code")).toBeNull();
        await fetch(back);
      },
    });
    await expect(connecting).rejects.toThrow(/access_denied/);
    // The user's authorized apps stay empty.
    const listed = await browser.navigate("/api/auth/oauth2/authorized-apps", { accept: "application/json" });
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toMatchObject({ apps: [] });
  });
});
