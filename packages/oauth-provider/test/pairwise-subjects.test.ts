// Pairwise subject identifiers (OIDC Core §8.1) over HTTP with openid-client: a pairwise client is told a
// sub of its own sector (the host of its redirect URIs) everywhere (ID token, userinfo, introspection, JWT
// access tokens, device grant); id_token_hint and RP logout take that sub; the default stays the user id,
// and resource servers in the app still learn the real user.
import { decodeJwt } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthProvider } from "../src/index.js";
import { type Provider, navigate, signIn, signUp, startProvider } from "./provider-server.js";

const client = (id: string, redirect: string, extra: Record<string, unknown> = {}) => ({
  id,
  secret: `${id}-secret-0123456789abcdef-0123456789`,
  redirect,
  ...extra,
});
const PUBLIC = client("plain-web", "https://plain.example.test/callback");
const A = client("pairwise-a", "https://a.example.test/callback");
const A2 = client("pairwise-a2", "https://a.example.test/other-app/callback");
const B = client("pairwise-b", "https://b.example.test/callback");
const SIGNED_OUT = "https://a.example.test/signed-out";
const TV = client("pairwise-tv", "https://tv.example.test/unused");
const DEVICE = "urn:ietf:params:oauth:grant-type:device_code";

let p: Provider;
const configs = new Map<string, oidc.Configuration>();
beforeAll(async () => {
  const pairwise = { subjectType: "pairwise" as const, skipConsent: true };
  p = await startProvider("sqlite", {
    deviceCodeInterval: 1,
    allowDynamicClientRegistration: true,
    clients: [
      { clientId: PUBLIC.id, clientSecret: PUBLIC.secret, redirectUris: [PUBLIC.redirect], skipConsent: true },
      {
        clientId: A.id,
        clientSecret: A.secret,
        redirectUris: [A.redirect, "https://a.example.test/callback-2"],
        postLogoutRedirectUris: [SIGNED_OUT],
        ...pairwise,
      },
      { clientId: A2.id, clientSecret: A2.secret, redirectUris: [A2.redirect], ...pairwise },
      { clientId: B.id, clientSecret: B.secret, redirectUris: [B.redirect], ...pairwise },
      {
        clientId: TV.id,
        clientSecret: TV.secret,
        redirectUris: [TV.redirect],
        grantTypes: [DEVICE, "refresh_token"],
        ...pairwise,
      },
    ],
  });
  for (const c of [PUBLIC, A, A2, B, TV])
    configs.set(
      c.id,
      await oidc.discovery(new URL(p.issuer), c.id, c.secret, undefined, { execute: [oidc.allowInsecureRequests] }),
    );
});
afterAll(() => p?.close());

const config = (c: { id: string }) => configs.get(c.id) as oidc.Configuration;

/** The code flow through openid-client for the signed-in `cookie`; answers the token response. */
async function codeFlow(
  c: { id: string; redirect: string },
  cookie: string,
  extra: Record<string, string> = {},
  scope = "openid email offline_access",
) {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config(c), {
    redirect_uri: c.redirect,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    ...extra,
  });
  const back = await navigate(url, cookie);
  expect(back.location?.startsWith(c.redirect)).toBe(true);
  return oidc.authorizationCodeGrant(config(c), new URL(back.location as string), { pkceCodeVerifier: verifier });
}

const subOf = (tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) => tokens.claims()?.sub;

