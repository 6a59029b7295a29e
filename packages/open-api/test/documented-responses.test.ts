// The document against the server it describes: a realistic session over HTTP (core with social
// sign-in through a fake OIDC provider, organization, admin, API keys) where every answer — success or
// error — must be a status the operation documents, with a body that validates against the documented
// schema. A response schema that drifts from what the handler really returns fails here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClient, startFakeOAuthServer } from "@gatehouse-auth/core/testing";
import type { FakeOAuthServer } from "@gatehouse-auth/core/testing";
import type { OpenAPIDocument } from "../src/open-api-types.js";
import { makeOpenAPIAuth } from "../src/test-helpers.js";
import { documentedCaller, isGeneric } from "./documented-scenario.js";

/**
 * The organization plugin's bodies are held against real answers by their own scenario
 * (documented-organization-responses.test.ts); this one still calls a few of its operations.
 */
const SCENARIO_ELSEWHERE = "organization";

/** Operations whose 200 body really is free-form, with the reason. None so far. */
const FREE_FORM = new Map<string, string>();

/** The user a fake provider's authorization code or ID token names. */
type AcmeClaims = { sub: string; email: string; email_verified: boolean; name: string };

/**
 * A fake OIDC provider on 127.0.0.1, configured as the generic provider `acme`: each authorization code
 * names the user it signs in; refreshes answer `at.refreshed.<n>`.
 */
async function startAcme() {
  const codes = new Map<string, AcmeClaims>();
  let refreshes = 0;
  const idp: FakeOAuthServer = await startFakeOAuthServer({
    "POST /token": async (req) => {
      if (req.form?.get("grant_type") === "refresh_token") {
        refreshes++;
        return {
          json: {
            access_token: `at.refreshed.${refreshes}`,
            refresh_token: `rt.refreshed.${refreshes}`,
            token_type: "Bearer",
            expires_in: 3600,
          },
        };
      }
      const claims = codes.get(req.form?.get("code") ?? "");
      if (!claims) return { status: 400, json: { error: "invalid_grant" } };
      return {
        json: {
          access_token: `at.${claims.sub}`,
          refresh_token: `rt.${claims.sub}`,
          token_type: "Bearer",
          expires_in: 3600,
          scope: "openid email",
          id_token: await idToken(claims),
        },
      };
    },
  });
  const idToken = (claims: AcmeClaims) => idp.signIdToken({ iss: idp.url, aud: "acme-client", ...claims });
  return {
    idp,
    config: {
      clientId: "acme-client",
      clientSecret: "acme-secret",
      issuer: idp.url,
      endpoints: { authorization: `${idp.url}/authorize`, token: `${idp.url}/token`, jwks: `${idp.url}/jwks` },
    },
    codeFor(claims: AcmeClaims): string {
      const code = `code.${codes.size}`;
      codes.set(code, claims);
      return code;
    },
    idToken,
  };
}

