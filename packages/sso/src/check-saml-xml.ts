import { loadXmldom } from "./load-saml.js";

const PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
const ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";

/**
 * Checks before any XML library sees the response: the size cap, and no DTD at all (no entity can be
 * declared, expanded or fetched: XXE and billion laughs end here). Null when refused.
 */
export function decodeSamlResponse(b64: string, maxBytes: number): string | null {
  // Base64 is 4 characters per 3 bytes: refuse before decoding anything oversized.
  if (b64.length > Math.ceil((maxBytes * 4) / 3) + 4) return null;
  if (!/^[A-Za-z0-9+/=\s]+$/.test(b64)) return null;
  const xml = Buffer.from(b64, "base64").toString("utf8");
  if (xml.length === 0 || Buffer.byteLength(xml) > maxBytes) return null;
  if (/<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST/i.test(xml)) return null;
  return xml;
}

/**
 * The Response root's Destination (null when absent; it must equal the ACS URL when present) and
 * whether its top-level status is Success: a signed assertion inside a failed response is no sign-in.
 */
export async function readResponseEnvelope(
  xml: string,
): Promise<{ ok: boolean; destination: string | null; success: boolean }> {
  const { DOMParser } = await loadXmldom();
  let failed = false;
  const markFailed = () => {
    failed = true;
  };
  const doc = new DOMParser({
    errorHandler: { error: markFailed, fatalError: markFailed },
  }).parseFromString(xml, "text/xml");
  const root = doc?.documentElement;
  if (failed || !root || root.localName !== "Response" || root.namespaceURI !== PROTOCOL)
    return { ok: false, destination: null, success: false };
  const status = Array.from(root.childNodes).find(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === "Status",
  );
  const code = status
    ? Array.from(status.childNodes).find(
        (n): n is Element => n.nodeType === 1 && (n as Element).localName === "StatusCode",
      )
    : undefined;
  const success = code?.getAttribute("Value") === "urn:oasis:names:tc:SAML:2.0:status:Success";
  return { ok: true, destination: root.getAttribute("Destination"), success };
}

/** What the signed assertion says beyond node-saml's profile: its ID and every bearer Recipient. */
export async function readSignedAssertion(assertionXml: string): Promise<{ id: string | null; recipients: string[] }> {
  const { DOMParser } = await loadXmldom();
  const doc = new DOMParser().parseFromString(assertionXml, "text/xml");
  const root = doc.documentElement;
  const recipients = Array.from(root.getElementsByTagNameNS(ASSERTION, "SubjectConfirmationData")).map(
    (el) => el.getAttribute("Recipient") ?? "",
  );
  return { id: root.getAttribute("ID"), recipients };
}
