import { createSocket } from "node:dgram";
import { createTestClient, signUpUser } from "@gatehouse-auth/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Kit, SP_ENTITY, startKit } from "../test/sso-test-kit.js";

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.close());

const body = (providerId: string, extra: Record<string, unknown> = {}) => ({
  providerId,
  issuer: SP_ENTITY(providerId),
  domain: "corp.test",
  organizationId: kit.organizationId,
  samlConfig: { entryPoint: kit.idp.ssoUrl, idpMetadata: { metadata: kit.idp.metadata }, spMetadata: {} },
  ...extra,
});

describe("connections: who may manage them", () => {
  it("no session → 401; a stranger or a plain member → 403; the owner → 200 with a pending domain", async () => {
    expect((await createTestClient(kit.auth).post("/sso/register", body("c1"))).status).toBe(401);
    const stranger = await signUpUser(kit.auth);
    const s = await stranger.client.post("/sso/register", body("c1"));
    expect(s.status).toBe(403);
    expect(s.body.code).toBe("NOT_ALLOWED_TO_MANAGE_PROVIDERS");
    const member = await signUpUser(kit.auth);
    await kit.auth.$context.db.create({
      model: "member",
      data: { organizationId: kit.organizationId, userId: member.userId, role: "member", createdAt: new Date() },
    });
    expect((await member.client.post("/sso/register", body("c1"))).status).toBe(403);
    const r = await kit.owner.client.post("/sso/register", body("c1"));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ providerId: "c1", domain: "corp.test", domainVerified: false });
    expect(r.body.domainVerificationToken).toMatch(/^[A-Za-z0-9]{32}$/);
    // A stranger cannot see, change or delete it either: 404, as for an unknown id.
    expect((await stranger.client.post("/sso/delete-provider", { providerId: "c1" })).status).toBe(404);
    expect((await member.client.post("/sso/update-provider", { providerId: "c1", disabled: true })).status).toBe(404);
    expect(
      (await stranger.client.get("/sso/providers", { query: { organizationId: kit.organizationId } })).status,
    ).toBe(403);
  });

  it("a repeated providerId, bad input and metadata with a DTD are 4xx, never 500", async () => {
    expect((await kit.owner.client.post("/sso/register", body("c1"))).status).toBe(409);
    expect((await kit.owner.client.post("/sso/register", body("bad id!"))).status).toBe(400);
    expect((await kit.owner.client.post("/sso/register", body("c2", { domain: "not a domain" }))).status).toBe(400);
    const dtd = `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${kit.idp.metadata}`;
    const r = await kit.owner.client.post(
      "/sso/register",
      body("c2", { samlConfig: { idpMetadata: { metadata: dtd } } }),
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_IDP_METADATA");
    expect((await kit.owner.client.post("/sso/register", body("c2", { samlConfig: undefined }))).status).toBe(400);
  });

  it("lists (paged), updates and deletes", async () => {
    await kit.owner.client.post("/sso/register", body("c3"));
    const page = await kit.owner.client.get("/sso/providers", {
      query: { organizationId: kit.organizationId, limit: "1" },
    });
    expect(page.status).toBe(200);
    expect(page.body.providers).toHaveLength(1);
    expect(page.body.providers[0].samlConfig.cert).toBeTruthy();
    const next = await kit.owner.client.get("/sso/providers", {
      query: { organizationId: kit.organizationId, limit: "1", cursor: page.body.nextCursor },
    });
    expect(next.body.providers[0].providerId).not.toBe(page.body.providers[0].providerId);
    const u = await kit.owner.client.post("/sso/update-provider", { providerId: "c3", disabled: true });
    expect(u.body.disabled).toBe(true);
    expect((await kit.owner.client.post("/sso/delete-provider", { providerId: "c3" })).status).toBe(200);
    expect((await kit.owner.client.post("/sso/delete-provider", { providerId: "c3" })).status).toBe(404);
  });
});

describe("domain verification by DNS TXT", () => {
  it("refuses without the record, verifies with it (either form), then answers 409", async () => {
    const r = await kit.owner.client.post("/sso/register", body("dv1"));
    const token: string = r.body.domainVerificationToken;
    const asked = kit.dns.queries;
    const missing = await kit.owner.client.post("/sso/verify-domain", { providerId: "dv1" });
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe("DOMAIN_VERIFICATION_FAILED");
    expect(kit.dns.queries).toBeGreaterThan(asked);
    // Unverified: routes no sign-in.
    expect((await kit.browser().post("/sign-in/sso", { providerId: "dv1", callbackURL: "/" })).status).toBe(403);
    kit.dns.records.set("_gatehouse-sso-dv1.corp.test", ["wrong"]);
    expect((await kit.owner.client.post("/sso/verify-domain", { providerId: "dv1" })).status).toBe(422);
    const pending = await kit.owner.client.post("/sso/request-domain-verification", { providerId: "dv1" });
    expect(pending.body.domainVerificationToken).toBe(token);
    kit.dns.records.set("_gatehouse-sso-dv1.corp.test", [`_gatehouse-sso-dv1=${token}`]);
    expect((await kit.owner.client.post("/sso/verify-domain", { providerId: "dv1" })).status).toBe(200);
    expect((await kit.owner.client.post("/sso/verify-domain", { providerId: "dv1" })).status).toBe(409);
    expect((await kit.browser().post("/sign-in/sso", { email: "x@corp.test", callbackURL: "/" })).status).toBe(200);
  });
});

