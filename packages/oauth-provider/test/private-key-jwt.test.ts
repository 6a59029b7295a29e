// private_key_jwt client authentication (RFC 7523, OIDC Core §9) over HTTP: openid-client and
// oauth4webapi sign the assertions; the attacks RFC 7523 §3 and RFC 8725 name are refused with 401.
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import * as oauth from "oauth4webapi";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthProvider } from "../src/index.js";
import { type Provider, basic, postForm, startProvider } from "./provider-server.js";

const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
let p: Provider;
let keys: CryptoKeyPair;
let other: CryptoKeyPair;
let remoteKeys: CryptoKeyPair;
let jwksServer: Server;
let jwksBase = "";
let jwksHits = 0;

beforeAll(async () => {
  keys = await generateKeyPair("ES256");
  other = await generateKeyPair("ES256");
  remoteKeys = await generateKeyPair("EdDSA");
  const remoteJwk = { ...(await exportJWK(remoteKeys.publicKey)), kid: "remote-1" };
  // The client's own key server: its set, an oversized set, and a redirect elsewhere.
  jwksServer = createServer((req, res) => {
    jwksHits++;
    if (req.url === "/jwks") return res.end(JSON.stringify({ keys: [remoteJwk] }));
    if (req.url === "/huge") return res.end(JSON.stringify({ keys: [remoteJwk], pad: "x".repeat(200_000) }));
    res.writeHead(302, { location: "/jwks" });
    res.end();
  });
  await new Promise<void>((ok) => jwksServer.listen(0, "127.0.0.1", ok));
  jwksBase = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: "k1", alg: "ES256" };
  const machine = { redirectUris: [], grantTypes: ["client_credentials" as const], scopes: ["jobs"] };
  p = await startProvider("sqlite", {
    scopes: ["jobs"],
    clients: [
      { clientId: "signer", tokenEndpointAuthMethod: "private_key_jwt", jwks: { keys: [jwk] }, ...machine },
      { clientId: "remote", tokenEndpointAuthMethod: "private_key_jwt", jwksUri: `${jwksBase}/jwks`, ...machine },
      { clientId: "huge", tokenEndpointAuthMethod: "private_key_jwt", jwksUri: `${jwksBase}/huge`, ...machine },
      { clientId: "moved", tokenEndpointAuthMethod: "private_key_jwt", jwksUri: `${jwksBase}/moved`, ...machine },
      { clientId: "secret", clientSecret: "secret-client-secret-0123456789abcdef", ...machine },
    ],
  });
});
afterAll(async () => {
  await p?.close();
  await new Promise<void>((ok) => jwksServer?.close(() => ok()));
});

const insecure = { execute: [oidc.allowInsecureRequests] };
const tokenUrl = () => `${p.issuer}/oauth2/token`;

/** A hand-made assertion, to vary one thing at a time. */
async function assertion(
  claims: Record<string, unknown> = {},
  {
    key = keys.privateKey,
    alg = "ES256",
    kid = "k1",
  }: { key?: CryptoKey | Uint8Array; alg?: string; kid?: string } = {},
) {
  const now = Math.floor((Date.now() + p.clock.offset) / 1000);
  return new SignJWT({
    iss: "signer",
    sub: "signer",
    aud: p.issuer,
    jti: crypto.randomUUID(),
    exp: now + 60,
    iat: now,
    ...claims,
  })
    .setProtectedHeader({ alg, kid })
    .sign(key);
}
const present = (jwt: string, extra: Record<string, string> = {}) =>
  postForm(tokenUrl(), {
    grant_type: "client_credentials",
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: jwt,
    ...extra,
  });

