import { loadXmldom } from "./load-saml.js";
import { openEncryptedElement } from "./open-encrypted-element.js";
import type { SpPrivateKeys } from "./sp-keys.js";
import type { SamlConfig } from "./sso-types.js";

const PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
const ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";
const DS = "http://www.w3.org/2000/09/xmldsig#";
/** Signatures: RSA with SHA-256 or stronger; SHA-1 signatures and digests are refused. */
const SIGNATURE_ALGORITHMS = new Set([
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha384",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512",
]);
const DIGEST_ALGORITHMS = new Set([
  "http://www.w3.org/2001/04/xmlenc#sha256",
  "http://www.w3.org/2001/04/xmldsig-more#sha384",
  "http://www.w3.org/2001/04/xmlenc#sha512",
]);

/** What the ACS needs to validate the response with node-saml. */
export type CryptoCheck =
  | { ok: true; encrypted: false }
  | { ok: true; encrypted: true; decryptionKey: string; assertionSigned: boolean }
  | { ok: false; code: string };

const elements = (root: Element | Document, ns: string, local: string) =>
  Array.from(root.getElementsByTagNameNS(ns, local));
const children = (parent: Element, ns: string, local: string) =>
  Array.from(parent.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === local && (n as Element).namespaceURI === ns,
  );

/** True when every XML signature under `root` uses RSA-SHA256+ and SHA-256+ digests. */
function strongSignatures(root: Element | Document): boolean {
  for (const info of elements(root, DS, "SignedInfo")) {
    for (const m of elements(info, DS, "SignatureMethod"))
      if (!SIGNATURE_ALGORITHMS.has(m.getAttribute("Algorithm") ?? "")) return false;
    for (const m of elements(info, DS, "DigestMethod"))
      if (!DIGEST_ALGORITHMS.has(m.getAttribute("Algorithm") ?? "")) return false;
  }
  return true;
}

/**
 * Checks the response's cryptography before node-saml sees it: SHA-1 signatures refused; a connection
 * that requires encryption gets exactly one EncryptedAssertion and no plain one; an EncryptedAssertion
 * uses only the algorithms above, carries its ciphertext inline (no CipherReference to fetch), and
 * opens with this connection's key (or the one before rotation). The plaintext passes the same rules
 * as a response (size cap, no DTD or entity, strong signatures) and must be one saml:Assertion. The
 * answer says which key decrypts and whether the decrypted assertion carries its own signature (then
 * that signature must verify with the IdP's certificate: `wantAssertionsSigned`).
 */
export async function checkAssertionCrypto(
  xml: string,
  config: SamlConfig,
  keys: SpPrivateKeys,
  maxBytes: number,
): Promise<CryptoCheck> {
  const refuse = (code: string): CryptoCheck => ({ ok: false, code });
  const { DOMParser } = await loadXmldom();
  const doc = new DOMParser({ errorHandler: { error: () => {}, fatalError: () => {} } }).parseFromString(
    xml,
    "text/xml",
  );
  const root = doc?.documentElement;
  if (root?.localName !== "Response" || root.namespaceURI !== PROTOCOL) return refuse("invalid_saml_response");
  if (!strongSignatures(doc)) return refuse("weak_algorithm");
  const plain = children(root, ASSERTION, "Assertion");
  const encrypted = children(root, ASSERTION, "EncryptedAssertion");
  // An EncryptedAssertion anywhere but directly in the Response is a wrapping attempt.
  if (elements(doc, ASSERTION, "EncryptedAssertion").length !== encrypted.length)
    return refuse("invalid_saml_response");
  if (config.requireEncryptedAssertions && (plain.length > 0 || encrypted.length !== 1))
    return refuse("encryption_required");
  if (encrypted.length === 0) return { ok: true, encrypted: false };
  if (encrypted.length + plain.length > 1) return refuse("invalid_saml_response");
  const wrapper = encrypted[0] as Element;
  if (!config.encryptAssertions || !keys.encryption) return refuse("invalid_encrypted_assertion");

  const opened = await openEncryptedElement(wrapper, [keys.encryption, keys.previousEncryption], maxBytes, {
    ns: ASSERTION,
    local: "Assertion",
  });
  if (!opened.ok)
    return refuse(
      opened.reason === "weak"
        ? "weak_algorithm"
        : opened.reason === "dtd"
          ? "invalid_saml_response"
          : "invalid_encrypted_assertion",
    );
  if (!strongSignatures(opened.document)) return refuse("weak_algorithm");
  return {
    ok: true,
    encrypted: true,
    decryptionKey: opened.key,
    assertionSigned: children(opened.element, DS, "Signature").length > 0,
  };
}
