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
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userinfoEndpoint: string | null;
  scopes: readonly string[];
  pkce: boolean;
}
