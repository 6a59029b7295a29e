import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACS, type Kit, SP_ENTITY, startKit } from "../test/sso-test-kit.js";

let kit: Kit;
beforeAll(async () => {
  kit = await startKit({
    organizationProvisioning: { getRole: ({ groups }) => (groups.includes("admins") ? "admin" : null) },
  });
  await kit.connect("acme");
});
afterAll(() => kit.close());

describe("SAML sign-in with a real IdP on 127.0.0.1", () => {
  it("serves SP metadata naming the entity ID and the HTTP-POST ACS", async () => {
    const r = await kit.owner.client.get("/sso/saml2/sp/metadata", { query: { providerId: "acme" } });
    expect(r.status).toBe(200);
    expect(r.text).toContain(`entityID="${SP_ENTITY("acme")}"`);
    expect(r.text).toContain("SPSSODescriptor");
    expect(r.text).toContain(`Location="${ACS("acme")}"`);
    expect((await kit.owner.client.get("/sso/saml2/sp/metadata", { query: { providerId: "nope" } })).status).toBe(404);
  });

  it("sends an AuthnRequest by HTTP-Redirect, signs the user in, provisions and maps the role", async () => {
    // Many groups, as Entra sends: the response outgrows a text column (16,383 characters).
    const groups = ["admins", ...Array.from({ length: 300 }, (_, i) => `group-with-a-long-name-${i}`)];
    kit.idp.user = { email: "alice@acme.test", givenName: "Alice", surname: "Liddell", groups };
    const browser = kit.browser();
    const { url, form } = await kit.startSignIn(browser, "acme");
    expect(url.startsWith(kit.idp.ssoUrl)).toBe(true);
    expect(form.action).toBe(ACS("acme"));
    expect(form.SAMLResponse.length).toBeGreaterThan(16_383);
    const r = await kit.post(browser, "acme", form.SAMLResponse, form.RelayState);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/dashboard");
    const session = await kit.sessionOf(browser);
    expect(session?.user.email).toBe("alice@acme.test");
    expect(session?.user.name).toBe("Alice Liddell");
    const member = await kit.auth.$context.db.findOne<{ role: string }>({
      model: "member",
      where: [
        { field: "organizationId", value: kit.organizationId },
        { field: "userId", value: session?.user.id ?? "" },
      ],
    });
    expect(member?.role).toBe("admin");
  });

  it("signs the same user in again, updating name and role, and accepts a response signed alone or an assertion signed alone", async () => {
    for (const signWhat of ["response", "assertion"] as const) {
      kit.idp.signWhat = signWhat;
      kit.idp.user = { email: "alice@acme.test", givenName: "Alice", surname: signWhat, groups: [] };
      const browser = kit.browser();
      const { form } = await kit.startSignIn(browser, "acme");
      const r = await kit.post(browser, "acme", form.SAMLResponse);
      expect(r.status, signWhat).toBe(302);
      expect(r.headers.get("location")).toBe("/dashboard");
      const session = await kit.sessionOf(browser);
      expect(session?.user.name).toBe(`Alice ${signWhat}`);
    }
    kit.idp.signWhat = "both";
    const users = await kit.auth.$context.db.count({
      model: "user",
      where: [{ field: "email", value: "alice@acme.test" }],
    });
    expect(users).toBe(1);
  });

  it("routes a sign-in by email domain and by organization slug", async () => {
    const browser = kit.browser();
    const byEmail = await browser.post("/sign-in/sso", { email: "bob@ACME.test", callbackURL: "/" });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.redirect).toBe(true);
    expect(byEmail.body.url.startsWith(kit.idp.ssoUrl)).toBe(true);
    const unknown = await browser.post("/sign-in/sso", { email: "bob@elsewhere.test", callbackURL: "/" });
    expect(unknown.status).toBe(404);
  });

  it("refuses a callbackURL on an untrusted origin before anything is sent", async () => {
    const r = await kit.browser().post("/sign-in/sso", { providerId: "acme", callbackURL: "https://evil.example/" });
    expect(r.status).toBe(403);
  });
});