describe("pairwise subjects", () => {
  it("is announced in discovery", () => {
    expect(config(A).serverMetadata().subject_types_supported).toEqual(["public", "pairwise"]);
  });

  it("a pairwise client gets its own sub, stable across sign-ins and refreshes; the public client gets the user id", async () => {
    const user = await signUp(p);
    const plain = await codeFlow(PUBLIC, user.cookie);
    expect(subOf(plain)).toBe(user.userId);

    const a = await codeFlow(A, user.cookie);
    const sub = subOf(a) as string;
    expect(sub).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sub).not.toBe(user.userId);
    expect(sub).not.toContain(user.userId);

    // A new sign-in (a new session) and a refresh: the same sub.
    const again = await codeFlow(A, await signIn(p, user.email));
    expect(subOf(again)).toBe(sub);
    const refreshed = await oidc.refreshTokenGrant(config(A), a.refresh_token as string);
    expect(subOf(refreshed)).toBe(sub);

    // Same host, same sector: the same sub; another host: another sub. Another user: another sub.
    expect(subOf(await codeFlow(A2, user.cookie))).toBe(sub);
    const b = subOf(await codeFlow(B, user.cookie));
    expect(b).not.toBe(sub);
    expect(b).not.toBe(user.userId);
    const other = await signUp(p);
    expect(subOf(await codeFlow(A, other.cookie))).not.toBe(sub);
  });

  it("userinfo and introspection tell the client the ID token's sub; resource servers in the app the real user", async () => {
    const user = await signUp(p);
    const a = await codeFlow(A, user.cookie);
    const sub = subOf(a) as string;
    expect(sub).not.toBe(user.userId);
    const info = await oidc.fetchUserInfo(config(A), a.access_token, sub);
    expect(info).toMatchObject({ sub, email: user.email });
    const intro = await oidc.tokenIntrospection(config(A), a.access_token);
    expect(intro).toMatchObject({ active: true, sub, client_id: A.id });
    const introRefresh = await oidc.tokenIntrospection(config(A), a.refresh_token as string);
    expect(introRefresh).toMatchObject({ active: true, sub });

    // The public client's answers are the user id, unchanged.
    const plain = await codeFlow(PUBLIC, user.cookie);
    expect((await oidc.fetchUserInfo(config(PUBLIC), plain.access_token, user.userId)).sub).toBe(user.userId);
    expect((await oidc.tokenIntrospection(config(PUBLIC), plain.access_token)).sub).toBe(user.userId);

    // Another client introspecting A's token learns nothing (as for any token not its own).
    expect(await oidc.tokenIntrospection(config(B), a.access_token)).toEqual({ active: false });
  });

  it("a JWT access token for a resource carries the pairwise sub; requireBearer still names the user", async () => {
    const user = await signUp(p);
    const a = await codeFlow(A, user.cookie, { resource: `${p.baseURL}/mcp` });
    const claims = decodeJwt(a.access_token);
    expect(claims.sub).toBe(subOf(a));
    expect(claims.sub).not.toBe(user.userId);
    const r = await fetch(`${p.baseURL}/mcp`, { headers: { authorization: `Bearer ${a.access_token}` } });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ sub: user.userId, client_id: A.id });
  });

  it("the device grant issues the pairwise sub of the client's host", async () => {
    const user = await signUp(p);
    const started = await oidc.initiateDeviceAuthorization(config(TV), { scope: "openid email" });
    const approved = await fetch(`${p.issuer}/device/approve`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: p.baseURL, cookie: user.cookie },
      body: JSON.stringify({ userCode: started.user_code }),
    });
    expect(approved.status).toBe(200);
    const tokens = await oidc.pollDeviceAuthorizationGrant(config(TV), started);
    const sub = tokens.claims()?.sub as string;
    expect(sub).not.toBe(user.userId);
    expect(sub).not.toBe(subOf(await codeFlow(A, user.cookie)));
    expect((await oidc.fetchUserInfo(config(TV), tokens.access_token, sub)).sub).toBe(sub);
  });

  it("id_token_hint with the pairwise sub: prompt=none answers a code for the user, login_required for another", async () => {
    const alice = await signUp(p);
    const bob = await signUp(p);
    const hint = (await codeFlow(A, alice.cookie)).id_token as string;
    const again = await codeFlow(A, alice.cookie, { id_token_hint: hint, prompt: "none" });
    expect(subOf(again)).toBe(decodeJwt(hint).sub);

    const url = oidc.buildAuthorizationUrl(config(A), {
      redirect_uri: A.redirect,
      scope: "openid",
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: "S256",
      id_token_hint: hint,
      prompt: "none",
    });
    const refused = new URL((await navigate(url, bob.cookie)).location as string);
    expect(refused.origin + refused.pathname).toBe(A.redirect);
    expect(refused.searchParams.get("error")).toBe("login_required");
    expect(refused.searchParams.get("code")).toBeNull();
  });

  it("a pairwise ID token of one client is refused as a hint at another, even on the same host", async () => {
    const user = await signUp(p);
    const hint = (await codeFlow(A, user.cookie)).id_token as string;
    for (const other of [A2, B]) {
      const url = oidc.buildAuthorizationUrl(config(other), {
        redirect_uri: other.redirect,
        scope: "openid",
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: "S256",
        id_token_hint: hint,
        prompt: "none",
      });
      const refused = new URL((await navigate(url, user.cookie)).location as string);
      expect(refused.searchParams.get("error")).toBe("invalid_request");
      expect(refused.searchParams.get("code")).toBeNull();
    }
    // RP logout with it, naming another client: the session stays.
    const logout = oidc.buildEndSessionUrl(config(B), { id_token_hint: hint });
    await navigate(logout, user.cookie);
    expect(await sessionUser(user.cookie)).toBe(user.userId);
  });

  it("RP-initiated logout takes the pairwise ID token of the session's user, and only that user's", async () => {
    const alice = await signUp(p);
    const bob = await signUp(p);
    const aliceHint = (await codeFlow(A, alice.cookie)).id_token as string;
    // Bob's session with Alice's hint: not ended.
    const wrong = await navigate(
      oidc.buildEndSessionUrl(config(A), { id_token_hint: aliceHint, post_logout_redirect_uri: SIGNED_OUT }),
      bob.cookie,
    );
    expect(wrong.location?.startsWith(SIGNED_OUT)).toBe(true);
    expect(await sessionUser(bob.cookie)).toBe(bob.userId);

    const nav = await navigate(
      oidc.buildEndSessionUrl(config(A), {
        id_token_hint: aliceHint,
        post_logout_redirect_uri: SIGNED_OUT,
        state: "bye",
      }),
      alice.cookie,
    );
    expect(new URL(nav.location as string).searchParams.get("state")).toBe("bye");
    expect(await sessionUser(alice.cookie)).toBeNull();
  });

  it("a configured pairwise client whose redirect URIs span hosts is a start-up error", () => {
    const make = (redirectUris: string[]) => () =>
      oauthProvider({ clients: [{ clientId: "x", redirectUris, subjectType: "pairwise" }] });
    expect(make(["https://one.example.test/cb", "https://two.example.test/cb"])).toThrow(/share one host/);
    expect(make(["com.example.app:/cb"])).toThrow(/share one host/);
    expect(make([])).toThrow(/share one host/);
    expect(make(["https://one.example.test/cb", "https://one.example.test/cb-2"])).not.toThrow();
    expect(() =>
      oauthProvider({
        clients: [{ clientId: "x", redirectUris: [], subjectType: "sideways" as unknown as "pairwise" }],
      }),
    ).toThrow(/public or pairwise/);
  });
});

