import type { AuthContext } from "@gatehouse-auth/core";
import type { CacheProvider, SAML } from "@node-saml/node-saml";
import { loadSaml } from "./load-saml.js";
import type { ResolvedSsoOptions } from "./sso-options.js";
import type { SamlConfig, SsoProviderRow } from "./sso-types.js";
import type { SpPrivateKeys } from "./sp-keys.js";
import { acsUrl } from "./sp-urls.js";

/** The AuthnRequest a browser may have answered: its ID and when it was sent (ms). */
export interface SentRequest {
  id: string;
  issuedAt: number;
}

/** A read-only InResponseTo store that knows one request: the one this browser's cookie names. */
export function singleRequestCache(request: SentRequest | null): CacheProvider {
  // node-saml reads the value as the request's creation instant, to expire it.
  const issued = request ? new Date(request.issuedAt).toISOString() : null;
  return {
    saveAsync: async () => null,
    getAsync: async (key: string) => (request !== null && key === request.id ? issued : null),
    removeAsync: async () => null,
  };
}

/**
 * A node-saml instance for one connection. Every check is on: the response or the assertion must be
 * signed by the connection's certificate, the audience is this SP's entity ID, and InResponseTo must be
 * the request this browser started (`validateInResponseTo: always` refuses IdP-initiated responses).
 */
export async function samlClient(
  auth: AuthContext,
  o: ResolvedSsoOptions,
  row: SsoProviderRow,
  config: SamlConfig,
  request: SentRequest | null,
  keys: SpPrivateKeys = {},
  /** The key that decrypts this response's EncryptedAssertion (the current one, or the one before rotation). */
  decryptionKey: string | null = null,
): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await loadSaml();
  return new SAML({
    callbackUrl: acsUrl(auth, row.providerId),
    entryPoint: config.entryPoint,
    issuer: row.issuer,
    audience: row.issuer,
    idpCert: config.cert,
    ...(config.idpIssuer ? { idpIssuer: config.idpIssuer } : {}),
    // Profiles §4.1.3.5: the IdP may sign the Response or the Assertion; node-saml reads the assertion
    // only from the signed part either way.
    wantAuthnResponseSigned: false,
    // Set per response when the assertion itself must carry the IdP's signature.
    wantAssertionsSigned: config.wantAssertionsSigned === true,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider: singleRequestCache(request),
    // The AuthnRequest carries the ID the sign-in stored for this browser.
    ...(request ? { generateUniqueId: () => request.id } : {}),
    requestIdExpirationPeriodMs: o.saml.requestLifetime * 1000,
    acceptedClockSkewMs: o.saml.clockSkewMs,
    signatureAlgorithm: "sha256",
    digestAlgorithm: "sha256",
    disableRequestedAuthnContext: true,
    identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
    // Bindings §3.4.4.1: with a private key node-saml adds SigAlg (RSA-SHA256) and Signature to the
    // redirect URL, and the SP metadata says AuthnRequestsSigned="true".
    ...(config.signAuthnRequests && keys.signing ? { privateKey: keys.signing } : {}),
    ...(decryptionKey ? { decryptionPvk: decryptionKey } : {}),
  });
}
