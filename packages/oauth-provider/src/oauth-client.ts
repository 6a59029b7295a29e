import { type AuthContext, constantTimeEqual, sha256Base64Url } from "@gatehouse-auth/core";
import { createJwksCache, publicKeysOnly } from "./client-jwks.js";
import {
  type OAuthClientAuthMethod,
  type OAuthGrantType,
  type ResolvedOAuthProviderOptions,
  STANDARD_SCOPES,
} from "./oauth-provider-options.js";
import { OAUTH_MODELS } from "./oauth-schema.js";
import type { SubjectType } from "./subject.js";

/** A client as the endpoints see it, from the options or the database. */
export interface OAuthClient {
  clientId: string;
  name: string | null;
  /** SHA-256 of the secret; null for a public client. */
  secretHash: string | null;
  redirectUris: readonly string[];
  postLogoutRedirectUris: readonly string[];
  grantTypes: readonly OAuthGrantType[];
  /** What the client may ask for on its own behalf (client_credentials). */
  scopes: readonly string[];
  /**
   * What it may ask a user for (authorization, PAR, device): a registered client's `scope`, or a configured
   * client's `scopes` plus the standard ones when it lists any; null (or absent): any of the provider's scopes.
   */
  askableScopes?: ReadonlySet<string> | null;
  tokenEndpointAuthMethod: OAuthClientAuthMethod;
  /** The public keys of a `private_key_jwt` client, given inline or at `jwksUri`; null otherwise. */
  jwks: { keys: Record<string, unknown>[] } | null;
  jwksUri: string | null;
  /** True for a client that registered itself: its `jwksUri` is fetched only past the SSRF guard (request-pinned.ts). */
  registered?: boolean;
  skipConsent: boolean;
  disabled: boolean;
  /** Display metadata of a registered client (client_uri, logo_uri, policy_uri, tos_uri); null when none. */
  metadata?: Record<string, unknown> | null;
  /** OIDC Core §8: `pairwise` tells this client a per-sector `sub` (subject.ts); absent or `public`, the user id. */
  subjectType?: SubjectType;
  /** A registered client's `sector_identifier_uri` (checked at registration): its host is the pairwise sector. */
  sectorIdentifierUri?: string | null;
  /** OIDC Back-Channel Logout: where a `logout_token` goes when a session it got tokens in ends; null for none. */
  backchannelLogoutUri?: string | null;
  /** Whether its logout tokens (and ID tokens) carry `sid`. */
  backchannelLogoutSessionRequired?: boolean;
}

/** The hash a client secret is kept as. */
export const hashSecret = (secret: string) => sha256Base64Url(`gatehouse-oauth-client:${secret}`);

