// Pushed authorization requests (RFC 9126) driven by openid-client and oauth4webapi over HTTP: the
// parameters go server to server, the browser carries only client_id and request_uri; the request is
// checked at the push, survives sign-in and consent, yields one code, and is refused to another client,
// after its lifetime and once spent. Required mode refuses a request that was not pushed.
import { createHash, randomBytes } from "node:crypto";
import * as oauth from "oauth4webapi";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, postForm, signIn, signUp, startProvider } from "./provider-server.js";

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

/** A push by the confidential web client with `extra` over a valid request. */
async function push(p: Provider, extra: Record<string, string> = {}, auth = basic(CLIENTS.web.id, CLIENTS.web.secret)) {
  const { verifier, challenge } = pkce();
  const r = await postForm(
    `${p.issuer}/oauth2/par`,
    {
      response_type: "code",
      redirect_uri: CLIENTS.web.redirect,
      scope: "openid email",
      state: "pushed-state",
      code_challenge: challenge,
      code_challenge_method: "S256",
      ...extra,
    },
    { authorization: auth },
  );
  return { ...r, verifier };
}

const authorizeWith = (p: Provider, requestUri: string, clientId: string = CLIENTS.web.id, more = "") =>
  `${p.issuer}/oauth2/authorize?client_id=${encodeURIComponent(clientId)}&request_uri=${encodeURIComponent(requestUri)}${more}`;

