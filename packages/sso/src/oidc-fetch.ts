const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** Limits on every request the SP makes to an OpenID Provider. */
export interface OidcFetchLimits {
  timeoutMs: number;
  maxResponseBytes: number;
  /** The only loopback origins the SP may ask (an IdP on the same machine); none by default. */
  loopbackOrigins: readonly string[];
}

/**
 * A URL the SP will ask an OpenID Provider at: https to a host that is not loopback, or (http or https)
 * one of the configured loopback origins; never with credentials or a fragment. An organization's
 * admin chooses the issuer, so a loopback service of the app's own machine is off limits unless listed.
 */
export function isFetchableIdpUrl(value: unknown, limits: Pick<OidcFetchLimits, "loopbackOrigins">): value is string {
  if (typeof value !== "string" || value.length > 2048 || !URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password || url.hash) return false;
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  const loopback = LOOPBACK.has(url.hostname) || /^127\./.test(url.hostname) || url.hostname === "[::ffff:7f00:1]";
  if (loopback) return limits.loopbackOrigins.includes(url.origin);
  return url.protocol === "https:";
}

/** True for plain http (allowed to loopback only): oauth4webapi needs to be told it is on purpose. */
export const isLoopbackHttp = (value: string) => new URL(value).protocol === "http:";

/** Reads at most `max` bytes of a body; throws when it is longer. */
async function readCapped(response: Response, max: number): Promise<Buffer> {
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error("the identity provider's answer is too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The fetch the SP uses towards an OpenID Provider (discovery, token, JWKS, userinfo): only to a
 * fetchable URL, no redirects followed (an IdP must not send the server elsewhere), a time cap and a
 * size cap on the answer. The answer is buffered so the caller reads a bounded body.
 */
export function idpFetch(limits: OidcFetchLimits): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!isFetchableIdpUrl(url, limits)) throw new Error("the identity provider URL is not allowed");
    const response = await fetch(input, {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new Error("the identity provider answered with a redirect");
    }
    const body = await readCapped(response, limits.maxResponseBytes);
    return new Response(body.byteLength > 0 ? new Uint8Array(body) : null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }) as typeof fetch;
}
