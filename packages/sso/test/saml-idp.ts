// A small SAML identity provider for the tests: its own keys, HTTP on 127.0.0.1, the HTTP-Redirect
// binding in and the HTTP-POST binding out, signing with RSA-SHA256 / exclusive c14n as real IdPs do.
import { X509Certificate, createVerify, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import xmlenc, { type EncryptionAlgorithm, type KeyEncryptionAlgorithm } from "xml-encryption";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

/** The IdP's keys and the attacker's (a key the SP does not trust). */
export const KEYS = {
  idp: { key: fixture("idp-key.pem"), cert: fixture("idp-cert.pem") },
  attacker: { key: fixture("attacker-key.pem"), cert: fixture("attacker-cert.pem") },
};

const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";

/** What the IdP asserts and how: every field a test may bend. */
export interface AssertionSpec {
  entityId: string;
  acs: string;
  audience: string;
  inResponseTo: string | null;
  nameId: string;
  email?: string | null;
  givenName?: string;
  surname?: string;
  groups?: string[];
  destination?: string | null;
  recipient?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  status?: string;
  assertionId?: string;
}

const id = () => `_${randomBytes(16).toString("hex")}`;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** The unsigned Response XML. `rawNameId` goes in verbatim (comment injection). */
export function responseXml(spec: AssertionSpec, rawNameId?: string): string {
  const now = new Date();
  const notBefore = (spec.notBefore ?? new Date(now.getTime() - 60_000)).toISOString();
  const notOnOrAfter = (spec.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
  const irt = spec.inResponseTo ? ` InResponseTo="${esc(spec.inResponseTo)}"` : "";
  const dest = spec.destination === null ? "" : ` Destination="${esc(spec.destination ?? spec.acs)}"`;
  const attr = (name: string, values: string[]) =>
    `<saml:Attribute Name="${name}">${values.map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`).join("")}</saml:Attribute>`;
  const attrs = [
    spec.email === null ? "" : attr("email", [spec.email ?? spec.nameId]),
    spec.givenName ? attr("givenName", [spec.givenName]) : "",
    spec.surname ? attr("surname", [spec.surname]) : "",
    spec.groups ? attr("groups", spec.groups) : "",
  ].join("");
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${now.toISOString()}"${dest}${irt}>` +
    `<saml:Issuer>${esc(spec.entityId)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="${spec.status ?? "urn:oasis:names:tc:SAML:2.0:status:Success"}"/></samlp:Status>` +
    `<saml:Assertion ID="${spec.assertionId ?? id()}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${esc(spec.entityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${rawNameId ?? esc(spec.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} NotOnOrAfter="${notOnOrAfter}" Recipient="${esc(spec.recipient ?? spec.acs)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${esc(spec.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attrs ? `<saml:AttributeStatement>${attrs}</saml:AttributeStatement>` : "") +
    "</saml:Assertion></samlp:Response>"
  );
}

/** Signs the Assertion, the Response, or both (assertion first, as IdPs do), with `key`. */
export function sign(xml: string, what: "assertion" | "response" | "both", key = KEYS.idp): string {
  let out = xml;
  const signOne = (element: "Assertion" | "Response") => {
    const sig = new SignedXml({
      privateKey: key.key,
      publicCert: key.cert,
      signatureAlgorithm: RSA_SHA256,
      canonicalizationAlgorithm: EXC_C14N,
    });
    const xpath = element === "Response" ? "/*[local-name(.)='Response']" : "//*[local-name(.)='Assertion']";
    sig.addReference({ xpath, digestAlgorithm: SHA256, transforms: [ENVELOPED, EXC_C14N] });
    sig.computeSignature(out, { location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: "after" } });
    out = sig.getSignedXml();
  };
  if (what !== "response") signOne("Assertion");
  if (what !== "assertion") signOne("Response");
  return out;
}

const SAML_NS = "urn:oasis:names:tc:SAML:2.0:assertion";
const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS_NS = "http://www.w3.org/2000/09/xmldsig#";
export const AES256_GCM = "http://www.w3.org/2009/xmlenc11#aes256-gcm";
export const AES128_CBC = "http://www.w3.org/2001/04/xmlenc#aes128-cbc";
export const RSA_OAEP = "http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p";
export const RSA_1_5 = "http://www.w3.org/2001/04/xmlenc#rsa-1_5";

const pemCert = (b64: string) =>
  `-----BEGIN CERTIFICATE-----\n${b64.match(/.{1,64}/g)?.join("\n")}\n-----END CERTIFICATE-----\n`;

/** How the IdP encrypts an assertion; `plaintext` rewrites the assertion's XML before encryption (attacks). */
export interface EncryptOptions {
  dataAlgorithm?: string;
  keyAlgorithm?: string;
  plaintext?: (assertionXml: string) => string;
}

/**
 * Replaces the Response's Assertion with an EncryptedAssertion for the SP certificate `spCert` (base64
 * DER, as metadata carries it): a fresh AES key for the content, wrapped with RSA-OAEP (xmlenc).
 */
export async function encryptAssertion(xml: string, spCert: string, options: EncryptOptions = {}): Promise<string> {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const root = doc.documentElement;
  const assertion = Array.from(root.childNodes).find(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === "Assertion",
  );
  if (!assertion) throw new Error("no assertion to encrypt");
  const assertionXml = new XMLSerializer().serializeToString(assertion);
  const content = options.plaintext ? options.plaintext(assertionXml) : assertionXml;
  const pem = pemCert(spCert);
  const encrypted = await new Promise<string>((resolve, reject) =>
    xmlenc.encrypt(
      content,
      {
        rsa_pub: new X509Certificate(pem).publicKey.export({ type: "spki", format: "pem" }).toString(),
        pem,
        encryptionAlgorithm: (options.dataAlgorithm ?? AES256_GCM) as EncryptionAlgorithm,
        keyEncryptionAlgorithm: (options.keyAlgorithm ?? RSA_OAEP) as KeyEncryptionAlgorithm,
        disallowEncryptionWithInsecureAlgorithm: false,
        warnInsecureAlgorithm: false,
      },
      (err, out) => (err ? reject(err) : resolve(out)),
    ),
  );
  const wrapper = new DOMParser().parseFromString(
    `<saml:EncryptedAssertion xmlns:saml="${SAML_NS}">${encrypted}</saml:EncryptedAssertion>`,
    "text/xml",
  ).documentElement;
  root.replaceChild(doc.importNode(wrapper, true), assertion);
  return new XMLSerializer().serializeToString(doc);
}

/** Encrypts `content` (an XML element) for the SP certificate `spCert`, as xmlenc EncryptedData. */
async function encryptXml(content: string, spCert: string, options: EncryptOptions): Promise<string> {
  const pem = pemCert(spCert);
  return new Promise<string>((resolve, reject) =>
    xmlenc.encrypt(
      content,
      {
        rsa_pub: new X509Certificate(pem).publicKey.export({ type: "spki", format: "pem" }).toString(),
        pem,
        encryptionAlgorithm: (options.dataAlgorithm ?? AES256_GCM) as EncryptionAlgorithm,
        keyEncryptionAlgorithm: (options.keyAlgorithm ?? RSA_OAEP) as KeyEncryptionAlgorithm,
        disallowEncryptionWithInsecureAlgorithm: false,
        warnInsecureAlgorithm: false,
      },
      (err, out) => (err ? reject(err) : resolve(out)),
    ),
  );
}

/**
 * Replaces the assertion's NameID with an EncryptedID, or its Attributes named in `names` (all when
 * omitted) with EncryptedAttributes (SAML core §2.2.4, §2.7.3.2), encrypted for `spCert`. Done before
 * signing, as an IdP does: the signature covers the ciphertext. `plaintext` rewrites each element's XML
 * before encryption (attacks); `keep` leaves the plain element beside the encrypted one.
 */
export async function encryptIdentifiers(
  xml: string,
  spCert: string,
  what: "NameID" | "Attribute",
  options: EncryptOptions & { names?: string[]; keep?: boolean } = {},
): Promise<string> {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const targets = Array.from(doc.getElementsByTagNameNS(SAML_NS, what)).filter(
    (el) => what === "NameID" || !options.names || options.names.includes(el.getAttribute("Name") ?? ""),
  );
  if (targets.length === 0) throw new Error(`no ${what} to encrypt`);
  for (const el of targets) {
    const elXml = new XMLSerializer().serializeToString(el);
    const encrypted = await encryptXml(options.plaintext ? options.plaintext(elXml) : elXml, spCert, options);
    const name = what === "NameID" ? "EncryptedID" : "EncryptedAttribute";
    const wrapper = new DOMParser().parseFromString(
      `<saml:${name} xmlns:saml="${SAML_NS}">${encrypted}</saml:${name}>`,
      "text/xml",
    ).documentElement;
    const imported = doc.importNode(wrapper, true);
    if (options.keep) el.parentNode?.insertBefore(imported, el.nextSibling);
    else el.parentNode?.replaceChild(imported, el);
  }
  return new XMLSerializer().serializeToString(doc);
}

/** What the IdP learnt from an SP's metadata (imported as an administrator does). */
export interface KnownSp {
  authnRequestsSigned: boolean;
  /** The first signing certificate (the current one). */
  signingCert: string | null;
  /** Every signing certificate: two during an SP's key-rotation overlap; a request may use either. */
  signingCerts: string[];
  encryptionCert: string | null;
}

/** Reads SP metadata: AuthnRequestsSigned and the signing and encryption certificates. */
export function readSpMetadata(xml: string): { entityId: string; sp: KnownSp } {
  const root = new DOMParser().parseFromString(xml, "text/xml").documentElement;
  const descriptor = root.getElementsByTagNameNS(MD, "SPSSODescriptor")[0];
  const certsFor = (use: string) =>
    Array.from(root.getElementsByTagNameNS(MD, "KeyDescriptor"))
      .filter((k) => k.getAttribute("use") === use)
      .map((kd) => kd.getElementsByTagNameNS(DS_NS, "X509Certificate")[0]?.textContent?.replace(/\s+/g, "") ?? "")
      .filter(Boolean);
  const signingCerts = certsFor("signing");
  return {
    entityId: root.getAttribute("entityID") ?? "",
    sp: {
      authnRequestsSigned: descriptor?.getAttribute("AuthnRequestsSigned") === "true",
      signingCert: signingCerts[0] ?? null,
      signingCerts,
      encryptionCert: certsFor("encryption")[0] ?? null,
    },
  };
}

/**
 * Checks signed SP metadata as an IdP does before importing it (SAML metadata §3.1): exactly one
 * enveloped signature, first child of the EntityDescriptor, whose single reference is the root's ID,
 * RSA-SHA256 / SHA-256, verified with `trustedCert` (the certificate the IdP already pins, not the
 * one the document carries); "unsigned" when the document has no signature at all.
 */
export function verifySpMetadata(xml: string, trustedCert: string): "valid" | "invalid" | "unsigned" {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const root = doc.documentElement;
  const signatures = Array.from(doc.getElementsByTagNameNS(DS_NS, "Signature"));
  if (signatures.length === 0) return "unsigned";
  const first = Array.from(root.childNodes).find((n) => n.nodeType === 1);
  if (signatures.length !== 1 || first !== signatures[0]) return "invalid";
  const method = signatures[0]?.getElementsByTagNameNS(DS_NS, "SignatureMethod")[0]?.getAttribute("Algorithm");
  if (method !== RSA_SHA256) return "invalid";
  const sig = new SignedXml({ publicCert: pemCert(trustedCert) });
  sig.loadSignature(signatures[0] as Element);
  try {
    if (!sig.checkSignature(xml)) return "invalid";
  } catch {
    return "invalid";
  }
  const refs = sig.getReferences();
  const id = root.getAttribute("ID");
  if (!id || refs.length !== 1 || refs[0]?.uri !== `#${id}` || refs[0]?.digestAlgorithm !== SHA256) return "invalid";
  return "valid";
}

