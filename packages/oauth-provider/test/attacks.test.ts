// The attacks the OAuth standards name, over HTTP against the provider on SQLite: each must fail the way
// the standards say, and nothing may reach an unregistered redirect URI.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, postForm, signUp, startProvider } from "./provider-server.js";

let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite");
});
afterAll(() => p?.close());

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};
const authorizeUrl = (params: Record<string, string>) => {
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
};
const webParams = (challenge: string, extra: Record<string, string> = {}) => ({
  response_type: "code",
  client_id: CLIENTS.web.id,
  redirect_uri: CLIENTS.web.redirect,
  scope: "openid email offline_access",
  state: "s-1",
  code_challenge: challenge,
  code_challenge_method: "S256",
  ...extra,
});
const token = (form: Record<string, string>, auth = basic(CLIENTS.web.id, CLIENTS.web.secret)) =>
  postForm(`${p.issuer}/oauth2/token`, form, { authorization: auth });
const introspect = (t: string, auth = basic(CLIENTS.web.id, CLIENTS.web.secret)) =>
  postForm(`${p.issuer}/oauth2/introspect`, { token: t }, { authorization: auth });

/** A code for web-confidential, through a real navigation. */
async function codeFor(cookie: string, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const nav = await navigate(authorizeUrl(webParams(challenge, extra)), cookie);
  const location = new URL(nav.location as string);
  expect(location.origin + location.pathname).toBe(CLIENTS.web.redirect);
  return { code: location.searchParams.get("code") as string, verifier };
}

describe("authorization endpoint", () => {
  it("never sends the browser to a redirect URI that is not registered character for character", async () => {
    const { cookie } = await signUp(p);
    const { challenge } = pkce();
    const tricks = [
      "https://web.example.test/callback/",
      "https://web.example.test/callbackx",
      "https://web.example.test/callback/../evil",
      "https://WEB.example.test/callback",
      "https://web.example.test/Callback",
      "https://web.example.test/callback?x=1",
      "https://web.example.test/callback#frag",
      "https://web.example.test/%63allback",
      "https://web.example.test.evil.example/callback",
      "https://evil.example/callback",
      "http://web.example.test/callback",
      "javascript:alert(1)",
    ];
    for (const redirect_uri of tricks) {
      for (const extra of [{}, { response_type: "token" }, { scope: "admin" }] as Record<string, string>[]) {
        const nav = await navigate(authorizeUrl(webParams(challenge, { redirect_uri, ...extra })), cookie);
        expect(nav.status).toBe(302);
        expect(new URL(nav.location as string).origin).toBe(p.baseURL);
        expect(nav.location).toContain("/api/auth/error");
      }
    }
    const unknown = await navigate(authorizeUrl(webParams(challenge, { client_id: "nobody" })), cookie);
    expect(new URL(unknown.location as string).origin).toBe(p.baseURL);
  });

  it("sends protocol errors to the registered URI with state and iss", async () => {
    const { cookie } = await signUp(p);
    const { challenge } = pkce();
    const cases: [Record<string, string>, string][] = [
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ scope: "openid admin" }, "invalid_scope"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ resource: "https://elsewhere.example/api" }, "invalid_target"],
      [{ prompt: "none login" }, "invalid_request"],
    ];
    for (const [extra, error] of cases) {
      const nav = await navigate(authorizeUrl(webParams(challenge, extra)), cookie);
      const back = new URL(nav.location as string);
      expect(back.origin + back.pathname).toBe(CLIENTS.web.redirect);
      expect(back.searchParams.get("error")).toBe(error);
      expect(back.searchParams.get("state")).toBe("s-1");
      expect(back.searchParams.get("iss")).toBe(p.issuer);
      expect(back.searchParams.get("code")).toBeNull();
    }
  });

  it("PKCE: a public client without a challenge, or a challenge without its method, is refused", async () => {
    const { cookie } = await signUp(p);
    const base = {
      response_type: "code",
      client_id: CLIENTS.spa.id,
      redirect_uri: CLIENTS.spa.redirect,
      scope: "openid",
    };
    const none = new URL((await navigate(authorizeUrl(base), cookie)).location as string);
    expect(none.searchParams.get("error")).toBe("invalid_request");
    const noMethod = new URL(
      (await navigate(authorizeUrl({ ...base, code_challenge: pkce().challenge }), cookie)).location as string,
    );
    expect(noMethod.searchParams.get("error")).toBe("invalid_request");
  });

  it("signed out: to sign-in on our origin, never a code; prompt=none answers login_required", async () => {
    const { challenge } = pkce();
    const nav = await navigate(authorizeUrl(webParams(challenge)));
    const to = new URL(nav.location as string);
    expect(to.origin).toBe(p.baseURL);
    expect(to.pathname).toBe("/sign-in");
    expect(new URL(to.searchParams.get("callbackURL") as string).pathname).toBe("/api/auth/oauth2/authorize");
    const none = new URL((await navigate(authorizeUrl(webParams(challenge, { prompt: "none" })))).location as string);
    expect(none.searchParams.get("error")).toBe("login_required");
  });

  it("RFC 8252 loopback redirects: any port, nothing else different", async () => {
    const { cookie } = await signUp(p);
    const { challenge } = pkce();
    const base = {
      response_type: "code",
      client_id: CLIENTS.spa.id,
      scope: "openid",
      code_challenge: challenge,
      code_challenge_method: "S256",
    };
    const ok = await navigate(authorizeUrl({ ...base, redirect_uri: "http://127.0.0.1:51234/native" }), cookie);
    expect(new URL(ok.location as string).searchParams.get("code")).toBeTruthy();
    const bad = await navigate(authorizeUrl({ ...base, redirect_uri: "http://127.0.0.1:51234/native/x" }), cookie);
    expect(new URL(bad.location as string).origin).toBe(p.baseURL);
  });
});

