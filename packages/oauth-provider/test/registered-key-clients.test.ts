// private_key_jwt and client_credentials for dynamically registered clients (RFC 7591 `jwks` / `jwks_uri`,
// RFC 7523), over HTTP on SQLite: openid-client and oauth4webapi authenticate with the registered keys; the
// attacks RFC 7523 §3 and RFC 8725 name, hostile key metadata and SSRF through jwks_uri are refused.
import { createHash, randomBytes } from "node:crypto";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createAuth } from "@gatehouse-auth/core";
import { jwt } from "@gatehouse-auth/jwt";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import Database from "better-sqlite3";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import * as oauth from "oauth4webapi";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OAuthProviderOptions, oauthProvider } from "../src/index.js";
import { type Provider, navigate, postForm, signUp, startProvider } from "./provider-server.js";

const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
const POLICY: OAuthProviderOptions = {
  allowDynamicClientRegistration: true,
  registrationGrantTypes: ["authorization_code", "refresh_token", "client_credentials"],
  scopes: ["jobs", "reports"],
};
let p: Provider;
let strict: Provider;
let keys: CryptoKeyPair;
let otherKeys: CryptoKeyPair;
let remoteKeys: CryptoKeyPair;
let jwk: Record<string, unknown>;
let jwksServer: Server;
let jwksBase = "";
let jwksHits = 0;
let movedHits = 0;

beforeAll(async () => {
  keys = await generateKeyPair("ES256");
  otherKeys = await generateKeyPair("ES256");
  remoteKeys = await generateKeyPair("EdDSA");
  jwk = { ...(await exportJWK(keys.publicKey)), kid: "k1", alg: "ES256" };
  const remoteJwk = { ...(await exportJWK(remoteKeys.publicKey)), kid: "remote-1" };
  // The client's own key server on loopback: its set, and a redirect to it.
  jwksServer = createServer((req, res) => {
    if (req.url === "/jwks") {
      jwksHits++;
      return res.end(JSON.stringify({ keys: [remoteJwk] }));
    }
    movedHits++;
    res.writeHead(302, { location: "/jwks" });
    res.end();
  });
  await new Promise<void>((ok) => jwksServer.listen(0, "127.0.0.1", ok));
  jwksBase = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
  // The loopback key server needs the development switch; `strict` has the default (public hosts only).
  p = await startProvider("sqlite", { ...POLICY, allowPrivateJwksUriHosts: true });
  strict = await startProvider("sqlite", POLICY);
});
afterAll(async () => {
  await p?.close();
  await strict?.close();
  await new Promise<void>((ok) => jwksServer?.close(() => ok()));
});

