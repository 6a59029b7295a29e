import { decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Auth } from "../../create-auth.js";
import type { AuthOptions, SocialProviderOption } from "../../options/auth-options.js";
import { makeTestAuth, signUpUser } from "../../testing/make-test-auth.js";
import { accountTokens } from "../account-tokens.js";
import { createTestClient, type TestClient } from "../../testing/test-client.js";
import type { GenericOAuthConfig } from "./generic-oauth.js";
import {
  IDP_CLIENTS,
  type IdpAccount,
  idpBrowser,
  type RealIdp,
  startRealIdp,
} from "./oidc-provider-idp.test-helper.js";

/**
 * Gatehouse's generic OIDC provider against panva's certified oidc-provider, configured as docs/social.md
 * shows: discovery, PKCE, client_secret_basic / client_secret_post, refresh tokens.
 */

let idp: RealIdp;
beforeAll(async () => {
  idp = await startRealIdp();
});
afterAll(async () => {
  await idp?.close();
});

let people = 0;
/** A new person at the IdP. */
function person(overrides: Partial<IdpAccount> = {}): IdpAccount {
  people++;
  const account = {
    sub: `person-${people}`,
    email: `person-${people}@example.com`,
    email_verified: true,
    name: `Person ${people}`,
    ...overrides,
  };
  idp.accounts.set(account.sub, account);
  return account;
}

/** docs/social.md's generic OIDC set-up, for the basic or the post client. */
function idpConfig(client: keyof typeof IDP_CLIENTS, extra: Partial<GenericOAuthConfig> = {}): SocialProviderOption {
  const c = IDP_CLIENTS[client];
  return {
    clientId: c.id,
    clientSecret: c.secret,
    discoveryUrl: idp.discoveryUrl,
    authentication: client === "basic" ? "basic" : "post",
    // No prompt: Gatehouse adds prompt=consent for offline_access (OIDC Core §11), so this is all it takes.
    scope: ["offline_access"],
    ...extra,
  };
}

function authWithIdp(extra: Partial<AuthOptions> = {}, provider: Partial<GenericOAuthConfig> = {}): Auth {
  return makeTestAuth({
    socialProviders: { idp: idpConfig("basic", provider), idppost: idpConfig("post") },
    account: { accountLinking: { enabled: true } },
    ...extra,
  });
}

const errorOf = (r: { headers: Headers }) =>
  new URL(r.headers.get("location") ?? "", "http://x").searchParams.get("error");

/** Starts a flow in Gatehouse and walks the IdP; returns the callback the IdP sends the browser to. */
async function toIdpAndBack(
  client: TestClient,
  browser: ReturnType<typeof idpBrowser>,
  body: Record<string, unknown> = {},
  path = "/sign-in/social",
) {
  const start = await client.post(path, { provider: "idp", callbackURL: "/dashboard", ...body });
  expect(start.status, start.text).toBe(200);
  const callback = await browser.authorize(start.body.url);
  return { start, callback, query: Object.fromEntries(callback.searchParams) };
}

/** The full browser round trip: Gatehouse → IdP (as `who`) → Gatehouse's callback. */
async function signIn(
  auth: Auth,
  who: IdpAccount,
  options: { client?: TestClient; browser?: ReturnType<typeof idpBrowser>; body?: Record<string, unknown> } = {},
) {
  const client = options.client ?? createTestClient(auth);
  const browser = options.browser ?? idpBrowser();
  idp.nextLogin.sub = who.sub;
  const { start, callback, query } = await toIdpAndBack(client, browser, options.body);
  const path = callback.pathname.replace("/api/auth", "");
  const r = await client.get(path, { query });
  return { client, browser, start, r, query, path };
}

/** A fetch for the provider's `fetch` option that lets a test rewrite the ID token of code exchanges. */
function tamperingFetch() {
  const state: { idToken?: (token: string) => Promise<string> | string; tokenRequests: number } = {
    tokenRequests: 0,
  };
  const tampering: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== "/token") return response;
    state.tokenRequests++;
    const rewrite = state.idToken;
    if (!rewrite || !response.ok) return response;
    const json = (await response.json()) as { id_token?: string };
    if (json.id_token) json.id_token = await rewrite(json.id_token);
    return Response.json(json, { status: response.status });
  };
  return { state, fetch: tampering };
}

