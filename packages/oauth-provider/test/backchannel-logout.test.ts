// OpenID Connect Back-Channel Logout 1.0 against a real relying party: a receiver on 127.0.0.1 that
// validates every logout token as §2.6 says. A session that issued tokens to a client with a
// backchannel_logout_uri ends (sign-out, revoke-session, a ban, a deletion): that client is told, with
// `sid` when it asked for it, and the session's refresh tokens die. Clients without the URI, or that got
// nothing in that session, are told nothing. Waits are on conditions (auth.settled, a bounded poll).
import { createHash, randomBytes } from "node:crypto";
import { admin } from "@gatehouse-auth/admin";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LogoutReceiver, startLogoutReceiver } from "./logout-receiver.js";
import { type Provider, basic, navigate, postForm, signIn, signUp, startProvider } from "./provider-server.js";

let p: Provider;
let rp: LogoutReceiver;

const secret = (id: string) => `${id}-secret-0123456789abcdef0123456789`;
const client = (id: string, extra: Record<string, unknown> = {}) => ({
  clientId: id,
  clientSecret: secret(id),
  redirectUris: [`https://${id}.example.test/callback`],
  skipConsent: true,
  ...extra,
});

beforeAll(async () => {
  rp = await startLogoutReceiver();
  p = await startProvider(
    "sqlite",
    {
      allowPrivateBackchannelLogoutHosts: true,
      clients: [
        client("bc-sid", {
          backchannelLogoutUri: `${rp.origin}/logout/bc-sid`,
          backchannelLogoutSessionRequired: true,
        }),
        client("bc-sub", { backchannelLogoutUri: `${rp.origin}/logout/bc-sub` }),
        client("no-bc"),
        client("bc-redirect", { backchannelLogoutUri: `${rp.origin}/redirect?to=bc-redirect` }),
        client("bc-hang", { backchannelLogoutUri: `${rp.origin}/hang` }),
      ],
    },
    [admin()],
  );
  rp.trust(p.issuer);
});
afterAll(async () => {
  await rp?.close();
  // The hanging receiver's delivery fails over to its retries against a closed port: wait it out.
  await p?.auth.settled();
  await p?.close();
});

/** The code flow for `clientId` in the browser session `cookie`: its tokens. */
async function tokensFor(clientId: string, cookie: string) {
  const verifier = randomBytes(32).toString("base64url");
  const redirect = `https://${clientId}.example.test/callback`;
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirect,
    scope: "openid offline_access",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }))
    url.searchParams.set(k, v);
  const location = (await navigate(url, cookie)).location as string;
  const code = new URL(location).searchParams.get("code");
  if (!code) throw new Error(`no code: ${location}`);
  const t = await postForm(
    `${p.issuer}/oauth2/token`,
    { grant_type: "authorization_code", code, redirect_uri: redirect, code_verifier: verifier },
    { authorization: basic(clientId, secret(clientId)) },
  );
  return t.body as { id_token: string; refresh_token: string; access_token: string };
}

const refresh = (clientId: string, refreshToken: string) =>
  postForm(
    `${p.issuer}/oauth2/token`,
    { grant_type: "refresh_token", refresh_token: refreshToken },
    { authorization: basic(clientId, secret(clientId)) },
  );

