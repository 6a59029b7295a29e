// login_hint, id_token_hint and prompt=select_account at the authorization endpoint (OIDC Core §3.1.2.1),
// over HTTP: what reaches the app's sign-in page, whose code is issued, and what a forged hint gets.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, postForm, signUp, startProvider } from "./provider-server.js";

let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite");
});
afterAll(() => p?.close());

const challenge = () => createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url");

function authorizeUrl(extra: Record<string, string>, client: { id: string; redirect: string } = CLIENTS.web) {
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  const params = {
    response_type: "code",
    client_id: client.id,
    redirect_uri: client.redirect,
    scope: "openid email",
    state: "st",
    code_challenge: challenge(),
    code_challenge_method: "S256",
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

/** An ID token for the user (web-confidential, through a code). */
async function idTokenFor(cookie: string, client: { id: string; secret: string; redirect: string } = CLIENTS.web) {
  const verifier = randomBytes(32).toString("base64url");
  const url = authorizeUrl({ code_challenge: createHash("sha256").update(verifier).digest("base64url") }, client);
  const code = new URL((await navigate(url, cookie)).location as string).searchParams.get("code") as string;
  const form = { grant_type: "authorization_code", code, redirect_uri: client.redirect, code_verifier: verifier };
  // first-party authenticates with client_secret_post, web-confidential with basic.
  const t =
    client.id === CLIENTS.first.id
      ? await postForm(`${p.issuer}/oauth2/token`, { ...form, client_id: client.id, client_secret: client.secret })
      : await postForm(`${p.issuer}/oauth2/token`, form, { authorization: basic(client.id, client.secret) });
  expect(typeof t.body?.id_token).toBe("string");
  return t.body?.id_token as string;
}

const go = async (url: URL, cookie: string) => new URL((await navigate(url, cookie)).location as string);

describe("authorization hints", () => {
  it("login_hint reaches the sign-in page; select_account shows the chooser once, then a code", async () => {
    const { cookie, email } = await signUp(p);
    const signedOut = await go(authorizeUrl({ login_hint: email }), "");
    expect(signedOut.pathname).toBe("/sign-in");
    expect(signedOut.searchParams.get("login_hint")).toBe(email);

    const chooser = await go(authorizeUrl({ prompt: "select_account", login_hint: email }), cookie);
    expect(chooser.origin).toBe(p.baseURL);
    expect(chooser.pathname).toBe("/sign-in");
    expect(chooser.searchParams.get("prompt")).toBe("select_account");
    expect(chooser.searchParams.get("login_hint")).toBe(email);
    const callbackURL = new URL(chooser.searchParams.get("callbackURL") as string);
    expect(callbackURL.origin).toBe(p.baseURL);
    expect(callbackURL.searchParams.get("prompt")).toBeNull();
    const back = await go(callbackURL, cookie);
    expect(back.origin + back.pathname).toBe(CLIENTS.web.redirect);
    expect(back.searchParams.get("code")).toBeTruthy();
    // A hint longer than any address is refused, at the client's redirect with state.
    const long = await go(authorizeUrl({ login_hint: "a".repeat(300) }), cookie);
    expect(long.searchParams.get("error")).toBe("invalid_request");
    expect(long.searchParams.get("state")).toBe("st");
  });

  it("id_token_hint: the same user gets a code (even with prompt=none, even expired); another is asked to sign in", async () => {
    const alice = await signUp(p);
    const bob = await signUp(p);
    const hint = await idTokenFor(alice.cookie);

    const same = await go(authorizeUrl({ id_token_hint: hint, prompt: "none" }), alice.cookie);
    expect(same.searchParams.get("code")).toBeTruthy();

    const silent = await go(authorizeUrl({ id_token_hint: hint, prompt: "none" }), bob.cookie);
    expect(silent.origin + silent.pathname).toBe(CLIENTS.web.redirect);
    expect(silent.searchParams.get("error")).toBe("login_required");
    expect(silent.searchParams.get("code")).toBeNull();

    const asked = await go(authorizeUrl({ id_token_hint: hint }), bob.cookie);
    expect(asked.pathname).toBe("/sign-in");
    expect(asked.searchParams.get("prompt")).toBe("login");
    // Signed in again (whoever the user chose to be), the way back issues a code without the hint.
    const callbackURL = new URL(asked.searchParams.get("callbackURL") as string);
    expect(callbackURL.searchParams.get("id_token_hint")).toBeNull();
    expect((await go(callbackURL, bob.cookie)).searchParams.get("code")).toBeTruthy();

    // An expired ID token is still a good hint.
    p.clock.offset += 2 * 3600 * 1000;
    try {
      expect(
        (await go(authorizeUrl({ id_token_hint: hint, prompt: "none" }), alice.cookie)).searchParams.get("code"),
      ).toBeTruthy();
    } finally {
      p.clock.offset -= 2 * 3600 * 1000;
    }
  });

  it("a forged, foreign or other client's id_token_hint is invalid_request, never a code", async () => {
    const alice = await signUp(p);
    const hint = await idTokenFor(alice.cookie);
    const [h, payload, sig] = hint.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`;
    const otherClients = await idTokenFor(alice.cookie, CLIENTS.first);
    for (const bad of [`${h}.${forgedPayload}.${sig}`, unsigned, "not-a-jwt", otherClients]) {
      const r = await go(authorizeUrl({ id_token_hint: bad }), alice.cookie);
      expect(r.origin + r.pathname).toBe(CLIENTS.web.redirect);
      expect(r.searchParams.get("error")).toBe("invalid_request");
      expect(r.searchParams.get("code")).toBeNull();
    }
  });
});
