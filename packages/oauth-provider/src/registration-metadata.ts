import { z } from "zod";
import { isAcceptableDisplayUri, isAcceptableRedirectUri } from "./client-metadata-policy.js";
import { isAcceptableBackchannelLogoutUri } from "./backchannel-logout-uri.js";
import { OAuthError } from "./oauth-error.js";
import { publicKeysOnly } from "./client-jwks.js";
import type { RegistrableGrantType, ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import { sectorOf } from "./subject.js";

const uri = z.string().max(2048);
// An inline key set: a few keys, a few KiB (an RSA-4096 public JWK is under 1 KiB).
const MAX_KEYS = 10;
const MAX_JWKS_CHARS = 16 * 1024;
// RFC 7591 §2. Unknown members are ignored (§2), server-owned settings (skip_consent…) among them.
const metadata = z.object({
  // Needed for the code flow; a client_credentials-only (machine) client may have none.
  redirect_uris: z.array(uri).max(10).optional(),
  token_endpoint_auth_method: z
    .enum(["client_secret_basic", "client_secret_post", "private_key_jwt", "none"])
    .optional(),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token", "client_credentials"]))
    .min(1)
    .max(3)
    .optional(),
  // RFC 7591 §2: a private_key_jwt client's public keys, inline or at a URL (never both).
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1).max(MAX_KEYS) }).optional(),
  jwks_uri: uri.optional(),
  response_types: z.array(z.literal("code")).min(1).max(1).optional(),
  client_name: z.string().min(1).max(255).optional(),
  client_uri: uri.optional(),
  logo_uri: uri.optional(),
  policy_uri: uri.optional(),
  tos_uri: uri.optional(),
  scope: z.string().max(1024).optional(),
  // OIDC Dynamic Client Registration §2: a pairwise client's sector is the host of its redirect URIs, or of
  // its sector_identifier_uri (checked by fetching it, check-sector-identifier.ts).
  subject_type: z.enum(["public", "pairwise"]).optional(),
  sector_identifier_uri: uri.optional(),
  // OIDC Back-Channel Logout §2.2.
  backchannel_logout_uri: uri.optional(),
  backchannel_logout_session_required: z.boolean().optional(),
});

export const DISPLAY_FIELDS = ["client_uri", "logo_uri", "policy_uri", "tos_uri"] as const;

/** A registration's metadata once every policy has passed. */
export interface CheckedMetadata {
  redirectUris: string[];
  tokenEndpointAuthMethod: "client_secret_basic" | "client_secret_post" | "private_key_jwt" | "none";
  grantTypes: RegistrableGrantType[];
  name: string | null;
  /**
   * Display links, `subject_type`, back-channel logout metadata, `scope`, `jwks` / `jwks_uri`: stored in
   * the client's metadata.
   */
  display: Record<string, unknown>;
}

/**
 * The policy checks of RFC 7591 registration and RFC 7592 update, one place: safe redirect URIs (in the
 * allowed schemes), display links on the client's own hosts, known scopes, allowed grant types.
 * Refusals are OAuthErrors (`invalid_redirect_uri`, `invalid_client_metadata`).
 */
