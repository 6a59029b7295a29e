// RFC 7592 client configuration, initial access tokens (RFC 7591 §3) and the registration policies,
// over HTTP on SQLite: a registered client reads, replaces and deletes itself with its registration
// access token, and nothing else can.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthProvider } from "../src/index.js";
import { grantTokens, secretWorks, userinfoStatus } from "./client-flows.js";
import { CLIENTS, type Provider, signUp, startProvider } from "./provider-server.js";

const INITIAL = "initial-access-token-0123456789";
let p: Provider;
let gated: Provider;
let strict: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite", { allowDynamicClientRegistration: true });
  gated = await startProvider("sqlite", {
    allowDynamicClientRegistration: true,
    registrationInitialAccessTokens: [INITIAL, "another-initial-token-abcdefgh"],
  });
  strict = await startProvider("sqlite", {
    allowDynamicClientRegistration: true,
    registrationInitialAccessTokens: (token) => token === "from-the-app-check-0123456789",
    registrationRedirectUriSchemes: ["https"],
    registrationGrantTypes: ["authorization_code"],
  });
});
afterAll(async () => {
  await p?.close();
  await gated?.close();
  await strict?.close();
});

const register = (provider: Provider, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${provider.issuer}/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

interface Registered {
  client_id: string;
  client_secret?: string;
  registration_access_token: string;
  registration_client_uri: string;
  [k: string]: unknown;
}
async function registered(body: Record<string, unknown> = {}): Promise<Registered> {
  const r = await register(p, { client_name: "Agent", redirect_uris: ["https://agent.example.org/cb"], ...body });
  expect(r.status).toBe(201);
  return (await r.json()) as Registered;
}
const configure = (uri: string, method: string, token: string | null, body?: unknown) =>
  fetch(uri, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function expectInvalidToken(r: Response) {
  expect(r.status).toBe(401);
  expect(r.headers.get("www-authenticate")).toContain('error="invalid_token"');
  expect(((await r.json()) as { error: string }).error).toBe("invalid_token");
}

describe("RFC 7592 client configuration", () => {
  it("registration answers a registration access token once; GET reads the metadata, never the secret", async () => {
    const c = await registered({ logo_uri: "https://agent.example.org/logo.png" });
    expect(c.registration_access_token).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(c.registration_client_uri).toBe(`${p.issuer}/oauth2/register/${c.client_id}`);
    expect(c.client_secret).toBeTruthy();
    const row = await p.auth.$context.db.findOne<Record<string, unknown>>({
      model: "oauthClient",
      where: [{ field: "id", value: c.client_id }],
    });
    // Only a hash is kept.
    expect(JSON.stringify(row)).not.toContain(c.registration_access_token);
    const r = await configure(c.registration_client_uri, "GET", c.registration_access_token);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const read = (await r.json()) as Record<string, unknown>;
    expect(read).toMatchObject({
      client_id: c.client_id,
      client_name: "Agent",
      redirect_uris: ["https://agent.example.org/cb"],
      logo_uri: "https://agent.example.org/logo.png",
      token_endpoint_auth_method: "client_secret_basic",
      registration_client_uri: c.registration_client_uri,
    });
    expect(read.client_secret).toBeUndefined();
    expect(read.registration_access_token).toBeUndefined();
  });

  it("refuses a missing, wrong or another client's token, and configured or admin-made clients (401 invalid_token)", async () => {
    const a = await registered();
    const b = await registered();
    for (const method of ["GET", "PUT", "DELETE"]) {
      const body =
        method === "PUT" ? { client_id: a.client_id, redirect_uris: ["https://evil.example/cb"] } : undefined;
      await expectInvalidToken(await configure(a.registration_client_uri, method, null, body));
      await expectInvalidToken(await configure(a.registration_client_uri, method, "x".repeat(48), body));
      await expectInvalidToken(await configure(a.registration_client_uri, method, b.registration_access_token, body));
      // A's token on a configured client's URI, and on an unknown one.
      await expectInvalidToken(
        await configure(`${p.issuer}/oauth2/register/${CLIENTS.third.id}`, method, a.registration_access_token, body),
      );
      await expectInvalidToken(
        await configure(`${p.issuer}/oauth2/register/nope`, method, a.registration_access_token, body),
      );
    }
    // A client made by the server API has no registration token: nothing matches.
    const api = p.auth.api as unknown as {
      createOAuthClient(a: { body: unknown }): Promise<{ clientId: string }>;
    };
    const made = await api.createOAuthClient({
      body: { name: "Made", redirectUris: ["https://made.example/cb"] },
    });
    await expectInvalidToken(
      await configure(`${p.issuer}/oauth2/register/${made.clientId}`, "GET", a.registration_access_token),
    );
    // Nothing changed: A still reads its own metadata.
    const still = await configure(a.registration_client_uri, "GET", a.registration_access_token);
    expect(((await still.json()) as { redirect_uris: string[] }).redirect_uris).toEqual([
      "https://agent.example.org/cb",
    ]);
  });

  it("PUT replaces the metadata through the registration policies, and never makes a client first-party", async () => {
    const c = await registered({ token_endpoint_auth_method: "none" });
    const put = (body: Record<string, unknown>) =>
      configure(c.registration_client_uri, "PUT", c.registration_access_token, { client_id: c.client_id, ...body });
    const hostile: [Record<string, unknown>, number, string][] = [
      [{ redirect_uris: ["javascript:alert(1)"] }, 400, "invalid_redirect_uri"],
      [{ redirect_uris: ["http://evil.example/cb"] }, 400, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://agent.example.org/cb#x"] }, 400, "invalid_redirect_uri"],
      [
        { redirect_uris: ["https://agent.example.org/cb"], logo_uri: "https://bank.example/logo.png" },
        400,
        "invalid_client_metadata",
      ],
      [
        { redirect_uris: ["https://agent.example.org/cb"], policy_uri: "javascript:alert(1)" },
        400,
        "invalid_client_metadata",
      ],
      [
        { redirect_uris: ["https://agent.example.org/cb"], grant_types: ["authorization_code", "client_credentials"] },
        400,
        "invalid_client_metadata",
      ],
      [
        { redirect_uris: ["https://agent.example.org/cb"], token_endpoint_auth_method: "client_secret_post" },
        400,
        "invalid_client_metadata",
      ],
      [{ redirect_uris: ["https://agent.example.org/cb"], scope: "openid admin" }, 400, "invalid_client_metadata"],
      [{ redirect_uris: "https://agent.example.org/cb" }, 400, "invalid_client_metadata"],
      [{ redirect_uris: ["https://agent.example.org/cb"], client_id: "someone-else" }, 400, "invalid_request"],
      [{ redirect_uris: ["https://agent.example.org/cb"], client_id: CLIENTS.first.id }, 400, "invalid_request"],
    ];
    for (const [body, status, error] of hostile) {
      const r = await put(body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(((await r.json()) as { error: string }).error).toBe(error);
    }
    const ok = await put({
      client_name: "Renamed",
      redirect_uris: ["https://agent.example.org/new-cb", "http://127.0.0.1/native"],
      grant_types: ["authorization_code", "refresh_token"],
      skip_consent: true,
      skipConsent: true,
      disabled: false,
      client_secret: "ignored-for-public",
    });
    expect(ok.status).toBe(400);
    expect(((await ok.json()) as { error: string }).error).toBe("invalid_request");
    const good = await put({
      client_name: "Renamed",
      redirect_uris: ["https://agent.example.org/new-cb", "http://127.0.0.1/native"],
      grant_types: ["authorization_code", "refresh_token"],
      skip_consent: true,
      skipConsent: true,
    });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({
      client_id: c.client_id,
      client_name: "Renamed",
      redirect_uris: ["https://agent.example.org/new-cb", "http://127.0.0.1/native"],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "none",
    });
    const row = await p.auth.$context.db.findOne<Record<string, unknown>>({
      model: "oauthClient",
      where: [{ field: "id", value: c.client_id }],
    });
    expect(row).toMatchObject({ id: c.client_id, skipConsent: false, disabled: false });
    // The new redirect URI works through consent (never skipped); the old one is no longer registered.
    const user = await signUp(p);
    const t = await grantTokens(p, user.cookie, { id: c.client_id, redirect: "https://agent.example.org/new-cb" });
    expect(await userinfoStatus(p, t.access_token)).toBe(200);
  });

  it("a confidential client's PUT may prove its current secret, never a wrong one", async () => {
    const c = await registered();
    const put = (secret: string) =>
      configure(c.registration_client_uri, "PUT", c.registration_access_token, {
        client_id: c.client_id,
        client_secret: secret,
        redirect_uris: ["https://agent.example.org/cb2"],
      });
    expect((await put("wrong-secret")).status).toBe(400);
    expect((await put(c.client_secret as string)).status).toBe(200);
    expect(await secretWorks(p, c.client_id, c.client_secret as string)).toBe(true);
  });

  it("DELETE removes the client: its tokens die, its consents and codes go, its tokens and secret stop working", async () => {
    const c = await registered({ grant_types: ["authorization_code", "refresh_token"] });
    const user = await signUp(p);
    const client = { id: c.client_id, secret: c.client_secret, redirect: "https://agent.example.org/cb" };
    const t = await grantTokens(p, user.cookie, client);
    expect(await userinfoStatus(p, t.access_token)).toBe(200);
    const db = p.auth.$context.db;
    expect(await db.count({ model: "oauthConsent", where: [{ field: "clientId", value: c.client_id }] })).toBe(1);
    const r = await configure(c.registration_client_uri, "DELETE", c.registration_access_token);
    expect(r.status).toBe(204);
    expect(await userinfoStatus(p, t.access_token)).toBe(401);
    expect(await db.count({ model: "oauthConsent", where: [{ field: "clientId", value: c.client_id }] })).toBe(0);
    expect(await db.count({ model: "oauthCode", where: [{ field: "clientId", value: c.client_id }] })).toBe(0);
    expect(
      await db.count({
        model: "oauthToken",
        where: [
          { field: "clientId", value: c.client_id },
          { field: "revokedAt", value: null },
        ],
      }),
    ).toBe(0);
    expect(await secretWorks(p, c.client_id, c.client_secret as string)).toBe(false);
    await expectInvalidToken(await configure(c.registration_client_uri, "GET", c.registration_access_token));
    await expectInvalidToken(await configure(c.registration_client_uri, "DELETE", c.registration_access_token));
  });
});

describe("initial access tokens and registration policies", () => {
  const meta = { client_name: "Gated", redirect_uris: ["https://gated.example.org/cb"] };
  it("without a configured initial access token, registration is refused 401 invalid_token", async () => {
    await expectInvalidToken(await register(gated, meta));
    await expectInvalidToken(await register(gated, meta, { authorization: "Bearer wrong-token-0123456789" }));
    await expectInvalidToken(await register(gated, meta, { authorization: `Basic ${btoa(`${INITIAL}:x`)}` }));
    await expectInvalidToken(await register(gated, meta, { authorization: `Bearer ${INITIAL}x` }));
    for (const token of [INITIAL, "another-initial-token-abcdefgh"]) {
      const r = await register(gated, meta, { authorization: `Bearer ${token}` });
      expect(r.status).toBe(201);
      expect(((await r.json()) as Registered).registration_access_token).toBeTruthy();
    }
  });

  it("an app check function decides; the scheme and grant type policies hold", async () => {
    await expectInvalidToken(await register(strict, meta, { authorization: `Bearer ${INITIAL}` }));
    const auth = { authorization: "Bearer from-the-app-check-0123456789" };
    expect((await register(strict, meta, auth)).status).toBe(201);
    const loopback = await register(strict, { redirect_uris: ["http://127.0.0.1/cb"] }, auth);
    expect(loopback.status).toBe(400);
    expect(((await loopback.json()) as { error: string }).error).toBe("invalid_redirect_uri");
    const native = await register(strict, { redirect_uris: ["com.example.app:/cb"] }, auth);
    expect(native.status).toBe(400);
    const refresh = await register(strict, { ...meta, grant_types: ["authorization_code", "refresh_token"] }, auth);
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe("invalid_client_metadata");
    // The default provider allows both.
    expect(
      (
        await register(p, {
          redirect_uris: ["http://127.0.0.1/cb"],
          grant_types: ["authorization_code", "refresh_token"],
        })
      ).status,
    ).toBe(201);
  });

  it("refuses bad policy options at start-up", () => {
    expect(() =>
      startProviderSync({ allowDynamicClientRegistration: true, registrationInitialAccessTokens: ["short"] }),
    ).toThrow(/at least 16/);
    expect(() => startProviderSync({ registrationInitialAccessTokens: [INITIAL] })).toThrow(
      /allowDynamicClientRegistration/,
    );
    expect(() =>
      startProviderSync({ allowDynamicClientRegistration: true, registrationGrantTypes: ["refresh_token"] }),
    ).toThrow(/authorization_code/);
  });
});

const startProviderSync = (o: Parameters<typeof oauthProvider>[0]) => oauthProvider(o);

describe("rate limits", () => {
  it("the configuration endpoint allows 10 calls a minute per address, like registration: a token guesser is stopped", async () => {
    const limited = await startProvider("sqlite", { allowDynamicClientRegistration: true }, [], true);
    try {
      const r = await register(limited, { redirect_uris: ["https://agent.example.org/cb"] });
      const c = (await r.json()) as Registered;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await configure(c.registration_client_uri, "GET", `guess-${i}`)).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