/** Signs claims with the IdP's own key (so only the claims are wrong), or with another key. */
async function signAs(claims: JWTPayload, key: JWK = idp.signingKey): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: key.kid ?? "idp-key-1", typ: "JWT" })
    .sign(await importJWK(key, "RS256"));
}

const sessionCount = (auth: Auth) => auth.$context.adapter.count({ model: "session" });
const userCount = (auth: Auth) => auth.$context.adapter.count({ model: "user" });

describe("generic OIDC provider against oidc-provider: tampering", () => {
  it("refuses every ID token that fails OIDC Core §3.1.3.7, and signs nobody in", async () => {
    const tamper = tamperingFetch();
    const logger = { error: vi.fn(), warn: vi.fn() };
    const auth = authWithIdp({ logger }, { fetch: tamper.fetch });
    // The victim: a verified local user whose address the attacker would like to sign in as.
    const victim = await signUpUser(auth, "victim@example.com");
    await auth.$context.adapter.update({
      model: "user",
      where: [{ field: "id", value: victim.userId }],
      update: { emailVerified: true },
    });
    const mallory = person({ email: "mallory@example.com" });
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const foreignKey: JWK = { ...(await exportJWK(privateKey)), kid: "idp-key-1" };
    const now = Math.floor(Date.now() / 1000);
    const edit = (token: string, change: (claims: JWTPayload) => JWTPayload) => {
      const [header, , signature] = token.split(".");
      const payload = Buffer.from(JSON.stringify(change(decodeJwt(token)))).toString("base64url");
      return `${header}.${payload}.${signature}`;
    };
    const cases: Record<string, (token: string) => Promise<string> | string> = {
      "edited payload, original signature": (t) =>
        edit(t, (c) => ({ ...c, sub: "victim", email: "victim@example.com", email_verified: true })),
      "foreign issuer and key": (t) => signAs({ ...decodeJwt(t), iss: "https://evil.example" }, foreignKey),
      "the IdP's key, another issuer": (t) => signAs({ ...decodeJwt(t), iss: "https://evil.example" }),
      "the IdP's key, another signing key under its kid": (t) => signAs(decodeJwt(t), foreignKey),
      expired: (t) => signAs({ ...decodeJwt(t), iat: now - 7200, exp: now - 3600 }),
      "issued in the future": (t) => signAs({ ...decodeJwt(t), iat: now + 3600, exp: now + 7200 }),
      "another audience": (t) => signAs({ ...decodeJwt(t), aud: "someone-else" }),
      "several audiences without azp": (t) => signAs({ ...decodeJwt(t), aud: [IDP_CLIENTS.basic.id, "other"] }),
      "azp of another client": (t) => signAs({ ...decodeJwt(t), azp: "someone-else" }),
      "another nonce": (t) => signAs({ ...decodeJwt(t), nonce: "not-this-flow" }),
      "no nonce": (t) => signAs({ ...decodeJwt(t), nonce: undefined }),
      "alg none": (t) => `${Buffer.from('{"alg":"none"}').toString("base64url")}.${t.split(".")[1]}.`,
    };
    const users = await userCount(auth);
    const sessions = await sessionCount(auth);
    for (const [name, rewrite] of Object.entries(cases)) {
      tamper.state.idToken = rewrite;
      const { r, client } = await signIn(auth, mallory, { body: { errorCallbackURL: "/login" } });
      expect(r.headers.get("location"), name).toBe("/login?error=invalid_id_token");
      expect((await client.get("/get-session")).body, name).toBeNull();
    }
    expect(await userCount(auth)).toBe(users);
    expect(await sessionCount(auth)).toBe(sessions);
    expect(await victim.client.get("/list-accounts").then((x) => x.body.length)).toBe(1);
    expect(logger.warn).toHaveBeenCalledWith("Gatehouse: provider idp returned an ID token that failed verification");

    // The same flow with the genuine token goes through: the tampering, not the set-up, was refused.
    tamper.state.idToken = undefined;
    const genuine = await signIn(auth, mallory);
    expect(genuine.r.headers.get("location")).toBe("/dashboard");
    expect((await genuine.client.get("/get-session")).body.user.email).toBe("mallory@example.com");
  });

  it("sends a nonce and checks it: the genuine ID token carries this flow's nonce", async () => {
    const tamper = tamperingFetch();
    let seen: JWTPayload | undefined;
    tamper.state.idToken = (t) => {
      seen = decodeJwt(t);
      return t;
    };
    const auth = authWithIdp({}, { fetch: tamper.fetch });
    const { start, r } = await signIn(auth, person());
    expect(r.headers.get("location")).toBe("/dashboard");
    const nonce = new URL(start.body.url).searchParams.get("nonce");
    expect(nonce).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(seen).toMatchObject({ nonce, iss: idp.issuer, aud: IDP_CLIENTS.basic.id });
  });

  it("RFC 9207: refuses a callback whose iss is another issuer's, or missing, since the IdP advertises it", async () => {
    const discovery = await (await fetch(idp.discoveryUrl)).json();
    expect(discovery.authorization_response_iss_parameter_supported).toBe(true);
    const auth = authWithIdp();
    for (const iss of ["https://evil.example", undefined]) {
      const client = createTestClient(auth);
      idp.nextLogin.sub = person().sub;
      const { query } = await toIdpAndBack(client, idpBrowser());
      const { iss: _genuine, ...rest } = query;
      const r = await client.get("/callback/idp", { query: iss === undefined ? rest : { ...rest, iss } });
      expect(errorOf(r)).toBe("issuer_mismatch");
      expect((await client.get("/get-session")).body).toBeNull();
    }
  });

  it("passes the IdP's access_denied on, and signs nobody in", async () => {
    const auth = authWithIdp();
    const client = createTestClient(auth);
    idp.refuseNext.error = "access_denied";
    const { query } = await toIdpAndBack(client, idpBrowser(), { errorCallbackURL: "/login" });
    expect(query.error).toBe("access_denied");
    const r = await client.get("/callback/idp", { query });
    expect(r.headers.get("location")).toBe("/login?error=access_denied");
    expect((await client.get("/get-session")).body).toBeNull();
  });

  it("a replayed callback fails and creates no session; a stray one does not break the genuine callback", async () => {
    const auth = authWithIdp();
    const client = createTestClient(auth);
    idp.nextLogin.sub = person().sub;
    const { query } = await toIdpAndBack(client, idpBrowser());
    // A stray callback first: someone else's link, or an attacker's random state.
    const stray = await client.get("/callback/idp", { query: { code: "junk", state: "A".repeat(32) } });
    expect(errorOf(stray)).toBe("please_restart_the_process");
    const genuine = await client.get("/callback/idp", { query });
    expect(genuine.headers.get("location")).toBe("/dashboard");
    const sessions = await sessionCount(auth);
    for (const replayer of [client, createTestClient(auth)]) {
      const replay = await replayer.get("/callback/idp", { query });
      expect(errorOf(replay)).toBe("please_restart_the_process");
    }
    expect(await sessionCount(auth)).toBe(sessions);
  });

  it("a code issued to another client is refused by the IdP (invalid_code), logged at warn", async () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const auth = authWithIdp({ logger });
    const victimBrowser = createTestClient(auth);
    const start = await victimBrowser.post("/sign-in/social", { provider: "idp", callbackURL: "/dashboard" });
    const state = new URL(start.body.url).searchParams.get("state") ?? "";
    idp.nextLogin.sub = person().sub;
    const other = await toIdpAndBack(createTestClient(auth), idpBrowser(), { provider: "idppost" });
    const r = await victimBrowser.get("/callback/idp", { query: { ...other.query, state } });
    expect(errorOf(r)).toBe("invalid_code");
    expect((await victimBrowser.get("/get-session")).body).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith(
      "Gatehouse: provider idp refused the authorization code (invalid_code)",
      expect.objectContaining({ error: "invalid_grant" }),
    );
  });

  it("a wrong client secret ends with invalid_client, logged at warn without the secret", async () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const auth = authWithIdp({ logger }, { clientSecret: "wrong-secret-0123456789abcdef" });
    const { r } = await signIn(auth, person());
    expect(errorOf(r)).toBe("invalid_client");
    expect(logger.warn).toHaveBeenCalledWith(
      "Gatehouse: provider idp refused the authorization code (invalid_client)",
      expect.objectContaining({ error: "invalid_client" }),
    );
    expect(JSON.stringify(logger.warn.mock.calls)).not.toContain("wrong-secret");
  });
});

