// RFC 9449 DPoP over HTTP: oauth4webapi binds tokens to its key at the token endpoint and presents them
// with proofs at the resource (requireBearer) and userinfo; then the attacks — replayed proofs, proofs for
// another URL or method, stale ones, private or symmetric keys, `alg: none`, bound tokens as Bearer or
// with another key, a public client's refresh token with another key or none.
import { SignJWT, calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair } from "jose";
import * as oauth from "oauth4webapi";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Base64Url } from "@gatehouse-auth/core";
import { CLIENTS, type Provider, basic, navigate, postForm, signUp, startProvider } from "./provider-server.js";

const MACHINE = { id: "dpop-machine", secret: "dpop-machine-secret-0123456789abcdef" };
const insecure = { [oauth.allowInsecureRequests]: true };

let p: Provider;
let as: oauth.AuthorizationServer;
let resource: string;
beforeAll(async () => {
  p = await startProvider("sqlite", {
    clients: [
      { clientId: CLIENTS.spa.id, redirectUris: [CLIENTS.spa.redirect], skipConsent: true },
      {
        clientId: CLIENTS.web.id,
        clientSecret: CLIENTS.web.secret,
        redirectUris: [CLIENTS.web.redirect],
        skipConsent: true,
      },
      { clientId: MACHINE.id, clientSecret: MACHINE.secret, redirectUris: [], grantTypes: ["client_credentials"] },
    ],
  });
  resource = `${p.baseURL}/mcp`;
  const issuer = new URL(p.issuer);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
});
afterAll(() => p?.close());

/** A signed-in user's authorization code for the public client (or `client`), with its PKCE verifier. */
async function authorize(scope: string, withResource = true, client: { id: string; redirect: string } = CLIENTS.spa) {
  const user = await signUp(p);
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint as string);
  url.searchParams.set("client_id", client.id);
  url.searchParams.set("redirect_uri", client.redirect);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", scope);
  url.searchParams.set("state", "s");
  if (withResource) url.searchParams.set("resource", resource);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  const nav = await navigate(url, user.cookie);
  const params = oauth.validateAuthResponse(as, { client_id: client.id }, new URL(nav.location as string), "s");
  return { params, verifier };
}

const spa: oauth.Client = { client_id: CLIENTS.spa.id };

/** A code flow of the public client with DPoP key `key`: its tokens. */
async function dpopTokens(key: CryptoKeyPair, scope = "openid offline_access", withResource = true) {
  const { params, verifier } = await authorize(scope, withResource);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    spa,
    oauth.None(),
    params,
    CLIENTS.spa.redirect,
    verifier,
    { ...insecure, DPoP: oauth.DPoP(spa, key) },
  );
  return oauth.processAuthorizationCodeResponse(as, spa, response);
}

/** A hand-made proof, for the attacks oauth4webapi would never make. */
async function proof(
  claims: Record<string, unknown>,
  options: { key?: CryptoKeyPair; header?: Record<string, unknown>; alg?: string } = {},
) {
  const key = options.key ?? (await generateKeyPair("ES256", { extractable: true }));
  const jwk = await exportJWK(key.publicKey);
  return new SignJWT({ jti: crypto.randomUUID(), iat: Math.floor(Date.now() / 1000), ...claims })
    .setProtectedHeader({ alg: options.alg ?? "ES256", typ: "dpop+jwt", jwk, ...options.header })
    .sign(key.privateKey);
}

const tokenUrl = () => `${p.issuer}/oauth2/token`;
const machineToken = (dpop: string) =>
  postForm(
    tokenUrl(),
    { grant_type: "client_credentials", resource },
    { authorization: basic(MACHINE.id, MACHINE.secret), dpop },
  );

