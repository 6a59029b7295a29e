import { isIP } from "node:net";

/**
 * Whether an IP address is one a server-side request must not reach unless the app allows it: loopback,
 * private (RFC 1918, RFC 4193), link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * unspecified, multicast and reserved ranges, and IPv4-mapped IPv6 forms of those.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").toLowerCase();
  const kind = isIP(ip);
  if (kind === 4) {
    const [a = 0, b = 0] = ip.split(".").map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (kind === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
    if (mapped) return isPrivateAddress(mapped[1] as string);
    if (ip.startsWith("::ffff:")) return true;
    return (
      ip === "::" ||
      ip === "::1" ||
      /^f[cd]/.test(ip) ||
      /^fe[89ab]/.test(ip) ||
      ip.startsWith("ff") ||
      ip.startsWith("64:ff9b:")
    );
  }
  return false;
}

/** A host name that names this machine or a private network by convention. */
function isPrivateName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost") || h.endsWith(".local") || h.endsWith(".internal");
}

/**
 * A `backchannel_logout_uri` the provider will POST to (OIDC Back-Channel Logout §2.2): absolute, no
 * fragment, no credentials; https — or http on a loopback host, and any loopback, private or link-local
 * address, only when the app allows private hosts (development, a relying party on the same network).
 * Otherwise a registration could aim the provider's requests at its own network (SSRF).
 */
export function isAcceptableBackchannelLogoutUri(uri: string, allowPrivateHosts: boolean): boolean {
  if (uri.length > 2048 || !URL.canParse(uri)) return false;
  const url = new URL(uri);
  if (url.hash !== "" || uri.includes("#") || url.username !== "" || url.password !== "") return false;
  if (url.hostname === "") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const local = isPrivateName(host) || isPrivateAddress(host);
  if (local && !allowPrivateHosts) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && allowPrivateHosts && (isPrivateName(host) || isLoopback(host));
}

function isLoopback(host: string): boolean {
  return host === "::1" || (isIP(host) === 4 && host.startsWith("127."));
}
