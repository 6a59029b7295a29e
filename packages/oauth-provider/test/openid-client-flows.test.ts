// The provider driven by panva's openid-client (a certified relying party) over HTTP: discovery, the
// code flow with PKCE and ID token validation, refresh rotation, userinfo, introspection, revocation.
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, navigate, signUp, startProvider } from "./provider-server.js";

const kinds: ("sqlite" | "postgres")[] = ["sqlite", "postgres"];

for (const kind of kinds) {
  describe(`openid-client against the provider on ${kind}`, () => {
    let p: Provider;
    let web: oidc.Configuration;
    let spa: oidc.Configuration;
    beforeAll(async () => {
      p = await startProvider(kind);
      const options = { execute: [oidc.allowInsecureRequests] };
      web = await oidc.discovery(new URL(p.issuer), CLIENTS.web.id, CLIENTS.web.secret, undefined, options);
      spa = await oidc.discovery(new URL(p.issuer), CLIENTS.spa.id, undefined, oidc.None(), options);
    });
    afterAll(() => p?.close());

    /** The whole browser part: authorize with the session cookie, come back with a code. */
    async function authorize(config: oidc.Configuration, cookie: string, extra: Record<string, string> = {}) {
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri:
          config.clientMetadata().client_id === CLIENTS.spa.id ? CLIENTS.spa.redirect : CLIENTS.web.redirect,
        scope: "openid profile email offline_access",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        nonce,
        ...extra,
      });
      const nav = await navigate(url, cookie);
      expect(nav.status).toBe(302);
      return { callback: new URL(nav.location as string), verifier, state, nonce };
    }

    it("discovery names our issuer and the endpoints at both well-known places", async () => {
      const meta = web.serverMetadata();
      expect(meta.issuer).toBe(p.issuer);
      expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
      expect(meta.authorization_response_iss_parameter_supported).toBe(true);
      const root = await fetch(`${p.baseURL}/.well-known/oauth-authorization-server/api/auth`);
      expect(root.status).toBe(200);
      expect(((await root.json()) as { issuer: string }).issuer).toBe(p.issuer);
      expect(meta.grant_types_supported).not.toContain("implicit");
    });

    it("code flow with PKCE: tokens, a valid ID token, userinfo, refresh rotation", async () => {
      const user = await signUp(p);
      const { callback, verifier, state, nonce } = await authorize(web, user.cookie);
      expect(callback.searchParams.get("iss")).toBe(p.issuer);
      const tokens = await oidc.authorizationCodeGrant(web, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      expect(claims?.sub).toBe(user.userId);
      expect(claims?.aud).toBe(CLIENTS.web.id);
      expect(claims?.email).toBe(user.email);
      expect(tokens.expires_in).toBe(3600);
      // The signature, against the published JWKS (openid-client trusts the TLS channel for that).
      const jwks = createRemoteJWKSet(new URL(web.serverMetadata().jwks_uri as string));
      const verified = await jwtVerify(tokens.id_token as string, jwks, { issuer: p.issuer, audience: CLIENTS.web.id });
      expect(verified.protectedHeader.alg).toBe("EdDSA");
      expect(verified.protectedHeader.kid).toBeTruthy();

      const info = await oidc.fetchUserInfo(web, tokens.access_token, user.userId);
      expect(info.email).toBe(user.email);

      const refreshed = await oidc.refreshTokenGrant(web, tokens.refresh_token as string);
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      // Reusing the rotated refresh token fails and takes the whole family with it.
      await expect(oidc.refreshTokenGrant(web, tokens.refresh_token as string)).rejects.toMatchObject({
        error: "invalid_grant",
      });
      await expect(oidc.refreshTokenGrant(web, refreshed.refresh_token as string)).rejects.toMatchObject({
        error: "invalid_grant",
      });
      const intro = await oidc.tokenIntrospection(web, refreshed.access_token);
      expect(intro.active).toBe(false);
    });

    it("a public client with PKCE; introspection and revocation for the token's own client", async () => {
      const user = await signUp(p);
      const { callback, verifier, state, nonce } = await authorize(spa, user.cookie);
      const tokens = await oidc.authorizationCodeGrant(spa, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      });
      const active = await oidc.tokenIntrospection(spa, tokens.access_token);
      expect(active).toMatchObject({ active: true, sub: user.userId, client_id: CLIENTS.spa.id });
      // Another client learns nothing about it.
      expect((await oidc.tokenIntrospection(web, tokens.access_token)).active).toBe(false);
      await oidc.tokenRevocation(web, tokens.access_token);
      expect((await oidc.tokenIntrospection(spa, tokens.access_token)).active).toBe(true);
      await oidc.tokenRevocation(spa, tokens.refresh_token as string);
      expect((await oidc.tokenIntrospection(spa, tokens.access_token)).active).toBe(false);
      await expect(oidc.fetchUserInfo(spa, tokens.access_token, user.userId)).rejects.toThrow();
    });

    it("with a resource, the access token is an RFC 9068 JWT for that audience", async () => {
      const user = await signUp(p);
      const resource = `${p.baseURL}/mcp`;
      const { callback, verifier, state, nonce } = await authorize(web, user.cookie, { resource });
      const tokens = await oidc.authorizationCodeGrant(
        web,
        callback,
        { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce },
        { resource },
      );
      const jwks = createRemoteJWKSet(new URL(web.serverMetadata().jwks_uri as string));
      const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
        issuer: p.issuer,
        audience: resource,
        typ: "at+jwt",
      });
      expect(protectedHeader.typ).toBe("at+jwt");
      expect(payload).toMatchObject({ sub: user.userId, client_id: CLIENTS.web.id });
      expect(String(payload.scope).split(" ")).toContain("openid");
    });

    it("tokens die when their session ends (sign-out)", async () => {
      const user = await signUp(p);
      const { callback, verifier, state, nonce } = await authorize(web, user.cookie);
      const tokens = await oidc.authorizationCodeGrant(web, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      });
      expect((await oidc.tokenIntrospection(web, tokens.access_token)).active).toBe(true);
      const out = await fetch(`${p.baseURL}/api/auth/sign-out`, {
        method: "POST",
        headers: { cookie: user.cookie, origin: p.baseURL },
      });
      expect(out.status).toBe(200);
      expect((await oidc.tokenIntrospection(web, tokens.access_token)).active).toBe(false);
      await expect(oidc.refreshTokenGrant(web, tokens.refresh_token as string)).rejects.toMatchObject({
        error: "invalid_grant",
      });
    });
  });
}
