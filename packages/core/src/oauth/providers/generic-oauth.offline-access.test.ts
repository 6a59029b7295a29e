// OIDC Core §11: a refresh token for `offline_access` is granted only with prompt=consent. A provider
// configured with the scope and no prompt must still get one, so Gatehouse adds the prompt itself.
import { afterEach, describe, expect, it } from "vitest";
import type { SocialProviderOption } from "../../options/auth-options.js";
import { type FakeOAuthServer, startFakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { makeTestAuth } from "../../testing/make-test-auth.js";
import { createTestClient } from "../../testing/test-client.js";

const servers: FakeOAuthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The authorization URL `/sign-in/social` answers for a provider configured as `acme`. */
async function authorizationQuery(acme: Partial<SocialProviderOption>, body: Record<string, unknown> = {}) {
  const idp = await startFakeOAuthServer();
  servers.push(idp);
  const auth = makeTestAuth({
    socialProviders: {
      acme: { clientId: "acme-client", discoveryUrl: `${idp.url}/.well-known/openid-configuration`, ...acme },
    },
  });
  const r = await createTestClient(auth).post("/sign-in/social", { provider: "acme", callbackURL: "/x", ...body });
  expect(r.status, r.text).toBe(200);
  return new URL(r.body.url).searchParams;
}

describe("generic OIDC and offline_access", () => {
  it("sends prompt=consent when the configured scopes ask for offline_access", async () => {
    const q = await authorizationQuery({ scope: ["offline_access"] });
    expect(q.get("scope")).toBe("openid email profile offline_access");
    expect(q.get("prompt")).toBe("consent");
  });

  it("and when a sign-in call asks for offline_access", async () => {
    const q = await authorizationQuery({}, { scopes: ["offline_access"] });
    expect(q.get("prompt")).toBe("consent");
  });

  it("keeps a prompt the app set itself, and sends none without offline_access", async () => {
    expect((await authorizationQuery({ scope: ["offline_access"], prompt: "login consent" })).get("prompt")).toBe(
      "login consent",
    );
    const params = { scope: ["offline_access"], authorizationParams: { prompt: "select_account" } };
    expect((await authorizationQuery(params)).get("prompt")).toBe("select_account");
    expect((await authorizationQuery({})).get("prompt")).toBeNull();
  });
});