describe("consent", () => {
  const thirdParams = (challenge: string, extra: Record<string, string> = {}) =>
    webParams(challenge, { client_id: CLIENTS.third.id, redirect_uri: CLIENTS.third.redirect, ...extra });
  const consent = (cookie: string | null, body: Record<string, unknown>) =>
    fetch(`${p.issuer}/oauth2/consent`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: p.baseURL, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it("a third-party client never gets a code before consent; the signed query cannot be altered", async () => {
    const { cookie } = await signUp(p);
    const { challenge } = pkce();
    const nav = await navigate(authorizeUrl(thirdParams(challenge)), cookie);
    const page = new URL(nav.location as string);
    expect(page.origin).toBe(p.baseURL);
    expect(page.pathname).toBe("/consent");
    expect(page.searchParams.get("code")).toBeNull();
    const none = await navigate(authorizeUrl(thirdParams(challenge, { prompt: "none" })), cookie);
    expect(new URL(none.location as string).searchParams.get("error")).toBe("consent_required");

    const oauth_query = page.search.slice(1);
    expect((await consent(null, { accept: true, oauth_query })).status).toBe(401);
    for (const altered of [
      oauth_query.replace("scope=openid", "scope=openid+profile"),
      oauth_query.replace(encodeURIComponent(CLIENTS.third.redirect), encodeURIComponent("https://evil.example/cb")),
      `${oauth_query}&extra=1`,
      oauth_query.replace(/sig=[^&]+/, "sig=AAAA"),
    ]) {
      const r = await consent(cookie, { accept: true, oauth_query: altered });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { code: string }).code).toBe("INVALID_CONSENT_REQUEST");
    }
    const widened = await consent(cookie, { accept: true, oauth_query, scope: "openid profile" });
    expect(widened.status).toBe(400);

    const refused = (await (await consent(cookie, { accept: false, oauth_query })).json()) as { url: string };
    expect(new URL(refused.url).searchParams.get("error")).toBe("access_denied");
    const accepted = (await (await consent(cookie, { accept: true, oauth_query })).json()) as { url: string };
    const back = new URL(accepted.url);
    expect(back.origin + back.pathname).toBe(CLIENTS.third.redirect);
    expect(back.searchParams.get("code")).toBeTruthy();
    expect(back.searchParams.get("iss")).toBe(p.issuer);

    // Remembered for the same or fewer scopes; more scopes ask again.
    const again = await navigate(authorizeUrl(thirdParams(challenge, { scope: "openid email" })), cookie);
    expect(new URL(again.location as string).searchParams.get("code")).toBeTruthy();
    const more = await navigate(authorizeUrl(thirdParams(challenge, { scope: "openid profile" })), cookie);
    expect(new URL(more.location as string).pathname).toBe("/consent");
  });

  it("an expired consent query is refused", async () => {
    const { cookie } = await signUp(p);
    const nav = await navigate(authorizeUrl(thirdParams(pkce().challenge)), cookie);
    const oauth_query = new URL(nav.location as string).search.slice(1);
    p.clock.offset += 601_000;
    try {
      expect((await consent(cookie, { accept: true, oauth_query })).status).toBe(400);
    } finally {
      p.clock.offset -= 601_000;
    }
  });
});

