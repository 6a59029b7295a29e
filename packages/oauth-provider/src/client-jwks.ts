import { isAcceptableBackchannelLogoutUri } from "./backchannel-logout-uri.js";
import { type OutboundResolution, requestPinned } from "./request-pinned.js";

/** A JSON Web Key Set as a client publishes it. */
export interface ClientJwks {
  keys: Record<string, unknown>[];
}

const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5000;
const FRESH_MS = 5 * 60 * 1000;
// A key the cache does not know may be a rotation: refetch, but at most this often per URI.
const REFETCH_MS = 30 * 1000;
const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** A jwks_uri this provider will fetch: https, or http to a loopback host (a client on the same machine). */
export function isFetchableJwksUri(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  if (url.username || url.password || url.hash) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
}

/**
 * Only public asymmetric keys count: a symmetric (`oct`) key, or one with private parts, in a client's
 * set would let a verifier accept an HMAC made with what is meant to be public.
 */
export function publicKeysOnly(set: unknown): ClientJwks {
  const keys = (set as { keys?: unknown })?.keys;
  if (!Array.isArray(keys)) return { keys: [] };
  return {
    keys: keys.filter(
      (k): k is Record<string, unknown> =>
        typeof k === "object" &&
        k !== null &&
        ["RSA", "EC", "OKP"].includes((k as { kty?: unknown }).kty as string) &&
        !("d" in k) &&
        (k as { use?: unknown }).use !== "enc",
    ),
  };
}

/** How the cache reaches a URI: pinned requests (request-pinned.ts) with these settings. */
export interface JwksFetchOptions extends OutboundResolution {
  /** Whether a registered client's `jwks_uri` may name private hosts (`allowPrivateJwksUriHosts`). */
  allowPrivateHosts: boolean;
}

/**
 * Fetches and caches clients' `jwks_uri` key sets, with a size and time cap and no redirects (a
 * client's URI must not send the provider elsewhere). A failed fetch yields an empty set: the
 * assertion then fails as invalid_client, never a 500.
 */
export function createJwksCache(o: JwksFetchOptions) {
  const cache = new Map<string, { set: ClientJwks; at: number }>();
  async function load(uri: string, guarded: boolean): Promise<ClientJwks> {
    // A registered client's URI: the registration rule again (the options may have changed since).
    if (guarded && !isAcceptableBackchannelLogoutUri(uri, o.allowPrivateHosts)) return { keys: [] };
    try {
      const response = await requestPinned(uri, {
        headers: { accept: "application/json, application/jwk-set+json" },
        // A configured client's URI is the app's own choice (loopback included), checked at start-up.
        allowPrivateHosts: guarded ? o.allowPrivateHosts : true,
        dnsServers: o.dnsServers,
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_BYTES,
      });
      if (response.status < 200 || response.status > 299 || response.body === null) return { keys: [] };
      return publicKeysOnly(JSON.parse(response.body));
    } catch {
      return { keys: [] };
    }
  }
  return {
    /**
     * The key set at `uri`; `stale` asks for a refetch when the cached one has no matching key. `guarded`
     * (a URI a client registered itself, not one from the app's options): fetched only on public addresses
     * unless private hosts are allowed, and refused, the set is empty.
     */
    async get(uri: string, now: number, stale = false, guarded = false): Promise<ClientJwks> {
      // Guarded and unguarded fetches of one URI are cached apart: a refusal never empties a configured client's set.
      const key = `${guarded ? "guarded" : "configured"} ${uri}`;
      const hit = cache.get(key);
      if (hit && now - hit.at < (stale ? REFETCH_MS : FRESH_MS)) return hit.set;
      const set = await load(uri, guarded);
      cache.set(key, { set, at: now });
      return set;
    },
  };
}

/** The cache's type. */
export type JwksCache = ReturnType<typeof createJwksCache>;
