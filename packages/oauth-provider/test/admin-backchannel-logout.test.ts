// Back-channel logout settings on the admin client API (create-client, update-client), over HTTP on SQLite:
// an admin-made client with a backchannelLogoutUri is told (a logout token the receiver validates with jose)
// when a session it got tokens in ends; the same URI rules as registration refuse unsafe targets (SSRF).
// Waits are on conditions (auth.settled), never on durations.
import { admin } from "@gatehouse-auth/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantTokens } from "./client-flows.js";
import { type LogoutReceiver, startLogoutReceiver } from "./logout-receiver.js";
import { type Provider, signUp, startProvider } from "./provider-server.js";

let rp: LogoutReceiver;
let p: Provider;
let strict: Provider;
let adminCookie: string;
let strictAdminCookie: string;
beforeAll(async () => {
  rp = await startLogoutReceiver();
  // The receiver is on 127.0.0.1: `p` allows private hosts (development); `strict` has the default.
  p = await startProvider("sqlite", { allowPrivateBackchannelLogoutHosts: true }, [admin()]);
  strict = await startProvider("sqlite", {}, [admin()]);
  rp.trust(p.issuer);
  for (const provider of [p, strict]) {
    const a = await signUp(provider);
    await provider.auth.$context.users.update(a.userId, { role: "admin" });
    if (provider === p) adminCookie = a.cookie;
    else strictAdminCookie = a.cookie;
  }
});
afterAll(async () => {
  await p?.auth.settled();
  await rp?.close();
  await p?.close();
  await strict?.close();
});

type Json = Record<string, unknown> & { code?: string };
async function asAdmin(provider: Provider, path: string, body?: unknown, query?: Record<string, string>) {
  const url = new URL(`${provider.issuer}${path}`);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  const r = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      origin: provider.baseURL,
      cookie: provider === p ? adminCookie : strictAdminCookie,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Json };
}
const REDIRECT = "https://partner.example.org/cb";
const create = (provider: Provider, extra: Json = {}) =>
  asAdmin(provider, "/oauth2/admin/create-client", { name: "Partner", redirectUris: [REDIRECT], ...extra });
const signOut = (cookie: string) =>
  fetch(`${p.baseURL}/api/auth/sign-out`, { method: "POST", headers: { origin: p.baseURL, cookie } });

describe("back-channel logout on the admin client API", () => {
  it("an admin sets the URI (with sid); signing out tells the client with a valid logout token", async () => {
    const made = await create(p);
    expect(made.status).toBe(200);
    const { clientId } = made.body.client as { clientId: string };
    const secret = made.body.clientSecret as string;
    const updated = await asAdmin(p, "/oauth2/admin/update-client", {
      clientId,
      backchannelLogoutUri: `${rp.origin}/logout/${clientId}`,
      backchannelLogoutSessionRequired: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.metadata).toMatchObject({
      backchannel_logout_uri: `${rp.origin}/logout/${clientId}`,
      backchannel_logout_session_required: true,
    });
    const user = await signUp(p);
    const tokens = await grantTokens(p, user.cookie, { id: clientId, secret, redirect: REDIRECT });
    // The ID token carries sid, the same the logout token will.
    const idSid = JSON.parse(Buffer.from((tokens.id_token as string).split(".")[1] as string, "base64url").toString())
      .sid as string;
    expect(idSid).toBeTruthy();
    expect((await signOut(user.cookie)).status).toBe(200);
    await p.auth.settled();
    const told = rp.acceptedFor(clientId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ aud: clientId, sub: user.userId, sid: idSid });
  });

  it("a URI set at creation is stored and shown; null removes it and the client then hears nothing", async () => {
    const made = await create(p, { backchannelLogoutUri: `${rp.origin}/logout/created` });
    expect(made.status).toBe(200);
    const client = made.body.client as { clientId: string; metadata: Json };
    expect(client.metadata).toEqual({
      backchannel_logout_uri: `${rp.origin}/logout/created`,
      backchannel_logout_session_required: false,
    });
    // Point it at the receiver's path for this client, then take it away again.
    const uri = `${rp.origin}/logout/${client.clientId}`;
    expect(
      (await asAdmin(p, "/oauth2/admin/update-client", { clientId: client.clientId, backchannelLogoutUri: uri }))
        .status,
    ).toBe(200);
    const removed = await asAdmin(p, "/oauth2/admin/update-client", {
      clientId: client.clientId,
      backchannelLogoutUri: null,
    });
    expect([removed.status, removed.body.metadata]).toEqual([200, {}]);
    const user = await signUp(p);
    await grantTokens(p, user.cookie, {
      id: client.clientId,
      secret: made.body.clientSecret as string,
      redirect: REDIRECT,
    });
    expect((await signOut(user.cookie)).status).toBe(200);
    await p.auth.settled();
    expect(rp.received.filter((r) => r.path === `/logout/${client.clientId}`)).toEqual([]);
  });

  it("refuses the targets registration refuses (400 INVALID_CLIENT_METADATA), and a session requirement without a URI", async () => {
    const bad = [
      "https://127.0.0.1/logout",
      "https://10.0.0.7/logout",
      "https://169.254.169.254/latest",
      "https://localhost/logout",
      "https://rp.internal/logout",
      "http://rp.example.org/logout",
      "javascript:alert(1)",
      "https://rp.example.org/logout#frag",
      "https://user:pw@rp.example.org/logout",
    ];
    const target = await create(strict);
    const { clientId } = target.body.client as { clientId: string };
    for (const uri of bad) {
      const created = await create(strict, { backchannelLogoutUri: uri });
      expect([uri, created.status, created.body.code]).toEqual([uri, 400, "INVALID_CLIENT_METADATA"]);
      const updated = await asAdmin(strict, "/oauth2/admin/update-client", { clientId, backchannelLogoutUri: uri });
      expect([uri, updated.status, updated.body.code]).toEqual([uri, 400, "INVALID_CLIENT_METADATA"]);
    }
    const orphan = await asAdmin(strict, "/oauth2/admin/update-client", {
      clientId,
      backchannelLogoutSessionRequired: true,
    });
    expect([orphan.status, orphan.body.code]).toEqual([400, "INVALID_CLIENT_METADATA"]);
    // Nothing was stored by the refusals; a public https host is accepted.
    const read = await asAdmin(strict, "/oauth2/admin/get-client", undefined, { clientId });
    expect(read.body.metadata).toBeNull();
    const ok = await asAdmin(strict, "/oauth2/admin/update-client", {
      clientId,
      backchannelLogoutUri: "https://rp.example.org/logout",
    });
    expect([ok.status, (ok.body.metadata as Json).backchannel_logout_uri]).toEqual([
      200,
      "https://rp.example.org/logout",
    ]);
  });
});