export function checkRegistrationMetadata(o: ResolvedOAuthProviderOptions, body: unknown): CheckedMetadata {
  const parsed = metadata.safeParse(body ?? {});
  if (!parsed.success) throw new OAuthError("invalid_client_metadata", "Invalid client metadata");
  const m = parsed.data;
  const redirectUris = m.redirect_uris ?? [];
  const grantTypes = m.grant_types ?? ["authorization_code"];
  const method = m.token_endpoint_auth_method ?? "client_secret_basic";
  if (grantTypes.includes("authorization_code") !== redirectUris.length > 0)
    throw new OAuthError("invalid_client_metadata", "redirect_uris go with the authorization_code grant");
  if (grantTypes.includes("refresh_token") && !grantTypes.includes("authorization_code"))
    throw new OAuthError("invalid_client_metadata", "refresh_token goes with authorization_code");
  if (grantTypes.some((g) => !o.registrationGrantTypes.has(g)))
    throw new OAuthError("invalid_client_metadata", "A grant type is not allowed for registered clients");
  // RFC 6749 §4.4: a client acting for itself must prove who it is.
  if (grantTypes.includes("client_credentials") && method === "none")
    throw new OAuthError("invalid_client_metadata", "client_credentials needs a confidential client");
  const keys = checkKeys(o, method, m.jwks, m.jwks_uri);
  const schemes = o.registrationRedirectUriSchemes;
  if (
    !redirectUris.every(
      (u) => isAcceptableRedirectUri(u) && (schemes === null || schemes.has(new URL(u).protocol.slice(0, -1))),
    )
  )
    throw new OAuthError("invalid_redirect_uri", "A redirect URI is not acceptable");
  const ownHosts = redirectUris
    .map((u) => new URL(u))
    .filter((u) => u.protocol === "https:")
    .map((u) => u.hostname);
  if (m.client_uri && isAcceptableDisplayUri(m.client_uri, ownHosts)) ownHosts.push(new URL(m.client_uri).hostname);
  for (const field of DISPLAY_FIELDS) {
    const value = m[field];
    if (value !== undefined && !isAcceptableDisplayUri(value, ownHosts))
      throw new OAuthError("invalid_client_metadata", `${field} must be https on the client's own host`);
  }
  if (m.scope?.split(" ").some((s) => s !== "" && !o.scopes.has(s)))
    throw new OAuthError("invalid_client_metadata", "A scope is not supported");
  if (
    m.sector_identifier_uri !== undefined &&
    !isAcceptableBackchannelLogoutUri(m.sector_identifier_uri, o.allowPrivateJwksUriHosts)
  )
    throw new OAuthError("invalid_client_metadata", "sector_identifier_uri must be https on a public host");
  if (m.subject_type === "pairwise" && m.sector_identifier_uri === undefined && sectorOf(redirectUris) === null)
    throw new OAuthError(
      "invalid_client_metadata",
      "A pairwise client's redirect URIs must share one host, or a sector_identifier_uri must list them",
    );
  if (
    m.backchannel_logout_uri !== undefined &&
    !isAcceptableBackchannelLogoutUri(m.backchannel_logout_uri, o.allowPrivateBackchannelLogoutHosts)
  )
    throw new OAuthError("invalid_client_metadata", "backchannel_logout_uri must be https on a public host");
  const display: Record<string, unknown> = {};
  for (const field of DISPLAY_FIELDS) if (m[field] !== undefined) display[field] = m[field] as string;
  // Kept with the display metadata (and echoed in the registration answer); absent means public.
  if (m.subject_type === "pairwise") display.subject_type = "pairwise";
  // Fetched and checked against the redirect URIs by the caller (it needs the network): checkSectorIdentifier.
  if (m.sector_identifier_uri !== undefined) display.sector_identifier_uri = m.sector_identifier_uri;
  if (m.backchannel_logout_uri !== undefined) {
    display.backchannel_logout_uri = m.backchannel_logout_uri;
    display.backchannel_logout_session_required = m.backchannel_logout_session_required === true;
  }
  // What client_credentials may ask for (oauth-client.ts reads it), echoed like any registered metadata.
  const scope = m.scope?.split(" ").filter((s) => s !== "");
  if (scope && scope.length > 0) display.scope = [...new Set(scope)].join(" ");
  Object.assign(display, keys);
  return {
    redirectUris,
    tokenEndpointAuthMethod: method,
    grantTypes: [...new Set(grantTypes)],
    name: m.client_name ?? null,
    display,
  };
}

/**
 * The keys of a `private_key_jwt` registration: `jwks` (public asymmetric keys only, a few KiB) or a
 * `jwks_uri` the provider may fetch (https on a public host, see request-pinned.ts), exactly one of them;
 * any other method carries neither.
 */
function checkKeys(
  o: ResolvedOAuthProviderOptions,
  method: CheckedMetadata["tokenEndpointAuthMethod"],
  jwks: { keys: Record<string, unknown>[] } | undefined,
  jwksUri: string | undefined,
): { jwks?: { keys: Record<string, unknown>[] }; jwks_uri?: string } {
  if (method !== "private_key_jwt") {
    if (jwks !== undefined || jwksUri !== undefined)
      throw new OAuthError("invalid_client_metadata", "jwks and jwks_uri go with private_key_jwt");
    return {};
  }
  if ((jwks === undefined) === (jwksUri === undefined))
    throw new OAuthError("invalid_client_metadata", "private_key_jwt needs jwks or jwks_uri, not both");
  if (jwksUri !== undefined) {
    if (!isAcceptableBackchannelLogoutUri(jwksUri, o.allowPrivateJwksUriHosts))
      throw new OAuthError("invalid_client_metadata", "jwks_uri must be https on a public host");
    return { jwks_uri: jwksUri };
  }
  const set = jwks as { keys: Record<string, unknown>[] };
  if (JSON.stringify(set).length > MAX_JWKS_CHARS) throw new OAuthError("invalid_client_metadata", "jwks is too large");
  // A private key sent to us is a leaked key; a symmetric one would make the "public" key an HMAC secret.
  const usable = publicKeysOnly(set).keys;
  if (set.keys.some((k) => "d" in k || k.kty === "oct") || usable.length === 0)
    throw new OAuthError("invalid_client_metadata", "jwks must hold public signing keys only");
  return { jwks: { keys: usable } };
}
