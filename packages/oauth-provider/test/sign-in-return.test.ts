// The browser's way through sign-in: signed out → the app's sign-in page → back to the authorization
// → a code; prompt=login and max_age send a signed-in user through sign-in again; the consent answer is
// refused from a cross-site page. On SQLite; concurrent redemption on PostgreSQL.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, postForm, signIn, signUp, startProvider } from "./provider-server.js";

let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite");
});
afterAll(() => p?.close());

function authorizeUrl(extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  const params: Record<string, string> = {
    response_type: "code",
    client_id: CLIENTS.web.id,
    redirect_uri: CLIENTS.web.redirect,
    scope: "openid",
    state: "st",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

describe("signing in on the way", () => {
  it("signed out → sign-in page → back through callbackURL → a code", async () => {
    const { email } = await signUp(p);
    const first = await navigate(authorizeUrl());
    const callbackURL = new URL(first.location as string).searchParams.get("callbackURL") as string;
    expect(new URL(callbackURL).origin).toBe(p.baseURL);
    const cookie = await signIn(p, email);
    const back = new URL((await navigate(callbackURL, cookie)).location as string);
    expect(back.origin + back.pathname).toBe(CLIENTS.web.redirect);
    expect(back.searchParams.get("code")).toBeTruthy();
    expect(back.searchParams.get("state")).toBe("st");
  });

  it("prompt=login and an exceeded max_age send a signed-in user to sign-in; the way back asks no more", async () => {
    const { cookie } = await signUp(p);
    for (const extra of [{ prompt: "login" }, { max_age: "0" }] as Record<string, string>[]) {
      p.clock.offset += 2000;
      const nav = new URL((await navigate(authorizeUrl(extra), cookie)).location as string);
      expect(nav.pathname).toBe("/sign-in");
      const callbackURL = new URL(nav.searchParams.get("callbackURL") as string);
      expect(callbackURL.searchParams.get("prompt")).toBeNull();
      expect(callbackURL.searchParams.get("max_age")).toBeNull();
    }
    const fresh = new URL((await navigate(authorizeUrl({ max_age: "3600" }), cookie)).location as string);
    expect(fresh.searchParams.get("code")).toBeTruthy();
  });

  it("the consent answer is refused from a cross-site page (CSRF) and as a form post", async () => {
    const { cookie } = await signUp(p);
    const nav = await navigate(
      authorizeUrl({ client_id: CLIENTS.third.id, redirect_uri: CLIENTS.third.redirect }),
      cookie,
    );
    const oauth_query = new URL(nav.location as string).search.slice(1);
    const post = (headers: Record<string, string>) =>
      fetch(`${p.issuer}/oauth2/consent`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ accept: true, oauth_query }),
      });
    expect((await post({ cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ cookie, "sec-fetch-site": "cross-site" })).status).toBe(403);
    // A form post cannot reach it at all: JSON only.
    const form = await fetch(`${p.issuer}/oauth2/consent`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: p.baseURL },
      body: new URLSearchParams({ accept: "true", oauth_query }),
    });
    expect(form.status).toBe(415);
  });
});

describe("concurrency on PostgreSQL", () => {
  let pg: Provider;
  beforeAll(async () => {
    pg = await startProvider("postgres");
  });
  afterAll(() => pg?.close());

  it("one code redeemed by many requests at once yields exactly one set of tokens", async () => {
    const p = pg;
    const { cookie } = await signUp(p);
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const url = authorizeUrl({ code_challenge: challenge });
    const nav = await navigate(`${p.issuer}/oauth2/authorize${url.search}`, cookie);
    const code = new URL(nav.location as string).searchParams.get("code") as string;
    const form = {
      grant_type: "authorization_code",
      code,
      redirect_uri: CLIENTS.web.redirect,
      code_verifier: verifier,
    };
    const auth = basic(CLIENTS.web.id, CLIENTS.web.secret);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => postForm(`${p.issuer}/oauth2/token`, form, { authorization: auth })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body?.error === "invalid_grant")).toBe(true);
  });

  it("one refresh token used by many requests at once: one rotation, and the race counts as reuse", async () => {
    const p = pg;
    const { cookie } = await signUp(p);
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const url = authorizeUrl({ code_challenge: challenge, scope: "openid offline_access" });
    const nav = await navigate(`${p.issuer}/oauth2/authorize${url.search}`, cookie);
    const code = new URL(nav.location as string).searchParams.get("code") as string;
    const auth = basic(CLIENTS.web.id, CLIENTS.web.secret);
    const endpoint = `${p.issuer}/oauth2/token`;
    const first = await postForm(
      endpoint,
      { grant_type: "authorization_code", code, redirect_uri: CLIENTS.web.redirect, code_verifier: verifier },
      { authorization: auth },
    );
    const refresh_token = first.body?.refresh_token as string;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        postForm(endpoint, { grant_type: "refresh_token", refresh_token }, { authorization: auth }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    const winner = answers.find((a) => a.status === 200)?.body?.refresh_token as string;
    // Two holders of one refresh token is what reuse detection is for: the family is gone.
    const after = await postForm(
      endpoint,
      { grant_type: "refresh_token", refresh_token: winner },
      { authorization: auth },
    );
    expect(after.body?.error).toBe("invalid_grant");
  });
});
