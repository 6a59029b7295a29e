/** node-saml loads on the first SAML request only (DESIGN.md: request-specific dependencies load lazily). */
let saml: Promise<typeof import("@node-saml/node-saml")> | undefined;

/** The cached import of @node-saml/node-saml. */
export function loadSaml(): Promise<typeof import("@node-saml/node-saml")> {
  saml ??= import("@node-saml/node-saml");
  return saml;
}

let xmldom: Promise<typeof import("@xmldom/xmldom")> | undefined;

/** The cached import of @xmldom/xmldom (the XML parser node-saml uses too). */
export function loadXmldom(): Promise<typeof import("@xmldom/xmldom")> {
  xmldom ??= import("@xmldom/xmldom");
  return xmldom;
}
