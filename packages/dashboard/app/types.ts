// The JSON the dashboard reads: its own endpoints (see the server's routes) and the admin and
// audit-log plugins' ones. Dates arrive as ISO strings.

/** A permission map: resource → granted actions. */
export type Permissions = Record<string, string[]>;

/** GET {dashboard}/api/me */
export interface Me {
  user: { id: string; name: string; email: string; role: string | null };
  impersonating: boolean;
  permissions: Permissions;
  features: {
    organization: boolean;
    apiKey: boolean;
    auditLog: boolean;
    passkey: boolean;
    oauthProvider?: boolean;
    sso?: boolean;
    scim?: boolean;
  };
  appUrl: string;
  /** The role names set-role accepts, when the server tells; else the app offers "user" and "admin". */
  roles?: string[];
  /** Set by the app (not the server): oauth-provider is installed and its admin API lets this user in. */
  oauthClients?: boolean;
}

/** One UTC day of the overview's charts. */
export interface DayStats {
  date: string;
  signUps: number;
  signIns: number;
  failedSignIns: number;
}

/** GET {dashboard}/api/overview */
export interface Overview {
  days: DayStats[];
  totals: {
    users: number;
    bannedUsers: number;
    activeSessions: number;
    organizations: number | null;
    apiKeys: number | null;
  };
  /** When the totals were counted (ISO): the server reuses them for up to a minute. */
  totalsCountedAt: string;
  /** The totals that are the database's estimates (PostgreSQL past 100,000 rows). */
  totalsEstimated: ("users" | "bannedUsers" | "activeSessions" | "organizations" | "apiKeys")[];
  /** The totals counted up to 100,000 and found to be more: shown as "100,000+". */
  totalsAtLeast: ("users" | "bannedUsers" | "activeSessions" | "organizations" | "apiKeys")[];
}

/** A user as the admin plugin returns it. */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /admin/list-users */
export interface UserPage {
  users: AdminUser[];
  total: number;
  limit: number;
  offset: number;
}

/** GET {dashboard}/api/user-detail */
export interface UserDetail {
  user: AdminUser;
  accounts: { id: string; providerId: string; accountId: string; createdAt: string }[];
  sessions:
    | {
        id: string;
        createdAt: string;
        updatedAt: string;
        expiresAt: string;
        ipAddress: string | null;
        userAgent: string | null;
        impersonatedBy: string | null;
      }[]
    | null;
  organizations: { id: string; name: string; slug: string; role: string }[] | null;
  apiKeys:
    | {
        id: string;
        name: string | null;
        start: string | null;
        enabled: boolean;
        expiresAt: string | null;
        createdAt: string;
      }[]
    | null;
  /** Null when the passkey plugin is not installed. */
  passkeys:
    | { id: string; name: string | null; deviceType: string | null; backedUp: boolean; createdAt: string }[]
    | null;
}

/** One row of GET {dashboard}/api/list-organizations */
export interface OrganizationRow {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  memberCount: number;
}

/** GET {dashboard}/api/list-organizations */
export interface OrganizationPage {
  organizations: OrganizationRow[];
  total: number;
  limit: number;
  offset: number;
}

/** GET {dashboard}/api/get-organization */
export interface OrganizationDetail {
  organization: { id: string; name: string; slug: string; createdAt: string; metadata: unknown };
  members: {
    id: string;
    userId: string;
    role: string;
    createdAt: string;
    user: { id: string; name: string; email: string };
  }[];
  invitations: {
    id: string;
    email: string;
    role: string;
    status: string;
    expiresAt: string;
    inviterId: string;
    teamId: string | null;
  }[];
  teams: { id: string; name: string; createdAt: string; memberCount: number }[] | null;
}

/** One row of GET {dashboard}/api/list-api-keys */
export interface ApiKeyRow {
  id: string;
  name: string | null;
  start: string | null;
  prefix: string | null;
  userId: string;
  enabled: boolean;
  expiresAt: string | null;
  createdAt: string;
  lastRequest: string | null;
  user: { id: string; email: string; name: string } | null;
}

/** GET {dashboard}/api/list-api-keys */
export interface ApiKeyPage {
  apiKeys: ApiKeyRow[];
  total: number;
  limit: number;
  offset: number;
}

/** One event of GET /admin/audit-log */
export interface AuditEvent {
  id: string;
  type: string;
  actorUserId: string | null;
  userId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  outcome: "success" | "failure";
  details: Record<string, string | number | boolean>;
  createdAt: string;
}

/** GET /admin/audit-log */
export interface AuditPage {
  events: AuditEvent[];
  nextCursor: string | null;
}

/** A client as @gatehouse-auth/oauth-provider's admin API shows it (never a secret). */
export interface OAuthClientRow {
  clientId: string;
  name: string | null;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: string[];
  tokenEndpointAuthMethod: string;
  skipConsent: boolean;
  disabled: boolean;
  configured: boolean;
  dynamicallyRegistered: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

/** GET /oauth2/admin/list-clients */
export interface OAuthClientPage {
  clients: OAuthClientRow[];
  nextCursor: string | null;
}

/** One row of GET {dashboard}/api/list-sso-connections (no secret, config or DNS token). */
export interface SsoConnectionRow {
  id: string;
  providerId: string;
  protocol: string;
  issuer: string;
  domain: string;
  domainVerified: boolean;
  enforceSSO: boolean;
  breakGlassCount: number;
  disabled: boolean;
  /** The last sign-in through the connection (at most a minute stale); null before the first. */
  lastSignInAt: string | null;
  createdAt: string | null;
  organization: { id: string; name: string; slug: string | null } | null;
}

/** GET {dashboard}/api/list-sso-connections */
export interface SsoConnectionPage {
  connections: SsoConnectionRow[];
  nextCursor: string | null;
}
