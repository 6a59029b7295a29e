// Encrypted NameIDs (EncryptedID) and encrypted attributes (EncryptedAttribute): the IdP encrypts them
// to the connection's SP encryption certificate inside the assertion it signs; the ACS decrypts them
// with the same rules as an EncryptedAssertion, and refuses the attacks around them.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AssertionSpec,
  type EncryptOptions,
  RSA_1_5,
  type ReceivedRequest,
  encryptIdentifiers,
  readRedirect,
  readSpMetadata,
  responseXml,
  sign,
} from "../test/saml-idp.js";
import { type Kit, SP_ENTITY, startKit } from "../test/sso-test-kit.js";

// Registering generates RSA keys, whose time varies (prime search): generous bounds, never timing asserts.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let kit: Kit;
const certs: Record<string, string> = {};
beforeAll(async () => {
  kit = await startKit();
  await kit.connect("eid", "eid.test", true, { samlConfig: { encryptAssertions: true } });
  await kit.connect("other", "other.test", true, { samlConfig: { encryptAssertions: true } });
  await kit.connect("noenc", "noenc.test");
  for (const id of ["eid", "other"]) certs[id] = readSpMetadata(await kit.importSpMetadata(id)).sp.encryptionCert ?? "";
});
afterAll(() => kit.close());

const b64 = (xml: string) => Buffer.from(xml).toString("base64");

function spec(req: ReceivedRequest, providerId: string, over: Partial<AssertionSpec> = {}): AssertionSpec {
  return {
    entityId: kit.idp.entityId,
    acs: req.acs,
    audience: SP_ENTITY(providerId),
    inResponseTo: req.id,
    nameId: `mallory@${providerId}.test`,
    // No email attribute: the address is the (encrypted) NameID.
    email: null,
    ...over,
  };
}

/** Starts a sign-in in a fresh browser and posts what `build` makes of its request. */
async function attempt(providerId: string, build: (req: ReceivedRequest) => Promise<string> | string) {
  const browser = kit.browser();
  const start = await browser.post("/sign-in/sso", { providerId, callbackURL: "/dashboard" });
  expect(start.status).toBe(200);
  const req = readRedirect(start.body.url);
  const res = await kit.post(browser, providerId, b64(await build(req)));
  return { location: res.headers.get("location") ?? "", session: await kit.sessionOf(browser) };
}

function expectRefused(outcome: Awaited<ReturnType<typeof attempt>>, code: string) {
  expect(outcome.location).toContain(`error=${code}`);
  expect(outcome.session).toBeNull();
}

/** A response whose NameID is encrypted to `cert` (this connection's by default), then signed by the IdP. */
const withEncryptedId = async (
  req: ReceivedRequest,
  providerId: string,
  options: EncryptOptions & { keep?: boolean } = {},
  cert = certs[providerId] ?? "",
  over: Partial<AssertionSpec> = {},
) => sign(await encryptIdentifiers(responseXml(spec(req, providerId, over)), cert, "NameID", options), "both");

