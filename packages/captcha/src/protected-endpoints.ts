import type { Endpoint } from "@gatehouse-auth/core";

/**
 * Matches endpoints against the configured paths by the path each endpoint *declares*, not the one the
 * request spelled: however a URL was written (`/sign-in//email`, `/x/../sign-in/email`, a trailing
 * slash), what runs is an endpoint, and that endpoint is what is matched.
 */
export function createEndpointMatcher(paths: readonly string[]): (endpoint: Endpoint) => boolean {
  const exact = new Set(paths.filter((p) => !p.endsWith("/*")));
  const prefixes = paths.filter((p) => p.endsWith("/*")).map((p) => p.slice(0, -1));
  return (endpoint) => {
    const { path } = endpoint.config;
    return exact.has(path) || prefixes.some((prefix) => path.startsWith(prefix));
  };
}

/** The configured paths that match no routed endpoint (a typo would leave a route unguarded). */
export function unmatchedPaths(paths: readonly string[], endpoints: readonly Endpoint[]): string[] {
  const routed = endpoints.filter((e) => !e.config.serverOnly);
  return paths.filter((path) => !routed.some(createEndpointMatcher([path])));
}
