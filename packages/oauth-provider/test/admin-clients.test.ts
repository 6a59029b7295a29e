// The admin client API over HTTP on SQLite, with the admin, api-key and audit-log plugins: app admins list,
// read, create, update, rotate, disable, enable and delete clients; nobody else can, not even an API key of
// an admin's or an admin impersonating another admin.
import { admin } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import { auditLog } from "@gatehouse-auth/audit-log";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAccessToken } from "../src/index.js";
import { grantTokens, secretWorks, userinfoStatus } from "./client-flows.js";
import { CLIENTS, type Provider, basic, postForm, signUp, startProvider } from "./provider-server.js";

let p: Provider;
let adminCookie: string;
let adminId: string;
beforeAll(async () => {
  p = await startProvider("sqlite", { allowDynamicClientRegistration: true }, [
    admin({ allowImpersonatingAdmins: true }),
    apiKey(),
    auditLog(),
  ]);
  const a = await signUp(p);
  await p.auth.$context.users.update(a.userId, { role: "admin" });
  adminCookie = a.cookie;
  adminId = a.userId;
});
afterAll(() => p?.close());

type Json = Record<string, unknown>;
async function call(path: string, headers: Record<string, string>, body?: unknown, query?: Record<string, string>) {
  const url = new URL(`${p.issuer}${path}`);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  const r = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { origin: p.baseURL, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : null) as Json & { code?: string } };
}
const asAdmin = (path: string, body?: unknown, query?: Record<string, string>) =>
  call(path, { cookie: adminCookie }, body, query);

async function createClient(extra: Json = {}) {
  const r = await asAdmin("/oauth2/admin/create-client", {
    name: "Partner app",
    redirectUris: ["https://partner.example.org/cb"],
    ...extra,
  });
  expect(r.status).toBe(200);
  return r.body as { client: Json & { clientId: string }; clientSecret: string | null };
}

/** Every admin route with a request body that would pass validation for `clientId`. */
const everyRoute = (clientId: string): [string, unknown, Record<string, string>?][] => [
  ["/oauth2/admin/list-clients", undefined],
  ["/oauth2/admin/get-client", undefined, { clientId }],
  ["/oauth2/admin/create-client", { name: "x", redirectUris: ["https://x.example/cb"] }],
  ["/oauth2/admin/update-client", { clientId, name: "Hijacked" }],
  ["/oauth2/admin/rotate-client-secret", { clientId }],
  ["/oauth2/admin/disable-client", { clientId }],
  ["/oauth2/admin/enable-client", { clientId }],
  ["/oauth2/admin/delete-client", { clientId }],
];

async function unchanged(clientId: string, secret: string) {
  const r = await asAdmin("/oauth2/admin/get-client", undefined, { clientId });
  expect(r.body).toMatchObject({ clientId, name: "Partner app", disabled: false });
  expect(await secretWorks(p, clientId, secret)).toBe(true);
}

