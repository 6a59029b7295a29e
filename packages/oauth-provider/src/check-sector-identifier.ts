import { isAcceptableBackchannelLogoutUri } from "./backchannel-logout-uri.js";
import { OAuthError } from "./oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import { requestPinned } from "./request-pinned.js";

const TIMEOUT_MS = 5000;
// A list of redirect URIs: a few KiB for any real client.
const MAX_BYTES = 64 * 1024;

/**
 * OIDC Dynamic Client Registration §5: a registration's `sector_identifier_uri` is fetched (https, through the
 * pinned request: public addresses only unless `allowPrivateJwksUriHosts`, no redirect, 5 s, 64 KiB) and
 * must be a JSON array of strings holding every one of its redirect URIs, so a client cannot claim another
 * site's sector (and its users' pairwise `sub`) without that site listing it. Checked at registration and at
 * every RFC 7592 update; refusals are `invalid_client_metadata`.
 */
export async function checkSectorIdentifier(
  o: ResolvedOAuthProviderOptions,
  sectorIdentifierUri: string,
  redirectUris: readonly string[],
): Promise<void> {
  const refuse = (why: string) => new OAuthError("invalid_client_metadata", `sector_identifier_uri ${why}`);
  if (!isAcceptableBackchannelLogoutUri(sectorIdentifierUri, o.allowPrivateJwksUriHosts))
    throw refuse("must be https on a public host");
  let listed: unknown;
  try {
    const response = await requestPinned(sectorIdentifierUri, {
      headers: { accept: "application/json" },
      allowPrivateHosts: o.allowPrivateJwksUriHosts,
      dnsServers: o.outboundDnsServers,
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
    });
    if (response.status !== 200 || response.body === null) throw refuse("could not be read");
    listed = JSON.parse(response.body);
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw refuse("could not be read");
  }
  if (!Array.isArray(listed) || !listed.every((u) => typeof u === "string"))
    throw refuse("must hold a JSON array of URIs");
  const known = new Set(listed);
  if (!redirectUris.every((u) => known.has(u))) throw refuse("does not list every redirect_uri");
}