/**
 * Verifies an HTTP-Redirect binding signature as a real IdP does (SAML bindings §3.4.4.1): over the
 * query's own octets `SAMLRequest=…&RelayState=…&SigAlg=…` as they arrived (never re-encoded), with
 * RSA-SHA256 only, by the certificate from the SP's metadata. "missing" when the URL carries none.
 */
export function verifyRedirectSignature(url: string, cert: string | null): "valid" | "invalid" | "missing" {
  const raw = new URL(url).search.slice(1).split("&");
  const part = (name: string) => raw.find((p) => p.startsWith(`${name}=`));
  const signature = part("Signature");
  const sigAlg = part("SigAlg");
  if (!signature && !sigAlg) return "missing";
  const request = part("SAMLRequest");
  if (!signature || !sigAlg || !request || !cert) return "invalid";
  if (decodeURIComponent(sigAlg.slice("SigAlg=".length)) !== RSA_SHA256) return "invalid";
  const relay = part("RelayState");
  const signed = [request, relay, sigAlg].filter(Boolean).join("&");
  const verifier = createVerify("RSA-SHA256").update(signed);
  const value = Buffer.from(decodeURIComponent(signature.slice("Signature=".length)), "base64");
  return verifier.verify(pemCert(cert), value) ? "valid" : "invalid";
}

