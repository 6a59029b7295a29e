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
  tokenAuth: "client_secret_basic" | "client_secret_post";
  /** Always true: every flow sends an S256 challenge. */
  pkce: true;
}
