import { z } from "zod";
import { isAcceptableDisplayUri, isAcceptableRedirectUri } from "./client-metadata-policy.js";
import { isAcceptableBackchannelLogoutUri } from "./backchannel-logout-uri.js";
import { OAuthError } from "./oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import { sectorOf } from "./subject.js";

const uri = z.string().max(2048);
// RFC 7591 §2. Unknown members are ignored (§2), server-owned settings (skip_consent…) among them.
const metadata = z.object({
  redirect_uris: z.array(uri).min(1).max(10),
  token_endpoint_auth_method: z.enum(["client_secret_basic", "client_secret_post", "none"]).optional(),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token"]))
    .min(1)
    .max(2)
    .optional(),
  response_types: z.array(z.literal("code")).min(1).max(1).optional(),
  client_name: z.string().min(1).max(255).optional(),
  client_uri: uri.optional(),
  logo_uri: uri.optional(),
  policy_uri: uri.optional(),
  tos_uri: uri.optional(),
  scope: z.string().max(1024).optional(),
  // OIDC Dynamic Client Registration §2; sector_identifier_uri is not supported (one redirect host instead).
  subject_type: z.enum(["public", "pairwise"]).optional(),
  // OIDC Back-Channel Logout §2.2.
  backchannel_logout_uri: uri.optional(),
  backchannel_logout_session_required: z.boolean().optional(),
});

export const DISPLAY_FIELDS = ["client_uri", "logo_uri", "policy_uri", "tos_uri"] as const;

/** A registration's metadata once every policy has passed. */
export interface CheckedMetadata {
  redirectUris: string[];
  tokenEndpointAuthMethod: "client_secret_basic" | "client_secret_post" | "none";
  grantTypes: ("authorization_code" | "refresh_token")[];
  name: string | null;
  /** Display links, `subject_type` and back-channel logout metadata, stored in the client's metadata. */
  display: Record<string, string | boolean>;
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
  const schemes = o.registrationRedirectUriSchemes;
  if (
    !m.redirect_uris.every(
      (u) => isAcceptableRedirectUri(u) && (schemes === null || schemes.has(new URL(u).protocol.slice(0, -1))),
    )
  )
    throw new OAuthError("invalid_redirect_uri", "A redirect URI is not acceptable");
  const ownHosts = m.redirect_uris
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
  const grantTypes = m.grant_types ?? ["authorization_code"];
  if (!grantTypes.includes("authorization_code"))
    throw new OAuthError("invalid_client_metadata", "grant_types must include authorization_code");
  if (grantTypes.some((g) => !o.registrationGrantTypes.has(g)))
    throw new OAuthError("invalid_client_metadata", "A grant type is not allowed for registered clients");
  if (m.subject_type === "pairwise" && sectorOf(m.redirect_uris) === null)
    throw new OAuthError("invalid_client_metadata", "A pairwise client's redirect URIs must share one host");
  if (
    m.backchannel_logout_uri !== undefined &&
    !isAcceptableBackchannelLogoutUri(m.backchannel_logout_uri, o.allowPrivateBackchannelLogoutHosts)
  )
    throw new OAuthError("invalid_client_metadata", "backchannel_logout_uri must be https on a public host");
  const display: Record<string, string | boolean> = {};
  for (const field of DISPLAY_FIELDS) if (m[field] !== undefined) display[field] = m[field] as string;
  // Kept with the display metadata (and echoed in the registration answer); absent means public.
  if (m.subject_type === "pairwise") display.subject_type = "pairwise";
  if (m.backchannel_logout_uri !== undefined) {
    display.backchannel_logout_uri = m.backchannel_logout_uri;
    display.backchannel_logout_session_required = m.backchannel_logout_session_required === true;
  }
  return {
    redirectUris: m.redirect_uris,
    tokenEndpointAuthMethod: m.token_endpoint_auth_method ?? "client_secret_basic",
    grantTypes: [...new Set(grantTypes)],
    name: m.client_name ?? null,
    display,
  };
}