/** What the IdP read from an AuthnRequest. */
export interface ReceivedRequest {
  id: string;
  issuer: string;
  acs: string;
  relayState: string;
}

/** Reads an HTTP-Redirect binding URL as the IdP does (deflated, base64, URL-encoded). */
export function readRedirect(url: string): ReceivedRequest {
  const u = new URL(url);
  const xml = inflateRawSync(Buffer.from(u.searchParams.get("SAMLRequest") ?? "", "base64")).toString("utf8");
  const root = new DOMParser().parseFromString(xml, "text/xml").documentElement;
  return {
    id: root.getAttribute("ID") ?? "",
    issuer: root.getElementsByTagNameNS("urn:oasis:names:tc:SAML:2.0:assertion", "Issuer")[0]?.textContent ?? "",
    acs: root.getAttribute("AssertionConsumerServiceURL") ?? "",
    relayState: u.searchParams.get("RelayState") ?? "",
  };
}

/** The running IdP: who is "logged in" there, and the form it answers with. */
export interface TestIdp {
  origin: string;
  entityId: string;
  ssoUrl: string;
  metadata: string;
  /** The user the next /sso answers for. */
  user: { email: string; givenName?: string; surname?: string; groups?: string[] };
  /** Which part to sign (default both). */
  signWhat: "assertion" | "response" | "both";
  /** Its metadata says WantAuthnRequestsSigned, and it refuses unsigned requests from every SP. */
  wantAuthnRequestsSigned: boolean;
  /** The metadata with WantAuthnRequestsSigned="true". */
  metadataWantingSignedRequests: string;
  /** Encrypt assertions to SPs whose metadata offers an encryption certificate (default true). */
  encrypt: boolean;
  /** How to encrypt (algorithms). */
  encryptOptions: EncryptOptions;
  /** Send the NameID as an EncryptedID / the attributes as EncryptedAttributes (needs an SP encryption certificate). */
  encryptNameId: boolean;
  encryptAttributes: boolean;
  /** SPs by entity ID, from their imported metadata. */
  sps: Map<string, KnownSp>;
  /** Imports an SP's metadata, as the IdP's administrator does (a signed re-import must verify). */
  trustSp(metadataXml: string): void;
  /** Requests it refused (403), with the reason. */
  refused: string[];
  close(): Promise<void>;
}

