import { loadXmldom } from "./load-saml.js";
import type { SpPrivateKeys } from "./sp-keys.js";
import type { SamlConfig } from "./sso-types.js";

const PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
const ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const XENC = "http://www.w3.org/2001/04/xmlenc#";

/** Content encryption node-saml's xml-encryption decrypts that is not weak (no 3DES). */
const DATA_ALGORITHMS = new Set([
  "http://www.w3.org/2009/xmlenc11#aes256-gcm",
  "http://www.w3.org/2009/xmlenc11#aes128-gcm",
  "http://www.w3.org/2001/04/xmlenc#aes256-cbc",
  "http://www.w3.org/2001/04/xmlenc#aes128-cbc",
]);
/** Key transport: RSA-OAEP only (RSA PKCS#1 v1.5 is Bleichenbacher's oracle, xmlenc-core1 §5.4.1). */
const KEY_ALGORITHMS = new Set(["http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p"]);
/** OAEP's digest as xml-encryption reads it (another URI would silently fall back to SHA-1 there). */
const OAEP_DIGESTS = new Set([`${DS}sha1`, `${DS}sha256`, `${DS}sha512`]);
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

/** The decoded CipherValue has a length the algorithm can have (IV, whole blocks or a GCM tag). */
function plausibleCiphertext(algorithm: string, value: string, maxBytes: number): boolean {
  const b64 = value.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+=*$/.test(b64) || b64.length > Math.ceil((maxBytes * 4) / 3) + 4) return false;
  const n = Buffer.from(b64, "base64").length;
  return algorithm.endsWith("gcm") ? n > 12 + 16 : n >= 32 && n % 16 === 0;
}

const xmlenc = () => import("xml-encryption");

/** Decrypts with xml-encryption, refusing its insecure algorithms; null when the key does not open it. */
async function decrypt(xml: string, key: string): Promise<string | null> {
  const lib = await xmlenc();
  const decryptFn = (lib.default ?? lib).decrypt;
  return new Promise((resolve) => {
    try {
      decryptFn(xml, { key, disallowDecryptionWithInsecureAlgorithm: true, warnInsecureAlgorithm: false }, (err, out) =>
        resolve(err || typeof out !== "string" ? null : out),
      );
    } catch {
      resolve(null);
    }
  });
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
  const { DOMParser, XMLSerializer } = await loadXmldom();
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

  const data = elements(wrapper, XENC, "EncryptedData");
  if (data.length !== 1) return refuse("invalid_encrypted_assertion");
  if (elements(wrapper, XENC, "CipherReference").length > 0) return refuse("invalid_encrypted_assertion");
  for (const method of elements(wrapper, XENC, "EncryptionMethod")) {
    const algorithm = method.getAttribute("Algorithm") ?? "";
    const owner = method.parentNode as Element | null;
    const allowed = owner?.localName === "EncryptedKey" ? KEY_ALGORITHMS : DATA_ALGORITHMS;
    if (!allowed.has(algorithm)) return refuse("weak_algorithm");
    for (const digest of elements(method, DS, "DigestMethod"))
      if (!OAEP_DIGESTS.has(digest.getAttribute("Algorithm") ?? "")) return refuse("weak_algorithm");
  }
  if (elements(wrapper, XENC, "EncryptedKey").length < 1) return refuse("invalid_encrypted_assertion");
  const dataMethod = children(data[0] as Element, XENC, "EncryptionMethod")[0]?.getAttribute("Algorithm") ?? "";
  const cipherValue = elements(data[0] as Element, XENC, "CipherValue")[0]?.textContent ?? "";
  if (!DATA_ALGORITHMS.has(dataMethod) || !plausibleCiphertext(dataMethod, cipherValue, maxBytes))
    return refuse("invalid_encrypted_assertion");

  const wrapperXml = new XMLSerializer().serializeToString(wrapper);
  for (const key of [keys.encryption, keys.previousEncryption]) {
    if (!key) continue;
    const plaintext = await decrypt(wrapperXml, key);
    if (plaintext === null) continue;
    if (Buffer.byteLength(plaintext) > maxBytes) return refuse("invalid_encrypted_assertion");
    // The decrypted XML never saw decodeSamlResponse: the same no-DTD rule applies here.
    if (/<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST/i.test(plaintext)) return refuse("invalid_saml_response");
    let failed = false;
    const inner = new DOMParser({
      errorHandler: {
        error: () => {
          failed = true;
        },
        fatalError: () => {
          failed = true;
        },
      },
    }).parseFromString(plaintext, "text/xml");
    const assertion = inner?.documentElement;
    if (failed || !assertion || assertion.localName !== "Assertion" || assertion.namespaceURI !== ASSERTION)
      return refuse("invalid_encrypted_assertion");
    if (!strongSignatures(inner)) return refuse("weak_algorithm");
    return {
      ok: true,
      encrypted: true,
      decryptionKey: key,
      assertionSigned: children(assertion, DS, "Signature").length > 0,
    };
  }
  return refuse("invalid_encrypted_assertion");
}
