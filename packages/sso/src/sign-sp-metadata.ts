/** xml-crypto loads with the first metadata request only (request-specific dependencies load lazily). */
let xmlCrypto: Promise<typeof import("xml-crypto")> | undefined;

const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const ENTITY_DESCRIPTOR =
  "/*[local-name(.)='EntityDescriptor' and namespace-uri(.)='urn:oasis:names:tc:SAML:2.0:metadata']";

const pem = (b64: string) =>
  `-----BEGIN CERTIFICATE-----\n${b64.match(/.{1,64}/g)?.join("\n")}\n-----END CERTIFICATE-----\n`;

/**
 * Signs SP metadata as SAML metadata §3.1 asks: an enveloped signature over the EntityDescriptor (by
 * its ID), RSA-SHA256 with a SHA-256 digest and exclusive c14n, placed as its first child (the schema's
 * place), with the signing certificate in KeyInfo so that an IdP that pins it can check the document
 * before importing the keys it carries. node-saml's own `signMetadata` puts no certificate in KeyInfo.
 */
export async function signSpMetadata(xml: string, privateKey: string, certificate: string): Promise<string> {
  xmlCrypto ??= import("xml-crypto");
  const { SignedXml } = await xmlCrypto;
  const sig = new SignedXml({
    privateKey,
    publicCert: pem(certificate),
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  sig.addReference({ xpath: ENTITY_DESCRIPTOR, digestAlgorithm: SHA256, transforms: [ENVELOPED, EXC_C14N] });
  sig.computeSignature(xml, { prefix: "ds", location: { reference: ENTITY_DESCRIPTOR, action: "prepend" } });
  return sig.getSignedXml();
}
