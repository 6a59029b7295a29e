import { Resolver, lookup } from "node:dns/promises";
import { type IncomingMessage, request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { type LookupFunction, isIP } from "node:net";
import { isPrivateAddress } from "./backchannel-logout-uri.js";

/** How a host name is turned into addresses: the system's resolver, or the DNS servers the options name. */
export interface OutboundResolution {
  /** `host:port` of DNS servers to ask; empty: the system's resolver (getaddrinfo: /etc/hosts, nsswitch). */
  dnsServers: readonly string[];
}

/** One outbound request of the provider. */
export interface PinnedRequestInit extends OutboundResolution {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Whether the host may resolve to loopback, private, link-local or reserved addresses. */
  allowPrivateHosts: boolean;
  /** For the whole exchange, body included. */
  timeoutMs: number;
  /** A longer body is not read: `body` is then null. */
  maxBytes: number;
}

/** What came back. Redirects are never followed: a 3xx is a status like any other. */
export interface PinnedResponse {
  status: number;
  /** The body as text; null when it was longer than `maxBytes`. */
  body: string | null;
}

/** The request was not sent: the host resolves to nothing, or to an address this provider does not reach. */
export class OutboundRefusedError extends Error {
  override name = "OutboundRefusedError";
}

interface Address {
  address: string;
  family: 4 | 6;
}

const DNS_TIMEOUT_MS = 2000;

/** Every A and AAAA answer for `host`; none when it does not resolve. */
async function resolveHost(host: string, o: OutboundResolution): Promise<Address[]> {
  if (o.dnsServers.length === 0) {
    const found = await lookup(host, { all: true }).catch(() => []);
    return found.map((a): Address => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  }
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 2 });
  resolver.setServers([...o.dnsServers]);
  const [v4, v6] = await Promise.all([
    resolver.resolve4(host).catch(() => [] as string[]),
    resolver.resolve6(host).catch(() => [] as string[]),
  ]);
  return [
    ...v4.map((address) => ({ address, family: 4 as const })),
    ...v6.map((address) => ({ address, family: 6 as const })),
  ];
}

/**
 * The socket's lookup: the addresses already checked, never a new resolution. A name that resolved to a
 * public address for the check and to 127.0.0.1 a moment later (DNS rebinding) still reaches the public one.
 */
function pinnedLookup(addresses: readonly Address[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = typeof options === "object" && options !== null ? options.family : undefined;
    const wanted = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
    const list = wanted.length > 0 ? wanted : addresses;
    const first = list[0] as Address;
    if (typeof options === "object" && options?.all) (callback as (e: null, a: Address[]) => void)(null, [...list]);
    else callback(null, first.address, first.family);
  };
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) {
      response.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Every request the provider sends to a URI a client gave (back-channel logout, `jwks_uri`,
 * `sector_identifier_uri`): the host is
 * resolved once, every address is checked (public only, unless private hosts are allowed), and the
 * connection goes to exactly those addresses, with the URI's host name kept for TLS (SNI, certificate)
 * and the Host header. Checking and then letting `fetch` resolve again would let a name answer with a
 * public address for the check and a private one for the connection. No redirect is followed, no
 * connection is pooled (a pooled socket would skip the pin), the whole exchange has a deadline and the
 * body a size cap. Throws OutboundRefusedError when nothing was sent; network errors as they come.
 */
export async function requestPinned(uri: string, init: PinnedRequestInit): Promise<PinnedResponse> {
  const url = new URL(uri);
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new OutboundRefusedError(`${url.protocol} is not requested`);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  const addresses: Address[] = literal
    ? [{ address: host, family: literal === 6 ? 6 : 4 }]
    : await resolveHost(host, init);
  if (addresses.length === 0) throw new OutboundRefusedError(`${host} does not resolve`);
  if (!init.allowPrivateHosts && addresses.some((a) => isPrivateAddress(a.address)))
    throw new OutboundRefusedError(`${host} resolves to an address this provider does not reach`);
  const signal = AbortSignal.timeout(init.timeoutMs);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<PinnedResponse>((resolve, reject) => {
    const req = send(
      url,
      {
        method: init.method ?? "GET",
        headers:
          init.body === undefined
            ? init.headers
            : { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) },
        agent: false,
        signal,
        lookup: pinnedLookup(addresses),
      },
      (response) => {
        readCapped(response, init.maxBytes).then((body) => resolve({ status: response.statusCode ?? 0, body }), reject);
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}