const register = async (provider: Provider, body: Record<string, unknown>) => {
  const r = await fetch(`${provider.issuer}/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};
const machine = (extra: Record<string, unknown> = {}) => ({
  client_name: "Nightly job",
  grant_types: ["client_credentials"],
  token_endpoint_auth_method: "private_key_jwt",
  jwks: { keys: [jwk] },
  scope: "jobs",
  ...extra,
});
async function registered(provider: Provider, body: Record<string, unknown>) {
  const r = await register(provider, body);
  expect([r.status, r.body.error]).toEqual([201, undefined]);
  return r.body as { client_id: string; registration_access_token: string; registration_client_uri: string };
}

/** A hand-made assertion for `clientId`, to vary one thing at a time. */
async function assertion(
  provider: Provider,
  clientId: string,
  claims: Record<string, unknown> = {},
  {
    key = keys.privateKey,
    alg = "ES256",
    kid = "k1",
  }: { key?: CryptoKey | Uint8Array; alg?: string; kid?: string } = {},
) {
  const now = Math.floor((Date.now() + provider.clock.offset) / 1000);
  return new SignJWT({
    iss: clientId,
    sub: clientId,
    aud: provider.issuer,
    jti: randomBytes(12).toString("hex"),
    exp: now + 60,
    iat: now,
    ...claims,
  })
    .setProtectedHeader({ alg, kid })
    .sign(key);
}
const present = (provider: Provider, jwt: string, extra: Record<string, string> = {}) =>
  postForm(`${provider.issuer}/oauth2/token`, {
    grant_type: "client_credentials",
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: jwt,
    ...extra,
  });
const insecure = { execute: [oidc.allowInsecureRequests] };

describe("a registered private_key_jwt client", () => {
  it("registers inline keys and gets client_credentials tokens with openid-client (token, introspection, revocation)", async () => {
    const c = await registered(p, machine());
    // No secret exists for a key client, and the registration echoes its keys and scope (RFC 7591 §3.2.1).
    expect(c).not.toHaveProperty("client_secret");
    expect(c).not.toHaveProperty("client_secret_expires_at");
    expect(c).toMatchObject({
      token_endpoint_auth_method: "private_key_jwt",
      grant_types: ["client_credentials"],
      scope: "jobs",
    });
    expect((c as unknown as { jwks: { keys: { kid: string }[] } }).jwks.keys.map((k) => k.kid)).toEqual(["k1"]);
    const config = await oidc.discovery(
      new URL(p.issuer),
      c.client_id,
      undefined,
      oidc.PrivateKeyJwt(keys.privateKey),
      insecure,
    );
    const tokens = await oidc.clientCredentialsGrant(config, { scope: "jobs" });
    expect(tokens.scope).toBe("jobs");
    expect(await oidc.tokenIntrospection(config, tokens.access_token)).toMatchObject({
      active: true,
      client_id: c.client_id,
      sub: c.client_id,
    });
    await oidc.tokenRevocation(config, tokens.access_token);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    // Only the registered scope: another provider scope, or a user's, is refused.
    for (const scope of ["reports", "openid"]) {
      const r = await present(p, await assertion(p, c.client_id), { scope });
      expect([scope, r.status, r.body?.error]).toEqual([scope, 400, "invalid_scope"]);
    }
  });

  it("registers a loopback jwks_uri (development switch on) and runs the code flow and client_credentials with oauth4webapi", async () => {
    const redirect = "https://agent.example.org/cb";
    const c = await registered(p, {
      client_name: "Agent",
      redirect_uris: [redirect],
      grant_types: ["authorization_code", "client_credentials"],
      token_endpoint_auth_method: "private_key_jwt",
      jwks_uri: `${jwksBase}/jwks`,
      scope: "openid jobs",
    });
    const opts = { [oauth.allowInsecureRequests]: true };
    const issuer = new URL(p.issuer);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, opts));
    const client = { client_id: c.client_id };
    const auth = oauth.PrivateKeyJwt({ key: remoteKeys.privateKey, kid: "remote-1" });
    const cc = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      auth,
      new URLSearchParams({ scope: "jobs" }),
      opts,
    );
    expect((await oauth.processClientCredentialsResponse(as, client, cc)).scope).toBe("jobs");
    // The code flow, through consent, redeemed with the key.
    const { cookie } = await signUp(p);
    const { code, verifier } = await authorizeWithConsent(p, cookie, c.client_id, redirect);
    const callback = new URL(`${redirect}?code=${code}&iss=${encodeURIComponent(p.issuer)}`);
    const params = oauth.validateAuthResponse(as, client, callback, oauth.expectNoState);
    const r = await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirect, verifier, opts);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, r, { expectedNonce: oauth.expectNoNonce });
    expect(tokens.access_token).toBeTruthy();
    expect(oauth.getValidatedIdTokenClaims(tokens)?.aud).toBe(c.client_id);
  });

  it("refuses another client's key, a wrong audience, a replayed jti, alg none, HS256 keyed with the public key, and an expired assertion", async () => {
    const a = await registered(p, machine());
    const otherJwk = { ...(await exportJWK(otherKeys.publicKey)), kid: "k1", alg: "ES256" };
    const b = await registered(p, machine({ jwks: { keys: [otherJwk] } }));
    const now = Math.floor((Date.now() + p.clock.offset) / 1000);
    const hmacKey = new TextEncoder().encode(JSON.stringify(jwk));
    const none = (claims: Record<string, unknown>) =>
      `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;
    const replayed = await assertion(p, a.client_id);
    expect((await present(p, replayed)).status).toBe(200);
    const bad: [string, Promise<string> | string][] = [
      ["signed by the other client's key", assertion(p, a.client_id, {}, { key: otherKeys.privateKey })],
      ["naming the other client, signed with mine", assertion(p, b.client_id)],
      ["aud another server", assertion(p, a.client_id, { aud: "https://other.example" })],
      ["aud the userinfo endpoint", assertion(p, a.client_id, { aud: `${p.issuer}/oauth2/userinfo` })],
      ["replayed jti", replayed],
      ["alg none", none({ iss: a.client_id, sub: a.client_id, aud: p.issuer, jti: "n1", exp: now + 60 })],
      ["HS256 keyed with the public key", assertion(p, a.client_id, {}, { key: hmacKey, alg: "HS256" })],
      ["expired", assertion(p, a.client_id, { exp: now - 120, iat: now - 180 })],
    ];
    for (const [why, jwt] of bad) {
      const r = await present(p, await jwt);
      expect([why, r.status, r.body?.error]).toEqual([why, 401, "invalid_client"]);
    }
    // A key client cannot name itself without proof, nor fall back to a secret it was never given.
    const bare = await postForm(`${p.issuer}/oauth2/token`, {
      grant_type: "client_credentials",
      client_id: a.client_id,
    });
    expect([bare.status, bare.body?.error]).toEqual([401, "invalid_client"]);
    // The token endpoint's URL is an accepted audience too (OIDC Core §9), and b's own key works for b.
    expect((await present(p, await assertion(p, a.client_id, { aud: `${p.issuer}/oauth2/token` }))).status).toBe(200);
    expect((await present(p, await assertion(p, b.client_id, {}, { key: otherKeys.privateKey }))).status).toBe(200);
  });

  it("refuses hostile or inconsistent key metadata at registration (400 invalid_client_metadata)", async () => {
    const priv = await exportJWK((await generateKeyPair("ES256", { extractable: true })).privateKey);
    const oct = { kty: "oct", k: Buffer.from("a public key is not a secret").toString("base64url"), kid: "h" };
    const many = Array.from({ length: 11 }, (_, i) => ({ ...jwk, kid: `k${i}` }));
    const padded = { ...jwk, x5c: ["A".repeat(6000), "B".repeat(6000), "C".repeat(6000)] };
    const cases: [string, Provider, Record<string, unknown>][] = [
      ["jwks and jwks_uri together", p, machine({ jwks_uri: `${jwksBase}/jwks` })],
      ["no keys at all", p, machine({ jwks: undefined })],
      ["a private key", p, machine({ jwks: { keys: [priv] } })],
      ["a symmetric key", p, machine({ jwks: { keys: [oct] } })],
      ["too many keys", p, machine({ jwks: { keys: many } })],
      ["an oversized set", p, machine({ jwks: { keys: [padded] } })],
      ["keys with a secret method", p, machine({ token_endpoint_auth_method: "client_secret_basic" })],
      ["client_credentials for a public client", p, machine({ token_endpoint_auth_method: "none", jwks: undefined })],
      ["redirect URIs without the code grant", p, machine({ redirect_uris: ["https://agent.example.org/cb"] })],
      ["refresh_token without the code grant", p, machine({ grant_types: ["client_credentials", "refresh_token"] })],
      ["jwks_uri over http", strict, machine({ jwks: undefined, jwks_uri: "http://keys.example.org/jwks" })],
      [
        "jwks_uri on 127.0.0.1",
        strict,
        machine({ jwks: undefined, jwks_uri: `https://127.0.0.1:${new URL(jwksBase).port}/jwks` }),
      ],
      ["jwks_uri on localhost", strict, machine({ jwks: undefined, jwks_uri: "https://localhost/jwks" })],
      ["jwks_uri on ::1", strict, machine({ jwks: undefined, jwks_uri: "https://[::1]/jwks" })],
      ["jwks_uri on a private network", strict, machine({ jwks: undefined, jwks_uri: "https://10.0.0.7/jwks" })],
      ["jwks_uri at cloud metadata", strict, machine({ jwks: undefined, jwks_uri: "https://169.254.169.254/jwks" })],
      [
        "jwks_uri with credentials",
        strict,
        machine({ jwks: undefined, jwks_uri: "https://u:p@keys.example.org/jwks" }),
      ],
    ];
    for (const [why, provider, body] of cases) {
      const r = await register(provider, body);
      expect([why, r.status, r.body.error]).toEqual([why, 400, "invalid_client_metadata"]);
    }
    // Without client_credentials in the policy, a registration cannot ask for it.
    const closed = await startProvider("sqlite", { allowDynamicClientRegistration: true, scopes: ["jobs"] });
    try {
      const r = await register(closed, machine());
      expect([r.status, r.body.error]).toEqual([400, "invalid_client_metadata"]);
    } finally {
      await closed.close();
    }
  });

  it("a registered secret client may use client_credentials too (client_secret_basic), within its scope", async () => {
    const c = (await registered(p, {
      grant_types: ["client_credentials"],
      scope: "reports",
    })) as unknown as { client_id: string; client_secret: string };
    expect(c.client_secret).toBeTruthy();
    const config = await oidc.discovery(new URL(p.issuer), c.client_id, c.client_secret, undefined, insecure);
    expect((await oidc.clientCredentialsGrant(config)).scope).toBe("reports");
    await expect(oidc.clientCredentialsGrant(config, { scope: "jobs" })).rejects.toMatchObject({
      error: "invalid_scope",
    });
  });

  it("a redirecting jwks_uri yields no keys: 401, not a followed redirect", async () => {
    const c = await registered(p, machine({ jwks: undefined, jwks_uri: `${jwksBase}/moved` }));
    const [moved, followed] = [movedHits, jwksHits];
    const r = await present(
      p,
      await assertion(p, c.client_id, {}, { key: remoteKeys.privateKey, alg: "EdDSA", kid: "remote-1" }),
    );
    expect([r.status, r.body?.error]).toEqual([401, "invalid_client"]);
    // The provider asked the registered URI and did not follow its redirect to /jwks.
    expect(movedHits).toBeGreaterThan(moved);
    expect(jwksHits).toBe(followed);
  });

  it("RFC 7592: the method cannot change, keys can be replaced (the old key then fails)", async () => {
    const c = await registered(p, machine());
    const put = (body: Record<string, unknown>) =>
      fetch(c.registration_client_uri, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${c.registration_access_token}` },
        body: JSON.stringify({ client_id: c.client_id, ...body }),
      });
    const toSecret = await put(machine({ token_endpoint_auth_method: "client_secret_basic", jwks: undefined }));
    expect([toSecret.status, ((await toSecret.json()) as { error: string }).error]).toEqual([
      400,
      "invalid_client_metadata",
    ]);
    const keyless = await put(machine({ jwks: undefined }));
    expect(keyless.status).toBe(400);
    const otherJwk = { ...(await exportJWK(otherKeys.publicKey)), kid: "k2", alg: "ES256" };
    const rotated = await put(machine({ jwks: { keys: [otherJwk] } }));
    expect(rotated.status).toBe(200);
    expect((await present(p, await assertion(p, c.client_id))).status).toBe(401);
    const fresh = await present(p, await assertion(p, c.client_id, {}, { key: otherKeys.privateKey, kid: "k2" }));
    expect(fresh.status).toBe(200);
  });
});

describe("the jwks_uri SSRF guard at fetch time", () => {
  it("a jwks_uri registered while private hosts were allowed is not fetched once the app turns that off", async () => {
    // One database, two configurations of the app: development (switch on), then production (default).
    const database = new Database(":memory:");
    const make = (allowPrivateJwksUriHosts: boolean) =>
      createAuth({
        database: kyselyAdapter({ database }),
        secret: "oauth-provider-test-secret-0123456789abcdef",
        baseURL: "http://id.test",
        logger: { error: () => {}, warn: () => {} },
        rateLimit: { enabled: false },
        plugins: [jwt(), oauthProvider({ ...POLICY, allowPrivateJwksUriHosts })],
      });
    const dev = make(true);
    const prod = make(false);
    await dev.$context.adapter.migrate?.();
    try {
      const call = (auth: typeof dev, path: string, init: RequestInit) =>
        auth.handler(new Request(`http://id.test/api/auth${path}`, init), { clientAddress: "127.0.0.1" });
      const reg = await call(dev, "/oauth2/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(machine({ jwks: undefined, jwks_uri: `${jwksBase}/jwks` })),
      });
      expect(reg.status).toBe(201);
      const { client_id } = (await reg.json()) as { client_id: string };
      const token = async (auth: typeof dev) => {
        const now = Math.floor(Date.now() / 1000);
        const jwt = await new SignJWT({
          iss: client_id,
          sub: client_id,
          aud: "http://id.test/api/auth",
          jti: randomBytes(12).toString("hex"),
          exp: now + 60,
        })
          .setProtectedHeader({ alg: "EdDSA", kid: "remote-1" })
          .sign(remoteKeys.privateKey);
        const r = await call(auth, "/oauth2/token", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            grant_type: "client_credentials",
            client_assertion_type: ASSERTION_TYPE,
            client_assertion: jwt,
          }),
        });
        return { status: r.status, body: (await r.json()) as Record<string, unknown> };
      };
      expect((await token(dev)).status).toBe(200);
      const before = jwksHits;
      expect(await token(prod)).toMatchObject({ status: 401, body: { error: "invalid_client" } });
      expect(jwksHits).toBe(before);
    } finally {
      database.close();
    }
  });
});

/** Authorization with PKCE for a registered client, through the consent page's JSON API: the code. */
async function authorizeWithConsent(provider: Provider, cookie: string, clientId: string, redirect: string) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${provider.issuer}/oauth2/authorize`);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirect,
    scope: "openid",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }))
    url.searchParams.set(k, v);
  const consent = new URL((await navigate(url, cookie)).location as string);
  const r = await fetch(`${provider.issuer}/oauth2/consent`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: provider.baseURL, cookie },
    body: JSON.stringify({ accept: true, oauth_query: consent.search.slice(1) }),
  });
  expect(r.status).toBe(200);
  const code = new URL(((await r.json()) as { url: string }).url).searchParams.get("code");
  expect(code).toBeTruthy();
  return { code: code as string, verifier };
}
