import { loadXmldom } from "./load-saml.js";

/** What an IdP's metadata says about it: its entity ID, HTTP-Redirect SSO URL and signing certificate. */
export interface IdpMetadata {
  entityId: string | null;
  ssoUrl: string | null;
  cert: string | null;
  /** The IdP refuses unsigned AuthnRequests (`IDPSSODescriptor/@WantAuthnRequestsSigned`). */
  wantAuthnRequestsSigned: boolean;
}

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

/** Reads IdP metadata XML; null when it is not metadata, or carries a DTD (entities are never expanded). */
export async function readIdpMetadata(xml: string): Promise<IdpMetadata | null> {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  const { DOMParser } = await loadXmldom();
  let failed = false;
  const markFailed = () => {
    failed = true;
  };
  const doc = new DOMParser({
    errorHandler: { error: markFailed, fatalError: markFailed },
  }).parseFromString(xml, "text/xml");
  const root = doc?.documentElement;
  if (failed || !root || root.localName !== "EntityDescriptor" || root.namespaceURI !== MD) return null;
  const sso = Array.from(root.getElementsByTagNameNS(MD, "SingleSignOnService")).find(
    (el) => el.getAttribute("Binding") === REDIRECT,
  );
  const cert = root.getElementsByTagNameNS(DS, "X509Certificate")[0]?.textContent?.replace(/\s+/g, "") ?? null;
  const descriptor = root.getElementsByTagNameNS(MD, "IDPSSODescriptor")[0];
  const wants = descriptor?.getAttribute("WantAuthnRequestsSigned")?.trim();
  return {
    entityId: root.getAttribute("entityID"),
    ssoUrl: sso?.getAttribute("Location") ?? null,
    cert,
    // xs:boolean: "true" or "1".
    wantAuthnRequestsSigned: wants === "true" || wants === "1",
  };
}
