// Rotating a connection's SP keys through update-provider: the metadata changes, an IdP that has not
// re-imported it refuses the newly signed requests, responses still encrypted to the previous
// certificate decrypt until the next rotation, and the audit log records the change without a key.
import { auditLog } from "@gatehouse-auth/audit-log";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encryptAssertion, readRedirect, readSpMetadata, responseXml, sign } from "../test/saml-idp.js";
import { type Kit, SP_ENTITY, startKit } from "../test/sso-test-kit.js";

// Registering and rotating generate RSA keys, whose time varies (prime search) and grows on a loaded
// machine: generous bounds, so that no test fails by timing.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let kit: Kit;
beforeAll(async () => {
  kit = await startKit({}, { plugins: [auditLog()] });
  await kit.connect("rot", "rot.test", true, { samlConfig: { signAuthnRequests: true, encryptAssertions: true } });
});
afterAll(() => kit.close());

const spKeys = async () =>
  readSpMetadata((await kit.owner.client.get("/sso/saml2/sp/metadata", { query: { providerId: "rot" } })).text).sp;
const update = (samlConfig: Record<string, unknown>) =>
  kit.owner.client.post("/sso/update-provider", { providerId: "rot", samlConfig });

/** A response for `email` encrypted to `cert`, posted to the request a fresh browser started. */
async function postEncryptedTo(cert: string, email: string) {
  const browser = kit.browser();
  const start = await browser.post("/sign-in/sso", { providerId: "rot", callbackURL: "/dashboard" });
  const req = readRedirect(start.body.url);
  const xml = sign(
    responseXml({
      entityId: kit.idp.entityId,
      acs: req.acs,
      audience: SP_ENTITY("rot"),
      inResponseTo: req.id,
      nameId: email,
    }),
    "assertion",
  );
  const r = await kit.post(browser, "rot", Buffer.from(await encryptAssertion(xml, cert)).toString("base64"));
  return r.headers.get("location");
}

describe("SP key rotation", () => {
  it("replaces both key pairs; the IdP needs the new metadata for signatures, the previous encryption key still decrypts", async () => {
    const before = await spKeys();
    expect(before.signingCert).toBeTruthy();
    expect(before.encryptionCert).toBeTruthy();
    kit.idp.user = { email: "first@rot.test" };
    const first = kit.browser();
    const { form } = await kit.startSignIn(first, "rot");
    expect((await kit.post(first, "rot", form.SAMLResponse)).headers.get("location")).toBe("/dashboard");

    const r = await update({ rotateSpKeys: ["signing", "encryption"] });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain("PRIVATE KEY");
    const after = await spKeys();
    expect(after.authnRequestsSigned).toBe(true);
    expect(after.signingCert).not.toBe(before.signingCert);
    expect(after.encryptionCert).not.toBe(before.encryptionCert);

    // The IdP still trusts the old signing certificate: it refuses the request signed with the new key.
    const browser = kit.browser();
    const start = await browser.post("/sign-in/sso", { providerId: "rot", callbackURL: "/dashboard" });
    expect((await fetch(start.body.url)).status).toBe(403);
    // A response the IdP still encrypts to the old certificate decrypts with the previous key.
    expect(await postEncryptedTo(before.encryptionCert ?? "", "old-cert@rot.test")).toBe("/dashboard");

    // Once the IdP's administrator imports the new metadata, the round trip works with the new keys.
    await kit.importSpMetadata("rot");
    kit.idp.user = { email: "second@rot.test" };
    const second = kit.browser();
    const next = await kit.startSignIn(second, "rot");
    expect((await kit.post(second, "rot", next.form.SAMLResponse)).headers.get("location")).toBe("/dashboard");
    expect((await kit.sessionOf(second))?.user.email).toBe("second@rot.test");

    // A second rotation retires the first key: a response encrypted to it is refused.
    expect((await update({ rotateSpKeys: ["encryption"] })).status).toBe(200);
    expect(await postEncryptedTo(before.encryptionCert ?? "", "retired@rot.test")).toContain(
      "error=invalid_encrypted_assertion",
    );
    expect(await postEncryptedTo(after.encryptionCert ?? "", "previous@rot.test")).toBe("/dashboard");
  });

  it("turns the features off (dropping the keys) and refuses to rotate a key the connection does not have", async () => {
    expect((await update({ encryptAssertions: false, signAuthnRequests: false })).status).toBe(200);
    const keys = await spKeys();
    expect(keys).toEqual({ authnRequestsSigned: false, signingCert: null, encryptionCert: null });
    const row = await kit.auth.$context.db.findOne<{ secret: string | null }>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: "rot" }],
    });
    expect(row?.secret).toBeNull();
    const r = await update({ rotateSpKeys: ["signing"] });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_PROVIDER_CONFIG");
    // A stranger cannot rotate (the same 404 as for an unknown connection).
    const stranger = kit.browser();
    await stranger.post("/sign-up/email", { name: "S", email: "s@stranger.test", password: "password-123" });
    const denied = await stranger.post("/sso/update-provider", {
      providerId: "rot",
      samlConfig: { rotateSpKeys: ["signing"] },
    });
    expect(denied.status).toBe(404);
  });

  it("records each key change as sso.connection_updated, without any key material", async () => {
    const read = () =>
      kit.auth.$context.db.findMany<{ type: string; outcome: string; details: string }>({ model: "auditEvent" });
    const successes = (all: Awaited<ReturnType<typeof read>>) =>
      all.filter((e) => e.type === "sso.connection_updated" && e.outcome === "success");
    // Events are written after the answer: wait (bounded) for the three key changes of the tests above.
    let rows = await read();
    for (let i = 0; i < 100 && successes(rows).length < 3; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      rows = await read();
    }
    const updates = successes(rows);
    expect(updates.length).toBeGreaterThanOrEqual(3);
    const details = updates.map((e) => JSON.parse(e.details) as Record<string, unknown>);
    for (const d of details) expect(d).toMatchObject({ providerId: "rot", fields: "samlConfig" });
    // Which keys were rotated, and the switches, are named; the rows sort by time, so compare as a set.
    const named = details.map(
      (d) => `${d.rotateSpKeys ?? ""}|${d.signAuthnRequests ?? ""}|${d.encryptAssertions ?? ""}`,
    );
    expect(new Set(named)).toEqual(new Set(["signing,encryption||", "encryption||", "|false|false"]));
    const created = rows.find((e) => e.type === "sso.connection_created" && e.outcome === "success");
    expect(JSON.parse(created?.details ?? "{}")).toMatchObject({ signAuthnRequests: true, encryptAssertions: true });
    expect(JSON.stringify(rows)).not.toContain("PRIVATE KEY");
  });
});