describe("pushed authorization requests on SQLite", () => {
  let p: Provider;
  beforeAll(async () => {
    p = await startProvider("sqlite");
  });
  afterAll(() => p?.close());

  it("metadata names the endpoint; openid-client pushes, the browser carries only the request_uri, tokens follow", async () => {
    const options = { execute: [oidc.allowInsecureRequests] };
    const web = await oidc.discovery(new URL(p.issuer), CLIENTS.web.id, CLIENTS.web.secret, undefined, options);
    expect(web.serverMetadata().pushed_authorization_request_endpoint).toBe(`${p.issuer}/oauth2/par`);
    expect(web.serverMetadata().require_pushed_authorization_requests).toBe(false);
    const user = await signUp(p);
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const url = await oidc.buildAuthorizationUrlWithPAR(web, {
      redirect_uri: CLIENTS.web.redirect,
      scope: "openid email",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state: "s-1",
      nonce,
    });
    expect([...url.searchParams.keys()].sort()).toEqual(["client_id", "request_uri"]);
    expect(url.searchParams.get("request_uri")).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const nav = await navigate(url, user.cookie);
    expect(nav.status).toBe(302);
    const callback = new URL(nav.location as string);
    expect(callback.origin + callback.pathname).toBe(CLIENTS.web.redirect);
    const tokens = await oidc.authorizationCodeGrant(web, callback, {
      pkceCodeVerifier: verifier,
      expectedState: "s-1",
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    expect(tokens.claims()?.sub).toBe(user.userId);
    expect(tokens.scope?.split(" ").sort()).toEqual(["email", "openid"]);
    // Spent by its code: the same URL again is our error page, not a second code.
    const again = await navigate(url, user.cookie);
    expect(new URL(again.location as string).pathname).toBe("/api/auth/error");
    expect(new URL(again.location as string).searchParams.get("error")).toBe("invalid_request_uri");
  });

  it("oauth4webapi: the public client pushes with PKCE and its request runs as pushed, whatever the URL adds", async () => {
    const as = await oauth.processDiscoveryResponse(
      new URL(p.issuer),
      await oauth.discoveryRequest(new URL(p.issuer), { algorithm: "oidc", [oauth.allowInsecureRequests]: true }),
    );
    const client: oauth.Client = { client_id: CLIENTS.spa.id };
    const { verifier, challenge } = pkce();
    const response = await oauth.pushedAuthorizationRequest(
      as,
      client,
      oauth.None(),
      {
        response_type: "code",
        redirect_uri: CLIENTS.spa.redirect,
        scope: "openid",
        state: "spa-state",
        code_challenge: challenge,
        code_challenge_method: "S256",
      },
      { [oauth.allowInsecureRequests]: true },
    );
    const pushed = await oauth.processPushedAuthorizationResponse(as, client, response);
    expect(pushed.expires_in).toBe(300);
    const user = await signUp(p);
    // Parameters added to the URL are ignored (RFC 9126 §4): not this redirect URI, not this scope.
    const nav = await navigate(
      authorizeWith(
        p,
        pushed.request_uri,
        CLIENTS.spa.id,
        "&redirect_uri=https%3A%2F%2Fevil.example%2F&scope=openid+email+profile&state=x",
      ),
      user.cookie,
    );
    const callback = new URL(nav.location as string);
    expect(callback.origin + callback.pathname).toBe(CLIENTS.spa.redirect);
    expect(callback.searchParams.get("state")).toBe("spa-state");
    const params = oauth.validateAuthResponse(as, client, callback, "spa-state");
    const grant = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      CLIENTS.spa.redirect,
      verifier,
      {
        [oauth.allowInsecureRequests]: true,
      },
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, grant, {
      expectedNonce: oauth.expectNoNonce,
    });
    expect(tokens.scope).toBe("openid");
  });

  it("a bad request fails at the push, as JSON to the client's server, not in the browser", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ redirect_uri: "https://evil.example/callback" }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ scope: "openid admin:everything" }, "invalid_scope"],
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ request_uri: "urn:ietf:params:oauth:request_uri:abc" }, "invalid_request"],
      [{ request: "eyJhbGciOiJub25lIn0.e30." }, "invalid_request"],
      [{ resource: "https://elsewhere.example/api" }, "invalid_target"],
    ];
    for (const [extra, error] of cases) {
      const r = await push(p, extra);
      expect([r.status, r.body?.error], JSON.stringify(extra)).toEqual([400, error]);
      expect(r.headers.get("cache-control")).toBe("no-store");
    }
    // Client authentication is required: a wrong secret, none at all for a confidential client.
    expect((await push(p, {}, basic(CLIENTS.web.id, "wrong-secret"))).status).toBe(401);
    const anonymous = await postForm(`${p.issuer}/oauth2/par`, {
      client_id: CLIENTS.web.id,
      response_type: "code",
      redirect_uri: CLIENTS.web.redirect,
      scope: "openid",
    });
    expect([anonymous.status, anonymous.body?.error]).toEqual([401, "invalid_client"]);
    // A client_id in the body that is not the authenticated client's.
    const other = await push(p, { client_id: CLIENTS.third.id });
    expect(other.status).toBe(401);
  });

  it("another client's request_uri, an unknown one and an expired one open nothing", async () => {
    const user = await signUp(p);
    const pushed = await push(p);
    expect(pushed.status).toBe(201);
    const requestUri = pushed.body?.request_uri as string;
    for (const url of [
      authorizeWith(p, requestUri, CLIENTS.third.id),
      `${p.issuer}/oauth2/authorize?request_uri=${encodeURIComponent(requestUri)}`,
      authorizeWith(p, "urn:ietf:params:oauth:request_uri:not-one-of-ours"),
      authorizeWith(p, `${requestUri}x`),
    ]) {
      const nav = await navigate(url, user.cookie);
      const to = new URL(nav.location as string);
      expect([to.pathname, to.searchParams.get("error")]).toEqual(["/api/auth/error", "invalid_request_uri"]);
    }
    p.clock.offset += 301_000;
    try {
      const late = new URL((await navigate(authorizeWith(p, requestUri), user.cookie)).location as string);
      expect(late.searchParams.get("error")).toBe("invalid_request_uri");
    } finally {
      p.clock.offset -= 301_000;
    }
  });

  it("signed out: sign-in and back by the request_uri alone; prompt=login asks once, not for ever", async () => {
    const { email } = await signUp(p);
    const pushed = await push(p, { prompt: "login" });
    const first = await navigate(authorizeWith(p, pushed.body?.request_uri as string));
    const login = new URL(first.location as string);
    expect(login.pathname).toBe("/sign-in");
    const callbackURL = new URL(login.searchParams.get("callbackURL") as string);
    // The way back carries the request_uri, not the parameters.
    expect([...callbackURL.searchParams.keys()].sort()).toEqual(["client_id", "request_uri"]);
    const cookie = await signIn(p, email);
    const back = new URL((await navigate(callbackURL, cookie)).location as string);
    expect(back.origin + back.pathname).toBe(CLIENTS.web.redirect);
    expect(back.searchParams.get("code")).toBeTruthy();
    expect(back.searchParams.get("state")).toBe("pushed-state");
  });

  it("through the consent page: the answer spends the pushed request; a second answer is refused", async () => {
    const user = await signUp(p);
    const { verifier, challenge } = pkce();
    const pushed = await postForm(
      `${p.issuer}/oauth2/par`,
      {
        response_type: "code",
        redirect_uri: CLIENTS.third.redirect,
        scope: "openid",
        state: "third",
        code_challenge: challenge,
        code_challenge_method: "S256",
      },
      { authorization: basic(CLIENTS.third.id, CLIENTS.third.secret) },
    );
    expect(pushed.status).toBe(201);
    const nav = await navigate(authorizeWith(p, pushed.body?.request_uri as string, CLIENTS.third.id), user.cookie);
    const consentPage = new URL(nav.location as string);
    expect(consentPage.pathname).toBe("/consent");
    const oauthQuery = consentPage.search.slice(1);
    const answer = async () =>
      fetch(`${p.issuer}/oauth2/consent`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: p.baseURL, cookie: user.cookie },
        body: JSON.stringify({ accept: true, oauth_query: oauthQuery }),
      });
    const first = await answer();
    expect(first.status).toBe(200);
    const url = new URL(((await first.json()) as { url: string }).url);
    expect(url.searchParams.get("code")).toBeTruthy();
    const token = await postForm(
      `${p.issuer}/oauth2/token`,
      {
        grant_type: "authorization_code",
        code: url.searchParams.get("code") as string,
        redirect_uri: CLIENTS.third.redirect,
        code_verifier: verifier,
      },
      { authorization: basic(CLIENTS.third.id, CLIENTS.third.secret) },
    );
    expect(token.status).toBe(200);
    const second = await answer();
    expect([second.status, ((await second.json()) as { code: string }).code]).toEqual([400, "INVALID_CONSENT_REQUEST"]);
  });
});

