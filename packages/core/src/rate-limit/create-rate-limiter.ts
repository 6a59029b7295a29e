import type { RateLimitRule, RateLimitStore, RateLimitVerdict } from "./rate-limit-types.js";

export interface RateLimiterConfig {
  enabled: boolean;
  /** Default rule for paths no rule names: seconds and requests. */
  window: number;
  max: number;
  /** Exact paths or prefixes ending in `/*`; `false` exempts the path. Most specific wins. */
  rules: Record<string, RateLimitRule | false>;
  store: RateLimitStore;
  now?: () => number;
}

export interface RateLimiter {
  /** Counts a request from `clientIp` to `path`. Requests without a known client are not limited. */
  check(path: string, clientIp: string | null): Promise<RateLimitVerdict>;
  /** The rule that applies to `path`, and the bucket name it counts under; null when exempt. */
  ruleFor(path: string): { pattern: string; rule: RateLimitRule } | null;
  /** The longest window (seconds) of any rule: a stored counter older than that is spent (cleanup). */
  longestWindow: number;
}

const NOT_LIMITED: RateLimitVerdict = { limited: false };

/** Per-path, per-client rate limiting. Rules are resolved per path once and cached. */
export function createRateLimiter(config: RateLimiterConfig): RateLimiter {
  const exact = new Map<string, RateLimitRule | false>();
  // Longest prefix first, so `/sign-in/social/*` beats `/sign-in/*`.
  const prefixes: { prefix: string; pattern: string; rule: RateLimitRule | false }[] = [];
  for (const [pattern, rule] of Object.entries(config.rules)) {
    if (pattern.endsWith("/*")) prefixes.push({ prefix: pattern.slice(0, -1), pattern, rule });
    else exact.set(pattern, rule);
  }
  prefixes.sort((a, b) => b.prefix.length - a.prefix.length);
  const fallback: RateLimitRule = { window: config.window, max: config.max };
  const cache = new Map<string, { pattern: string; rule: RateLimitRule } | null>();
  const now = config.now ?? Date.now;

  function resolve(path: string): { pattern: string; rule: RateLimitRule } | null {
    const direct = exact.get(path);
    if (direct !== undefined) return direct ? { pattern: path, rule: direct } : null;
    for (const p of prefixes)
      if (path.startsWith(p.prefix)) return p.rule ? { pattern: p.pattern, rule: p.rule } : null;
    // The default rule counts per path, so polling get-session cannot starve sign-out.
    return { pattern: path, rule: fallback };
  }

  function ruleFor(path: string) {
    let hit = cache.get(path);
    if (hit === undefined) {
      hit = resolve(path);
      // Paths come from the router, so the cache is bounded by the number of routes.
      cache.set(path, hit);
    }
    return hit;
  }

  const windows = Object.values(config.rules).flatMap((r) => (r ? [r.window] : []));
  return {
    ruleFor,
    longestWindow: Math.max(config.window, ...windows),
    async check(path, clientIp) {
      if (!config.enabled || !clientIp) return NOT_LIMITED;
      const applied = ruleFor(path);
      if (!applied) return NOT_LIMITED;
      return config.store.hit(`${clientIp}|${applied.pattern}`, applied.rule, now());
    },
  };
}
