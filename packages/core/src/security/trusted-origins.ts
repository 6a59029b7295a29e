const isWebScheme = (protocol: string) => protocol === "http:" || protocol === "https:";

/**
 * Builds the origin test from exact origins and `*` wildcard patterns (`https://*.example.com`).
 * Only http(s) entries take part: an app scheme (`myapp://`) has the opaque origin "null" in WHATWG
 * terms, and letting it into this set would make `Origin: null` (sandboxed frames, some redirects)
 * trusted. App schemes are redirect targets only (isTrustedAppOrigin).
 */
export function createOriginMatcher(origins: readonly string[]): (origin: string) => boolean {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const o of origins) {
    if (o.includes("*")) {
      if (!/^https?:\/\//i.test(o)) continue;
      const escaped = o.replace(/[.+?^${}()|[\]\\/]/g, "\\$&").replace(/\*/g, "[a-z0-9-]+(?:\\.[a-z0-9-]+)*");
      patterns.push(new RegExp(`^${escaped}$`, "i"));
    } else if (URL.canParse(o)) {
      const url = new URL(o);
      if (isWebScheme(url.protocol)) exact.add(url.origin);
    }
  }
  return (origin) => origin !== "null" && (exact.has(origin) || patterns.some((p) => p.test(origin)));
}

const appOriginCache = new WeakMap<readonly string[], { schemes: Set<string>; hosts: Set<string> }>();

/**
 * Whether a non-http(s) redirect target is named by a trusted origin, exactly: `myapp://` trusts the
 * whole `myapp:` scheme, `myapp://callback` only that host. Wildcards never apply here.
 */
export function isTrustedAppOrigin(origins: readonly string[], protocol: string, host: string): boolean {
  let entry = appOriginCache.get(origins);
  if (!entry) {
    entry = { schemes: new Set(), hosts: new Set() };
    for (const o of origins) {
      if (o.includes("*") || !URL.canParse(o)) continue;
      const url = new URL(o);
      if (isWebScheme(url.protocol) || !url.href.startsWith(`${url.protocol}//`)) continue;
      if (url.host === "") entry.schemes.add(url.protocol);
      else entry.hosts.add(`${url.protocol}//${url.host}`);
    }
    appOriginCache.set(origins, entry);
  }
  return entry.schemes.has(protocol) || entry.hosts.has(`${protocol}//${host}`);
}
