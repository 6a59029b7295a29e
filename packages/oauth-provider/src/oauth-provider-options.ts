import { Resolver } from "node:dns";
import type { OptionKeysOf } from "@gatehouse-auth/core";
import { isAcceptableBackchannelLogoutUri } from "./backchannel-logout-uri.js";
import { isFetchableJwksUri, publicKeysOnly } from "./client-jwks.js";
import { resolveRegistrationOptions } from "./registration-options.js";
import { type SubjectType, sectorOf } from "./subject.js";

/** Grants a client may use. */
export type OAuthGrantType =
  | "authorization_code"
  | "refresh_token"
  | "client_credentials"
  | "urn:ietf:params:oauth:grant-type:device_code";

/** Grants a dynamically registered client may ask for (RFC 7591 `grant_types`), as `registrationGrantTypes` allows. */
export type RegistrableGrantType = "authorization_code" | "refresh_token" | "client_credentials";

/** RFC 8628 §3.4's grant type. */
export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
/** How a client authenticates at the token, introspection and revocation endpoints. */
export type OAuthClientAuthMethod = "client_secret_basic" | "client_secret_post" | "private_key_jwt" | "none";

/** A client registered in the options (config, not data: it cannot be changed at run time). */
export interface OAuthClientConfig {
  clientId: string;
  /** Absent for a public client (`tokenEndpointAuthMethod: "none"`): it must use PKCE. */
  clientSecret?: string;
  name?: string;
  /** Matched character for character (loopback IP redirects of native apps: any port, RFC 8252 §7.3). */
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** Default `authorization_code` and `refresh_token`. `client_credentials` needs a secret (a confidential client). */
  grantTypes?: OAuthGrantType[];
  /**
   * Scopes the client may ask for with `client_credentials` (its own, not a user's: never `openid`,
   * `profile`, `email` or `offline_access`); each must be one of the provider's `scopes`. Default none.
   * When listed, they and the standard scopes are also all it may ask a user for (else `invalid_scope`);
   * left out, it may ask a user for any of the provider's scopes.
   */
  scopes?: string[];
  /** Default `client_secret_basic` with a secret, `none` without. `private_key_jwt` needs `jwks` or `jwksUri` and no secret. */
  tokenEndpointAuthMethod?: OAuthClientAuthMethod;
  /** A `private_key_jwt` client's public keys (RFC 7517 key set), given inline. */
  jwks?: { keys: Record<string, unknown>[] };
  /** Where a `private_key_jwt` client publishes its public keys: https (or http on a loopback host). Fetched with a size and time cap, cached 5 minutes. */
  jwksUri?: string;
  /** A first-party client: no consent page. Default false. */
  skipConsent?: boolean;
  disabled?: boolean;
  /**
   * OIDC Core §8. `pairwise`: the client is told a `sub` of its own (HMAC of the app secret, the host of
   * its redirect URIs and the user id), so clients on different hosts cannot correlate users; all its
   * redirect URIs must share one host (only registered clients name a sector with `sector_identifier_uri`). Default `public`: the user id.
   */
  subjectType?: SubjectType;
  /**
   * OIDC Back-Channel Logout: where the provider POSTs a signed `logout_token` when a session this client
   * got tokens in ends. https (private, loopback or link-local hosts, and http on loopback, only with
   * `allowPrivateBackchannelLogoutHosts`).
   */
  backchannelLogoutUri?: string;
  /** The logout token then carries `sid` (and the client's ID tokens carry it too). Default false: `sub` only. */
  backchannelLogoutSessionRequired?: boolean;
}

