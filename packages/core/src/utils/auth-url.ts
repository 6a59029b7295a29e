import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";

/**
 * An absolute link to one of our own routes, for emails. Uses `baseURL`; without one, the origin the
 * request came in on (Host only: forwarded headers are spoofable and would let an attacker make us
 * mail links to their own host).
 */
export function authUrl(
  ctx: Pick<EndpointContext<unknown, unknown, SessionRequirement>, "auth" | "headers">,
  path: string,
  query: Record<string, string | undefined> = {},
): string {
  const { baseURL, basePath } = ctx.auth.options;
  const origin = baseURL ? new URL(baseURL).origin : `http://${ctx.headers.get("host") ?? "localhost"}`;
  const prefix = baseURL ? new URL(baseURL).pathname.replace(/\/$/, "") : "";
  const url = new URL(`${origin}${prefix}${basePath}${path}`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** `target` with `params` added to its query, keeping relative targets relative. */
export function withQuery(target: string, params: Record<string, string>): string {
  const relative = target.startsWith("/") && !target.startsWith("//");
  const url = new URL(target, "http://relative.invalid");
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