describe("admin client management: who may", () => {
  it("no session is 401; a user who is not an app admin is 403 on every route, and nothing changes", async () => {
    const c = await createClient();
    for (const [path, body, query] of everyRoute(c.client.clientId)) {
      expect((await call(path, {}, body, query)).status, path).toBe(401);
      const user = await signUp(p);
      const r = await call(path, { cookie: user.cookie }, body, query);
      expect(r.status, path).toBe(403);
      expect(r.body.code).toBe("NOT_ALLOWED_TO_MANAGE_CLIENTS");
    }
    await unchanged(c.client.clientId, c.clientSecret as string);
  });

  it("can-manage-clients tells an admin from anyone else, answering 200 to both", async () => {
    expect((await asAdmin("/oauth2/admin/can-manage-clients")).body).toEqual({ allowed: true });
    const user = await signUp(p);
    const r = await call("/oauth2/admin/can-manage-clients", { cookie: user.cookie });
    expect(r).toMatchObject({ status: 200, body: { allowed: false } });
    expect((await call("/oauth2/admin/can-manage-clients", {})).status).toBe(401);
  });

  it("a cross-site page cannot make the admin's browser change a client", async () => {
    const c = await createClient();
    for (const [path, body] of everyRoute(c.client.clientId).filter(([, body]) => body !== undefined)) {
      for (const origin of ["https://evil.example", "null"]) {
        const r = await call(path, { cookie: adminCookie, origin }, body);
        expect(r.status, `${path} from ${origin}`).toBe(403);
      }
    }
    await unchanged(c.client.clientId, c.clientSecret as string);
  });

  it("an admin's API key reaches none of them", async () => {
    const c = await createClient();
    const key = await call("/api-key/create", { cookie: adminCookie }, { name: "ci" });
    expect(key.status).toBe(200);
    for (const [path, body, query] of everyRoute(c.client.clientId)) {
      const r = await call(path, { "x-api-key": key.body.key as string }, body, query);
      expect(r.status, path).toBe(403);
      expect(r.body.code).toBe("CREDENTIAL_NOT_ALLOWED");
    }
    await unchanged(c.client.clientId, c.clientSecret as string);
  });

  it("an admin impersonating another admin may read, never write", async () => {
    const c = await createClient();
    const other = await signUp(p);
    await p.auth.$context.users.update(other.userId, { role: "admin" });
    const boss = await signUp(p);
    await p.auth.$context.users.update(boss.userId, { role: "admin" });
    const imp = await fetch(`${p.issuer}/admin/impersonate-user`, {
      method: "POST",
      headers: { origin: p.baseURL, "content-type": "application/json", cookie: boss.cookie },
      body: JSON.stringify({ userId: other.userId }),
    });
    expect(imp.status).toBe(200);
    const cookie = imp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    for (const [path, body, query] of everyRoute(c.client.clientId)) {
      const r = await call(path, { cookie }, body, query);
      if (body === undefined) expect(r.status, path).toBe(200);
      else {
        expect(r.status, path).toBe(403);
        expect(r.body.code).toBe("CREDENTIAL_NOT_ALLOWED");
      }
    }
    await unchanged(c.client.clientId, c.clientSecret as string);
  });
});

