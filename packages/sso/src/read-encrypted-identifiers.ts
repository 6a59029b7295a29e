import { loadXmldom } from "./load-saml.js";
import { openEncryptedElement } from "./open-encrypted-element.js";
import type { SpPrivateKeys } from "./sp-keys.js";
import type { SamlConfig } from "./sso-types.js";

const ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";

/** What the encrypted parts of an assertion said (nothing when it has none). */
export type EncryptedIdentifiers =
  | {
      ok: true;
      nameId: { value: string; format: string | null } | null;
      attributes: Record<string, string | string[]>;
    }
  | { ok: false; code: string };

const children = (parent: Element, local: string) =>
  Array.from(parent.childNodes).filter(
    (n): n is Element =>
      n.nodeType === 1 && (n as Element).localName === local && (n as Element).namespaceURI === ASSERTION,
  );

/** An attribute's values as node-saml gives plain ones: one string, or a list. */
function values(attribute: Element): string | string[] {
  const all = children(attribute, "AttributeValue").map((v) => v.textContent ?? "");
  return all.length === 1 ? (all[0] as string) : all;
}

/**
 * The `EncryptedID` of the assertion's Subject and the `EncryptedAttribute`s of its AttributeStatements
 * (SAML core §2.2.4, §2.7.3.2), which node-saml does not read, decrypted with the connection's SP
 * encryption key (or the one before its last rotation) under the same rules as an EncryptedAssertion
 * (open-encrypted-element.ts: no weak algorithm, inline ciphertext of a plausible length, no DTD inside).
 *
 * `assertionXml` is the assertion node-saml verified (signed by the IdP, or decrypted from a signed
 * response), so the ciphertexts read here are covered by the IdP's signature: encryption only hides
 * them. A Subject with an EncryptedID must have nothing else naming it (a plain NameID or BaseID beside
 * it would make two subjects), and an encrypted attribute may not repeat a plain one's name.
 */
export async function readEncryptedIdentifiers(
  assertionXml: string,
  config: SamlConfig,
  keys: SpPrivateKeys,
  maxBytes: number,
): Promise<EncryptedIdentifiers> {
  const { DOMParser } = await loadXmldom();
  const assertion = new DOMParser().parseFromString(assertionXml, "text/xml").documentElement;
  const subject = children(assertion, "Subject")[0];
  const encryptedIds = subject ? children(subject, "EncryptedID") : [];
  const statements = children(assertion, "AttributeStatement");
  const encryptedAttributes = statements.flatMap((s) => children(s, "EncryptedAttribute"));
  if (encryptedIds.length === 0 && encryptedAttributes.length === 0) return { ok: true, nameId: null, attributes: {} };
  const canDecrypt = config.encryptAssertions === true && Boolean(keys.encryption);
  const candidates = [keys.encryption, keys.previousEncryption];
  const refusal = (reason: "weak" | "dtd" | "invalid", code: string): EncryptedIdentifiers => ({
    ok: false,
    code: reason === "weak" ? "weak_algorithm" : reason === "dtd" ? "invalid_saml_response" : code,
  });

  let nameId: { value: string; format: string | null } | null = null;
  if (encryptedIds.length > 0) {
    const others = subject ? [...children(subject, "NameID"), ...children(subject, "BaseID")] : [];
    if (encryptedIds.length > 1 || others.length > 0 || !canDecrypt) return { ok: false, code: "invalid_encrypted_id" };
    const opened = await openEncryptedElement(encryptedIds[0] as Element, candidates, maxBytes, {
      ns: ASSERTION,
      local: "NameID",
    });
    if (!opened.ok) return refusal(opened.reason, "invalid_encrypted_id");
    // textContent joins the text around a comment: `a@acme.test<!---->.evil.test` is read whole.
    const value = (opened.element.textContent ?? "").trim();
    if (!value || opened.element.getElementsByTagName("*").length > 0)
      return { ok: false, code: "invalid_encrypted_id" };
    nameId = { value, format: opened.element.getAttribute("Format") };
  }

  const attributes: Record<string, string | string[]> = {};
  if (encryptedAttributes.length > 0) {
    if (!canDecrypt) return { ok: false, code: "invalid_encrypted_attribute" };
    const plainNames = new Set(
      statements.flatMap((s) => children(s, "Attribute")).map((a) => a.getAttribute("Name") ?? ""),
    );
    for (const wrapper of encryptedAttributes) {
      const opened = await openEncryptedElement(wrapper, candidates, maxBytes, { ns: ASSERTION, local: "Attribute" });
      if (!opened.ok) return refusal(opened.reason, "invalid_encrypted_attribute");
      const name = opened.element.getAttribute("Name") ?? "";
      if (!name || plainNames.has(name) || Object.hasOwn(attributes, name))
        return { ok: false, code: "invalid_encrypted_attribute" };
      attributes[name] = values(opened.element);
    }
  }
  return { ok: true, nameId, attributes };
}
