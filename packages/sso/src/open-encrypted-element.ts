import { loadXmldom } from "./load-saml.js";

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

/** What opening an EncryptedAssertion, EncryptedID or EncryptedAttribute gave. */
export type Opened =
  | { ok: true; element: Element; document: Document; key: string }
  /** weak: a refused algorithm; dtd: a declaration inside the plaintext; invalid: anything else. */
  | { ok: false; reason: "weak" | "dtd" | "invalid" };

const elements = (root: Element | Document, ns: string, local: string) =>
  Array.from(root.getElementsByTagNameNS(ns, local));
const children = (parent: Element, ns: string, local: string) =>
  Array.from(parent.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === local && (n as Element).namespaceURI === ns,
  );

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
 * Opens one SAML encrypted element (saml:EncryptedElementType: an EncryptedAssertion, EncryptedID or
 * EncryptedAttribute) with the first of `keys` that decrypts it, under one set of rules for all three:
 * only the algorithms above, exactly one EncryptedData with its ciphertext inline (no CipherReference
 * to fetch) of a length its algorithm can have, at least one EncryptedKey; the plaintext within the
 * size cap, with no DTD or entity declaration, parsing as exactly one `expected` element. Every failure
 * that is not a refused algorithm or a declaration is the same "invalid" (no padding-versus-parse oracle).
 */
export async function openEncryptedElement(
  wrapper: Element,
  keys: readonly (string | undefined)[],
  maxBytes: number,
  expected: { ns: string; local: string },
): Promise<Opened> {
  const invalid: Opened = { ok: false, reason: "invalid" };
  const data = elements(wrapper, XENC, "EncryptedData");
  if (data.length !== 1) return invalid;
  if (elements(wrapper, XENC, "CipherReference").length > 0) return invalid;
  for (const method of elements(wrapper, XENC, "EncryptionMethod")) {
    const algorithm = method.getAttribute("Algorithm") ?? "";
    const owner = method.parentNode as Element | null;
    const allowed = owner?.localName === "EncryptedKey" ? KEY_ALGORITHMS : DATA_ALGORITHMS;
    if (!allowed.has(algorithm)) return { ok: false, reason: "weak" };
    for (const digest of elements(method, DS, "DigestMethod"))
      if (!OAEP_DIGESTS.has(digest.getAttribute("Algorithm") ?? "")) return { ok: false, reason: "weak" };
  }
  if (elements(wrapper, XENC, "EncryptedKey").length < 1) return invalid;
  const dataMethod = children(data[0] as Element, XENC, "EncryptionMethod")[0]?.getAttribute("Algorithm") ?? "";
  const cipherValue = elements(data[0] as Element, XENC, "CipherValue")[0]?.textContent ?? "";
  if (!DATA_ALGORITHMS.has(dataMethod) || !plausibleCiphertext(dataMethod, cipherValue, maxBytes)) return invalid;

  const { DOMParser, XMLSerializer } = await loadXmldom();
  const wrapperXml = new XMLSerializer().serializeToString(wrapper);
  for (const key of keys) {
    if (!key) continue;
    const plaintext = await decrypt(wrapperXml, key);
    if (plaintext === null) continue;
    if (Buffer.byteLength(plaintext) > maxBytes) return invalid;
    // The decrypted XML never saw decodeSamlResponse: the same no-DTD rule applies here (XXE inside).
    if (/<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST/i.test(plaintext)) return { ok: false, reason: "dtd" };
    let failed = false;
    const markFailed = () => {
      failed = true;
    };
    const document = new DOMParser({ errorHandler: { error: markFailed, fatalError: markFailed } }).parseFromString(
      plaintext,
      "text/xml",
    );
    const element = document?.documentElement;
    if (failed || !element || element.localName !== expected.local || element.namespaceURI !== expected.ns)
      return invalid;
    return { ok: true, element, document, key };
  }
  return invalid;
}
