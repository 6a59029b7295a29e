// Rotating a connection's SP keys through update-provider: a signing rotation publishes the next
// certificate beside the current one while the current key keeps signing (an IdP that re-imports the
// metadata meanwhile never refuses a request), until the admin promotes it or the overlap ends;
// responses still encrypted to the previous certificate decrypt until the next rotation, and the audit
// log records each change without a key.
import { auditLog } from "@gatehouse-auth/audit-log";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  encryptAssertion,
  readRedirect,
  readSpMetadata,
  responseXml,
  sign,
  verifyRedirectSignature,
  verifySpMetadata,
} from "../test/saml-idp.js";
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
  it("signing: an overlap publishes both certificates while the old key signs; promotion switches; encryption: the previous key still decrypts", async () => {
    const before = await spKeys();
    expect(before.signingCert).toBeTruthy();
    expect(before.signingCerts).toHaveLength(1);
    expect(before.encryptionCert).toBeTruthy();
    kit.idp.user = { email: "first@rot.test" };
    const first = kit.browser();
    const { form } = await kit.startSignIn(first, "rot");
    expect((await kit.post(first, "rot", form.SAMLResponse)).headers.get("location")).toBe("/dashboard");

    const r = await update({ rotateSpKeys: ["signing", "encryption"] });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain("PRIVATE KEY");
    const overlap = await spKeys();
    expect(overlap.authnRequestsSigned).toBe(true);
    // Two signing KeyDescriptors: the current certificate first, the next one beside it.
    expect(overlap.signingCerts).toHaveLength(2);
    expect(overlap.signingCerts[0]).toBe(before.signingCert);
    const nextCert = overlap.signingCerts[1] ?? "";
    expect(nextCert).not.toBe(before.signingCert);
    expect(r.body.samlConfig.spNextSigningCert).toBe(nextCert);
    expect(overlap.encryptionCert).not.toBe(before.encryptionCert);

    // An IdP that has not re-imported the metadata keeps accepting requests: the old key still signs.
    const stale = kit.browser();
    const staleStart = await kit.startSignIn(stale, "rot");
    expect(verifyRedirectSignature(staleStart.url, before.signingCert)).toBe("valid");
    expect(verifyRedirectSignature(staleStart.url, nextCert)).toBe("invalid");
    expect((await kit.post(stale, "rot", staleStart.form.SAMLResponse)).headers.get("location")).toBe("/dashboard");
    // A response the IdP still encrypts to the old certificate decrypts with the previous key.
    expect(await postEncryptedTo(before.encryptionCert ?? "", "old-cert@rot.test")).toBe("/dashboard");

    // The IdP re-imports during the overlap (the metadata is signed by the key it already trusts) and
    // now knows both certificates; requests keep working.
    await kit.importSpMetadata("rot");
    expect(kit.idp.sps.get(SP_ENTITY("rot"))?.signingCerts).toEqual([before.signingCert, nextCert]);
    kit.idp.user = { email: "during@rot.test" };
    const during = kit.browser();
    const d = await kit.startSignIn(during, "rot");
    expect((await kit.post(during, "rot", d.form.SAMLResponse)).headers.get("location")).toBe("/dashboard");

    // The admin promotes: the next key signs from the next request on, the old one is gone.
    const promoted = await update({ promoteSpSigningKey: true });
    expect(promoted.status).toBe(200);
    expect(promoted.body.samlConfig.spSigningCert).toBe(nextCert);
    expect(promoted.body.samlConfig.spNextSigningCert).toBeNull();
    const after = await spKeys();
    expect(after.signingCerts).toEqual([nextCert]);
    const metadata = await kit.owner.client.get("/sso/saml2/sp/metadata", { query: { providerId: "rot" } });
    expect(verifySpMetadata(metadata.text, nextCert)).toBe("valid");
    // The IdP that re-imported during the overlap accepts the new signatures without another import…
    kit.idp.user = { email: "second@rot.test" };
    const second = kit.browser();
    const next = await kit.startSignIn(second, "rot");
    expect(verifyRedirectSignature(next.url, nextCert)).toBe("valid");
    // …one that never re-imported (only the old certificate) would refuse them.
    expect(verifyRedirectSignature(next.url, before.signingCert)).toBe("invalid");
    expect((await kit.post(second, "rot", next.form.SAMLResponse)).headers.get("location")).toBe("/dashboard");
    expect((await kit.sessionOf(second))?.user.email).toBe("second@rot.test");
    // Nothing is waiting any more: a second promotion is refused.
    const again = await update({ promoteSpSigningKey: true });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_PROVIDER_CONFIG");

    // A second encryption rotation retires the first key: a response encrypted to it is refused.
    expect((await update({ rotateSpKeys: ["encryption"] })).status).toBe(200);
    expect(await postEncryptedTo(before.encryptionCert ?? "", "retired@rot.test")).toContain(
      "error=invalid_encrypted_assertion",
    );
    expect(await postEncryptedTo(overlap.encryptionCert ?? "", "previous@rot.test")).toBe("/dashboard");
  });

  it("ends the overlap by itself after saml.signingKeyOverlap (the app's clock), without a write", async () => {
    // The app's clock stands still unless the test moves it: the deadline's edges are exact, never timed.
    const t0 = Date.now();
    let clock = t0;
    const timed = await startKit({ saml: { signingKeyOverlap: 3600 } }, { advanced: { now: () => clock } });
    try {
      await timed.connect("auto", "auto.test", true, { samlConfig: { signAuthnRequests: true } });
      const read = async () =>
        readSpMetadata((await timed.owner.client.get("/sso/saml2/sp/metadata", { query: { providerId: "auto" } })).text)
          .sp.signingCerts;
      const [old] = await read();
      const rotated = await timed.owner.client.post("/sso/update-provider", {
        providerId: "auto",
        samlConfig: { rotateSpKeys: ["signing"] },
      });
      expect(rotated.status).toBe(200);
      const nextCert = rotated.body.samlConfig.spNextSigningCert as string;
      expect(await read()).toEqual([old, nextCert]);
      const urlNow = async () =>
        (await timed.browser().post("/sign-in/sso", { providerId: "auto", callbackURL: "/d" })).body.url as string;
      clock = t0 + 3599_000;
      expect(verifyRedirectSignature(await urlNow(), old ?? null)).toBe("valid");
      clock = t0 + 3600_000;
      expect(await read()).toEqual([nextCert]);
      expect(verifyRedirectSignature(await urlNow(), nextCert)).toBe("valid");
      expect(verifyRedirectSignature(await urlNow(), old ?? null)).toBe("invalid");
      // A change after the deadline stores the promotion: the old key is gone, a new rotation starts from the new one.
      const again = await timed.owner.client.post("/sso/update-provider", {
        providerId: "auto",
        samlConfig: { rotateSpKeys: ["signing"] },
      });
      expect(again.body.samlConfig.spSigningCert).toBe(nextCert);
      expect((await read())[0]).toBe(nextCert);
    } finally {
      await timed.close();
    }
  });

  it("turns the features off (dropping the keys) and refuses to rotate a key the connection does not have", async () => {
    expect((await update({ encryptAssertions: false, signAuthnRequests: false })).status).toBe(200);
    const keys = await spKeys();
    expect(keys).toEqual({ authnRequestsSigned: false, signingCert: null, signingCerts: [], encryptionCert: null });
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
    // Events are written after the answer: wait (bounded) for the four key changes of the tests above.
    let rows = await read();
    for (let i = 0; i < 100 && successes(rows).length < 4; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      rows = await read();
    }
    const updates = successes(rows);
    expect(updates.length).toBeGreaterThanOrEqual(4);
    const details = updates.map((e) => JSON.parse(e.details) as Record<string, unknown>);
    for (const d of details) expect(d).toMatchObject({ providerId: "rot", fields: "samlConfig" });
    // Which keys were rotated, and the switches, are named; the rows sort by time, so compare as a set.
    const named = details.map(
      (d) =>
        `${d.rotateSpKeys ?? ""}|${d.signAuthnRequests ?? ""}|${d.encryptAssertions ?? ""}|${d.promoteSpSigningKey ?? ""}`,
    );
    expect(new Set(named)).toEqual(new Set(["signing,encryption|||", "|||true", "encryption|||", "|false|false|"]));
    const created = rows.find((e) => e.type === "sso.connection_created" && e.outcome === "success");
    expect(JSON.parse(created?.details ?? "{}")).toMatchObject({ signAuthnRequests: true, encryptAssertions: true });
    expect(JSON.stringify(rows)).not.toContain("PRIVATE KEY");
  });
});
