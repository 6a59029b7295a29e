// A client's registered scope bounds what it may ask a user for (RFC 7591 §2 `scope`), driven by
// openid-client over HTTP: at the authorization endpoint the refusal is `invalid_scope` on the client's
// redirect URI with state and iss (RFC 6749 §4.1.2.1, RFC 9207); at PAR and the device authorization
// endpoint it is a 400 `invalid_scope`. A registered client without `scope`, and a configured client that
// lists no `scopes`, may ask for any of the provider's scopes, as before.
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Provider, navigate, signUp, startProvider } from "./provider-server.js";

const DEVICE = "urn:ietf:params:oauth:grant-type:device_code";
const REDIRECT = "https://scoped.example.test/cb";
const insecure = { execute: [oidc.allowInsecureRequests] };

let p: Provider;
let cookie = "";

beforeAll(async () => {
  p = await startProvider("sqlite", {
    allowDynamicClientRegistration: true,
    scopes: ["reports", "jobs"],
    clients: [
      // Lists its own scopes: it may ask a user for those and the standard ones, nothing else.
      {
        clientId: "tv-bounded",
        clientSecret: "tv-bounded-secret-0123456789",
        redirectUris: [],
        grantTypes: [DEVICE],
        scopes: ["reports"],
      },
      { clientId: "tv-open", clientSecret: "tv-open-secret-0123456789abc", redirectUris: [], grantTypes: [DEVICE] },
    ],
  });
  cookie = (await signUp(p)).cookie;
});
afterAll(() => p?.close());

/** Registers a confidential code client (RFC 7591), with `scope` when given; its openid-client configuration. */
async function registered(scope?: string) {
  const r = await fetch(`${p.issuer}/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Scoped", redirect_uris: [REDIRECT], ...(scope ? { scope } : {}) }),
  });
  const body = (await r.json()) as { client_id: string; client_secret: string; scope?: string };
  expect(r.status).toBe(201);
  return oidc.discovery(new URL(p.issuer), body.client_id, body.client_secret, undefined, insecure);
}

/** The browser's trip to the authorization endpoint: where it is sent. */
async function authorize(config: oidc.Configuration, scope: string) {
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope,
    state: "st-1",
    code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
    code_challenge_method: "S256",
  });
  return new URL((await navigate(url, cookie)).location as string);
}

/** What openid-client makes of an authorization response carrying an error. */
async function responseError(config: oidc.Configuration, callback: URL) {
  const failed = await oidc
    .authorizationCodeGrant(config, callback, { expectedState: "st-1", pkceCodeVerifier: "x".repeat(43) })
    .catch((e: unknown) => e);
  expect(failed).toBeInstanceOf(oidc.AuthorizationResponseError);
  return (failed as oidc.AuthorizationResponseError).error;
}

describe("a client's scope bounds what it may ask a user for", () => {
  it("authorization endpoint: a registered client asking outside its scope gets invalid_scope on its redirect URI", async () => {
    const config = await registered("openid profile reports");
    const outside = await authorize(config, "openid email");
    expect(outside.origin + outside.pathname).toBe(REDIRECT);
    expect(outside.searchParams.get("iss")).toBe(p.issuer);
    expect(await responseError(config, outside)).toBe("invalid_scope");
    // offline_access and another provider scope are outside too.
    expect((await authorize(config, "openid offline_access")).searchParams.get("error")).toBe("invalid_scope");
    expect((await authorize(config, "openid jobs")).searchParams.get("error")).toBe("invalid_scope");
    // Inside it (all of it, or part): on to the consent page, no error.
    for (const scope of ["openid profile reports", "openid"]) {
      const inside = await authorize(config, scope);
      expect(inside.origin).toBe(p.baseURL);
      expect(inside.pathname).toBe("/consent");
      expect(inside.searchParams.get("error")).toBeNull();
    }
  });

  it("PAR: the push is refused with invalid_scope", async () => {
    const config = await registered("openid profile");
    const par = (scope: string) =>
      oidc.buildAuthorizationUrlWithPAR(config, {
        redirect_uri: REDIRECT,
        scope,
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      });
    const refused = await par("openid email").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(oidc.ResponseBodyError);
    expect([(refused as oidc.ResponseBodyError).status, (refused as oidc.ResponseBodyError).error]).toEqual([
      400,
      "invalid_scope",
    ]);
    expect((await par("openid profile")).searchParams.get("request_uri")).toMatch(
      /^urn:ietf:params:oauth:request_uri:/,
    );
  });

  it("a registered client without scope may ask for any of the provider's scopes", async () => {
    const config = await registered();
    const to = await authorize(config, "openid email offline_access jobs");
    expect([to.pathname, to.searchParams.get("error")]).toEqual(["/consent", null]);
  });

  it("device authorization: a configured client that lists scopes is bounded; one that lists none is not", async () => {
    const bounded = await oidc.discovery(
      new URL(p.issuer),
      "tv-bounded",
      "tv-bounded-secret-0123456789",
      undefined,
      insecure,
    );
    const refused = await oidc.initiateDeviceAuthorization(bounded, { scope: "openid jobs" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(oidc.ResponseBodyError);
    expect((refused as oidc.ResponseBodyError).error).toBe("invalid_scope");
    // Its own scope and the standard ones are fine.
    expect((await oidc.initiateDeviceAuthorization(bounded, { scope: "openid email reports" })).user_code).toBeTruthy();
    const open = await oidc.discovery(
      new URL(p.issuer),
      "tv-open",
      "tv-open-secret-0123456789abc",
      undefined,
      insecure,
    );
    expect((await oidc.initiateDeviceAuthorization(open, { scope: "openid jobs" })).user_code).toBeTruthy();
  });
});