const post = (path: string, cookie: string, body: unknown = {}) =>
  fetch(`${p.issuer}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: p.baseURL, cookie },
    body: JSON.stringify(body),
  });

const sessionId = async (cookie: string) =>
  ((await (await fetch(`${p.issuer}/get-session`, { headers: { cookie } })).json()) as { session: { id: string } })
    .session.id;

describe("back-channel logout", () => {
  it("is announced in discovery", async () => {
    const meta = (await (await fetch(`${p.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(meta.backchannel_logout_supported).toBe(true);
    expect(meta.backchannel_logout_session_supported).toBe(true);
  });

  it("sign-out tells the clients that got tokens in that session, with sid when asked, and kills its refresh tokens", async () => {
    const user = await signUp(p);
    const other = await signIn(p, user.email);
    const withSid = await tokensFor("bc-sid", user.cookie);
    const plain = await tokensFor("no-bc", user.cookie);
    // bc-sub got tokens only in the other session: it hears nothing of this one.
    await tokensFor("bc-sub", other);
    const sid = decodeJwt(withSid.id_token).sid;
    expect(typeof sid).toBe("string");
    // Not the session id (the token derives from it), and absent for a client without the URI.
    expect(sid).not.toBe(await sessionId(user.cookie));
    expect(decodeJwt(plain.id_token).sid).toBeUndefined();
    const before = rp.received.length;

    expect((await post("/sign-out", user.cookie)).status).toBe(200);
    await p.auth.settled();

    const fresh = rp.received.slice(before);
    expect(fresh.map((r) => [r.path, r.accepted, r.error])).toEqual([["/logout/bc-sid", true, null]]);
    expect(fresh[0]?.claims).toMatchObject({ sub: user.userId, sid, aud: "bc-sid", iss: p.issuer });
    expect(fresh[0]?.contentType).toBe("application/x-www-form-urlencoded");
    expect((await refresh("bc-sid", withSid.refresh_token)).status).toBe(400);
    expect((await refresh("no-bc", plain.refresh_token)).status).toBe(400);
  });

  it("revoke-session tells a sub-only client: sub, no sid; the other session's tokens live on", async () => {
    const user = await signUp(p);
    const phone = await signIn(p, user.email);
    const onPhone = await tokensFor("bc-sub", phone);
    const here = await tokensFor("bc-sid", user.cookie);
    const before = rp.received.length;
    expect((await post("/revoke-session", user.cookie, { id: await sessionId(phone) })).status).toBe(200);
    await p.auth.settled();
    const fresh = rp.received.slice(before);
    expect(fresh.map((r) => [r.path, r.accepted])).toEqual([["/logout/bc-sub", true]]);
    expect(fresh[0]?.claims?.sub).toBe(user.userId);
    expect(fresh[0]?.claims).not.toHaveProperty("sid");
    expect((await refresh("bc-sub", onPhone.refresh_token)).status).toBe(400);
    expect((await refresh("bc-sid", here.refresh_token)).status).toBe(200);
    // After a rotation the session's newest row still names the client: one logout token, valid.
    const mark = rp.received.length;
    expect((await post("/sign-out", user.cookie)).status).toBe(200);
    await p.auth.settled();
    expect(rp.received.slice(mark).map((x) => [x.path, x.accepted])).toEqual([["/logout/bc-sid", true]]);
  });

  it("a ban and a deletion by an admin tell every client of every session of the user", async () => {
    const boss = await signUp(p);
    await p.auth.$context.users.update(boss.userId, { role: "admin" });
    const bossCookie = await signIn(p, boss.email);
    for (const path of ["/admin/ban-user", "/admin/remove-user"]) {
      const user = await signUp(p);
      const second = await signIn(p, user.email);
      const a = await tokensFor("bc-sid", user.cookie);
      await tokensFor("bc-sid", second);
      await tokensFor("bc-sub", second);
      const before = rp.received.length;
      expect((await post(path, bossCookie, { userId: user.userId })).status).toBe(200);
      await p.auth.settled();
      const fresh = rp.received.slice(before);
      expect(fresh.every((r) => r.accepted)).toBe(true);
      // One per session for the sid client, one for the sub-only client.
      expect(fresh.map((r) => r.path).sort()).toEqual(["/logout/bc-sid", "/logout/bc-sid", "/logout/bc-sub"]);
      const sids = fresh.filter((r) => r.path === "/logout/bc-sid").map((r) => r.claims?.sid);
      expect(new Set(sids).size).toBe(2);
      expect(sids).toContain(decodeJwt(a.id_token).sid);
      expect(fresh.every((r) => r.claims?.sub === user.userId)).toBe(true);
    }
  });

  it("an admin's revocation of one session by id tells the client of that session only", async () => {
    const boss = await signUp(p);
    await p.auth.$context.users.update(boss.userId, { role: "admin" });
    const bossCookie = await signIn(p, boss.email);
    const user = await signUp(p);
    const laptop = await signIn(p, user.email);
    const ended = await tokensFor("bc-sid", laptop);
    const kept = await tokensFor("bc-sid", user.cookie);
    const before = rp.received.length;
    const r = await post("/admin/revoke-user-session", bossCookie, { sessionId: await sessionId(laptop) });
    expect(r.status).toBe(200);
    await p.auth.settled();
    const fresh = rp.received.slice(before);
    expect(fresh.map((x) => [x.path, x.accepted, x.claims?.sid])).toEqual([
      ["/logout/bc-sid", true, decodeJwt(ended.id_token).sid],
    ]);
    expect((await refresh("bc-sid", kept.refresh_token)).status).toBe(200);
  });

  it("a session swept by the cleanup job tells the clients of that session, once", async () => {
    const user = await signUp(p);
    const laptop = await signIn(p, user.email);
    const ended = await tokensFor("bc-sid", laptop);
    const kept = await tokensFor("bc-sid", user.cookie);
    // The laptop's session expired unseen (never presented again): only the sweep can announce it.
    await p.auth.$context.adapter.updateMany({
      model: "session",
      where: [{ field: "id", value: await sessionId(laptop) }],
      update: { expiresAt: new Date(0) },
    });
    const before = rp.received.length;
    expect((await p.auth.api.cleanup()).deleted.session).toBeGreaterThanOrEqual(1);
    await p.auth.settled();
    const fresh = rp.received.slice(before);
    expect(fresh.map((x) => [x.path, x.accepted, x.claims?.sid])).toEqual([
      ["/logout/bc-sid", true, decodeJwt(ended.id_token).sid],
    ]);
    expect((await refresh("bc-sid", ended.refresh_token)).status).toBe(400);
    expect((await refresh("bc-sid", kept.refresh_token)).status).toBe(200);
    // A second run has nothing left to sweep, so nothing more to say.
    await p.auth.api.cleanup();
    await p.auth.settled();
    expect(rp.received.length).toBe(before + 1);
  });

  it("a receiver that redirects is not followed; one that hangs does not hold the sign-out", async () => {
    const user = await signUp(p);
    await tokensFor("bc-redirect", user.cookie);
    const before = rp.received.length;
    expect((await post("/sign-out", user.cookie)).status).toBe(200);
    await p.auth.settled();
    const fresh = rp.received.slice(before);
    // Hit once (a redirect is no success, and is not retried), and the target never reached.
    expect(fresh.map((r) => r.path)).toEqual(["/redirect"]);

    const slow = await signUp(p);
    await tokensFor("bc-hang", slow.cookie);
    expect((await post("/sign-out", slow.cookie)).status).toBe(200);
    // The answer came while the relying party still holds the request open.
    for (let i = 0; i < 400 && rp.hanging === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(rp.hanging).toBe(1);
    expect(await (await fetch(`${p.issuer}/get-session`, { headers: { cookie: slow.cookie } })).json()).toBeNull();
  });
});