describe("generic OIDC provider against oidc-provider: accounts and tokens", () => {
  it("client_secret_post works too", async () => {
    const auth = authWithIdp();
    const kim = person();
    const { r, client } = await signIn(auth, kim, { body: { provider: "idppost" } });
    expect(r.headers.get("location")).toBe("/dashboard");
    expect((await client.get("/get-session")).body.user.email).toBe(kim.email);
  });

  it("links with link-social (login hint), refreshes at the IdP, reads the current profile, and unlink revokes the tokens", async () => {
    const tamper = tamperingFetch();
    const auth = authWithIdp({}, { fetch: tamper.fetch });
    const lee = person({ name: "Lee" });
    const local = await signUpUser(auth, lee.email);
    idp.nextLogin.sub = "nobody"; // the login hint, not this, must pick the account
    const { query, start } = await toIdpAndBack(local.client, idpBrowser(), { loginHint: lee.email }, "/link-social");
    expect(new URL(start.body.url).searchParams.get("login_hint")).toBe(lee.email);
    const linked = await local.client.get("/callback/idp", { query });
    expect(linked.headers.get("location")).toBe("/dashboard");
    const accounts = (await local.client.get("/list-accounts")).body as { id: string; provider: string }[];
    const row = accounts.find((a) => a.provider === "idp");
    expect(row).toBeDefined();

    // Refresh through the IdP's token endpoint: the new access token works at its userinfo endpoint.
    const userinfo = (await (await fetch(idp.discoveryUrl)).json()).userinfo_endpoint as string;
    const refreshed = await local.client.post("/refresh-token", { providerId: "idp" });
    expect(refreshed.status, refreshed.text).toBe(200);
    const me = await fetch(userinfo, { headers: { authorization: `Bearer ${refreshed.body.accessToken}` } });
    expect(me.status).toBe(200);

    // account-info asks the IdP: a profile change there shows at once.
    (idp.accounts.get(lee.sub) as IdpAccount).name = "Lee Renamed";
    const info = await local.client.post("/account-info", { accountId: row?.id });
    expect(info.status, info.text).toBe(200);
    expect(info.body.user).toMatchObject({ id: lee.sub, name: "Lee Renamed", email: lee.email });
    // With the access token expired, account-info refreshes it first.
    await auth.$context.adapter.update({
      model: "account",
      where: [{ field: "id", value: row?.id ?? "" }],
      update: { accessTokenExpiresAt: new Date(Date.now() - 1000) },
    });
    const before = tamper.state.tokenRequests;
    const again = await local.client.post("/account-info", { accountId: lee.sub });
    expect(again.body.user.name).toBe("Lee Renamed");
    expect(tamper.state.tokenRequests).toBe(before + 1);

    // Unlink revokes the tokens at the IdP.
    const stored = await auth.$context.adapter.findOne<Record<string, unknown>>({
      model: "account",
      where: [{ field: "id", value: row?.id ?? "" }],
    });
    const tokens = accountTokens(auth.$context, stored as never);
    expect((await local.client.post("/unlink-account", { providerId: "idp" })).body).toEqual({ status: true });
    await vi.waitFor(
      async () => {
        const after = await fetch(userinfo, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
        expect(after.status).toBe(401);
      },
      { timeout: 3000, interval: 50 },
    );
    const refresh = await fetch(`${idp.issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${btoa(`${IDP_CLIENTS.basic.id}:${IDP_CLIENTS.basic.secret}`)}`,
      },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refreshToken ?? "" }),
    });
    expect((await refresh.json()).error).toBe("invalid_grant");
  });
});
