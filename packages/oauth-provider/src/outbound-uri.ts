import { lookup } from "node:dns/promises";
import { isAcceptableBackchannelLogoutUri, isPrivateAddress } from "./backchannel-logout-uri.js";

/**
 * Whether the provider may send a request to a URI a client registered (its `jwks_uri`) right now: the
 * registration rule again (https on a public host; the options may have changed since), and, unless private
 * hosts are allowed, every address its host resolves to is public — a public name pointing at 10.0.0.1 or
 * 127.0.0.1 is refused as the address itself would be (SSRF).
 */
export async function mayReachClientUri(uri: string, allowPrivateHosts: boolean): Promise<boolean> {
  if (!isAcceptableBackchannelLogoutUri(uri, allowPrivateHosts)) return false;
  if (allowPrivateHosts) return true;
  const host = new URL(uri).hostname.replace(/^\[|\]$/g, "");
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a.address));
}
