import { afterEach, describe, expect, it } from "vitest";
import { type FakeOAuthServer, startFakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { createTestClient } from "../../testing/test-client.js";
import { authWith, sessionUser, signInThrough, storedAccount } from "./provider-flow.test-helper.js";
import { CLIENT_ID, ROWS } from "./provider-rows.test-helper.js";
import { fakeFor, providerFor, REDIRECT, SECRET } from "./provider-table-fake.test-helper.js";
import type { ProviderCase, ProviderRow } from "./provider-table.test-helper.js";

/**
 * Every built-in provider, one row each (provider-rows.test-helper.ts): the whole sign-in through
 * auth.handler against a fake on 127.0.0.1 that checks what the real provider checks — PKCE, the
 * registered redirect URI, the client's credentials where the provider takes them, the grant type,
 * codes used once — and refuses otherwise. Provider-specific edges are in <provider>.test.ts.
 */

const flowOptions = (row: ProviderRow) => ({ formPost: row.formPost, extraQuery: row.extraQuery });

describe.each(ROWS)("$id", (row) => {
  const [main, ...others] = row.cases as [ProviderCase, ...ProviderCase[]];

  it("signs up through the whole flow against a fake that checks what the provider checks; a code works once", async () => {
    const fake = await fakeFor(row, main.person);
    const auth = authWith(providerFor(row, fake));
    const code = fake.code;
    const flow = await signInThrough(auth, row.id, code, flowOptions(row));
    expect(fake.refusals).toEqual([]);

    const q = flow.authorizationURL.searchParams;
    expect(flow.authorizationURL.origin + flow.authorizationURL.pathname).toBe(`${fake.server.url}/authorize`);
    expect(q.get("response_type")).toBe("code");
    expect(q.get(row.clientIdParam ?? "client_id")).toBe(CLIENT_ID);
    expect(q.get("redirect_uri")).toBe(REDIRECT(row.id));
    expect(q.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(q.get("scope")).toBe(row.scope);
    expect(q.get("code_challenge_method")).toBe(row.pkce ? "S256" : null);
    // A provider whose ID tokens are checked gets the nonce they must carry.
    if (row.claims) expect(q.get("nonce")).toMatch(/^[A-Za-z0-9]{32}$/);

    expect(flow.error).toBeNull();
    expect(flow.location).toBe("/dashboard");
    expect(await sessionUser(flow.client)).toMatchObject(main.user);
    expect((await storedAccount(auth, row.id))?.accountId).toBe(row.accountId);

    const replay = await signInThrough(auth, row.id, code, flowOptions(row));
    expect(replay.error).toBe("invalid_code");
    expect(fake.refusals).toEqual(["code unknown or already used"]);
    expect(await sessionUser(replay.client)).toBeNull();

    const refreshed = await flow.client.post("/refresh-token", { providerId: row.id });
    if (row.refresh === false) {
      expect(refreshed.status).toBe(400);
    } else {
      expect(refreshed.status, refreshed.text).toBe(200);
      expect(refreshed.body.accessToken).toBe(fake.issued.accessTokens.at(-1));
      expect(fake.issued.accessTokens).toHaveLength(2);
    }
  });

  it.each(others)("a second person: $user.email, verified $user.emailVerified", async (other) => {
    const fake = await fakeFor(row, other.person);
    const flow = await signInThrough(authWith(providerFor(row, fake)), row.id, fake.code, flowOptions(row));
    expect(fake.refusals).toEqual([]);
    expect(await sessionUser(flow.client)).toMatchObject(other.user);
  });

  it("a client with the wrong credentials, or another redirect URI than the registered one, is refused", async () => {
    // VK ID authenticates the exchange by PKCE alone: no secret to get wrong.
    if (row.auth !== "pkce-only") {
      const fake = await fakeFor(row, main.person, "the-real-secret");
      const wrongSecret = await signInThrough(authWith(providerFor(row, fake)), row.id, fake.code, flowOptions(row));
      expect(wrongSecret.error).toMatch(/^invalid_(code|client)$/);
      expect(await sessionUser(wrongSecret.client)).toBeNull();
      expect(fake.refusals).toEqual([expect.stringMatching(/^wrong/)]);
    }

    if (row.redirectAtToken === false) return;
    const fair = await fakeFor(row, main.person);
    const elsewhere = authWith(providerFor(row, fair, { redirectURI: "https://attacker.example/callback" }));
    const moved = await signInThrough(elsewhere, row.id, fair.code, flowOptions(row));
    expect(moved.error).toBe("invalid_code");
    expect(fair.refusals).toEqual(["redirect_uri is not the registered one"]);
  });

  it(row.revoke ? "revokes a token the way the provider takes it" : "offers no revocation", async () => {
    const fake = await fakeFor(row, main.person);
    const provider = providerFor(row, fake);
    const { revoke } = row;
    if (!revoke) {
      expect(provider.revokeToken).toBeUndefined();
      return;
    }
    await provider.revokeToken?.("token-to-revoke");
    const [req] = fake.server.requestsTo("/revoke");
    expect(req).toBeDefined();
    if (!req) return;
    if (typeof revoke === "function") return revoke(req, "token-to-revoke");
    expect(req.form?.get("token")).toBe("token-to-revoke");
    if (row.auth === "basic") expect(req.headers.authorization).toBe(`Basic ${btoa(`${CLIENT_ID}:${SECRET}`)}`);
    else expect([req.form?.get("client_id"), req.form?.get("client_secret")]).toEqual([CLIENT_ID, SECRET]);
  });
});

describe.each(ROWS.filter((row) => row.sharesNoEmail))("$id shares no email", (row) => {
  it("without a mapProfile that supplies one, the callback says email_not_found", async () => {
    const fake = await fakeFor(row, (row.cases[0] as ProviderCase).person);
    const auth = authWith(providerFor(row, fake, { mapProfile: undefined }));
    const flow = await signInThrough(auth, row.id, fake.code, flowOptions(row));
    expect(flow.error).toBe("email_not_found");
    expect(await sessionUser(flow.client)).toBeNull();
  });
});

const forgers: FakeOAuthServer[] = [];
afterEach(async () => {
  await Promise.all(forgers.splice(0).map((s) => s.close()));
});

describe.each(ROWS.filter((row) => row.claims))("$id ID tokens from native SDKs", (row) => {
  it("signs in with one the provider signed, and refuses one signed with another key", async () => {
    const person = (row.cases[0] as ProviderCase).person;
    const fake = await fakeFor(row, person);
    const auth = authWith(providerFor(row, fake));
    const claims = row.claims?.(fake.server, person) ?? {};
    const ok = await createTestClient(auth).post("/sign-in/social", {
      provider: row.id,
      idToken: { token: await fake.server.signIdToken(claims) },
    });
    // Providers whose ID token carries no email (Railway's has only sub) cannot sign in by ID token alone.
    if (claims.email === undefined) expect(ok.body?.code).toBe("USER_EMAIL_NOT_FOUND");
    else expect(ok.status, ok.text).toBe(200);

    const forger = await startFakeOAuthServer();
    forgers.push(forger);
    const forged = await createTestClient(auth).post("/sign-in/social", {
      provider: row.id,
      idToken: { token: await forger.signIdToken(claims) },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe("INVALID_ID_TOKEN");
  });
});
