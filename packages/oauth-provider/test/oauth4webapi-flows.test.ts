// The provider as a plain OAuth 2.1 authorization server, driven by panva's oauth4webapi: RFC 8414
// discovery at the origin-root location (served by oauthWellKnown), a public client's code flow with
// PKCE and RFC 9207 iss checking, refresh rotation, and revocation.
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, navigate, signUp, startProvider } from "./provider-server.js";

let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite");
});
afterAll(() => p?.close());

const insecure = { [oauth.allowInsecureRequests]: true };

describe("oauth4webapi against the provider", () => {
  it("discovers through RFC 8414's location, runs the code flow with PKCE, rotates and revokes", async () => {
    const issuer = new URL(p.issuer);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
    );
    expect(as.issuer).toBe(p.issuer);
    const client: oauth.Client = { client_id: CLIENTS.spa.id };
    const clientAuth = oauth.None();

    const user = await signUp(p);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint as string);
    url.searchParams.set("client_id", client.client_id);
    url.searchParams.set("redirect_uri", CLIENTS.spa.redirect);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", "email offline_access");
    url.searchParams.set("state", state);
    url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set("code_challenge_method", "S256");
    const nav = await navigate(url, user.cookie);
    // validateAuthResponse checks iss (RFC 9207) and state.
    const params = oauth.validateAuthResponse(as, client, new URL(nav.location as string), state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      CLIENTS.spa.redirect,
      verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.scope).toBe("email offline_access");
    expect(tokens.id_token).toBeUndefined();

    const rotated = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token as string, insecure),
    );
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, clientAuth, rotated.refresh_token as string, insecure),
    );
    const after = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth,
      rotated.refresh_token as string,
      insecure,
    );
    await expect(oauth.processRefreshTokenResponse(as, client, after)).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });
});