describe("domain verification when DNS does not answer", () => {
  it("answers 503 DNS_UNAVAILABLE (not 'record missing'), and the connection stays unverified", async () => {
    // A DNS server that takes queries and never answers: the lookup times out, which is DNS being down.
    const silent = createSocket("udp4");
    await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
    const { port } = silent.address();
    const quiet = await startKit({ domainVerification: { dnsServers: [`127.0.0.1:${port}`], timeoutMs: 300 } });
    try {
      const r = await quiet.owner.client.post("/sso/register", {
        providerId: "dv-down",
        issuer: SP_ENTITY("dv-down"),
        domain: "corp.test",
        organizationId: quiet.organizationId,
        samlConfig: { entryPoint: quiet.idp.ssoUrl, idpMetadata: { metadata: quiet.idp.metadata }, spMetadata: {} },
      });
      expect(r.status).toBe(200);
      const down = await quiet.owner.client.post("/sso/verify-domain", { providerId: "dv-down" });
      expect(down.status).toBe(503);
      expect(down.body.code).toBe("DNS_UNAVAILABLE");
      const listed = await quiet.owner.client.get("/sso/providers", {
        query: { organizationId: quiet.organizationId },
      });
      expect(listed.body.providers[0].domainVerified).toBe(false);
    } finally {
      silent.close();
      await quiet.close();
    }
  });
});

describe("enforcement: an organization may require SSO for its verified domain", () => {
  it("refuses password sign-in of the domain's addresses with a message naming SSO; others are untouched", async () => {
    const before = await signUpUser(kit.auth, "dana@enforced.test");
    await kit.auth.$context.users.update(before.userId, { emailVerified: true });
    await kit.connect("enf", "enforced.test", true, { enforceSSO: true });
    const r = await createTestClient(kit.auth).post("/sign-in/email", {
      email: "dana@enforced.test",
      password: before.password,
    });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("SSO_REQUIRED");
    expect(r.body.message).toMatch(/single sign-on/);
    // A new sign-up of the domain is refused too (TARGET.md: 403).
    const signUp = await createTestClient(kit.auth).post("/sign-up/email", {
      name: "N",
      email: "new@enforced.test",
      password: "password-123",
    });
    expect(signUp.status).toBe(403);
    expect(await kit.auth.$context.users.findByEmail("new@enforced.test")).toBeNull();
    const other = await signUpUser(kit.auth, "free@elsewhere.test");
    expect(
      (await createTestClient(kit.auth).post("/sign-in/email", { email: other.email, password: other.password }))
        .status,
    ).toBe(200);
    // SSO itself still signs Dana in, into her existing (verified) account.
    kit.idp.user = { email: "dana@enforced.test", givenName: "Dana" };
    const browser = kit.browser();
    const { form } = await kit.startSignIn(browser, "enf");
    const res = await kit.post(browser, "enf", form.SAMLResponse);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect((await kit.sessionOf(browser))?.user.id).toBe(before.userId);
  });

  it("break-glass owners keep their password; only owners may be named", async () => {
    // An owner who had a password before SSO was enforced (sign-ups of the domain are refused now).
    const ctx = kit.auth.$context;
    const user = await ctx.users.create({ email: "root@enforced.test", name: "Root", emailVerified: true });
    await ctx.accounts.create({
      userId: user.id,
      accountId: user.id,
      providerId: "credential",
      password: "plain:password-123",
    });
    const owner = { userId: user.id, email: user.email, password: "password-123" };
    await kit.auth.$context.db.create({
      model: "member",
      data: { organizationId: kit.organizationId, userId: owner.userId, role: "owner", createdAt: new Date() },
    });
    const signIn = () =>
      createTestClient(kit.auth).post("/sign-in/email", { email: owner.email, password: owner.password });
    expect((await signIn()).status).toBe(403);
    const notOwner = await kit.owner.client.post("/sso/update-provider", {
      providerId: "enf",
      breakGlassUserIds: [kit.owner.userId, "nobody"],
    });
    expect(notOwner.status).toBe(400);
    const u = await kit.owner.client.post("/sso/update-provider", {
      providerId: "enf",
      breakGlassUserIds: [owner.userId],
    });
    expect(u.status).toBe(200);
    expect(u.body.breakGlassUserIds).toEqual([owner.userId]);
    expect((await signIn()).status).toBe(200);
  });

  it("never links into an unverified local account of the domain", async () => {
    // Someone registered the address first and never verified it (a sign-up there is refused now).
    await kit.auth.$context.users.create({ email: "squat@enforced.test", name: "Squat", emailVerified: false });
    kit.idp.user = { email: "squat@enforced.test" };
    const browser = kit.browser();
    const { form } = await kit.startSignIn(browser, "enf");
    const res = await kit.post(browser, "enf", form.SAMLResponse);
    expect(res.headers.get("location")).toContain("error=sso_account_not_linked");
    expect(await kit.sessionOf(browser)).toBeNull();
  });
});
