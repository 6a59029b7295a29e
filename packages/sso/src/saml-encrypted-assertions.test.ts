// Encrypted assertions (xmlenc EncryptedAssertion): the SP's metadata offers an encryption certificate
// per connection, the test IdP encrypts to it, and the attack corpus around encryption is refused.
import { SignedXml } from "xml-crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  AES128_CBC,
  type AssertionSpec,
  KEYS,
  RSA_1_5,
  type ReceivedRequest,
  encryptAssertion,
  readRedirect,
  readSpMetadata,
  responseXml,
  sign,
} from "../test/saml-idp.js";
import { type Kit, SP_ENTITY, startKit } from "../test/sso-test-kit.js";
import { XSW } from "../test/xsw.js";

// Registering and rotating generate RSA keys, whose time varies (prime search) and grows on a loaded
// machine: generous bounds, so that no test fails by timing.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let kit: Kit;
const certs: Record<string, string> = {};
beforeAll(async () => {
  kit = await startKit();
  await kit.connect("enc", "enc.test", true, { samlConfig: { encryptAssertions: true } });
  await kit.connect("must", "must.test", true, { samlConfig: { requireEncryptedAssertions: true } });
  await kit.connect("other", "other.test", true, { samlConfig: { encryptAssertions: true } });
  for (const id of ["enc", "must", "other"])
    certs[id] = readSpMetadata(await kit.importSpMetadata(id)).sp.encryptionCert ?? "";
});
afterAll(() => kit.close());

const VICTIM = "ceo@enc.test";
const b64 = (xml: string) => Buffer.from(xml).toString("base64");