describe("private_key_jwt", () => {
  it("is advertised with its algorithms, and openid-client authenticates with it (token, introspection, revocation)", async () => {
    const config = await oidc.discovery(
      new URL(p.issuer),
      "signer",
      undefined,
      oidc.PrivateKeyJwt(keys.privateKey),
      insecure,
    );
    const meta = config.serverMetadata();
    expect(meta.token_endpoint_auth_methods_supported).toContain("private_key_jwt");
    expect(meta.token_endpoint_auth_signing_alg_values_supported).toContain("ES256");
    expect(meta.token_endpoint_auth_signing_alg_values_supported).not.toContain("HS256");
    const tokens = await oidc.clientCredentialsGrant(config, { scope: "jobs" });
    expect(tokens.scope).toBe("jobs");
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
    await oidc.tokenRevocation(config, tokens.access_token);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
  });

  it("oauth4webapi with keys at a loopback jwks_uri (fetched once, then cached)", async () => {
    const issuer = new URL(p.issuer);
    const opts = { [oauth.allowInsecureRequests]: true };
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, opts));
    const client = { client_id: "remote" };
    const auth = oauth.PrivateKeyJwt({ key: remoteKeys.privateKey, kid: "remote-1" });
    const before = jwksHits;
    for (let i = 0; i < 2; i++) {
      const r = await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams(), opts);
      expect((await oauth.processClientCredentialsResponse(as, client, r)).scope).toBe("jobs");
    }
    expect(jwksHits - before).toBe(1);
  });

  it("a replayed assertion (same jti) is refused, also when two race", async () => {
    const jwt = await assertion();
    expect((await present(jwt)).status).toBe(200);
    const again = await present(jwt);
    expect([again.status, again.body?.error]).toEqual([401, "invalid_client"]);
    expect(again.headers.get("www-authenticate")).toBeTruthy();
    const racing = await assertion();
    const both = await Promise.all([present(racing), present(racing)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it("refuses wrong audience, issuer, subject, lifetime, key, algorithm and missing claims", async () => {
    const now = Math.floor((Date.now() + p.clock.offset) / 1000);
    const hmacKey = new TextEncoder().encode(JSON.stringify(await exportJWK(keys.publicKey)));
    const bad: [string, Promise<string> | string][] = [
      ["aud elsewhere", assertion({ aud: "https://other.example" })],
      ["aud the userinfo endpoint", assertion({ aud: `${p.issuer}/oauth2/userinfo` })],
      ["iss another client", assertion({ iss: "remote" })],
      ["sub another client", assertion({ sub: "remote" })],
      ["expired", assertion({ exp: now - 120, iat: now - 180 })],
      ["lives a day", assertion({ exp: now + 86_400 })],
      ["no jti", assertion({ jti: undefined })],
      ["no exp", assertion({ exp: undefined })],
      ["another key", assertion({}, { key: other.privateKey })],
      ["HS256 keyed with the public key", assertion({}, { key: hmacKey, alg: "HS256" })],
      [
        "alg none",
        `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ iss: "signer", sub: "signer", aud: p.issuer, jti: "n", exp: now + 60 })).toString("base64url")}.`,
      ],
      ["garbage", "not.a.jwt"],
    ];
    for (const [why, jwt] of bad) {
      const r = await present(await jwt);
      expect([why, r.status, r.body?.error]).toEqual([why, 401, "invalid_client"]);
    }
    // The token endpoint's URL is an accepted audience too (OIDC Core §9).
    expect((await present(await assertion({ aud: tokenUrl() }))).status).toBe(200);
  });

  it("a key client cannot fall back to naming itself, mix methods, or borrow another client's identity", async () => {
    const none = await postForm(tokenUrl(), { grant_type: "client_credentials", client_id: "signer" });
    expect([none.status, none.body?.error]).toEqual([401, "invalid_client"]);
    const mismatched = await present(await assertion(), { client_id: "remote" });
    expect(mismatched.status).toBe(401);
    const mixed = await postForm(
      tokenUrl(),
      { grant_type: "client_credentials", client_assertion_type: ASSERTION_TYPE, client_assertion: await assertion() },
      { authorization: basic("secret", "secret-client-secret-0123456789abcdef") },
    );
    expect([mixed.status, mixed.body?.error]).toEqual([400, "invalid_request"]);
    // A secret client has no keys: an assertion naming it fails.
    const forSecret = await present(await assertion({ iss: "secret", sub: "secret" }));
    expect(forSecret.status).toBe(401);
    const wrongType = await present(await assertion(), { client_assertion_type: "urn:other" });
    expect(wrongType.status).toBe(401);
  });

  it("an oversized or redirecting jwks_uri yields no keys (401, not 500)", async () => {
    for (const clientId of ["huge", "moved"]) {
      const key = remoteKeys.privateKey;
      const r = await present(
        await assertion({ iss: clientId, sub: clientId }, { key, alg: "EdDSA", kid: "remote-1" }),
      );
      expect([clientId, r.status]).toEqual([clientId, 401]);
    }
  });

  it("start-up refuses keys with private parts, http jwks_uri off loopback, and secrets with key methods", async () => {
    const priv = await exportJWK((await generateKeyPair("ES256", { extractable: true })).privateKey);
    const base = { clientId: "x", redirectUris: [], tokenEndpointAuthMethod: "private_key_jwt" as const };
    expect(() => oauthProvider({ clients: [{ ...base, jwks: { keys: [priv] } }] })).toThrow(/public keys only/);
    expect(() => oauthProvider({ clients: [{ ...base, jwksUri: "http://keys.example/jwks" }] })).toThrow(/https/);
    expect(() =>
      oauthProvider({ clients: [{ ...base, jwksUri: "https://k.example/j", clientSecret: "s".repeat(32) }] }),
    ).toThrow();
    expect(() => oauthProvider({ clients: [{ ...base }] })).toThrow(/jwks/);
  });
});