describe("DPoP (RFC 9449)", () => {
  it("binds the code flow's tokens to the key; the resource and userinfo take them only with a proof of it", async () => {
    expect(as.dpop_signing_alg_values_supported).toContain("ES256");
    expect(as.dpop_signing_alg_values_supported).not.toContain("HS256");
    const key = await oauth.generateKeyPair("ES256");
    const tokens = await dpopTokens(key);
    expect(tokens.token_type).toBe("dpop");
    const jkt = await calculateJwkThumbprint(await exportJWK(key.publicKey));
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: resource, cnf: { jkt } });

    const dpop = oauth.DPoP(spa, key);
    const ok = await oauth.protectedResourceRequest(
      tokens.access_token,
      "GET",
      new URL(resource),
      new Headers(),
      null,
      {
        ...insecure,
        DPoP: dpop,
      },
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()).client_id).toBe(CLIENTS.spa.id);

    // Presented as a Bearer token (someone who copied it, without the key): refused.
    const asBearer = await fetch(resource, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(asBearer.status).toBe(401);
    // With the DPoP scheme but no proof, or a proof by another key (its ath right): refused.
    const noProof = await fetch(resource, { headers: { authorization: `DPoP ${tokens.access_token}` } });
    expect(noProof.status).toBe(401);
    expect(noProof.headers.get("www-authenticate")).toMatch(/^DPoP /);
    const ath = sha256Base64Url(tokens.access_token);
    const otherKey = await proof({ htm: "GET", htu: resource, ath });
    const stolen = await fetch(resource, {
      headers: { authorization: `DPoP ${tokens.access_token}`, dpop: otherKey },
    });
    expect(stolen.status).toBe(401);
    // The right key, but the proof is for another token (ath) or another URL.
    const jwkKey = { privateKey: key.privateKey, publicKey: key.publicKey };
    for (const claims of [
      { htm: "GET", htu: resource, ath: sha256Base64Url("another-token") },
      { htm: "GET", htu: `${p.baseURL}/elsewhere`, ath },
      { htm: "POST", htu: resource, ath },
    ]) {
      const r = await fetch(resource, {
        headers: { authorization: `DPoP ${tokens.access_token}`, dpop: await proof(claims, { key: jwkKey }) },
      });
      expect(r.status).toBe(401);
    }
    // A good proof works once; its replay is refused.
    const good = await proof({ htm: "GET", htu: `${resource}?q=1`, ath }, { key: jwkKey });
    const first = await fetch(`${resource}`, { headers: { authorization: `DPoP ${tokens.access_token}`, dpop: good } });
    expect(first.status).toBe(200);
    const replay = await fetch(`${resource}`, {
      headers: { authorization: `DPoP ${tokens.access_token}`, dpop: good },
    });
    expect(replay.status).toBe(401);

    // userinfo: with a proof, yes; as Bearer, no.
    const info = await oauth.userInfoRequest(as, spa, tokens.access_token, { ...insecure, DPoP: dpop });
    expect(info.status).toBe(200);
    const infoBearer = await fetch(as.userinfo_endpoint as string, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(infoBearer.status).toBe(401);
  });

  it("binds a public client's refresh token: another key or none is refused, the same key rotates", async () => {
    const key = await oauth.generateKeyPair("ES256");
    const tokens = await dpopTokens(key, "offline_access", false);
    expect(tokens.token_type).toBe("dpop");
    const refreshToken = tokens.refresh_token as string;

    const bare = await postForm(tokenUrl(), {
      grant_type: "refresh_token",
      client_id: CLIENTS.spa.id,
      refresh_token: refreshToken,
    });
    expect(bare.status).toBe(400);
    expect(bare.body?.error).toBe("invalid_dpop_proof");
    const other = await oauth.refreshTokenGrantRequest(as, spa, oauth.None(), refreshToken, {
      ...insecure,
      DPoP: oauth.DPoP(spa, await oauth.generateKeyPair("ES256")),
    });
    await expect(oauth.processRefreshTokenResponse(as, spa, other)).rejects.toMatchObject({
      error: "invalid_dpop_proof",
    });

    const rotated = await oauth.processRefreshTokenResponse(
      as,
      spa,
      await oauth.refreshTokenGrantRequest(as, spa, oauth.None(), refreshToken, {
        ...insecure,
        DPoP: oauth.DPoP(spa, key),
      }),
    );
    expect(rotated.token_type).toBe("dpop");
    expect(rotated.refresh_token).not.toBe(refreshToken);

    // Introspection (opaque token) names the key and the scheme.
    const web = await postForm(
      `${p.issuer}/oauth2/introspect`,
      { token: rotated.access_token, client_id: CLIENTS.spa.id },
      {},
    );
    expect(web.body).toMatchObject({
      active: true,
      token_type: "DPoP",
      cnf: { jkt: await calculateJwkThumbprint(await exportJWK(key.publicKey)) },
    });
  });

  it("refuses bad proofs at the token endpoint with invalid_dpop_proof", async () => {
    const htu = tokenUrl();
    const ok = await machineToken(await proof({ htm: "POST", htu }));
    expect(ok.status).toBe(200);
    expect(ok.body?.token_type).toBe("DPoP");
    expect(decodeJwt(ok.body?.access_token as string).cnf).toBeDefined();

    const replayed = await proof({ htm: "POST", htu });
    expect((await machineToken(replayed)).status).toBe(200);
    const hs = await new SignJWT({ htm: "POST", htu, jti: "h", iat: Math.floor(Date.now() / 1000) })
      .setProtectedHeader({ alg: "HS256", typ: "dpop+jwt", jwk: { kty: "oct", k: "c2VjcmV0" } as never })
      .sign(new TextEncoder().encode("secret"));
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const pair = await generateKeyPair("ES256", { extractable: true });
    const none = `${b64({ alg: "none", typ: "dpop+jwt", jwk: await exportJWK(pair.publicKey) })}.${b64({
      htm: "POST",
      htu,
      jti: "n",
      iat: Math.floor(Date.now() / 1000),
    })}.`;
    const attacks: Record<string, string> = {
      replayed,
      "wrong htu": await proof({ htm: "POST", htu: `${p.issuer}/oauth2/introspect` }),
      "wrong htm": await proof({ htm: "GET", htu }),
      "stale iat": await proof({ htm: "POST", htu, iat: Math.floor(Date.now() / 1000) - 300 }),
      "future iat": await proof({ htm: "POST", htu, iat: Math.floor(Date.now() / 1000) + 300 }),
      "no jti": await proof({ htm: "POST", htu, jti: undefined }),
      "typ JWT": await proof({ htm: "POST", htu }, { header: { typ: "JWT" } }),
      "private key in jwk": await proof(
        { htm: "POST", htu },
        { key: pair, header: { jwk: await exportJWK(pair.privateKey) } },
      ),
      "no jwk": await proof({ htm: "POST", htu }, { header: { jwk: undefined } }),
      "jwk of another key": await proof(
        { htm: "POST", htu },
        { header: { jwk: await exportJWK((await generateKeyPair("ES256", { extractable: true })).publicKey) } },
      ),
      HS256: hs,
      "alg none": none,
      garbage: "not.a.jwt",
      "two proofs": `${await proof({ htm: "POST", htu })}, ${await proof({ htm: "POST", htu })}`,
    };
    for (const [name, dpop] of Object.entries(attacks)) {
      const r = await machineToken(dpop);
      expect([name, r.status, r.body?.error]).toEqual([name, 400, "invalid_dpop_proof"]);
    }
  });

  it("binds a confidential client's refresh token too: its secret with another key does not refresh", async () => {
    const web: oauth.Client = { client_id: CLIENTS.web.id };
    const auth = oauth.ClientSecretPost(CLIENTS.web.secret);
    const key = await oauth.generateKeyPair("ES256");
    const { params, verifier } = await authorize("offline_access", false, CLIENTS.web);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      web,
      await oauth.authorizationCodeGrantRequest(as, web, auth, params, CLIENTS.web.redirect, verifier, {
        ...insecure,
        DPoP: oauth.DPoP(web, key),
      }),
    );
    const refreshToken = tokens.refresh_token as string;
    const stolen = await oauth.refreshTokenGrantRequest(as, web, auth, refreshToken, {
      ...insecure,
      DPoP: oauth.DPoP(web, await oauth.generateKeyPair("ES256")),
    });
    await expect(oauth.processRefreshTokenResponse(as, web, stolen)).rejects.toMatchObject({
      error: "invalid_dpop_proof",
    });
    const rotated = await oauth.processRefreshTokenResponse(
      as,
      web,
      await oauth.refreshTokenGrantRequest(as, web, auth, refreshToken, { ...insecure, DPoP: oauth.DPoP(web, key) }),
    );
    expect(rotated.token_type).toBe("dpop");
  });

  it("openid-client: a confidential client's DPoP-bound token, used at the resource and introspected", async () => {
    const config = await oidc.discovery(new URL(p.issuer), MACHINE.id, MACHINE.secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const key = await oidc.randomDPoPKeyPair("ES256");
    const DPoP = oidc.getDPoPHandle(config, key);
    const tokens = await oidc.clientCredentialsGrant(config, { resource }, { DPoP });
    expect(tokens.token_type).toBe("dpop");
    const jkt = await calculateJwkThumbprint(await exportJWK(key.publicKey));
    expect(decodeJwt(tokens.access_token).cnf).toEqual({ jkt });
    const r = await oidc.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(resource),
      "GET",
      null,
      undefined,
      {
        DPoP,
      },
    );
    expect(r.status).toBe(200);
    expect(await oidc.tokenIntrospection(config, tokens.access_token)).toMatchObject({
      active: true,
      token_type: "DPoP",
      cnf: { jkt },
    });
    // Without DPoP the same client gets an ordinary Bearer token, refused when presented with the DPoP scheme.
    const bearer = await oidc.clientCredentialsGrant(config, { resource });
    expect(bearer.token_type).toBe("bearer");
    const asDpop = oidc.fetchProtectedResource(config, bearer.access_token, new URL(resource), "GET", null, undefined, {
      DPoP: oidc.getDPoPHandle(config, await oidc.randomDPoPKeyPair("ES256")),
    });
    // openid-client surfaces the 401's challenge: the DPoP one, invalid_token.
    await expect(asDpop).rejects.toMatchObject({ response: { status: 401 } });
  });

  it("one proof sent by racing requests gets one token", async () => {
    const shared = await proof({ htm: "POST", htu: tokenUrl() });
    const answers = await Promise.all(Array.from({ length: 6 }, () => machineToken(shared)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it("keeps seen jtis only until their window closes: the cleanup job deletes them", async () => {
    expect((await machineToken(await proof({ htm: "POST", htu: tokenUrl() }))).status).toBe(200);
    const count = () => p.auth.$context.db.count({ model: "oauthDpopJti" });
    expect(await count()).toBeGreaterThan(0);
    p.clock.offset = 10 * 60 * 1000;
    try {
      await p.auth.api.cleanup();
      expect(await count()).toBe(0);
    } finally {
      p.clock.offset = 0;
    }
  });
});

describe("DPoP on PostgreSQL", () => {
  it("one proof sent by racing requests gets one token (the jti insert is the claim)", async () => {
    const pg = await startProvider("postgres", {
      clients: [
        { clientId: MACHINE.id, clientSecret: MACHINE.secret, redirectUris: [], grantTypes: ["client_credentials"] },
      ],
    });
    try {
      const url = `${pg.issuer}/oauth2/token`;
      const shared = await proof({ htm: "POST", htu: url });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          postForm(
            url,
            { grant_type: "client_credentials" },
            { authorization: basic(MACHINE.id, MACHINE.secret), dpop: shared },
          ),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    } finally {
      await pg.close();
    }
  });
});