describe("token endpoint", () => {
  it("a replayed code fails and revokes the tokens it issued", async () => {
    const { cookie } = await signUp(p);
    const { code, verifier } = await codeFor(cookie);
    const form = {
      grant_type: "authorization_code",
      code,
      redirect_uri: CLIENTS.web.redirect,
      code_verifier: verifier,
    };
    const first = await token(form);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const replay = await token(form);
    expect(replay.status).toBe(400);
    expect(replay.body?.error).toBe("invalid_grant");
    expect((await introspect(first.body?.access_token as string)).body?.active).toBe(false);
    const refresh = await token({ grant_type: "refresh_token", refresh_token: first.body?.refresh_token as string });
    expect(refresh.body?.error).toBe("invalid_grant");
  });

  it("a code is bound to its client, redirect URI and PKCE verifier", async () => {
    const { cookie } = await signUp(p);
    const { code, verifier } = await codeFor(cookie);
    const form = {
      grant_type: "authorization_code",
      code,
      redirect_uri: CLIENTS.web.redirect,
      code_verifier: verifier,
    };
    const other = await token({ ...form }, basic(CLIENTS.third.id, CLIENTS.third.secret));
    expect(other.body?.error).toBe("invalid_grant");
    expect((await token({ ...form, redirect_uri: "https://web.example.test/callback-2" })).body?.error).toBe(
      "invalid_grant",
    );
    expect((await token({ ...form, code_verifier: pkce().verifier })).body?.error).toBe("invalid_grant");
    const { code_verifier: _, ...noVerifier } = form;
    expect((await token(noVerifier)).body?.error).toBe("invalid_grant");
    // None of those burnt it: the rightful client still redeems it.
    expect((await token(form)).status).toBe(200);
  });

  it("a verifier for a code issued without a challenge is a downgrade and refused", async () => {
    const { cookie } = await signUp(p);
    const url = authorizeUrl({
      response_type: "code",
      client_id: CLIENTS.web.id,
      redirect_uri: CLIENTS.web.redirect,
      scope: "openid",
    });
    const code = new URL((await navigate(url, cookie)).location as string).searchParams.get("code") as string;
    const r = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: CLIENTS.web.redirect,
      code_verifier: pkce().verifier,
    });
    expect(r.body?.error).toBe("invalid_grant");
  });

  it("client authentication: wrong or missing secret is 401 invalid_client with WWW-Authenticate", async () => {
    const form = { grant_type: "authorization_code", code: "x", redirect_uri: CLIENTS.web.redirect };
    for (const auth of [basic(CLIENTS.web.id, "wrong"), basic("nobody", "x"), "Basic !!!", ""]) {
      const r = await token(form, auth);
      expect(r.status).toBe(401);
      expect(r.body?.error).toBe("invalid_client");
      expect(r.headers.get("www-authenticate")).toMatch(/^Basic/);
    }
    // A public client cannot pose as a confidential one by leaving the secret out.
    const r = await postForm(`${p.issuer}/oauth2/token`, { ...form, client_id: CLIENTS.web.id });
    expect(r.status).toBe(401);
    const unsupported = await token({ grant_type: "password", username: "a", password: "b" });
    expect(unsupported.body?.error).toBe("unsupported_grant_type");
    const garbage = await fetch(`${p.issuer}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "%%%",
    });
    expect(garbage.status).toBeLessThan(500);
  });

  it("refresh: no scope widening, no other client's token", async () => {
    const { cookie } = await signUp(p);
    const { code, verifier } = await codeFor(cookie);
    const t = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: CLIENTS.web.redirect,
      code_verifier: verifier,
    });
    const rt = t.body?.refresh_token as string;
    const wider = await token({ grant_type: "refresh_token", refresh_token: rt, scope: "openid email profile" });
    expect(wider.body?.error).toBe("invalid_scope");
    const foreign = await token(
      { grant_type: "refresh_token", refresh_token: rt },
      basic(CLIENTS.third.id, CLIENTS.third.secret),
    );
    expect(foreign.body?.error).toBe("invalid_grant");
    const narrower = await token({ grant_type: "refresh_token", refresh_token: rt, scope: "openid" });
    expect(narrower.status).toBe(200);
    expect(narrower.body?.scope).toBe("openid");
    // Narrowing once does not shrink the grant: the next refresh may ask for all of it again.
    const back = await token({ grant_type: "refresh_token", refresh_token: narrower.body?.refresh_token as string });
    expect(back.body?.scope).toBe("openid email offline_access");
  });

  it("tokens die when the user's sessions end everywhere (a ban, a password reset)", async () => {
    const user = await signUp(p);
    const { code, verifier } = await codeFor(user.cookie);
    const t = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: CLIENTS.web.redirect,
      code_verifier: verifier,
    });
    await p.auth.$context.endUserSessions(user.userId, "banned");
    expect((await introspect(t.body?.access_token as string)).body?.active).toBe(false);
    const info = await fetch(`${p.issuer}/oauth2/userinfo`, {
      headers: { authorization: `Bearer ${t.body?.access_token}` },
    });
    expect(info.status).toBe(401);
    expect(info.headers.get("www-authenticate")).toMatch(/invalid_token/);
  });
});