/** Options of `oauthProvider()`. Durations are in seconds. */
export interface OAuthProviderOptions {
  /** What every token and response says in `iss`. Default: the auth base URL (`https://app.example/api/auth`). */
  issuer?: string;
  /** The app's sign-in page (path on this origin or trusted URL); gets `callbackURL` back to the authorization. Default `/sign-in`. */
  loginPage?: string;
  /** The app's consent page; gets the signed authorization request as its query. Default `/consent`. */
  consentPage?: string;
  /** Clients known from the configuration. */
  clients?: OAuthClientConfig[];
  /** Scopes beyond `openid profile email offline_access`. */
  scopes?: string[];
  /** Resource indicators (RFC 8707) a client may ask a JWT access token for; anything else is `invalid_target`. */
  resources?: string[];
  /**
   * Open dynamic client registration (RFC 7591) at POST /oauth2/register: anyone may register a client
   * (MCP clients do). Registered clients always need consent. Default false.
   */
  allowDynamicClientRegistration?: boolean;
  /** Authorization code lifetime. Default 600. */
  codeExpiresIn?: number;
  /** Access token (and ID token) lifetime. Default 3600. */
  accessTokenExpiresIn?: number;
  /** Refresh token lifetime. Default 30 days. */
  refreshTokenExpiresIn?: number;
  /** The app's device verification page (path on this origin or absolute URL): `verification_uri`. Default `/device`. */
  devicePage?: string;
  /** Device code lifetime (RFC 8628). Default 600. */
  deviceCodeExpiresIn?: number;
  /** The polling interval a device is told (RFC 8628 §3.2); polling faster is `slow_down` and adds 5 s. Default 5. */
  deviceCodeInterval?: number;
  /**
   * How long the cleanup job keeps a token row after its last token (access or refresh) expired: while it is
   * kept, a rotated refresh token presented again is still recognised as reuse (and revokes its family).
   * Default 1 day.
   */
  expiredTokenRetention?: number;
  /**
   * Lifetime of a pushed authorization request's `request_uri` (RFC 9126): the time from the push to the
   * code, sign-in and consent included. Default 300.
   */
  pushedAuthorizationRequestExpiresIn?: number;
  /**
   * Refuse authorization requests that were not pushed to POST /oauth2/par first (RFC 9126 §5): the
   * parameters then never travel through the browser. Default false.
   */
  requirePushedAuthorizationRequests?: boolean;
  /**
   * Initial access tokens (RFC 7591 §3): when given, POST /oauth2/register needs `Authorization: Bearer`
   * with one of these strings (compared in constant time on their hashes), or a function that says
   * whether a presented token is acceptable. Default: open registration.
   */
  registrationInitialAccessTokens?: string[] | ((token: string) => boolean | Promise<boolean>);
  /**
   * URI schemes a registered client's redirect URIs may use (`https`, `http` — loopback only —, or a
   * native app's private-use scheme such as `com.example.app`). Default: all three kinds. Never widens
   * the built-in rule: `javascript:`, `data:`, plain http off loopback stay refused.
   */
  registrationRedirectUriSchemes?: string[];
  /**
   * Grant types a registered client may ask for: `authorization_code` (always), `refresh_token`, and
   * `client_credentials` (a confidential client's tokens for itself). Default `authorization_code` and `refresh_token`.
   */
  registrationGrantTypes?: RegistrableGrantType[];
  /** User roles (the admin plugin's `role`) that may manage clients through the admin API. Default `["admin"]`. */
  adminRoles?: string[];
  /**
   * Lets `backchannel_logout_uri`s (configured or registered) name loopback, private or link-local hosts,
   * and plain http on loopback: for development and relying parties on the app's own network. Default
   * false, so a registered client cannot aim the provider at the app's internal services (SSRF).
   */
  allowPrivateBackchannelLogoutHosts?: boolean;
  /**
   * Lets a registered client's `jwks_uri` name loopback, private or link-local hosts (and http on
   * loopback): for development. Default false: the provider fetches only https on public addresses.
   */
  allowPrivateJwksUriHosts?: boolean;
  /**
   * DNS servers (`host:port`) that resolve the hosts of the provider's own requests (back-channel logout,
   * `jwks_uri`). Default: the system's resolver. Every answer is checked all the same (public addresses
   * only unless private hosts are allowed) and the request connects to the checked address. The tests set
   * it to a DNS server they run; an app rarely needs it.
   */
  outboundDnsServers?: string[];
}