describe("admin client management: what an admin does", () => {
  it("creates confidential and public clients (secret once, never read back) and lists them with the configured ones", async () => {
    const conf = await createClient({ postLogoutRedirectUris: ["https://partner.example.org/bye"] });
    expect(conf.clientSecret).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(conf.client).toMatchObject({
      name: "Partner app",
      tokenEndpointAuthMethod: "client_secret_basic",
      grantTypes: ["authorization_code", "refresh_token"],
      postLogoutRedirectUris: ["https://partner.example.org/bye"],
      configured: false,
      disabled: false,
    });
    expect(await secretWorks(p, conf.client.clientId, conf.clientSecret as string)).toBe(true);
    const pub = await createClient({ type: "public", name: "SPA" });
    expect(pub.clientSecret).toBeNull();
    expect(pub.client.tokenEndpointAuthMethod).toBe("none");

    const got = await asAdmin("/oauth2/admin/get-client", undefined, { clientId: conf.client.clientId });
    expect(got.status).toBe(200);
    const text = JSON.stringify(got.body);
    expect(text).not.toContain(conf.clientSecret as string);
    expect(text).not.toMatch(/secretHash|registrationTokenHash/);

    // Page by page with limit=1: every stored client once, the configured ones on the first page only.
    const seen: string[] = [];
    let cursor: string | undefined;
    let first = true;
    for (let i = 0; i < 100; i++) {
      const r = await asAdmin("/oauth2/admin/list-clients", undefined, { limit: "1", ...(cursor ? { cursor } : {}) });
      expect(r.status).toBe(200);
      const clients = r.body.clients as (Json & { clientId: string; configured: boolean })[];
      const configured = clients.filter((c) => c.configured);
      expect(configured.map((c) => c.clientId).sort()).toEqual(
        first
          ? Object.values(CLIENTS)
              .map((c) => c.id)
              .sort()
          : [],
      );
      for (const c of clients.filter((c) => !c.configured)) seen.push(c.clientId);
      expect(JSON.stringify(clients)).not.toMatch(/secretHash/);
      first = false;
      cursor = (r.body.nextCursor as string | null) ?? undefined;
      if (!cursor) break;
    }
    const stored = await p.auth.$context.db.findMany<{ id: string }>({ model: "oauthClient" });
    expect(seen.sort()).toEqual(stored.map((r) => r.id).sort());
    expect(seen).toContain(conf.client.clientId);
    expect(seen).toContain(pub.client.clientId);
    // A forged cursor is a 400, never a 500.
    expect((await asAdmin("/oauth2/admin/list-clients", undefined, { cursor: "forged" })).body.code).toBe(
      "INVALID_CURSOR",
    );
  });

  it("refuses hostile metadata and leaves configured clients read-only", async () => {
    for (const body of [
      { name: "x", redirectUris: ["javascript:alert(1)"] },
      { name: "x", redirectUris: ["http://evil.example/cb"] },
      { name: "x", redirectUris: ["https://ok.example/cb"], postLogoutRedirectUris: ["data:text/html,hi"] },
      {
        name: "x",
        redirectUris: ["https://ok.example/cb"],
        type: "public",
        tokenEndpointAuthMethod: "client_secret_post",
      },
      { name: "x", redirectUris: ["https://ok.example/cb"], grantTypes: ["refresh_token"] },
    ]) {
      const r = await asAdmin("/oauth2/admin/create-client", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe("INVALID_CLIENT_METADATA");
    }
    const bad = await asAdmin("/oauth2/admin/create-client", {
      name: "x",
      redirectUris: ["https://ok.example/cb"],
      grantTypes: ["client_credentials"],
    });
    expect(bad.status).toBe(400);
    const c = await createClient();
    const up = await asAdmin("/oauth2/admin/update-client", {
      clientId: c.client.clientId,
      redirectUris: ["javascript:alert(1)"],
    });
    expect(up.body.code).toBe("INVALID_CLIENT_METADATA");
    for (const path of ["update-client", "rotate-client-secret", "disable-client", "enable-client", "delete-client"]) {
      const r = await asAdmin(`/oauth2/admin/${path}`, {
        clientId: CLIENTS.web.id,
        ...(path === "update-client" ? { name: "x" } : {}),
      });
      expect(r.status, path).toBe(400);
      expect(r.body.code).toBe("CONFIGURED_CLIENT_READ_ONLY");
      const missing = await asAdmin(`/oauth2/admin/${path}`, { clientId: "no-such-client" });
      expect(missing.status, path).toBe(404);
      expect(missing.body.code).toBe("CLIENT_NOT_FOUND");
    }
    expect(await secretWorks(p, CLIENTS.web.id, CLIENTS.web.secret)).toBe(true);
    const got = await asAdmin("/oauth2/admin/get-client", undefined, { clientId: CLIENTS.web.id });
    expect(got.body).toMatchObject({ clientId: CLIENTS.web.id, configured: true, skipConsent: true });
  });

  it("updates name, redirect URIs and skipConsent; the old redirect URI stops working", async () => {
    const c = await createClient();
    const r = await asAdmin("/oauth2/admin/update-client", {
      clientId: c.client.clientId,
      name: "Partner app v2",
      redirectUris: ["https://partner.example.org/cb2"],
      postLogoutRedirectUris: ["https://partner.example.org/bye"],
      skipConsent: true,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: "Partner app v2",
      redirectUris: ["https://partner.example.org/cb2"],
      skipConsent: true,
    });
    const user = await signUp(p);
    // skipConsent: the code comes straight back, at the new URI.
    const t = await grantTokens(p, user.cookie, {
      id: c.client.clientId,
      secret: c.clientSecret,
      redirect: "https://partner.example.org/cb2",
    });
    expect(await userinfoStatus(p, t.access_token)).toBe(200);
  });

  it("creates pairwise clients (one redirect host each); their users get the sector's sub, and a second host is refused", async () => {
    const twoHosts = ["https://pw.example.org/cb", "https://other.example.org/cb"];
    const refused = await asAdmin("/oauth2/admin/create-client", {
      name: "x",
      redirectUris: twoHosts,
      subjectType: "pairwise",
    });
    expect([refused.status, refused.body.code]).toEqual([400, "INVALID_CLIENT_METADATA"]);
    const one = await createClient({
      redirectUris: ["https://pw.example.org/cb"],
      subjectType: "pairwise",
      skipConsent: true,
    });
    const two = await createClient({
      redirectUris: ["https://pw.example.org/cb2"],
      subjectType: "pairwise",
      skipConsent: true,
    });
    expect(one.client.metadata).toEqual({ subject_type: "pairwise" });
    const user = await signUp(p);
    const subOf = async (c: typeof one, redirect: string) => {
      const t = await grantTokens(
        p,
        user.cookie,
        { id: c.client.clientId, secret: c.clientSecret, redirect },
        "openid",
      );
      return JSON.parse(Buffer.from((t.id_token as string).split(".")[1] as string, "base64url").toString()).sub;
    };
    const sub = await subOf(one, "https://pw.example.org/cb");
    expect(sub).not.toBe(user.userId);
    expect(await subOf(two, "https://pw.example.org/cb2")).toBe(sub);
    // An update that would put a second host under the same client: refused, nothing changed.
    const update = await asAdmin("/oauth2/admin/update-client", {
      clientId: one.client.clientId,
      redirectUris: twoHosts,
    });
    expect([update.status, update.body.code]).toEqual([400, "INVALID_CLIENT_METADATA"]);
    expect(await subOf(one, "https://pw.example.org/cb")).toBe(sub);
    // A public admin-made client still gets the user id.
    const plain = await createClient({ skipConsent: true });
    expect(await subOf(plain, "https://partner.example.org/cb")).toBe(user.userId);
  });

  it("rotates the secret: the old one stops at once; of two racing rotations exactly one secret works", async () => {
    const c = await createClient();
    const id = c.client.clientId;
    const r = await asAdmin("/oauth2/admin/rotate-client-secret", { clientId: id });
    expect(r.status).toBe(200);
    const next = r.body.clientSecret as string;
    expect(next).not.toBe(c.clientSecret);
    expect(await secretWorks(p, id, c.clientSecret as string)).toBe(false);
    expect(await secretWorks(p, id, next)).toBe(true);
    const [a, b] = await Promise.all([
      asAdmin("/oauth2/admin/rotate-client-secret", { clientId: id }),
      asAdmin("/oauth2/admin/rotate-client-secret", { clientId: id }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const works = [
      await secretWorks(p, id, a.body.clientSecret as string),
      await secretWorks(p, id, b.body.clientSecret as string),
    ];
    expect(works.filter(Boolean)).toHaveLength(1);
    expect(await secretWorks(p, id, next)).toBe(false);
    const pub = await createClient({ type: "public" });
    const refused = await asAdmin("/oauth2/admin/rotate-client-secret", { clientId: pub.client.clientId });
    expect(refused.body.code).toBe("PUBLIC_CLIENT_HAS_NO_SECRET");
  });

  it("disable kills the client's tokens and refuses it everywhere; enable lets it authenticate again, old tokens stay dead", async () => {
    const c = await createClient({ skipConsent: true });
    const id = c.client.clientId;
    const client = { id, secret: c.clientSecret, redirect: "https://partner.example.org/cb" };
    const user = await signUp(p);
    const t = await grantTokens(p, user.cookie, client);
    expect(await verifyAccessToken(p.auth, t.access_token)).not.toBeNull();
    const d = await asAdmin("/oauth2/admin/disable-client", { clientId: id });
    expect(d.status).toBe(200);
    expect(d.body.disabled).toBe(true);
    expect(await verifyAccessToken(p.auth, t.access_token)).toBeNull();
    expect(await userinfoStatus(p, t.access_token)).toBe(401);
    const refresh = await postForm(
      `${p.issuer}/oauth2/token`,
      { grant_type: "refresh_token", refresh_token: t.refresh_token as string },
      { authorization: basic(id, c.clientSecret as string) },
    );
    expect(refresh.status).toBe(401);
    expect(refresh.body?.error).toBe("invalid_client");
    expect(await secretWorks(p, id, c.clientSecret as string)).toBe(false);
    const e = await asAdmin("/oauth2/admin/enable-client", { clientId: id });
    expect(e.body.disabled).toBe(false);
    expect(await secretWorks(p, id, c.clientSecret as string)).toBe(true);
    expect(await verifyAccessToken(p.auth, t.access_token)).toBeNull();
    const again = await postForm(
      `${p.issuer}/oauth2/token`,
      { grant_type: "refresh_token", refresh_token: t.refresh_token as string },
      { authorization: basic(id, c.clientSecret as string) },
    );
    expect(again.body?.error).toBe("invalid_grant");
  });

  it("a token of a client disabled behind the API's back (a racing refresh's row) is refused all the same", async () => {
    const c = await createClient({ skipConsent: true });
    const user = await signUp(p);
    const t = await grantTokens(p, user.cookie, {
      id: c.client.clientId,
      secret: c.clientSecret,
      redirect: "https://partner.example.org/cb",
    });
    await p.auth.$context.db.update({
      model: "oauthClient",
      where: [{ field: "id", value: c.client.clientId }],
      update: { disabled: true },
    });
    expect(await verifyAccessToken(p.auth, t.access_token)).toBeNull();
    expect(await userinfoStatus(p, t.access_token)).toBe(401);
  });

  it("delete removes a registered client with its tokens and consents; its registration token dies too", async () => {
    const reg = await fetch(`${p.issuer}/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Agent", redirect_uris: ["https://agent.example.org/cb"] }),
    });
    const registered = (await reg.json()) as Json & { client_id: string; client_secret: string };
    const listed = await asAdmin("/oauth2/admin/get-client", undefined, { clientId: registered.client_id });
    expect(listed.body).toMatchObject({ dynamicallyRegistered: true, configured: false });
    const user = await signUp(p);
    const t = await grantTokens(p, user.cookie, {
      id: registered.client_id,
      secret: registered.client_secret,
      redirect: "https://agent.example.org/cb",
    });
    const r = await asAdmin("/oauth2/admin/delete-client", { clientId: registered.client_id });
    expect(r.status).toBe(200);
    expect(await userinfoStatus(p, t.access_token)).toBe(401);
    expect(
      await p.auth.$context.db.count({
        model: "oauthConsent",
        where: [{ field: "clientId", value: registered.client_id }],
      }),
    ).toBe(0);
    const gone = await fetch(registered.registration_client_uri as string, {
      headers: { authorization: `Bearer ${registered.registration_access_token}` },
    });
    expect(gone.status).toBe(401);
    expect((await asAdmin("/oauth2/admin/get-client", undefined, { clientId: registered.client_id })).status).toBe(404);
  });

  it("records an audit event for each admin action, with no secret in it", async () => {
    const c = await createClient();
    const id = c.client.clientId;
    const rotated = await asAdmin("/oauth2/admin/rotate-client-secret", { clientId: id });
    await asAdmin("/oauth2/admin/update-client", { clientId: id, name: "Renamed" });
    await asAdmin("/oauth2/admin/disable-client", { clientId: id });
    await asAdmin("/oauth2/admin/enable-client", { clientId: id });
    await asAdmin("/oauth2/admin/delete-client", { clientId: id });
    await p.auth.settled();
    const rows = await p.auth.$context.db.findMany<Json>({ model: "auditEvent" });
    const mine = rows
      .map((r) => ({ ...r, details: JSON.parse(String(r.details)) as Json }) as Json & { details: Json })
      .filter((r) => r.details.clientId === id);
    const types = mine.map((r) => r.type).sort();
    expect(types).toEqual(
      [
        "oauth.client_created",
        "oauth.client_deleted",
        "oauth.client_disabled",
        "oauth.client_enabled",
        "oauth.client_secret_rotated",
        "oauth.client_updated",
      ].sort(),
    );
    for (const r of mine) expect(r.actorUserId).toBe(adminId);

    // A registered client changing and deleting itself (RFC 7592), and a stranger's refused try.
    const reg = await fetch(`${p.issuer}/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: ["https://agent.example.org/cb"] }),
    });
    const self = (await reg.json()) as Json & { client_id: string };
    const uri = self.registration_client_uri as string;
    const bearer = { authorization: `Bearer ${self.registration_access_token}` };
    const put = { client_id: self.client_id, redirect_uris: ["https://agent.example.org/cb2"] };
    const send = (method: string, headers: Record<string, string>, body?: unknown) =>
      fetch(uri, {
        method,
        headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await send("PUT", { authorization: "Bearer wrong" }, put)).status).toBe(401);
    expect((await send("PUT", bearer, put)).status).toBe(200);
    expect((await send("DELETE", bearer)).status).toBe(204);
    await p.auth.settled();
    const selfEvents = (await p.auth.$context.db.findMany<Json>({ model: "auditEvent" }))
      .map((r) => ({ type: r.type, outcome: r.outcome, details: JSON.parse(String(r.details)) as Json }))
      .filter((r) => r.details.clientId === self.client_id && r.type !== "oauth.client_registered");
    expect(selfEvents.map((e) => `${e.type}:${e.outcome}`).sort()).toEqual([
      "oauth.client_deleted:success",
      "oauth.client_updated:failure",
      "oauth.client_updated:success",
    ]);
    for (const e of selfEvents) expect(e.details.via).toBe("registration_access_token");
    const text = JSON.stringify(await p.auth.$context.db.findMany<Json>({ model: "auditEvent" }));
    expect(text).not.toContain(self.registration_access_token as string);
    expect(text).not.toContain(self.client_secret as string);
    expect(text).not.toContain(c.clientSecret as string);
    expect(text).not.toContain(rotated.body.clientSecret as string);
  });
});
