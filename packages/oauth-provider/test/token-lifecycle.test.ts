// Every token dies with what it stands on: its session (revoked from another device), its user (deleted),
// or the user's consent (revoked on the authorized-apps page) — for opaque and JWT access tokens, at
// userinfo, introspection, the token endpoint (refresh) and a resource server (requireBearer). And the
// authorized-apps listing pages and belongs to its owner only.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, postForm, signUp, startProvider } from "./provider-server.js";

let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite");
});
afterAll(() => p?.close());

type Client = { id: string; secret: string; redirect: string };

const json = async (path: string, cookie: string, body?: unknown) => {
  const r = await fetch(`${p.issuer}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", origin: p.baseURL, cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: (await r.json().catch(() => null)) as Record<string, unknown> | null };
};

/** Authorizes `client` (through the consent API when it asks) and redeems the code: the token response. */
async function tokensFor(client: Client, cookie: string, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  const params = {
    response_type: "code",
    client_id: client.id,
    redirect_uri: client.redirect,
    scope: "openid email offline_access",
    state: "st",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  let back = new URL((await navigate(url, cookie)).location as string);
  if (back.pathname === "/consent") {
    const answer = await json("/oauth2/consent", cookie, { accept: true, oauth_query: back.search.slice(1) });
    back = new URL(String(answer.body?.url));
  }
  const code = back.searchParams.get("code");
  expect(code).toBeTruthy();
  const form: Record<string, string> = {
    grant_type: "authorization_code",
    code: code as string,
    redirect_uri: client.redirect,
    code_verifier: verifier,
  };
  if (extra.resource) form.resource = extra.resource;
  const t = await postForm(`${p.issuer}/oauth2/token`, form, { authorization: basic(client.id, client.secret) });
  expect(t.status).toBe(200);
  return t.body as { access_token: string; refresh_token: string };
}

/** What each party says about a token pair now. */
async function standing(client: Client, t: { access_token: string; refresh_token: string }) {
  const auth = { authorization: basic(client.id, client.secret) };
  const intro = await postForm(`${p.issuer}/oauth2/introspect`, { token: t.access_token }, auth);
  const introRefresh = await postForm(`${p.issuer}/oauth2/introspect`, { token: t.refresh_token }, auth);
  const info = await fetch(`${p.issuer}/oauth2/userinfo`, { headers: { authorization: `Bearer ${t.access_token}` } });
  const mcp = await fetch(`${p.baseURL}/mcp`, { headers: { authorization: `Bearer ${t.access_token}` } });
  return {
    access: intro.body?.active,
    refresh: introRefresh.body?.active,
    userinfo: info.status,
    resource: mcp.status,
  };
}

const refresh = (client: Client, refreshToken: string) =>
  postForm(
    `${p.issuer}/oauth2/token`,
    { grant_type: "refresh_token", refresh_token: refreshToken },
    { authorization: basic(client.id, client.secret) },
  );

const DEAD = { access: false, refresh: false, userinfo: 401, resource: 401 };

describe("token lifecycle", () => {
  it("revoking the session from another device kills its JWT and opaque tokens; other sessions' survive", async () => {
    const user = await signUp(p);
    const signIn = await fetch(`${p.issuer}/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: p.baseURL },
      body: JSON.stringify({ email: user.email, password: "password-123" }),
    });
    const other = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const jwtTokens = await tokensFor(CLIENTS.web, user.cookie, { resource: `${p.baseURL}/mcp` });
    const opaque = await tokensFor(CLIENTS.web, user.cookie);
    const survivor = await tokensFor(CLIENTS.web, other, { resource: `${p.baseURL}/mcp` });
    expect(await standing(CLIENTS.web, jwtTokens)).toEqual({
      access: true,
      refresh: true,
      userinfo: 200,
      resource: 200,
    });

    const mine = await json("/get-session", user.cookie);
    const sessionId = (mine.body as { session: { id: string } }).session.id;
    expect((await json("/revoke-session", other, { id: sessionId })).status).toBe(200);

    expect(await standing(CLIENTS.web, jwtTokens)).toEqual(DEAD);
    expect((await standing(CLIENTS.web, opaque)).access).toBe(false);
    expect((await refresh(CLIENTS.web, jwtTokens.refresh_token)).body?.error).toBe("invalid_grant");
    expect((await refresh(CLIENTS.web, opaque.refresh_token)).body?.error).toBe("invalid_grant");
    expect(await standing(CLIENTS.web, survivor)).toEqual({
      access: true,
      refresh: true,
      userinfo: 200,
      resource: 200,
    });
  });

  it("deleting the user kills every token", async () => {
    const user = await signUp(p);
    const t = await tokensFor(CLIENTS.web, user.cookie, { resource: `${p.baseURL}/mcp` });
    await p.auth.$context.users.delete(user.userId);
    expect(await standing(CLIENTS.web, t)).toEqual(DEAD);
    expect((await refresh(CLIENTS.web, t.refresh_token)).body?.error).toBe("invalid_grant");
  });

  it("authorized apps: listed page by page; revoking one kills its tokens and asks for consent again", async () => {
    const user = await signUp(p);
    const third = await tokensFor(CLIENTS.third, user.cookie, { resource: `${p.baseURL}/mcp` });
    // A second consented app: a dynamically created client that needs consent.
    // Provider's Auth is typed without its plugins; the server-only call is there at run time.
    const api = p.auth.api as unknown as {
      createOAuthClient(a: { body: unknown }): Promise<{ clientId: string; clientSecret: string }>;
    };
    const created = await api.createOAuthClient({
      body: { name: "Partner Notes", redirectUris: ["https://notes.example.test/cb"] },
    });
    const notes = { id: created.clientId, secret: created.clientSecret, redirect: "https://notes.example.test/cb" };
    const notesTokens = await tokensFor(notes, user.cookie);
    // A first-party app never asks, so it is not listed.
    await tokensFor(CLIENTS.web, user.cookie);

    const first = await json("/oauth2/authorized-apps?limit=1", user.cookie);
    expect(first.status).toBe(200);
    type App = { clientId: string; name: string | null; scopes: string[] };
    const apps1 = first.body?.apps as App[];
    expect(apps1).toHaveLength(1);
    expect(first.body?.nextCursor).toEqual(expect.any(String));
    const second = await json(`/oauth2/authorized-apps?limit=1&cursor=${first.body?.nextCursor}`, user.cookie);
    const apps2 = second.body?.apps as App[];
    expect(second.body?.nextCursor).toBeNull();
    const listed = [...apps1, ...apps2].map((a) => a.clientId).sort();
    expect(listed).toEqual([CLIENTS.third.id, notes.id].sort());
    const notesApp = [...apps1, ...apps2].find((a) => a.clientId === notes.id) as App;
    expect(notesApp.name).toBe("Partner Notes");
    expect(notesApp.scopes.sort()).toEqual(["email", "offline_access", "openid"]);

    // Another user: their own (empty) list; cannot revoke this user's app, nor use this user's cursor.
    const stranger = await signUp(p);
    expect((await json("/oauth2/authorized-apps", stranger.cookie)).body?.apps).toEqual([]);
    const theirs = await json(`/oauth2/authorized-apps?cursor=${first.body?.nextCursor}`, stranger.cookie);
    expect(theirs.status).toBe(400);
    const steal = await json("/oauth2/revoke-authorized-app", stranger.cookie, { clientId: CLIENTS.third.id });
    expect(steal.status).toBe(404);
    expect(steal.body?.code).toBe("AUTHORIZED_APP_NOT_FOUND");
    expect((await standing(CLIENTS.third, third)).access).toBe(true);
    // Signed out: 401.
    expect((await json("/oauth2/authorized-apps", "")).status).toBe(401);

    const revoked = await json("/oauth2/revoke-authorized-app", user.cookie, { clientId: CLIENTS.third.id });
    expect(revoked).toEqual({ status: 200, body: { success: true } });
    expect(await standing(CLIENTS.third, third)).toEqual(DEAD);
    expect((await refresh(CLIENTS.third, third.refresh_token)).body?.error).toBe("invalid_grant");
    // The other app keeps its access.
    expect((await standing(notes, notesTokens)).access).toBe(true);
    // Asked again next time; a second revoke finds nothing.
    const url = new URL(`${p.issuer}/oauth2/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: CLIENTS.third.id,
      redirect_uri: CLIENTS.third.redirect,
      scope: "openid",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      prompt: "none",
    }))
      url.searchParams.set(k, v);
    expect(new URL((await navigate(url, user.cookie)).location as string).searchParams.get("error")).toBe(
      "consent_required",
    );
    expect((await json("/oauth2/revoke-authorized-app", user.cookie, { clientId: CLIENTS.third.id })).status).toBe(404);
  });

  it("revoking an app voids its codes not yet redeemed", async () => {
    const user = await signUp(p);
    const verifier = randomBytes(32).toString("base64url");
    const url = new URL(`${p.issuer}/oauth2/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: CLIENTS.web.id,
      redirect_uri: CLIENTS.web.redirect,
      scope: "openid",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    }))
      url.searchParams.set(k, v);
    const code = new URL((await navigate(url, user.cookie)).location as string).searchParams.get("code") as string;
    await tokensFor(CLIENTS.web, user.cookie);
    expect((await json("/oauth2/revoke-authorized-app", user.cookie, { clientId: CLIENTS.web.id })).status).toBe(200);
    const t = await postForm(
      `${p.issuer}/oauth2/token`,
      { grant_type: "authorization_code", code, redirect_uri: CLIENTS.web.redirect, code_verifier: verifier },
      { authorization: basic(CLIENTS.web.id, CLIENTS.web.secret) },
    );
    expect(t.body?.error).toBe("invalid_grant");
  });
});
