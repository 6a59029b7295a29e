// A small SAML identity provider for the tests: its own keys, HTTP on 127.0.0.1, the HTTP-Redirect
// binding in and the HTTP-POST binding out, signing with RSA-SHA256 / exclusive c14n as real IdPs do.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import { DOMParser } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";

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
  close(): Promise<void>;
}

/** Starts the IdP on 127.0.0.1 (a random port); `spEntityId` is the audience it asserts for. */
export async function startIdp(spEntityId: () => string): Promise<TestIdp> {
  const server: Server = createServer((req, res) => {
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
    const xml = sign(
      responseXml({
        entityId: idp.entityId,
        acs: request.acs,
        audience: spEntityId(),
        inResponseTo: request.id,
        nameId: idp.user.email,
        ...idp.user,
      }),
      idp.signWhat,
    );
    const b64 = Buffer.from(xml).toString("base64");
    // The HTTP-POST binding: an auto-submitting form (the test reads its fields).
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<form method="post" action="${esc(request.acs)}"><input type="hidden" name="SAMLResponse" value="${b64}"/>` +
          `<input type="hidden" name="RelayState" value="${esc(request.relayState)}"/></form>`,
      );
  });
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  idp.metadata =
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${idp.entityId}">` +
    `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${idp.ssoUrl}"/>` +
    "</md:IDPSSODescriptor></md:EntityDescriptor>";
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