describe("encrypted NameIDs and attributes", () => {
  it("reads an EncryptedID and EncryptedAttributes through the test IdP, alone and inside an EncryptedAssertion", async () => {
    for (const [i, encrypt] of [false, true].entries()) {
      kit.idp.encrypt = encrypt;
      kit.idp.encryptNameId = true;
      kit.idp.encryptAttributes = true;
      kit.idp.user = { email: `hidden${i}@eid.test`, givenName: "Ada", surname: `Lovelace${i}`, groups: ["g1", "g2"] };
      const browser = kit.browser();
      const { form } = await kit.startSignIn(browser, "eid");
      const xml = Buffer.from(form.SAMLResponse, "base64").toString("utf8");
      expect(xml).not.toContain(`hidden${i}@eid.test`);
      expect(xml).toContain(encrypt ? "EncryptedAssertion" : "EncryptedID");
      const r = await kit.post(browser, "eid", form.SAMLResponse, form.RelayState);
      expect(r.headers.get("location")).toBe("/dashboard");
      const session = await kit.sessionOf(browser);
      expect(session?.user.email).toBe(`hidden${i}@eid.test`);
      expect(session?.user.name).toBe(`Ada Lovelace${i}`);
    }
    kit.idp.encrypt = true;
    kit.idp.encryptNameId = false;
    kit.idp.encryptAttributes = false;
    // The account is keyed by the decrypted NameID: a second sign-in finds the same user.
    const again = await attempt("eid", (req) =>
      withEncryptedId(req, "eid", {}, undefined, { nameId: "hidden0@eid.test" }),
    );
    expect(again.location).toBe("/dashboard");
    expect(again.session?.user.email).toBe("hidden0@eid.test");
  });

  it("refuses an EncryptedID for another connection's key, or sent to a connection without an encryption key", async () => {
    expectRefused(await attempt("eid", (req) => withEncryptedId(req, "eid", {}, certs.other)), "invalid_encrypted_id");
    expectRefused(
      await attempt("noenc", (req) => withEncryptedId(req, "noenc", {}, certs.eid)),
      "invalid_encrypted_id",
    );
  });

  it("refuses a truncated ciphertext and weak algorithms (RSA 1.5, 3DES)", async () => {
    // The content's CipherValue is the last one (the wrapped key's comes first): cut it short.
    const truncate = (xml: string) => {
      const at = xml.lastIndexOf("<xenc:CipherValue>");
      const end = xml.indexOf("</xenc:CipherValue>", at);
      return `${xml.slice(0, at + 18)}${xml.slice(at + 18, end).slice(0, 24)}${xml.slice(end)}`;
    };
    expectRefused(
      await attempt("eid", async (req) =>
        sign(truncate(await encryptIdentifiers(responseXml(spec(req, "eid")), certs.eid ?? "", "NameID")), "both"),
      ),
      "invalid_encrypted_id",
    );
    expectRefused(
      await attempt("eid", (req) => withEncryptedId(req, "eid", { keyAlgorithm: RSA_1_5 })),
      "weak_algorithm",
    );
    expectRefused(
      await attempt("eid", (req) =>
        withEncryptedId(req, "eid", { dataAlgorithm: "http://www.w3.org/2001/04/xmlenc#tripledes-cbc" }),
      ),
      "weak_algorithm",
    );
  });

  it("refuses a plain NameID beside the EncryptedID, and a payload that is not one NameID", async () => {
    // node-saml would read the plain one (the victim) while the encrypted one names someone else.
    expectRefused(
      await attempt("eid", (req) => withEncryptedId(req, "eid", { keep: true }, undefined, { nameId: "ceo@eid.test" })),
      "invalid_encrypted_id",
    );
    expectRefused(
      await attempt("eid", (req) =>
        withEncryptedId(req, "eid", {
          plaintext: (x) => x.replace(/^<saml:NameID/, "<saml:Issuer").replace(/NameID>$/, "Issuer>"),
        }),
      ),
      "invalid_encrypted_id",
    );
    expectRefused(
      await attempt("eid", (req) =>
        withEncryptedId(req, "eid", { plaintext: (x) => x.replace("mallory@eid.test", "<b>mallory@eid.test</b>") }),
      ),
      "invalid_encrypted_id",
    );
  });

  it("refuses a DTD or an external entity inside the encrypted NameID", async () => {
    const xxe = (nameId: string) =>
      `<!DOCTYPE saml:NameID [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${nameId.replace("mallory@eid.test", "&xxe;")}`;
    expectRefused(
      await attempt("eid", (req) => withEncryptedId(req, "eid", { plaintext: xxe })),
      "invalid_saml_response",
    );
  });

  it("refuses an EncryptedID swapped in after the IdP signed (anyone can encrypt to the SP's certificate)", async () => {
    const outcome = await attempt("eid", async (req) => {
      const signed = await withEncryptedId(req, "eid");
      const forged = await encryptIdentifiers(
        responseXml(spec(req, "eid", { nameId: "ceo@eid.test" })),
        certs.eid ?? "",
        "NameID",
      );
      const theirs = /<saml:EncryptedID[\s\S]*<\/saml:EncryptedID>/.exec(forged)?.[0] ?? "";
      return signed.replace(/<saml:EncryptedID[\s\S]*<\/saml:EncryptedID>/, theirs);
    });
    expectRefused(outcome, "invalid_saml_response");
  });

  it("refuses encrypted attributes for another key, or repeating a plain attribute's name", async () => {
    const withEncryptedAttributes = (req: ReceivedRequest, cert: string, keep = false) =>
      encryptIdentifiers(
        responseXml(spec(req, "eid", { email: "mallory@eid.test", givenName: "M" })),
        cert,
        "Attribute",
        { names: ["email"], keep },
      ).then((xml) => sign(xml, "both"));
    expect((await attempt("eid", (req) => withEncryptedAttributes(req, certs.eid ?? ""))).location).toBe("/dashboard");
    expectRefused(
      await attempt("eid", (req) => withEncryptedAttributes(req, certs.other ?? "")),
      "invalid_encrypted_attribute",
    );
    expectRefused(
      await attempt("eid", (req) => withEncryptedAttributes(req, certs.eid ?? "", true)),
      "invalid_encrypted_attribute",
    );
  });
});