describe("required pushed authorization requests, on PostgreSQL", () => {
  let p: Provider;
  beforeAll(async () => {
    p = await startProvider("postgres", { requirePushedAuthorizationRequests: true });
  });
  afterAll(() => p?.close());

  it("a request in the URL goes back to the client as invalid_request; a pushed one works", async () => {
    const user = await signUp(p);
    const meta = (await (await fetch(`${p.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(meta.require_pushed_authorization_requests).toBe(true);
    const plain = new URL(`${p.issuer}/oauth2/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: CLIENTS.web.id,
      redirect_uri: CLIENTS.web.redirect,
      scope: "openid",
      state: "plain",
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
    }))
      plain.searchParams.set(k, v);
    const refused = new URL((await navigate(plain, user.cookie)).location as string);
    expect(refused.origin + refused.pathname).toBe(CLIENTS.web.redirect);
    expect([refused.searchParams.get("error"), refused.searchParams.get("state")]).toEqual([
      "invalid_request",
      "plain",
    ]);
    expect(refused.searchParams.get("code")).toBeNull();
    const pushed = await push(p);
    const ok = new URL(
      (await navigate(authorizeWith(p, pushed.body?.request_uri as string), user.cookie)).location as string,
    );
    expect(ok.searchParams.get("code")).toBeTruthy();
  });

  it("six browsers racing one request_uri: one code", async () => {
    const user = await signUp(p);
    const pushed = await push(p);
    const url = authorizeWith(p, pushed.body?.request_uri as string);
    const answers = await Promise.all(Array.from({ length: 6 }, () => navigate(url, user.cookie)));
    const codes = answers.map((a) => new URL(a.location as string).searchParams.get("code")).filter(Boolean);
    expect(codes).toHaveLength(1);
  });
});