/** The names `oauthProvider()` accepts; core refuses any other at start-up. */
export const OAUTH_PROVIDER_OPTION_KEYS = {
  issuer: true,
  loginPage: true,
  consentPage: true,
  clients: true,
  scopes: true,
  resources: true,
  allowDynamicClientRegistration: true,
  codeExpiresIn: true,
  accessTokenExpiresIn: true,
  refreshTokenExpiresIn: true,
  devicePage: true,
  deviceCodeExpiresIn: true,
  deviceCodeInterval: true,
  expiredTokenRetention: true,
  pushedAuthorizationRequestExpiresIn: true,
  requirePushedAuthorizationRequests: true,
  registrationInitialAccessTokens: true,
  registrationRedirectUriSchemes: true,
  registrationGrantTypes: true,
  adminRoles: true,
  allowPrivateBackchannelLogoutHosts: true,
  allowPrivateJwksUriHosts: true,
  outboundDnsServers: true,
} as const satisfies OptionKeysOf<OAuthProviderOptions>;

/** The scopes every provider supports. */
export const STANDARD_SCOPES = ["openid", "profile", "email", "offline_access"] as const;

/** Options with every default applied. */
export interface ResolvedOAuthProviderOptions {
  issuer: string | null;
  loginPage: string;
  consentPage: string;
  clients: OAuthClientConfig[];
  scopes: ReadonlySet<string>;
  resources: ReadonlySet<string>;
  allowDynamicClientRegistration: boolean;
  codeExpiresIn: number;
  accessTokenExpiresIn: number;
  refreshTokenExpiresIn: number;
  devicePage: string;
  deviceCodeExpiresIn: number;
  deviceCodeInterval: number;
  expiredTokenRetention: number;
  pushedAuthorizationRequestExpiresIn: number;
  requirePushedAuthorizationRequests: boolean;
  /** SHA-256 of each initial access token, or the app's check; null: open registration. */
  registrationInitialAccessTokens: readonly string[] | ((token: string) => boolean | Promise<boolean>) | null;
  /** Null: every scheme the built-in rule allows. */
  registrationRedirectUriSchemes: ReadonlySet<string> | null;
  registrationGrantTypes: ReadonlySet<RegistrableGrantType>;
  adminRoles: readonly string[];
  allowPrivateBackchannelLogoutHosts: boolean;
  allowPrivateJwksUriHosts: boolean;
  /** Empty: the system's resolver. */
  outboundDnsServers: readonly string[];
}

const seconds = (name: string, value: number | undefined, fallback: number, max: number) => {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new Error(`Gatehouse oauthProvider: ${name} must be whole seconds from 1 to ${max}`);
  return n;
};

/** The servers as given, once node:dns took them (it throws on a malformed one: a start-up error). */
function dnsServers(servers: string[] | undefined): readonly string[] {
  if (servers === undefined || servers.length === 0) return [];
  try {
    new Resolver().setServers(servers);
  } catch {
    throw new Error("Gatehouse oauthProvider: outboundDnsServers must be IP addresses, optionally with :port");
  }
  return [...servers];
}

