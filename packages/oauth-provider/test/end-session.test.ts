// OpenID Connect RP-Initiated Logout 1.0 against the provider over HTTP: openid-client builds the
// end-session URL from discovery; the session ends only with the RP's ID token for this user; the browser
// goes back only to a registered post-logout URI, with state.
import { createHash, randomBytes } from "node:crypto";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, postForm, signUp, startProvider } from "./provider-server.js";

let p: Provider;
let web: oidc.Configuration;
beforeAll(async () => {
  p = await startProvider("sqlite");
  web = await oidc.discovery(new URL(p.issuer), CLIENTS.web.id, CLIENTS.web.secret, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
});
afterAll(() => p?.close());

const SIGNED_OUT = "https://web.example.test/signed-out";

async function idTokenFor(cookie: string) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: CLIENTS.web.id,
    redirect_uri: CLIENTS.web.redirect,
    scope: "openid email",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }))
    url.searchParams.set(k, v);
  const code = new URL((await navigate(url, cookie)).location as string).searchParams.get("code") as string;
  const t = await postForm(
    `${p.issuer}/oauth2/token`,
    { grant_type: "authorization_code", code, redirect_uri: CLIENTS.web.redirect, code_verifier: verifier },
    { authorization: basic(CLIENTS.web.id, CLIENTS.web.secret) },
  );
  return { idToken: t.body?.id_token as string, accessToken: t.body?.access_token as string };
}

const sessionOf = async (cookie: string) =>
  (await (await fetch(`${p.issuer}/get-session`, { headers: { cookie } })).json()) as { user?: unknown } | null;

describe("RP-initiated logout", () => {
  it("is announced, ends the session for the RP's ID token, and returns to the registered URI with state", async () => {
    expect(web.serverMetadata().end_session_endpoint).toBe(`${p.issuer}/oauth2/end-session`);
    const user = await signUp(p);
    const { idToken, accessToken } = await idTokenFor(user.cookie);
    const url = oidc.buildEndSessionUrl(web, {
      id_token_hint: idToken,
      post_logout_redirect_uri: SIGNED_OUT,
      state: "bye-1",
    });
    const nav = await navigate(url, user.cookie);
    expect(nav.status).toBe(302);
    const back = new URL(nav.location as string);
    expect(back.origin + back.pathname).toBe(SIGNED_OUT);
    expect(back.searchParams.get("state")).toBe("bye-1");
    expect(await sessionOf(user.cookie)).toBeNull();
    // The session's tokens died with it.
    await expect(oidc.fetchUserInfo(web, accessToken, oidc.skipSubjectCheck)).rejects.toThrow();
  });

  it("a cross-site page without the RP's ID token (or with another user's) cannot sign the user out", async () => {
    const alice = await signUp(p);
    const bob = await signUp(p);
    const bobs = await idTokenFor(bob.cookie);
    for (const params of [
      { client_id: CLIENTS.web.id, post_logout_redirect_uri: SIGNED_OUT },
      { id_token_hint: bobs.idToken, post_logout_redirect_uri: SIGNED_OUT },
      {},
    ] as Record<string, string>[]) {
      const url = new URL(`${p.issuer}/oauth2/end-session`);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      const nav = await navigate(url, alice.cookie);
      expect(nav.status).toBe(302);
      expect(await sessionOf(alice.cookie)).not.toBeNull();
    }
    // A cross-site form post is no different.
    const posted = await fetch(`${p.issuer}/oauth2/end-session`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        cookie: alice.cookie,
      },
      body: new URLSearchParams({ client_id: CLIENTS.web.id }),
      redirect: "manual",
    });
    expect(posted.status).toBeLessThan(500);
    expect(await sessionOf(alice.cookie)).not.toBeNull();
  });

  it("never redirects to an unregistered post-logout URI, nor with a forged or foreign hint", async () => {
    const user = await signUp(p);
    const { idToken } = await idTokenFor(user.cookie);
    const [h, payload] = idToken.split(".") as [string, string];
    const forged = `${h}.${payload}.${Buffer.from("x".repeat(64)).toString("base64url")}`;
    for (const params of [
      { id_token_hint: idToken, post_logout_redirect_uri: "https://evil.example/out" },
      { id_token_hint: idToken, post_logout_redirect_uri: `${SIGNED_OUT}/../x` },
      { id_token_hint: idToken, post_logout_redirect_uri: CLIENTS.web.redirect },
      { client_id: CLIENTS.third.id, post_logout_redirect_uri: SIGNED_OUT },
      { id_token_hint: idToken, client_id: CLIENTS.third.id, post_logout_redirect_uri: SIGNED_OUT },
      { id_token_hint: forged, post_logout_redirect_uri: SIGNED_OUT },
      { post_logout_redirect_uri: SIGNED_OUT },
    ] as Record<string, string>[]) {
      const url = new URL(`${p.issuer}/oauth2/end-session`);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      const nav = await navigate(url, user.cookie);
      expect(nav.status).toBe(302);
      expect(new URL(nav.location as string).origin).toBe(p.baseURL);
    }
    expect(await sessionOf(user.cookie)).not.toBeNull();
  });
});
