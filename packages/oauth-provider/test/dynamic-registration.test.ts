// RFC 7591 registration: off by default; when on, a registered client runs the code flow through
// consent (openid-client), and hostile metadata is refused. On SQLite.
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Provider, navigate, signUp, startProvider } from "./provider-server.js";

let p: Provider;
let closed: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite", { allowDynamicClientRegistration: true });
  closed = await startProvider("sqlite");
});
afterAll(async () => {
  await p?.close();
  await closed?.close();
});

const register = (provider: Provider, body: unknown) =>
  fetch(`${provider.issuer}/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("dynamic client registration", () => {
  it("is off unless enabled, and then not announced", async () => {
    const r = await register(closed, { redirect_uris: ["https://app.example.org/cb"] });
    expect(r.status).toBe(403);
    const meta = (await (await fetch(`${closed.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(meta.registration_endpoint).toBeUndefined();
  });

  it("registers a client that signs a user in through consent, never skipping it", async () => {
    const r = await register(p, {
      client_name: "MCP Inspector",
      redirect_uris: ["https://app.example.org/cb"],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "none",
      logo_uri: "https://app.example.org/logo.png",
      skip_consent: true,
    });
    expect(r.status).toBe(201);
    const registered = (await r.json()) as Record<string, unknown>;
    expect(registered.client_secret).toBeUndefined();
    expect(registered.skip_consent).toBeUndefined();
    const clientId = registered.client_id as string;

    const config = await oidc.discovery(new URL(p.issuer), clientId, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    expect(config.serverMetadata().registration_endpoint).toBe(`${p.issuer}/oauth2/register`);
    const user = await signUp(p);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: "https://app.example.org/cb",
      scope: "openid email",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
    });
    const page = new URL((await navigate(url, user.cookie)).location as string);
    expect(page.pathname).toBe("/consent");
    const answer = await fetch(`${p.issuer}/oauth2/consent`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: p.baseURL, cookie: user.cookie },
      body: JSON.stringify({ accept: true, oauth_query: page.search.slice(1) }),
    });
    const { url: back } = (await answer.json()) as { url: string };
    const tokens = await oidc.authorizationCodeGrant(config, new URL(back), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.sub).toBe(user.userId);
    expect(tokens.claims()?.aud).toBe(clientId);
  });

  it("refuses hostile metadata", async () => {
    const ok = { redirect_uris: ["https://app.example.org/cb"] };
    const cases: [Record<string, unknown>, string][] = [
      [{ redirect_uris: ["javascript:alert(1)//"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["data:text/html,hi"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://app.example.org/cb#x"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["http://app.example.org/cb"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://user:pw@app.example.org/cb"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["/relative"] }, "invalid_redirect_uri"],
      [{ ...ok, logo_uri: "https://bank.example.com/logo.png" }, "invalid_client_metadata"],
      [{ ...ok, policy_uri: "javascript:alert(1)" }, "invalid_client_metadata"],
      [{ ...ok, tos_uri: "http://app.example.org/tos" }, "invalid_client_metadata"],
      [
        { ...ok, client_uri: "https://evil.example/", logo_uri: "https://evil.example/l.png" },
        "invalid_client_metadata",
      ],
      [{ ...ok, grant_types: ["implicit"] }, "invalid_client_metadata"],
      [{ ...ok, grant_types: ["client_credentials"] }, "invalid_client_metadata"],
      [{ ...ok, response_types: ["token"] }, "invalid_client_metadata"],
      [{ ...ok, scope: "openid admin" }, "invalid_client_metadata"],
      [{ redirect_uris: [] }, "invalid_client_metadata"],
      [{ redirect_uris: "https://app.example.org/cb" }, "invalid_client_metadata"],
    ];
    for (const [body, error] of cases) {
      const r = await register(p, body);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: string }).error).toBe(error);
    }
    // A subdomain of its own redirect host is its own.
    const sub = await register(p, { ...ok, logo_uri: "https://cdn.app.example.org/logo.png" });
    expect(sub.status).toBe(201);
  });
});
