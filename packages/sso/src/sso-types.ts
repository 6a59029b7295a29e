/** A stored connection row. */
export interface SsoProviderRow {
  id: string;
  providerId: string;
  organizationId: string;
  userId: string | null;
  protocol: "saml" | "oidc";
  issuer: string;
  domain: string;
  config: string;
  secret: string | null;
  domainVerified: boolean;
  domainVerificationToken: string;
  enforceSSO: boolean;
  breakGlassUserIds: string | null;
  disabled: boolean;
  /** The last sign-in through it, at most a minute stale; null before the first. */
  lastSignInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Attribute names read from an assertion. */
export interface SamlMapping {
  email?: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  groups?: string;
  role?: string;
}

/** A SAML connection's public settings. */
export interface SamlConfig {
  entryPoint: string;
  cert: string;
  idpIssuer: string | null;
  mapping: SamlMapping;
  wantAssertionsSigned: boolean;
  allowIdpInitiated: false;
  /** AuthnRequests carry SigAlg and Signature (HTTP-Redirect binding); the key is in the row's secret. */
  signAuthnRequests?: boolean;
  /** The IdP's metadata said WantAuthnRequestsSigned: signing cannot be turned off. */
  idpWantsSignedRequests?: boolean;
  /** The signing certificate (base64 DER) the SP metadata publishes. */
  spSigningCert?: string | null;
  /** During a signing-key rotation's overlap: the next certificate, published beside the current one. */
  spNextSigningCert?: string | null;
  /** When the pending signing key was rotated in (ms since the epoch); it is promoted after the overlap. */
  spNextSigningSince?: number | null;
  /** The SP metadata offers an encryption key: the IdP may send EncryptedAssertions. */
  encryptAssertions?: boolean;
  /** A plain (unencrypted) assertion is refused. */
  requireEncryptedAssertions?: boolean;
  /** The encryption certificate (base64 DER) the SP metadata publishes. */
  spEncryptionCert?: string | null;
}

/** An OIDC connection's public settings, from discovery. */
export interface OidcConfig {
  clientId: string;
  /** The issuer the discovery document named (equal to the registered one). */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userinfoEndpoint: string | null;
  /** RFC 9207: the provider sends `iss` with every authorization response. */
  issParameterSupported: boolean;
  /** The asymmetric algorithms ID tokens may be signed with (from discovery, never none or HMAC). */
  idTokenAlgorithms: readonly string[];
  scopes: readonly string[];
  /** How the client authenticates at the token endpoint. */
  tokenAuth: "client_secret_basic" | "client_secret_post" | "private_key_jwt";
  /** private_key_jwt: the public key the connection's JWKS URL publishes (the private one is in `secret`). */
  clientJwk?: import("./oidc-client-key.js").ClientJwk;
  /** Always true: every flow sends an S256 challenge. */
  pkce: true;
}
