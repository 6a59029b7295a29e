// RFC 9449 §10 over HTTP: `dpop_jkt` at the authorization endpoint (and a DPoP proof or `dpop_jkt` with a
// pushed request, §10.1) binds the authorization code to a key. openid-client and oauth4webapi redeem it with
// that key; a thief with the code and the PKCE verifier but no key, or another key, gets invalid_grant.
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import * as oauth from "oauth4webapi";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, postForm, signUp, startProvider } from "./provider-server.js";

const insecure = { [oauth.allowInsecureRequests]: true };
let p: Provider;
let as: oauth.AuthorizationServer;
let key: CryptoKeyPair;
let jkt: string;
let otherKey: CryptoKeyPair;
beforeAll(async () => {
  p = await startProvider("sqlite");
  const issuer = new URL(p.issuer);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
  key = await generateKeyPair("ES256", { extractable: true });
  jkt = await calculateJwkThumbprint(await exportJWK(key.publicKey));
  otherKey = await generateKeyPair("ES256");
});
afterAll(() => p?.close());

const web: oauth.Client = { client_id: CLIENTS.web.id };
const webAuth = () => oauth.ClientSecretBasic(CLIENTS.web.secret);

/** The browser leg for `client` with `extra` parameters (or a pushed request_uri): the callback's params. */
async function authorize(
  client: { id: string; redirect: string },
  extra: Record<string, string>,
  cookie?: string,
): Promise<{ params: URLSearchParams; verifier: string; location: URL }> {
  const signedIn = cookie ?? (await signUp(p)).cookie;
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint as string);
  url.searchParams.set("client_id", client.id);
  if (extra.request_uri === undefined) {
    url.searchParams.set("redirect_uri", client.redirect);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", "openid");
    url.searchParams.set("state", "s");
    url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set("code_challenge_method", "S256");
  }
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  const location = new URL((await navigate(url, signedIn)).location as string);
  return { params: location.searchParams, verifier, location };
}

/** Redeems a code of the public client by hand, with `dpop` as the proof header (or none). */
const redeem = (code: string, verifier: string, dpop?: string) =>
  postForm(
    `${p.issuer}/oauth2/token`,
    {
      grant_type: "authorization_code",
      code,
      redirect_uri: CLIENTS.spa.redirect,
      code_verifier: verifier,
      client_id: CLIENTS.spa.id,
    },
    dpop ? { dpop } : {},
  );

/** A DPoP proof by `pair` for the token endpoint, as a client library would make it. */
async function tokenProof(pair: CryptoKeyPair) {
  return new SignJWT({
    jti: crypto.randomUUID(),
    iat: Math.floor(Date.now() / 1000),
    htm: "POST",
    htu: `${p.issuer}/oauth2/token`,
  })
    .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: await exportJWK(pair.publicKey) })
    .sign(pair.privateKey);
}

