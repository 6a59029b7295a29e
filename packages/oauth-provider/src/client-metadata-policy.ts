// What a client registering itself may claim. Shared by the server-only API and RFC 7591 registration.

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * A redirect URI the browser may be sent to: absolute, no fragment (RFC 6749 §3.1.2), no credentials;
 * https, or http on a loopback host (development, native apps), or a native app's private-use scheme
 * (RFC 8252 §7.1: reverse domain name, so it contains a dot). Never a scheme that runs code or reads
 * files (`javascript:`, `data:`, `file:` have no dot and fail the last rule).
 */
export function isAcceptableRedirectUri(uri: string): boolean {
  if (uri.length > 2048 || !URL.canParse(uri)) return false;
  const url = new URL(uri);
  if (url.hash !== "" || uri.includes("#") || url.username !== "" || url.password !== "") return false;
  if (url.protocol === "https:") return url.hostname !== "";
  if (url.protocol === "http:") return LOOPBACK_HOSTS.has(url.hostname);
  return /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol) && url.href.startsWith(`${url.protocol}//`);
}

/**
 * A display link (client_uri, logo_uri, policy_uri, tos_uri): https only, and on a host the client
 * controls — the host of one of its https redirect URIs or of its client_uri, or a subdomain of one —
 * so a registration cannot borrow another site's name or logo on our consent page.
 */
export function isAcceptableDisplayUri(uri: string, ownHosts: readonly string[]): boolean {
  if (uri.length > 2048 || !URL.canParse(uri)) return false;
  const url = new URL(uri);
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return false;
  return ownHosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}
