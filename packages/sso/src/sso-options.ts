/** Options of the `sso` plugin. */
export interface SsoOptions {
  /** Organization roles that may register and manage connections (default owner and admin). */
  managerRoles?: readonly string[];
  /** User roles (admin plugin) that may manage any organization's connections (default admin). */
  adminRoles?: readonly string[];
  /** Domain verification by DNS TXT record. */
  domainVerification?: {
    /** On by default: an unverified connection signs nobody in. */
    enabled?: boolean;
    /** The record is `_<prefix>-<providerId>.<domain>` (default `gatehouse-sso`). */
    tokenPrefix?: string;
    /** DNS servers to ask (`host:port`); default the system's. */
    dnsServers?: readonly string[];
    /** Milliseconds a lookup may take (default 5000). */
    timeoutMs?: number;
  };
  /** Just-in-time provisioning into the connection's organization. */
  organizationProvisioning?: {
    /** Role of a provisioned member (default `member`). */
    defaultRole?: string;
    /** Maps the IdP's attributes (groups, role) to a role; null keeps the default. */
    getRole?: (input: { attributes: Record<string, unknown>; groups: readonly string[] }) => string | null;
  };
  /** SAML settings shared by every connection. */
  saml?: {
    /** Largest decoded SAMLResponse accepted, in bytes (default 256 KiB). */
    maxResponseBytes?: number;
    /** Clock skew allowed on NotBefore/NotOnOrAfter, in ms (default 5 minutes). */
    clockSkewMs?: number;
    /** How long a sent AuthnRequest may be answered, in seconds (default 600). */
    requestLifetime?: number;
    /**
     * Seconds a rotated signing key is published beside the current one before it starts signing by
     * itself (default 14 days); `update-provider { samlConfig: { promoteSpSigningKey: true } }` ends
     * the overlap earlier.
     */
    signingKeyOverlap?: number;
  };
  /** OIDC settings shared by every connection: limits on every request to an OpenID Provider. */
  oidc?: {
    /** Milliseconds a discovery, token, JWKS or user-info request may take (default 5000). */
    timeoutMs?: number;
    /** Largest answer read from the provider, in bytes (default 64 KiB). */
    maxResponseBytes?: number;
    /** Refuse an ID token whose `email_verified` is false (default true; a missing claim is accepted). */
    refuseUnverifiedEmail?: boolean;
    /**
     * Loopback origins (`http://127.0.0.1:5798`) an OpenID Provider may be at: an IdP on the same
     * machine, as in tests. None by default: only https to hosts that are not loopback.
     */
    loopbackOrigins?: readonly string[];
  };
}

/** The options with every default filled in (resolved once, at plugin creation). */
export interface ResolvedSsoOptions {
  managerRoles: readonly string[];
  adminRoles: readonly string[];
  domainVerification: { enabled: boolean; tokenPrefix: string; dnsServers: readonly string[]; timeoutMs: number };
  organizationProvisioning: {
    defaultRole: string;
    getRole: NonNullable<NonNullable<SsoOptions["organizationProvisioning"]>["getRole"]> | null;
  };
  saml: { maxResponseBytes: number; clockSkewMs: number; requestLifetime: number; signingKeyOverlap: number };
  oidc: {
    timeoutMs: number;
    maxResponseBytes: number;
    refuseUnverifiedEmail: boolean;
    loopbackOrigins: readonly string[];
  };
}

/** Fills in the defaults. */
export function resolveSsoOptions(o: SsoOptions = {}): ResolvedSsoOptions {
  return {
    managerRoles: o.managerRoles ?? ["owner", "admin"],
    adminRoles: o.adminRoles ?? ["admin"],
    domainVerification: {
      enabled: o.domainVerification?.enabled ?? true,
      tokenPrefix: o.domainVerification?.tokenPrefix ?? "gatehouse-sso",
      dnsServers: o.domainVerification?.dnsServers ?? [],
      timeoutMs: o.domainVerification?.timeoutMs ?? 5000,
    },
    organizationProvisioning: {
      defaultRole: o.organizationProvisioning?.defaultRole ?? "member",
      getRole: o.organizationProvisioning?.getRole ?? null,
    },
    saml: {
      maxResponseBytes: o.saml?.maxResponseBytes ?? 256 * 1024,
      clockSkewMs: o.saml?.clockSkewMs ?? 5 * 60 * 1000,
      requestLifetime: o.saml?.requestLifetime ?? 600,
      signingKeyOverlap: o.saml?.signingKeyOverlap ?? 14 * 86_400,
    },
    oidc: {
      timeoutMs: o.oidc?.timeoutMs ?? 5000,
      maxResponseBytes: o.oidc?.maxResponseBytes ?? 64 * 1024,
      refuseUnverifiedEmail: o.oidc?.refuseUnverifiedEmail ?? true,
      // Compared with URL.origin: normalised the same way (no trailing slash, lower-case host).
      loopbackOrigins: (o.oidc?.loopbackOrigins ?? []).flatMap((u) => (URL.canParse(u) ? [new URL(u).origin] : [])),
    },
  };
}

/** Every option name, for the start-up check of misspelt names. */
export const SSO_OPTION_KEYS = {
  managerRoles: true,
  adminRoles: true,
  domainVerification: { enabled: true, tokenPrefix: true, dnsServers: true, timeoutMs: true },
  organizationProvisioning: { defaultRole: true, getRole: true },
  saml: { maxResponseBytes: true, clockSkewMs: true, requestLifetime: true, signingKeyOverlap: true },
  oidc: { timeoutMs: true, maxResponseBytes: true, refuseUnverifiedEmail: true, loopbackOrigins: true },
} as const;