// A scope token is %x21 / %x23-5B / %x5D-7E (RFC 6749 §3.3).
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** Applies the defaults; a malformed client, scope or resource is a start-up error. */
export function resolveOAuthProviderOptions(options: OAuthProviderOptions): ResolvedOAuthProviderOptions {
  const scopes = new Set<string>([...STANDARD_SCOPES, ...(options.scopes ?? [])]);
  for (const s of scopes) if (!SCOPE_TOKEN.test(s)) throw new Error(`Gatehouse oauthProvider: invalid scope ${s}`);
  const resources = new Set(options.resources ?? []);
  for (const r of resources)
    if (!URL.canParse(r) || new URL(r).hash !== "")
      throw new Error(`Gatehouse oauthProvider: resource ${r} must be an absolute URL without fragment (RFC 8707 §2)`);
  const ids = new Set<string>();
  for (const c of options.clients ?? []) {
    if (!c.clientId || ids.has(c.clientId))
      throw new Error("Gatehouse oauthProvider: every client needs a unique clientId");
    ids.add(c.clientId);
    if (!Array.isArray(c.redirectUris) || c.redirectUris.some((u) => !URL.canParse(u) || new URL(u).hash !== ""))
      throw new Error(`Gatehouse oauthProvider: client ${c.clientId} has an invalid redirect URI`);
    const method = c.tokenEndpointAuthMethod ?? (c.clientSecret ? "client_secret_basic" : "none");
    if (method.startsWith("client_secret_") !== Boolean(c.clientSecret))
      throw new Error(
        `Gatehouse oauthProvider: client ${c.clientId}: a secret goes with a secret auth method, none without`,
      );
    if ((method === "private_key_jwt") !== (c.jwks !== undefined || c.jwksUri !== undefined))
      throw new Error(`Gatehouse oauthProvider: client ${c.clientId}: private_key_jwt goes with jwks or jwksUri`);
    if (c.jwks !== undefined && c.jwksUri !== undefined)
      throw new Error(`Gatehouse oauthProvider: client ${c.clientId}: give jwks or jwksUri, not both`);
    if (c.jwksUri !== undefined && !isFetchableJwksUri(c.jwksUri))
      throw new Error(`Gatehouse oauthProvider: client ${c.clientId}: jwksUri must be https (or http on loopback)`);
    if (c.jwks?.keys?.some((k) => "d" in k))
      throw new Error(`Gatehouse oauthProvider: client ${c.clientId}: jwks must hold public keys only`);
    if (c.jwks !== undefined && publicKeysOnly(c.jwks).keys.length === 0)
      throw new Error(`Gatehouse oauthProvider: client ${c.clientId}: jwks holds no public signing key`);
    if (c.subjectType !== undefined && c.subjectType !== "public" && c.subjectType !== "pairwise")
      throw new Error(`Gatehouse oauthProvider: client ${c.clientId}: subjectType is public or pairwise`);
    if (c.subjectType === "pairwise" && sectorOf(c.redirectUris) === null)
      throw new Error(
        `Gatehouse oauthProvider: client ${c.clientId}: a pairwise client's redirect URIs must share one host`,
      );
    if (
      c.backchannelLogoutUri !== undefined &&
      !isAcceptableBackchannelLogoutUri(c.backchannelLogoutUri, options.allowPrivateBackchannelLogoutHosts === true)
    )
      throw new Error(
        `Gatehouse oauthProvider: client ${c.clientId}: backchannelLogoutUri must be https on a public host (see allowPrivateBackchannelLogoutHosts)`,
      );
    if (c.grantTypes?.includes("client_credentials") && method === "none")
      throw new Error(`Gatehouse oauthProvider: client ${c.clientId}: client_credentials needs a confidential client`);
    for (const s of c.scopes ?? [])
      if (!scopes.has(s) || (STANDARD_SCOPES as readonly string[]).includes(s))
        throw new Error(
          `Gatehouse oauthProvider: client ${c.clientId}: scope ${s} is not a provider scope it may hold`,
        );
  }
  return {
    issuer: options.issuer ? options.issuer.replace(/\/+$/, "") : null,
    loginPage: options.loginPage ?? "/sign-in",
    consentPage: options.consentPage ?? "/consent",
    clients: options.clients ?? [],
    scopes,
    resources,
    allowDynamicClientRegistration: options.allowDynamicClientRegistration === true,
    codeExpiresIn: seconds("codeExpiresIn", options.codeExpiresIn, 600, 600),
    accessTokenExpiresIn: seconds("accessTokenExpiresIn", options.accessTokenExpiresIn, 3600, 86_400),
    refreshTokenExpiresIn: seconds("refreshTokenExpiresIn", options.refreshTokenExpiresIn, 30 * 86_400, 365 * 86_400),
    devicePage: options.devicePage ?? "/device",
    deviceCodeExpiresIn: seconds("deviceCodeExpiresIn", options.deviceCodeExpiresIn, 600, 1800),
    deviceCodeInterval: seconds("deviceCodeInterval", options.deviceCodeInterval, 5, 60),
    expiredTokenRetention: seconds("expiredTokenRetention", options.expiredTokenRetention, 86_400, 365 * 86_400),
    pushedAuthorizationRequestExpiresIn: seconds(
      "pushedAuthorizationRequestExpiresIn",
      options.pushedAuthorizationRequestExpiresIn,
      300,
      600,
    ),
    requirePushedAuthorizationRequests: options.requirePushedAuthorizationRequests === true,
    allowPrivateBackchannelLogoutHosts: options.allowPrivateBackchannelLogoutHosts === true,
    allowPrivateJwksUriHosts: options.allowPrivateJwksUriHosts === true,
    outboundDnsServers: dnsServers(options.outboundDnsServers),
    ...resolveRegistrationOptions(options),
  };
}