function spec(req: ReceivedRequest, providerId: string, over: Partial<AssertionSpec> = {}): AssertionSpec {
  return {
    entityId: kit.idp.entityId,
    acs: req.acs,
    audience: SP_ENTITY(providerId),
    inResponseTo: req.id,
    nameId: `mallory@${providerId}.test`,
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

function expectRefused(outcome: Awaited<ReturnType<typeof attempt>>, code?: string) {
  expect(outcome.location).toMatch(/[?&]error=/);
  if (code) expect(outcome.location).toContain(`error=${code}`);
  expect(outcome.session).toBeNull();
}

/** Signs the Response only (after the assertion was encrypted), with `key`. */
const signResponse = (xml: string, key = KEYS.idp) => sign(xml, "response", key);

describe("encrypted assertions", () => {
  it("offers an encryption key in the SP metadata; the IdP encrypts to it (AES-256-GCM or AES-128-CBC, RSA-OAEP) and the sign-in completes", async () => {
    const metadata = await kit.importSpMetadata("enc");
    expect(metadata).toContain('<KeyDescriptor use="encryption">');
    expect(metadata).toContain("http://www.w3.org/2009/xmlenc11#aes256-gcm");
    for (const [signWhat, options] of [
      ["both", {}],
      ["assertion", { dataAlgorithm: AES128_CBC }],
      // Signed Response, unsigned content: the Response's signature covers the ciphertext and the
      // wrapped key, and node-saml decrypts from the verified bytes only.
      ["response", {}],
    ] as const) {
      kit.idp.signWhat = signWhat;
      kit.idp.encryptOptions = options;
      kit.idp.user = { email: `enc-${signWhat}@enc.test` };
      const browser = kit.browser();
      const { form } = await kit.startSignIn(browser, "enc");
      const xml = Buffer.from(form.SAMLResponse, "base64").toString();
      expect(xml).toContain("EncryptedAssertion");
      expect(xml).not.toContain(`enc-${signWhat}@enc.test`);
      const r = await kit.post(browser, "enc", form.SAMLResponse);
      expect(r.headers.get("location"), signWhat).toBe("/dashboard");
      expect((await kit.sessionOf(browser))?.user.email).toBe(`enc-${signWhat}@enc.test`);
    }
    kit.idp.signWhat = "both";
    kit.idp.encryptOptions = {};
  });

  it("refuses a plain assertion when the connection requires encryption (and accepts the encrypted one)", async () => {
    expectRefused(await attempt("must", (req) => sign(responseXml(spec(req, "must")), "both")), "encryption_required");
    const ok = await attempt("must", async (req) =>
      signResponse(await encryptAssertion(sign(responseXml(spec(req, "must")), "assertion"), certs.must ?? "")),
    );
    expect(ok.location).toBe("/dashboard");
  });

  it("refuses an assertion encrypted to another connection's key", async () => {
    expectRefused(
      await attempt("enc", async (req) =>
        signResponse(await encryptAssertion(sign(responseXml(spec(req, "enc")), "assertion"), certs.other ?? "")),
      ),
      "invalid_encrypted_assertion",
    );
  });

  it("refuses decrypted content that is unsigned or signed by another key, whatever signs the Response", async () => {
    const encrypted = (req: ReceivedRequest, inner: "none" | "idp" | "attacker") => {
      const xml = responseXml(spec(req, "enc", { nameId: VICTIM }));
      const signed = inner === "none" ? xml : sign(xml, "assertion", inner === "idp" ? KEYS.idp : KEYS.attacker);
      return encryptAssertion(signed, certs.enc ?? "");
    };
    // Anyone can encrypt to the SP's public certificate: encryption proves nothing about the sender.
    expectRefused(await attempt("enc", (req) => encrypted(req, "none")));
    expectRefused(await attempt("enc", (req) => encrypted(req, "attacker")));
    expectRefused(await attempt("enc", async (req) => signResponse(await encrypted(req, "attacker"))));
    expectRefused(await attempt("enc", async (req) => signResponse(await encrypted(req, "none"), KEYS.attacker)));
    // Control: the IdP's signature inside, no Response signature, signs in.
    expect((await attempt("enc", (req) => encrypted(req, "idp"))).location).toBe("/dashboard");
  });

  it("refuses signature wrapping around and inside an EncryptedAssertion", async () => {
    const forged = (req: ReceivedRequest) =>
      encryptAssertion(responseXml(spec(req, "enc", { nameId: VICTIM })), certs.enc ?? "");
    const evilWrapper = async (req: ReceivedRequest) =>
      /<saml:EncryptedAssertion[\s\S]*<\/saml:EncryptedAssertion>/.exec(await forged(req))?.[0] ?? "";

    // The IdP-signed response's EncryptedAssertion swapped for the attacker's: the signature breaks.
    expectRefused(
      await attempt("enc", async (req) => {
        const genuine = signResponse(await encryptAssertion(responseXml(spec(req, "enc")), certs.enc ?? ""));
        return genuine.replace(/<saml:EncryptedAssertion[\s\S]*<\/saml:EncryptedAssertion>/, await evilWrapper(req));
      }),
    );
    // The genuine signed response hidden in Extensions, the attacker's EncryptedAssertion where the SP reads.
    expectRefused(
      await attempt("enc", async (req) => {
        const genuine = await encryptAssertion(sign(responseXml(spec(req, "enc")), "assertion"), certs.enc ?? "");
        const inner = /<saml:EncryptedAssertion[\s\S]*<\/saml:EncryptedAssertion>/.exec(genuine)?.[0] ?? "";
        return genuine.replace(inner, `<samlp:Extensions>${inner}</samlp:Extensions>${await evilWrapper(req)}`);
      }),
    );
    // Two EncryptedAssertions: the genuine one and the attacker's.
    expectRefused(
      await attempt("enc", async (req) => {
        const genuine = await encryptAssertion(sign(responseXml(spec(req, "enc")), "assertion"), certs.enc ?? "");
        return genuine.replace("</samlp:Response>", `${await evilWrapper(req)}</samlp:Response>`);
      }),
    );
    // XSW1–8 on the signed plaintext, then encrypted to the SP (what a forger inside the envelope could send).
    for (const [name, wrap] of Object.entries(XSW)) {
      const what = name === "XSW1" || name === "XSW2" ? "response" : "assertion";
      const outcome = await attempt("enc", (req) =>
        encryptAssertion(wrap(sign(responseXml(spec(req, "enc")), what), VICTIM), certs.enc ?? ""),
      );
      expect(outcome.session?.user.email, name).not.toBe(VICTIM);
      expectRefused(outcome);
    }
  });

  it("refuses weak algorithms: RSA 1.5 key transport, 3DES content, SHA-1 signatures", async () => {
    const encrypted = (req: ReceivedRequest, options: Parameters<typeof encryptAssertion>[2]) =>
      encryptAssertion(sign(responseXml(spec(req, "enc")), "assertion"), certs.enc ?? "", options);
    expectRefused(await attempt("enc", (req) => encrypted(req, { keyAlgorithm: RSA_1_5 })), "weak_algorithm");
    expectRefused(
      await attempt("enc", (req) =>
        encrypted(req, { dataAlgorithm: "http://www.w3.org/2001/04/xmlenc#tripledes-cbc" }),
      ),
      "weak_algorithm",
    );
    const sha1 = (xml: string) => {
      const sig = new SignedXml({
        privateKey: KEYS.idp.key,
        publicCert: KEYS.idp.cert,
        signatureAlgorithm: "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
        canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
      });
      const xpath = "//*[local-name(.)='Assertion']";
      sig.addReference({
        xpath,
        digestAlgorithm: "http://www.w3.org/2000/09/xmldsig#sha1",
        transforms: [
          "http://www.w3.org/2000/09/xmldsig#enveloped-signature",
          "http://www.w3.org/2001/10/xml-exc-c14n#",
        ],
      });
      sig.computeSignature(xml, { location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: "after" } });
      return sig.getSignedXml();
    };
    // SHA-1 inside the encrypted assertion, and on a plain one.
    expectRefused(
      await attempt("enc", (req) => encryptAssertion(sha1(responseXml(spec(req, "enc"))), certs.enc ?? "")),
      "weak_algorithm",
    );
    expectRefused(await attempt("enc", (req) => sha1(responseXml(spec(req, "enc")))), "weak_algorithm");
  });

  it("refuses an oversized ciphertext, a truncated one, and a CipherReference (nothing is fetched)", async () => {
    const big = (req: ReceivedRequest) =>
      encryptAssertion(
        sign(
          responseXml(spec(req, "enc", { groups: Array.from({ length: 4000 }, (_, i) => `group-${i}-`.repeat(8)) })),
          "assertion",
        ),
        certs.enc ?? "",
      );
    expectRefused(await attempt("enc", big), "invalid_saml_response");
    const valid = (req: ReceivedRequest) =>
      encryptAssertion(sign(responseXml(spec(req, "enc")), "assertion"), certs.enc ?? "");
    // The content's CipherValue is the last one (the wrapped key's comes first): cut it to a few bytes.
    const truncate = (xml: string) => {
      const at = xml.lastIndexOf("<xenc:CipherValue>");
      return `${xml.slice(0, at)}<xenc:CipherValue>AAAA${xml.slice(xml.indexOf("</xenc:CipherValue>", at))}`;
    };
    expectRefused(await attempt("enc", async (req) => truncate(await valid(req))), "invalid_encrypted_assertion");
    const reference = (xml: string) => {
      const at = xml.lastIndexOf("<xenc:CipherData>");
      const end = xml.indexOf("</xenc:CipherData>", at);
      return `${xml.slice(0, at)}<xenc:CipherData><xenc:CipherReference URI="${kit.idp.origin}/cipher"/>${xml.slice(end)}`;
    };
    expectRefused(await attempt("enc", async (req) => reference(await valid(req))), "invalid_encrypted_assertion");
  });

  it("refuses a DTD or an external entity inside the encrypted payload", async () => {
    const xxe = (assertion: string) =>
      `<!DOCTYPE saml:Assertion [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${assertion.replace(
        "mallory@enc.test</saml:NameID>",
        "&xxe;</saml:NameID>",
      )}`;
    const outcome = await attempt("enc", (req) =>
      encryptAssertion(sign(responseXml(spec(req, "enc")), "assertion"), certs.enc ?? "", { plaintext: xxe }),
    );
    expectRefused(outcome, "invalid_saml_response");
  });
});