describe("the document matches the server's real answers", () => {
  const mail: { type: string; token: string }[] = [];
  const lastToken = (type: string) => mail.filter((m) => m.type === type).at(-1)?.token ?? "";
  const makeAuth = (provider: Awaited<ReturnType<typeof startAcme>>) =>
    makeOpenAPIAuth(
      {},
      {
        socialProviders: { acme: provider.config },
        emailAndPassword: {
          enabled: true,
          sendResetPassword: ({ token }) => void mail.push({ type: "reset", token }),
        },
        emailVerification: { sendVerificationEmail: ({ token }) => void mail.push({ type: "verify", token }) },
        user: {
          additionalFields: { nickname: { type: "string", required: false } },
          changeEmail: {
            enabled: true,
            sendChangeEmailConfirmation: ({ token }) => void mail.push({ type: "change-email", token }),
          },
          deleteUser: {
            enabled: true,
            sendDeleteAccountVerification: ({ token }) => void mail.push({ type: "delete", token }),
          },
        },
        account: { accountLinking: { allowUnlinkingAll: true } },
      },
    );
  let acme: Awaited<ReturnType<typeof startAcme>>;
  let auth: ReturnType<typeof makeAuth>;
  let doc: OpenAPIDocument;
  // Operations a real 2xx/3xx answer was checked against.
  const answered = new Set<string>();

  beforeAll(async () => {
    acme = await startAcme();
    auth = makeAuth(acme);
    doc = (await createTestClient(auth).get("/open-api/generate-schema")).body;
  });
  afterAll(() => acme?.idp.close());

  /** Sends one request to `template` (with `params` filled in) and checks the answer against the document. */
  const call = documentedCaller(() => doc, answered);

  it("validates every answer of a realistic session against its operation's documented responses", async () => {
    const anon = createTestClient(auth);
    const a = createTestClient(auth);
    const email = "ada@example.com";
    let password = "password-123";

    // Sign-up, sessions, profile.
    const signedUp = await call(a, "post", "/sign-up/email", {
      body: { name: "Ada", email, password, nickname: "ada" },
    });
    const adaId: string = signedUp.body.user.id;
    expect(signedUp.body.user.nickname).toBe("ada");
    expect((await call(anon, "get", "/get-session")).body).toBeNull();
    await call(a, "get", "/get-session");
    expect((await call(anon, "post", "/sign-up/email", { body: { name: "A", email, password } })).status).toBe(422);
    expect((await call(anon, "post", "/sign-in/email", { body: { email, password: "wrong-pass" } })).status).toBe(401);
    const a2 = createTestClient(auth);
    const second = await call(a2, "post", "/sign-in/email", { body: { email, password, callbackURL: "/home" } });
    await call(a, "get", "/list-sessions");
    await call(a, "post", "/revoke-session", { body: { token: second.body.token } });
    await call(a, "post", "/update-user", { body: { nickname: "countess" } });
    expect((await call(a, "post", "/update-user", { body: { email: "x@example.com" } })).status).toBe(400);

    // Email verification and change, password change.
    await call(a, "post", "/send-verification-email", { body: { email } });
    await call(a, "get", "/verify-email", { query: { token: lastToken("verify") } });
    await call(a, "post", "/change-email", { body: { newEmail: "ada.l@example.com" } });
    await call(a, "post", "/change-password", {
      body: { currentPassword: password, newPassword: "password-456", revokeOtherSessions: true },
    });
    await call(a, "post", "/change-password", {
      body: { currentPassword: "password-456", newPassword: "password-789" },
    });
    password = "password-789";
    await call(a, "get", "/list-accounts");

    // Refusals the pipeline derives: no session, bad input, untrusted origin.
    expect((await call(anon, "get", "/list-sessions")).status).toBe(401);
    expect((await call(a, "post", "/revoke-session", { body: {} })).status).toBe(400);
    const evil = await call(a, "post", "/update-user", {
      body: { name: "Eve" },
      headers: { origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    expect((await call(a, "get", "/get-session", { query: { disableRefresh: "maybe" } })).status).toBe(400);

    // Pages and the document itself.
    await call(anon, "get", "/ok");
    await call(anon, "get", "/capabilities");
    await call(anon, "get", "/ready"); // readiness: the memory adapter and no secondary storage
    await call(anon, "get", "/error", { query: { error: "state_not_found" } });
    await call(anon, "get", "/reference");
    await call(anon, "get", "/open-api/generate-schema");

    // Organizations.
    const org = await call(a, "post", "/organization/create", { body: { name: "Analytical", slug: "analytical" } });
    const organizationId: string = org.body.id;
    await call(a, "post", "/organization/check-slug", { body: { slug: "engines" } });
    await call(a, "get", "/organization/list");
    await call(a, "get", "/organization/get-full-organization", { query: { organizationId } });
    await call(a, "post", "/organization/update", { body: { organizationId, data: { name: "Analytical Engines" } } });
    await call(a, "get", "/organization/list-members", { query: { organizationId } });
    await call(a, "post", "/organization/set-active", { body: { organizationId } });
    await call(a, "get", "/organization/get-active-member");
    await call(a, "post", "/organization/create-team", { body: { name: "Mills", organizationId } });
    await call(a, "get", "/organization/list-teams", { query: { organizationId } });
    const b = createTestClient(auth);
    await call(b, "post", "/sign-up/email", { body: { name: "Bea", email: "bea@example.com", password } });
    const invitation = await call(a, "post", "/organization/invite-member", {
      body: { email: "bea@example.com", role: "member", organizationId },
    });
    await call(a, "get", "/organization/list-invitations", { query: { organizationId } });
    await call(b, "get", "/organization/list-user-invitations");
    await call(b, "post", "/organization/accept-invitation", { body: { invitationId: invitation.body.id } });

    // Admin: Ada becomes one; Eve is created, managed, impersonated, banned and removed.
    await auth.$context.users.update(adaId, { role: "admin" });
    expect((await call(b, "get", "/admin/list-users")).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_LIST_USERS");
    const users = await call(a, "get", "/admin/list-users", { query: { sortBy: "email", limit: "10" } });
    expect(users.body.users.find((u: { id: string }) => u.id === adaId).role).toBe("admin");
    const created = await call(a, "post", "/admin/create-user", {
      body: { email: "eve@example.com", password, name: "Eve", role: "user", data: { nickname: "eve" } },
    });
    const eveId: string = created.body.user.id;
    const again = await call(a, "post", "/admin/create-user", { body: { email: "eve@example.com", name: "Eve" } });
    expect(again.body.code).toBe("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    expect((await call(a, "get", "/admin/get-user", { query: { id: eveId } })).body.banned).toBe(false);
    expect((await call(a, "get", "/admin/get-user", { query: { id: "nobody" } })).status).toBe(404);
    await call(a, "post", "/admin/update-user", { body: { userId: eveId, data: { name: "Eve Adams" } } });
    await call(a, "post", "/admin/set-role", { body: { userId: eveId, role: ["user"] } });
    expect((await call(a, "post", "/admin/set-role", { body: { userId: eveId, role: "czar" } })).status).toBe(400);
    const e = createTestClient(auth);
    await call(e, "post", "/sign-in/email", { body: { email: "eve@example.com", password } });
    const eveSessions = await call(a, "post", "/admin/list-user-sessions", { body: { userId: eveId } });
    expect(eveSessions.body.sessions[0]).not.toHaveProperty("token");
    await call(a, "post", "/admin/revoke-user-session", { body: { sessionId: eveSessions.body.sessions[0].id } });
    await call(e, "post", "/sign-in/email", { body: { email: "eve@example.com", password } });
    await call(a, "post", "/admin/revoke-user-sessions", { body: { userId: eveId } });
    const asEve = await call(a, "post", "/admin/impersonate-user", { body: { userId: eveId } });
    expect(asEve.body.session.impersonatedBy).toBe(adaId);
    expect((await call(a, "post", "/admin/has-permission", { body: { permissions: { user: ["ban"] } } })).body).toEqual(
      { success: false, error: expect.any(String) },
    );
    expect((await call(a, "post", "/admin/stop-impersonating")).body.user.id).toBe(adaId);
    expect((await call(a, "post", "/admin/stop-impersonating")).body.code).toBe("NOT_IMPERSONATING");
    await call(a, "post", "/admin/has-permission", { body: { permissions: { user: ["ban"] } } });
    const banned = await call(a, "post", "/admin/ban-user", {
      body: { userId: eveId, banReason: "spam", banExpiresIn: 3600 },
    });
    expect(banned.body.user).toMatchObject({ banned: true, banReason: "spam" });
    expect((await call(a, "post", "/admin/impersonate-user", { body: { userId: eveId } })).body.code).toBe(
      "BANNED_USER",
    );
    expect((await call(a, "post", "/admin/ban-user", { body: { userId: adaId } })).body.code).toBe(
      "CANNOT_BAN_YOURSELF",
    );
    await call(a, "post", "/admin/unban-user", { body: { userId: eveId } });
    await call(a, "post", "/admin/set-user-password", { body: { userId: eveId, newPassword: "password-eve" } });
    await call(a, "post", "/admin/remove-user", { body: { userId: eveId } });
    expect((await call(a, "post", "/admin/remove-user", { body: { userId: eveId } })).status).toBe(404);

    // API keys: a session over HTTP; the key itself authenticates other endpoints, get-session included.
    expect((await call(anon, "get", "/api-key/list")).status).toBe(401);
    const made = await call(a, "post", "/api-key/create", { body: { name: "ci", metadata: { team: "ops" } } });
    expect(made.body.key).toEqual(expect.any(String));
    const key: string = made.body.key;
    const keyId: string = made.body.id;
    const widened = await call(a, "post", "/api-key/create", { body: { name: "more", remaining: 5 } });
    expect(widened.body.code).toBe("SERVER_ONLY_PROPERTY");
    expect((await call(a, "get", "/api-key/list")).body.apiKeys[0]).not.toHaveProperty("key");
    expect((await call(a, "get", "/api-key/get", { query: { id: keyId } })).body).not.toHaveProperty("key");
    expect((await call(a, "get", "/api-key/get", { query: { id: "nope" } })).body.code).toBe("KEY_NOT_FOUND");
    await call(a, "post", "/api-key/update", { body: { keyId, name: "deploys" } });
    expect((await call(anon, "post", "/api-key/verify", { body: { key } })).body.valid).toBe(true);
    const refused = await call(anon, "post", "/api-key/verify", { body: { key: "nope" } });
    expect(refused.body).toMatchObject({ valid: false, error: { code: "INVALID_API_KEY" }, key: null });
    const byKey = await call(anon, "get", "/get-session", { headers: { "x-api-key": key } });
    expect(byKey.body.session).toMatchObject({ id: keyId, apiKeyId: keyId, userId: adaId, token: "" });
    expect((await call(anon, "get", "/get-session", { headers: { "x-api-key": "nope" } })).status).toBe(401);
    await call(anon, "get", "/list-sessions", { headers: { "x-api-key": key } });
    expect((await call(anon, "get", "/list-sessions", { headers: { "x-api-key": "nope" } })).status).toBe(401);
    expect((await call(a, "post", "/api-key/delete-all-expired-api-keys")).body).toEqual({ success: true, deleted: 0 });
    await call(a, "post", "/api-key/delete", { body: { keyId } });
    expect((await call(a, "post", "/api-key/delete", { body: { keyId } })).status).toBe(404);

    // Social sign-in through the fake provider: the browser's round trip, Apple's form_post, ID tokens.
    const grace = { sub: "g-1", email: "grace@example.com", email_verified: true, name: "Grace" };
    const g = createTestClient(auth);
    const started = await call(g, "post", "/sign-in/social", { body: { provider: "acme", callbackURL: "/dashboard" } });
    expect(started.body.redirect).toBe(true);
    // The browser visits the provider, which records the nonce its ID token must carry.
    await fetch(started.body.url, { redirect: "manual" });
    const state = new URL(started.body.url).searchParams.get("state") ?? "";
    const back = await call(g, "get", "/callback/{id}", {
      params: { id: "acme" },
      query: { code: acme.codeFor(grace), state },
    });
    expect(back.headers.get("location")).toBe("/dashboard");
    const lost = await call(anon, "get", "/callback/{id}", {
      params: { id: "acme" },
      query: { code: "x", state: "y" },
    });
    expect(lost.headers.get("location")).toContain("error=");
    const h = createTestClient(auth);
    const viaForm = await call(h, "post", "/sign-in/social", {
      body: { provider: "acme", callbackURL: "/dashboard", disableRedirect: true },
    });
    expect(viaForm.body.redirect).toBe(false);
    await fetch(viaForm.body.url, { redirect: "manual" });
    const posted = await call(h, "post", "/callback/{id}", {
      params: { id: "acme" },
      body: new URLSearchParams({
        code: acme.codeFor(grace),
        state: new URL(viaForm.body.url).searchParams.get("state") ?? "",
      }).toString(),
      raw: true,
      // Cross-site, as the provider's page posts it.
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://idp.example" },
    });
    expect(posted.status).toBe(303);
    const redirected = Object.fromEntries(new URL(posted.headers.get("location") ?? "").searchParams);
    await call(h, "get", "/callback/{id}", { params: { id: "acme" }, query: redirected });
    const ida = { sub: "i-1", email: "ida@example.com", email_verified: true, name: "Ida" };
    const i = createTestClient(auth);
    const atOnce = await call(i, "post", "/sign-in/social", {
      body: { provider: "acme", idToken: { token: await acme.idToken(ida) } },
    });
    expect(atOnce.body).toMatchObject({ redirect: false, url: null, user: { email: "ida@example.com" } });
    const forged = await call(anon, "post", "/sign-in/social", {
      body: { provider: "acme", idToken: { token: "x.y.z" } },
    });
    expect(forged.body.code).toBe("INVALID_ID_TOKEN");
    expect((await call(anon, "post", "/sign-in/social", { body: { provider: "nope" } })).status).toBe(404);

    // Linking a provider account to an email user: the round trip's start, and an ID token at once.
    const linkStart = await call(b, "post", "/link-social", { body: { provider: "acme", callbackURL: "/settings" } });
    expect(linkStart.body.redirect).toBe(true);
    const bea = { sub: "b-1", email: "bea@example.com", email_verified: true, name: "Bea" };
    const linked = await call(b, "post", "/link-social", {
      body: { provider: "acme", idToken: { token: await acme.idToken(bea) } },
    });
    expect(linked.body).toEqual({ redirect: false, status: true });
    const taken = await call(b, "post", "/link-social", {
      body: { provider: "acme", idToken: { token: await acme.idToken(grace) } },
    });
    expect(taken.body.code).toBe("ACCOUNT_ALREADY_LINKED_TO_DIFFERENT_USER");

    // The provider's tokens and profile behind a linked account.
    const tokens = await call(g, "post", "/get-access-token", { body: { providerId: "acme" } });
    expect(tokens.body.accessToken).toBe("at.g-1");
    const refreshed = await call(g, "post", "/refresh-token", { body: { providerId: "acme" } });
    expect(refreshed.body.accessToken).toMatch(/^at\.refreshed\./);
    const noToken = await call(i, "post", "/get-access-token", { body: { providerId: "acme" } });
    expect(noToken.body.code).toBe("FAILED_TO_GET_ACCESS_TOKEN");
    expect((await call(anon, "post", "/get-access-token", { body: { providerId: "acme" } })).status).toBe(401);
    expect((await call(g, "post", "/refresh-token", { body: { providerId: "credential" } })).status).toBe(400);
    const info = await call(g, "post", "/account-info", { body: { accountId: "g-1" } });
    expect(info.body.user).toMatchObject({ id: "g-1", email: "grace@example.com" });
    expect((await call(g, "post", "/account-info", { body: { accountId: "nope" } })).body.code).toBe(
      "ACCOUNT_NOT_FOUND",
    );
    // better-auth's client asks by GET with a query; same answer.
    const byGet = await call(g, "get", "/account-info", { query: { accountId: "g-1" } });
    expect(byGet.body).toEqual(info.body);
    expect((await call(g, "get", "/account-info")).body.code).toBe("VALIDATION_ERROR");

    // Password reset by mail.
    await call(anon, "post", "/request-password-reset", { body: { email: "bea@example.com" } });
    await call(anon, "post", "/forget-password", { body: { email: "nobody@example.com" } });
    await call(anon, "get", "/reset-password/{token}", { params: { token: lastToken("reset") } });
    await call(anon, "post", "/reset-password", { body: { token: lastToken("reset"), newPassword: "password-000" } });

    // Ending sessions, unlinking, deleting.
    const a3 = createTestClient(auth);
    await call(a3, "post", "/sign-in/email", { body: { email: "ada@example.com", password } });
    await call(a, "post", "/revoke-other-sessions");
    await call(a, "post", "/unlink-account", { body: { providerId: "credential" } });
    await call(a, "post", "/revoke-sessions");
    await call(a3, "post", "/sign-out");

    const c = createTestClient(auth);
    await call(c, "post", "/sign-up/email", { body: { name: "Cy", email: "cy@example.com", password } });
    await call(c, "post", "/delete-user", { body: { password } });
    const d = createTestClient(auth);
    await call(d, "post", "/sign-up/email", { body: { name: "Di", email: "di@example.com", password } });
    await call(d, "post", "/delete-user");
    await call(d, "get", "/delete-user/callback", { query: { token: lastToken("delete") } });

    // Every documented JSON body met a real answer.
    const unchecked: string[] = [];
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        const schema = op.responses[200]?.content?.["application/json"]?.schema;
        if (op.tags.includes(SCENARIO_ELSEWHERE)) continue;
        if (schema && !isGeneric(schema) && !answered.has(op.operationId)) unchecked.push(op.operationId);
      }
    }
    expect(unchecked).toEqual([]);
  });

  it("leaves no JSON operation on the generic 200 object, except the free-form list", () => {
    const generic: string[] = [];
    const stale: string[] = [];
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        const schema = op.responses[200]?.content?.["application/json"]?.schema;
        const listed = FREE_FORM.has(op.operationId);
        if (schema && isGeneric(schema) && !listed) generic.push(op.operationId);
        if (listed && !(schema && isGeneric(schema))) stale.push(op.operationId);
      }
    }
    expect(generic, "give these operations an `openapi.response`").toEqual([]);
    expect(stale, "documented now: remove them from FREE_FORM").toEqual([]);
  });
});
