import { startFakeOAuthServer } from "@gatehouse-auth/core/testing";
import type { FakeOAuthServer, TestClient } from "@gatehouse-auth/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { eventsOf, makeAuditAuth, newUser, storedEvents } from "./test-helpers.js";

type Claims = { sub: string; email: string; email_verified: boolean; name?: string };
const encode = (c: Claims) => Buffer.from(JSON.stringify(c)).toString("base64url");
const decode = (v: string) => JSON.parse(Buffer.from(v, "base64url").toString()) as Claims;

const servers: FakeOAuthServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

/** A fake OIDC provider whose authorization codes carry the claims they sign in with. */
async function fakeProvider() {
  const holder: { idp?: FakeOAuthServer } = {};
  const idp = await startFakeOAuthServer({
    "POST /token": async (req) => {
      const claims = decode((req.form?.get("code") ?? "").slice(5));
      const self = holder.idp as FakeOAuthServer;
      return {
        json: {
          access_token: "at-secret-value",
          refresh_token: "rt-secret-value",
          token_type: "Bearer",
          expires_in: 3600,
          id_token: await self.signIdToken({ iss: self.url, aud: "acme-client", ...claims }),
        },
      };
    },
    "GET /userinfo": () => ({ json: {} }),
  });
  holder.idp = idp;
  servers.push(idp);
  const config = {
    clientId: "acme-client",
    clientSecret: "acme-secret",
    issuer: idp.url,
    endpoints: {
      authorization: `${idp.url}/authorize`,
      token: `${idp.url}/token`,
      userInfo: `${idp.url}/userinfo`,
      jwks: `${idp.url}/jwks`,
    },
  };
  return { idp, config, codeFor: (c: Claims) => `code.${encode(c)}` };
}

/** Starts a flow at `path`, visits the provider (it records the nonce), and comes back with `claims`. */
async function throughProvider(client: TestClient, path: string, code: string) {
  const start = await client.post(path, { provider: "acme", callbackURL: "/home" });
  expect(start.status, start.text).toBe(200);
  const url = new URL(start.body.url);
  await fetch(url, { redirect: "manual" });
  return client.get("/callback/acme", { query: { code, state: url.searchParams.get("state") ?? "" } });
}

describe("social events over HTTP", () => {
  it("records an account linked through the provider, and a social sign-in with its method", async () => {
    const fake = await fakeProvider();
    const env = makeAuditAuth({}, { socialProviders: { acme: fake.config } });
    const u = await newUser(env);
    const claims = { sub: "acme-1", email: u.email, email_verified: true };
    const linked = await throughProvider(u.client, "/link-social", fake.codeFor(claims));
    expect(linked.status).toBe(302);
    expect(linked.headers.get("location")).not.toContain("error");
    const [link] = await eventsOf(env, "account.linked");
    expect(link).toMatchObject({
      userId: u.userId,
      actorUserId: u.userId,
      outcome: "success",
      details: { providerId: "acme" },
    });
    expect(link?.details.refused).toBeUndefined();

    const fresh = (await import("./test-helpers.js")).createTestClient(env.auth);
    const signedIn = await throughProvider(fresh, "/sign-in/social", fake.codeFor(claims));
    expect(signedIn.status).toBe(302);
    const social = (await eventsOf(env, "user.signed_in")).filter((e) => e.details.method === "social:acme");
    expect(social).toHaveLength(1);
    expect(social[0]?.userId).toBe(u.userId);
    expect((await u.client.post("/unlink-account", { providerId: "acme" })).status).toBe(200);
    const [unlinked] = await eventsOf(env, "account.unlinked");
    expect(unlinked).toMatchObject({ userId: u.userId, outcome: "success", details: { providerId: "acme" } });
    const all = JSON.stringify(await storedEvents(env));
    for (const secret of ["at-secret-value", "rt-secret-value", fake.codeFor(claims)])
      expect(all).not.toContain(secret);
  });
});