async function sessionUser(cookie: string): Promise<string | null> {
  const body = (await (await fetch(`${p.issuer}/get-session`, { headers: { cookie } })).json()) as {
    user?: { id: string };
  } | null;
  return body?.user?.id ?? null;
}

describe("pairwise subjects through dynamic registration", () => {
  const register = (metadata: Record<string, unknown>) =>
    fetch(`${p.issuer}/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(metadata),
    });

  it("subject_type pairwise is kept and echoed; the sub is the sector's (same host as a configured client: same sub)", async () => {
    const r = await register({
      redirect_uris: ["https://a.example.test/registered"],
      subject_type: "pairwise",
      token_endpoint_auth_method: "client_secret_basic",
    });
    expect(r.status).toBe(201);
    const registered = (await r.json()) as { client_id: string; client_secret: string; subject_type?: string };
    expect(registered.subject_type).toBe("pairwise");
    const dcr = {
      id: registered.client_id,
      secret: registered.client_secret,
      redirect: "https://a.example.test/registered",
    };
    configs.set(
      dcr.id,
      await oidc.discovery(new URL(p.issuer), dcr.id, dcr.secret, undefined, { execute: [oidc.allowInsecureRequests] }),
    );
    const user = await signUp(p);
    // A registered client needs consent: accept it through the JSON API, as the example app's page does.
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config(dcr), {
      redirect_uri: dcr.redirect,
      scope: "openid",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    const consentPage = new URL((await navigate(url, user.cookie)).location as string);
    const accepted = await fetch(`${p.issuer}/oauth2/consent`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: p.baseURL, cookie: user.cookie },
      body: JSON.stringify({ accept: true, oauth_query: consentPage.search.slice(1) }),
    });
    expect(accepted.status).toBe(200);
    const back = new URL(((await accepted.json()) as { url: string }).url);
    const tokens = await oidc.authorizationCodeGrant(config(dcr), back, { pkceCodeVerifier: verifier });
    expect(subOf(tokens)).toBe(subOf(await codeFlow(A, user.cookie)));
    expect(subOf(tokens)).not.toBe(user.userId);
  });

  it("refuses a pairwise registration whose redirect URIs span hosts, and an unknown subject_type", async () => {
    for (const metadata of [
      { redirect_uris: ["https://one.example.test/cb", "https://two.example.test/cb"], subject_type: "pairwise" },
      { redirect_uris: ["https://one.example.test/cb"], subject_type: "sideways" },
    ]) {
      const r = await register(metadata);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: string }).error).toBe("invalid_client_metadata");
    }
    // Without subject_type: public, as before (no subject_type echoed).
    const plain = await register({ redirect_uris: ["https://one.example.test/cb", "https://two.example.test/cb"] });
    expect(plain.status).toBe(201);
    expect(((await plain.json()) as { subject_type?: string }).subject_type).toBeUndefined();
  });
});
