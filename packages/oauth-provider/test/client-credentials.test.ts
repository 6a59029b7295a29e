// RFC 6749 §4.4 client_credentials over HTTP, driven by openid-client and oauth4webapi: a confidential
// client's token for itself (its own scopes only, no refresh or ID token), and the refusals around it.
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthProvider } from "../src/index.js";
import { type Provider, basic, postForm, startProvider } from "./provider-server.js";

const MACHINE = { id: "machine", secret: "machine-secret-0123456789abcdef-0123" };
let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite", {
    scopes: ["reports:read", "reports:write", "admin:all"],
    clients: [
      {
        clientId: MACHINE.id,
        clientSecret: MACHINE.secret,
        redirectUris: [],
        grantTypes: ["client_credentials"],
        scopes: ["reports:read", "reports:write"],
      },
      // A confidential client not registered for the grant, and a public one.
      { clientId: "web", clientSecret: "web-secret-0123456789abcdef-0123456", redirectUris: ["https://w.test/cb"] },
      { clientId: "spa", redirectUris: ["https://s.test/cb"] },
    ],
  });
});
afterAll(() => p?.close());

const token = (form: Record<string, string>, authorization = basic(MACHINE.id, MACHINE.secret)) =>
  postForm(`${p.issuer}/oauth2/token`, { grant_type: "client_credentials", ...form }, { authorization });

describe("client_credentials", () => {
  it("openid-client: a token with the client's scopes, no refresh or ID token, introspectable, JWT for a resource", async () => {
    const config = await oidc.discovery(new URL(p.issuer), MACHINE.id, MACHINE.secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    expect(config.serverMetadata().grant_types_supported).toContain("client_credentials");
    const tokens = await oidc.clientCredentialsGrant(config, { scope: "reports:read" });
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.scope).toBe("reports:read");
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.id_token).toBeUndefined();
    const seen = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(seen).toMatchObject({ active: true, client_id: MACHINE.id, sub: MACHINE.id, scope: "reports:read" });

    const jwt = await oidc.clientCredentialsGrant(config, { resource: `${p.baseURL}/mcp` });
    expect(jwt.scope).toBe("reports:read reports:write");
    const { payload, protectedHeader } = await jwtVerify(
      jwt.access_token,
      createRemoteJWKSet(new URL(`${p.issuer}/jwks`)),
      { issuer: p.issuer, audience: `${p.baseURL}/mcp`, typ: "at+jwt" },
    );
    expect(protectedHeader.alg).not.toMatch(/^HS|none/);
    expect(payload).toMatchObject({ sub: MACHINE.id, client_id: MACHINE.id, scope: "reports:read reports:write" });
    // The demo resource server accepts it, as the client's own token.
    const mcp = await fetch(`${p.baseURL}/mcp`, { headers: { authorization: `Bearer ${jwt.access_token}` } });
    expect(await mcp.json()).toEqual({ sub: MACHINE.id, client_id: MACHINE.id, scope: "reports:read reports:write" });
    // Userinfo has no user to describe.
    const ui = await fetch(`${p.issuer}/oauth2/userinfo`, { headers: { authorization: `Bearer ${jwt.access_token}` } });
    expect(ui.status).toBe(401);
    // Revocation ends it.
    await oidc.tokenRevocation(config, tokens.access_token);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
  });

  it("oauth4webapi: client_secret_post works too", async () => {
    const issuer = new URL(p.issuer);
    const insecure = { [oauth.allowInsecureRequests]: true };
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
    const client = { client_id: MACHINE.id };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(MACHINE.secret),
      new URLSearchParams({ scope: "reports:write" }),
      insecure,
    );
    const tokens = await oauth.processClientCredentialsResponse(as, client, response);
    expect(tokens.scope).toBe("reports:write");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses scopes beyond the client's, user scopes, unknown resources, other clients and wrong secrets", async () => {
    for (const scope of ["admin:all", "openid", "offline_access", "reports:read profile"]) {
      const r = await token({ scope });
      expect([scope, r.status, r.body?.error]).toEqual([scope, 400, "invalid_scope"]);
    }
    expect((await token({ resource: "https://evil.example/api" })).body?.error).toBe("invalid_target");
    const notRegistered = await token({}, basic("web", "web-secret-0123456789abcdef-0123456"));
    expect([notRegistered.status, notRegistered.body?.error]).toEqual([400, "unauthorized_client"]);
    const pub = await postForm(`${p.issuer}/oauth2/token`, { grant_type: "client_credentials", client_id: "spa" });
    expect([pub.status, pub.body?.error]).toEqual([400, "unauthorized_client"]);
    const wrong = await token({}, basic(MACHINE.id, "not-the-secret"));
    expect([wrong.status, wrong.body?.error]).toEqual([401, "invalid_client"]);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic/);
    const nobody = await postForm(`${p.issuer}/oauth2/token`, { grant_type: "client_credentials" });
    expect([nobody.status, nobody.body?.error]).toEqual([401, "invalid_client"]);
  });

  it("a machine client cannot start an authorization (it has no redirect URI or code grant)", async () => {
    const url = new URL(`${p.issuer}/oauth2/authorize`);
    url.search = new URLSearchParams({
      client_id: MACHINE.id,
      response_type: "code",
      redirect_uri: "https://w.test/cb",
    }).toString();
    const r = await fetch(url, { redirect: "manual" });
    expect(r.headers.get("location") ?? "").not.toContain("w.test");
  });

  it("a public client configured for client_credentials, or a client holding user scopes, is a start-up error", () => {
    expect(() =>
      oauthProvider({ clients: [{ clientId: "x", redirectUris: [], grantTypes: ["client_credentials"] }] }),
    ).toThrow(/confidential/);
    expect(() =>
      oauthProvider({
        clients: [{ clientId: "x", clientSecret: "s".repeat(32), redirectUris: [], scopes: ["openid"] }],
      }),
    ).toThrow(/scope openid/);
  });
});
