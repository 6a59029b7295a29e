// Signed SP metadata: a connection with an SP signing key publishes its metadata under an enveloped
// XML signature (RSA-SHA256, its certificate in KeyInfo). The test checks it with xml-crypto as an IdP
// does before importing, with the certificate it pins, and shows that any tampering breaks it.
import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { KEYS, readSpMetadata, verifySpMetadata } from "../test/saml-idp.js";
import { type Kit, startKit } from "../test/sso-test-kit.js";

// Registering generates RSA keys, whose time varies (prime search): generous bounds, never timing asserts.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const DS = "http://www.w3.org/2000/09/xmldsig#";
let kit: Kit;
let signingCert = "";
beforeAll(async () => {
  kit = await startKit();
  const r = await kit.connect("meta", "meta.test", true, {
    samlConfig: { signAuthnRequests: true, encryptAssertions: true },
  });
  signingCert = r.samlConfig.spSigningCert;
  await kit.connect("bare", "bare.test");
});
afterAll(() => kit.close());

const metadataOf = async (providerId: string) =>
  (await kit.owner.client.get("/sso/saml2/sp/metadata", { query: { providerId } })).text;

describe("signed SP metadata", () => {
  it("is signed (enveloped, RSA-SHA256, SHA-256, exclusive c14n) by the signing key, its certificate in KeyInfo", async () => {
    const xml = await metadataOf("meta");
    expect(verifySpMetadata(xml, signingCert)).toBe("valid");
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    const signature = doc.getElementsByTagNameNS(DS, "Signature")[0];
    const algorithm = (name: string) => signature?.getElementsByTagNameNS(DS, name)[0]?.getAttribute("Algorithm") ?? "";
    expect(algorithm("SignatureMethod")).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
    expect(algorithm("DigestMethod")).toBe("http://www.w3.org/2001/04/xmlenc#sha256");
    expect(algorithm("CanonicalizationMethod")).toBe("http://www.w3.org/2001/10/xml-exc-c14n#");
    const transforms = Array.from(signature?.getElementsByTagNameNS(DS, "Transform") ?? []).map((t) =>
      t.getAttribute("Algorithm"),
    );
    expect(transforms).toContain("http://www.w3.org/2000/09/xmldsig#enveloped-signature");
    // KeyInfo carries the signing certificate, the same one as the signing KeyDescriptor.
    const keyInfoCert = signature?.getElementsByTagNameNS(DS, "KeyInfo")[0]?.textContent?.replace(/\s+/g, "");
    expect(keyInfoCert).toBe(signingCert);
    expect(readSpMetadata(xml).sp.signingCert).toBe(signingCert);
    // The IdP's own key (or any other) does not verify it.
    const idpCert = KEYS.idp.cert.replace(/-----[^-]+-----|\s/g, "");
    expect(verifySpMetadata(xml, idpCert)).toBe("invalid");
  });

  it("breaks under tampering: another ACS, another certificate, a removed KeyDescriptor, a moved signature", async () => {
    const xml = await metadataOf("meta");
    const encryptionCert = readSpMetadata(xml).sp.encryptionCert ?? "";
    const acs = /Location="([^"]+)"/.exec(xml)?.[1] ?? "";
    const tampered = [
      xml.replace(`Location="${acs}"`, 'Location="https://evil.test/acs"'),
      xml.replace(`AuthnRequestsSigned="true"`, 'AuthnRequestsSigned="false"'),
      // The attacker's certificate in place of the encryption one: the IdP would encrypt to them.
      xml.replace(encryptionCert, KEYS.attacker.cert.replace(/-----[^-]+-----|\s/g, "")),
      xml.replace(/<KeyDescriptor use="encryption">[\s\S]*?<\/KeyDescriptor>/, ""),
      xml.replace(/entityID="[^"]+"/, 'entityID="https://evil.test/sp"'),
    ];
    for (const t of tampered) {
      expect(t).not.toBe(xml);
      expect(verifySpMetadata(t, signingCert)).toBe("invalid");
    }
    // The signature moved out of its place (inside the SPSSODescriptor) is not accepted either.
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    const signature = doc.getElementsByTagNameNS(DS, "Signature")[0] as Element;
    doc.documentElement.removeChild(signature);
    doc.getElementsByTagNameNS("urn:oasis:names:tc:SAML:2.0:metadata", "SPSSODescriptor")[0]?.appendChild(signature);
    expect(verifySpMetadata(new XMLSerializer().serializeToString(doc), signingCert)).toBe("invalid");
  });

  it("an attacker's re-signed copy verifies only with the attacker's certificate; the IdP refuses it on re-import", async () => {
    const xml = await metadataOf("meta");
    kit.idp.trustSp(xml);
    const stripped = xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "");
    const forged = stripped.replace(/Location="[^"]+"/, 'Location="https://evil.test/acs"');
    const sig = new SignedXml({
      privateKey: KEYS.attacker.key,
      publicCert: KEYS.attacker.cert,
      signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
      canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
    });
    const root = "/*[local-name(.)='EntityDescriptor']";
    sig.addReference({
      xpath: root,
      digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
      transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
    });
    sig.computeSignature(forged, { prefix: "ds", location: { reference: root, action: "prepend" } });
    const resigned = sig.getSignedXml();
    expect(verifySpMetadata(resigned, KEYS.attacker.cert.replace(/-----[^-]+-----|\s/g, ""))).toBe("valid");
    expect(verifySpMetadata(resigned, signingCert)).toBe("invalid");
    expect(() => kit.idp.trustSp(resigned)).toThrow(/not by a trusted key/);
    // The genuine document still imports.
    expect(() => kit.idp.trustSp(xml)).not.toThrow();
  });

  it("a connection without an SP signing key publishes unsigned metadata", async () => {
    const xml = await metadataOf("bare");
    expect(xml).not.toContain("Signature");
    expect(verifySpMetadata(xml, signingCert)).toBe("unsigned");
  });
});