describe("dpop_jkt at the authorization endpoint", () => {
  it("openid-client: a code bound with dpop_jkt is redeemed with a proof by that key (tokens bound to it)", async () => {
    const config = await oidc.discovery(new URL(p.issuer), CLIENTS.web.id, CLIENTS.web.secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CLIENTS.web.redirect,
      scope: "openid",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state: "s",
      dpop_jkt: jkt,
    });
    const { cookie } = await signUp(p);
    const callback = new URL((await navigate(url, cookie)).location as string);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      callback,
      { pkceCodeVerifier: verifier, expectedState: "s" },
      undefined,
      { DPoP: oidc.getDPoPHandle(config, key) },
    );
    expect(tokens.token_type.toLowerCase()).toBe("dpop");
    const introspected = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(introspected.cnf).toEqual({ jkt });
  });

  it("the code's thief — code and verifier, no key or another key — gets invalid_grant; the key holder still redeems it", async () => {
    const { params, verifier } = await authorize(CLIENTS.spa, { dpop_jkt: jkt });
    const code = params.get("code") as string;
    const bare = await redeem(code, verifier);
    expect([bare.status, bare.body?.error]).toEqual([400, "invalid_grant"]);
    const foreign = await redeem(code, verifier, await tokenProof(otherKey));
    expect([foreign.status, foreign.body?.error]).toEqual([400, "invalid_grant"]);
    const own = await redeem(code, verifier, await tokenProof(key));
    expect([own.status, own.body?.token_type]).toEqual([200, "DPoP"]);
  });

  it("survives sign-in and consent: the third-party client's code is bound too", async () => {
    const { cookie } = await signUp(p);
    const { location, verifier } = await authorize(CLIENTS.third, { dpop_jkt: jkt }, cookie);
    expect(location.href.startsWith(CLIENTS.third.redirect)).toBe(false);
    const r = await fetch(`${p.issuer}/oauth2/consent`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: p.baseURL, cookie },
      body: JSON.stringify({ accept: true, oauth_query: location.search.slice(1) }),
    });
    const code = new URL(((await r.json()) as { url: string }).url).searchParams.get("code") as string;
    const form = {
      grant_type: "authorization_code",
      code,
      redirect_uri: CLIENTS.third.redirect,
      code_verifier: verifier,
    };
    const auth = { authorization: basic(CLIENTS.third.id, CLIENTS.third.secret) };
    const without = await postForm(`${p.issuer}/oauth2/token`, form, auth);
    expect([without.status, without.body?.error]).toEqual([400, "invalid_grant"]);
    const withKey = await postForm(`${p.issuer}/oauth2/token`, form, { ...auth, dpop: await tokenProof(key) });
    expect(withKey.status).toBe(200);
  });

  it("a malformed dpop_jkt is invalid_request, sent to the registered redirect URI with state", async () => {
    for (const bad of ["short", "x".repeat(44), `${"a".repeat(42)}=`]) {
      const { params, location } = await authorize(CLIENTS.spa, { dpop_jkt: bad });
      expect([bad, location.origin + location.pathname, params.get("error"), params.get("state")]).toEqual([
        bad,
        CLIENTS.spa.redirect,
        "invalid_request",
        "s",
      ]);
    }
  });
});

describe("dpop_jkt with pushed authorization requests (RFC 9449 §10.1)", () => {
  async function push(dpop: oauth.DPoPHandle | undefined, extra: Record<string, string> = {}) {
    const verifier = oauth.generateRandomCodeVerifier();
    const params = new URLSearchParams({
      redirect_uri: CLIENTS.web.redirect,
      response_type: "code",
      scope: "openid",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      ...extra,
    });
    const r = await oauth.pushedAuthorizationRequest(as, web, webAuth(), params, { ...insecure, DPoP: dpop });
    return { response: r, verifier };
  }
  const redeemWeb = (params: URLSearchParams, verifier: string, dpop?: oauth.DPoPHandle) =>
    oauth
      .authorizationCodeGrantRequest(as, web, webAuth(), params, CLIENTS.web.redirect, verifier, {
        ...insecure,
        DPoP: dpop,
      })
      .then((r) => oauth.processAuthorizationCodeResponse(as, web, r, { expectedNonce: oauth.expectNoNonce }));

  it("oauth4webapi: a DPoP proof with the push binds the code to its key", async () => {
    const dpop = oauth.DPoP(web, key);
    const { response, verifier } = await push(dpop);
    const { request_uri } = await oauth.processPushedAuthorizationResponse(as, web, response);
    const { location } = await authorize(CLIENTS.web, { request_uri });
    const params = oauth.validateAuthResponse(as, web, location, oauth.skipStateCheck);
    // Without the key the code is refused (and stays redeemable for the key holder).
    await expect(redeemWeb(params, verifier)).rejects.toMatchObject({ error: "invalid_grant" });
    const tokens = await redeemWeb(params, verifier, oauth.DPoP(web, key));
    expect(tokens.token_type).toBe("dpop");
  });

  it("dpop_jkt pushed without a proof binds too; a dpop_jkt that is not the proof's key is refused at the push", async () => {
    const { response, verifier } = await push(undefined, { dpop_jkt: jkt });
    const { request_uri } = await oauth.processPushedAuthorizationResponse(as, web, response);
    const { location } = await authorize(CLIENTS.web, { request_uri });
    const params = oauth.validateAuthResponse(as, web, location, oauth.skipStateCheck);
    await expect(redeemWeb(params, verifier, oauth.DPoP(web, otherKey))).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect((await redeemWeb(params, verifier, oauth.DPoP(web, key))).token_type).toBe("dpop");
    const mismatched = await push(oauth.DPoP(web, otherKey), { dpop_jkt: jkt });
    expect(mismatched.response.status).toBe(400);
    expect(((await mismatched.response.json()) as { error: string }).error).toBe("invalid_dpop_proof");
  });
});
