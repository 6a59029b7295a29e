import type { RouteConfig } from "./event-map.js";

/**
 * A request core's rate limiter refused (429) before its endpoint ran — so no body was read and no
 * session loaded — as the proposed `Plugin.onRateLimited` of @gatehouse-auth/core hands it over (core does not
 * report these yet; see docs/audit-log.md, "Known limits").
 */
export interface RateLimitedRequest {
  /** The endpoint the request was routed to: `config.path` is its route pattern. */
  endpoint: { config: RouteConfig };
  /** The client address as sessions record it (never null: core limits only requests with one). */
  clientIp: string | null;
  headers: { get(name: string): string | null };
  /** Seconds until the client may try again (the Retry-After header). */
  retryAfter: number;
}