/** Starts the IdP on 127.0.0.1 (a random port); `spEntityId` is the audience it asserts for. */
export async function startIdp(spEntityId: () => string): Promise<TestIdp> {
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", idp.origin);
    if (url.pathname === "/metadata") {
      res.writeHead(200, { "content-type": "application/samlmetadata+xml" }).end(idp.metadata);
      return;
    }
    if (url.pathname !== "/sso") {
      res.writeHead(404).end();
      return;
    }
    const request = readRedirect(url.href);
    // A request from an SP whose metadata says AuthnRequestsSigned (or to an IdP wanting them all
    // signed) must carry a valid signature; a present signature must verify whatever the settings.
    const sp = idp.sps.get(request.issuer) ?? null;
    // During an SP's rotation overlap its metadata names two signing certificates: either may sign.
    const results = (sp?.signingCerts.length ? sp.signingCerts : [null]).map((c) =>
      verifyRedirectSignature(url.href, c),
    );
    const signature = results.includes("valid") ? "valid" : (results[0] ?? "missing");
    const mustSign = idp.wantAuthnRequestsSigned || sp?.authnRequestsSigned === true;
    if (signature === "invalid" || (signature === "missing" && mustSign)) {
      idp.refused.push(`signature ${signature}`);
      res.writeHead(403, { "content-type": "text/plain" }).end(`AuthnRequest signature ${signature}`);
      return;
    }
    const unsigned = responseXml({
      entityId: idp.entityId,
      acs: request.acs,
      audience: spEntityId(),
      inResponseTo: request.id,
      nameId: idp.user.email,
      ...idp.user,
    });
    const encryptTo = idp.encrypt ? (sp?.encryptionCert ?? null) : null;
    let content = unsigned;
    if (idp.encryptNameId && sp?.encryptionCert)
      content = await encryptIdentifiers(content, sp.encryptionCert, "NameID");
    if (idp.encryptAttributes && sp?.encryptionCert)
      content = await encryptIdentifiers(content, sp.encryptionCert, "Attribute");
    let xml = idp.signWhat === "response" ? content : sign(content, "assertion");
    if (encryptTo) xml = await encryptAssertion(xml, encryptTo, idp.encryptOptions);
    if (idp.signWhat !== "assertion") xml = sign(xml, "response");
    const b64 = Buffer.from(xml).toString("base64");
    // The HTTP-POST binding: an auto-submitting form (the test reads its fields).
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<form method="post" action="${esc(request.acs)}"><input type="hidden" name="SAMLResponse" value="${b64}"/>` +
          `<input type="hidden" name="RelayState" value="${esc(request.relayState)}"/></form>`,
      );
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const certBody = KEYS.idp.cert.replace(/-----[^-]+-----|\s/g, "");
  const idp: TestIdp = {
    origin,
    entityId: `${origin}/metadata`,
    ssoUrl: `${origin}/sso`,
    metadata: "",
    user: { email: "alice@acme.test" },
    signWhat: "both",
    wantAuthnRequestsSigned: false,
    metadataWantingSignedRequests: "",
    encrypt: true,
    encryptOptions: {},
    encryptNameId: false,
    encryptAttributes: false,
    sps: new Map(),
    trustSp(metadataXml) {
      const { entityId, sp } = readSpMetadata(metadataXml);
      // A re-import of signed metadata must be signed by a key the IdP already trusts for this SP.
      const known = idp.sps.get(entityId)?.signingCerts ?? [];
      const checks = known.map((c) => verifySpMetadata(metadataXml, c));
      if (known.length > 0 && !checks.includes("unsigned") && !checks.includes("valid"))
        throw new Error("SP metadata signature is not by a trusted key");
      idp.sps.set(entityId, sp);
    },
    refused: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const metadata = (wantSigned: boolean) =>
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${idp.entityId}">` +
    `<md:IDPSSODescriptor${wantSigned ? ' WantAuthnRequestsSigned="true"' : ""} protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${idp.ssoUrl}"/>` +
    "</md:IDPSSODescriptor></md:EntityDescriptor>";
  idp.metadata = metadata(false);
  idp.metadataWantingSignedRequests = metadata(true);
  return idp;
}

/** Reads the auto-post form the IdP answered with. */
export function readForm(html: string): { action: string; SAMLResponse: string; RelayState: string } {
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
  return {
    action: /action="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "",
    SAMLResponse: field("SAMLResponse"),
    RelayState: field("RelayState").replace(/&amp;/g, "&"),
  };
}