/** True when `secret` is the client's; constant time. */
export function secretMatches(client: OAuthClient, secret: string): boolean {
  return client.secretHash !== null && constantTimeEqual(hashSecret(secret), client.secretHash);
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

const meta = (row: Record<string, unknown>): Record<string, unknown> =>
  row.metadata && typeof row.metadata === "object" ? (row.metadata as Record<string, unknown>) : {};

const USER_SCOPES: ReadonlySet<string> = new Set(STANDARD_SCOPES);

const publicKeySet = (v: unknown): OAuthClient["jwks"] =>
  v && typeof v === "object" && Array.isArray((v as { keys?: unknown }).keys) ? publicKeysOnly(v) : null;

function fromRow(row: Record<string, unknown>): OAuthClient {
  return {
    clientId: String(row.id),
    name: typeof row.name === "string" ? row.name : null,
    secretHash: typeof row.secretHash === "string" ? row.secretHash : null,
    redirectUris: strings(row.redirectUris),
    postLogoutRedirectUris: strings(row.postLogoutRedirectUris),
    grantTypes: strings(row.grantTypes) as OAuthGrantType[],
    // RFC 7591 `scope`: what the client may ask for itself (client_credentials); user scopes never count.
    scopes:
      typeof meta(row).scope === "string"
        ? (meta(row).scope as string).split(" ").filter((s) => s !== "" && !USER_SCOPES.has(s))
        : [],
    // RFC 7591 §2: the registered `scope` is every scope it may use, a user's included; none registered, no bound.
    askableScopes:
      typeof meta(row).scope === "string"
        ? new Set((meta(row).scope as string).split(" ").filter((s) => s !== ""))
        : null,
    tokenEndpointAuthMethod: row.tokenEndpointAuthMethod as OAuthClientAuthMethod,
    // A registered private_key_jwt client's keys (checked at registration), inline or at its URI.
    jwks: row.tokenEndpointAuthMethod === "private_key_jwt" ? publicKeySet(meta(row).jwks) : null,
    jwksUri:
      row.tokenEndpointAuthMethod === "private_key_jwt" && typeof meta(row).jwks_uri === "string"
        ? (meta(row).jwks_uri as string)
        : null,
    registered: true,
    skipConsent: row.skipConsent === true,
    disabled: row.disabled === true,
    metadata: row.metadata && typeof row.metadata === "object" ? (row.metadata as Record<string, unknown>) : null,
    // A registered client's subject type rides in its metadata (RFC 7591 `subject_type`).
    subjectType:
      (row.metadata as { subject_type?: unknown } | null)?.subject_type === "pairwise" ? "pairwise" : "public",
    sectorIdentifierUri:
      typeof meta(row).sector_identifier_uri === "string" ? (meta(row).sector_identifier_uri as string) : null,
    // Back-channel logout metadata rides there too (checked at registration).
    backchannelLogoutUri:
      typeof meta(row).backchannel_logout_uri === "string" ? (meta(row).backchannel_logout_uri as string) : null,
    backchannelLogoutSessionRequired: meta(row).backchannel_logout_session_required === true,
  };
}

/** Finds clients: the configured ones first (in memory, their secrets hashed once), then the table. */
export function createClientStore(o: ResolvedOAuthProviderOptions) {
  const configured = new Map<string, OAuthClient>();
  for (const c of o.clients) {
    configured.set(c.clientId, {
      clientId: c.clientId,
      name: c.name ?? null,
      secretHash: c.clientSecret ? hashSecret(c.clientSecret) : null,
      redirectUris: [...c.redirectUris],
      postLogoutRedirectUris: [...(c.postLogoutRedirectUris ?? [])],
      grantTypes: c.grantTypes ?? ["authorization_code", "refresh_token"],
      scopes: [...(c.scopes ?? [])],
      // Listing its own scopes bounds what it may ask a user for to those and the standard ones.
      askableScopes: c.scopes === undefined ? null : new Set([...STANDARD_SCOPES, ...c.scopes]),
      tokenEndpointAuthMethod: c.tokenEndpointAuthMethod ?? (c.clientSecret ? "client_secret_basic" : "none"),
      jwks: c.jwks ? { keys: [...c.jwks.keys] } : null,
      jwksUri: c.jwksUri ?? null,
      skipConsent: c.skipConsent ?? false,
      disabled: c.disabled ?? false,
      subjectType: c.subjectType ?? "public",
      backchannelLogoutUri: c.backchannelLogoutUri ?? null,
      backchannelLogoutSessionRequired: c.backchannelLogoutSessionRequired === true,
    });
  }
  return {
    /** The client with this id, disabled ones included; null when unknown. */
    async find(auth: Pick<AuthContext, "db">, clientId: string): Promise<OAuthClient | null> {
      const known = configured.get(clientId);
      if (known) return known;
      if (clientId.length === 0 || clientId.length > 255) return null;
      const row = await auth.db.findOne({ model: OAUTH_MODELS.client, where: [{ field: "id", value: clientId }] });
      // The adapter may match case-insensitively: the id must be exactly the one asked for.
      return row && row.id === clientId ? fromRow(row) : null;
    },
    /** The clients with these ids (unknown ones left out): configured ones from memory, the rest in one query. */
    async findMany(auth: Pick<AuthContext, "db">, clientIds: readonly string[]): Promise<Map<string, OAuthClient>> {
      const found = new Map<string, OAuthClient>();
      const stored: string[] = [];
      for (const id of new Set(clientIds)) {
        const known = configured.get(id);
        if (known) found.set(id, known);
        else if (id.length > 0 && id.length <= 255) stored.push(id);
      }
      if (stored.length > 0) {
        const rows = await auth.db.findMany({
          model: OAUTH_MODELS.client,
          where: [{ field: "id", operator: "in", value: stored }],
          limit: stored.length,
        });
        for (const row of rows) if (stored.includes(String(row.id))) found.set(String(row.id), fromRow(row));
      }
      return found;
    },
    /** The options the store was made from. */
    options: o,
    /** The cache of `private_key_jwt` clients' jwks_uri key sets. */
    jwks: createJwksCache({ allowPrivateHosts: o.allowPrivateJwksUriHosts, dnsServers: o.outboundDnsServers }),
    /** Whether `clientId` is taken by a configured client. */
    isConfigured: (clientId: string) => configured.has(clientId),
  };
}

/** The client store's type. */
export type ClientStore = ReturnType<typeof createClientStore>;
