// The matrix's own mutation run: copies of real routes with their `credentials` declaration stripped,
// under /matrix-mutant/…, registered by a test plugin. The matrix and the coverage check must catch each.
import { definePlugin } from "@gatehouse-auth/core";
import type { Endpoint } from "@gatehouse-auth/core";

/** Where the copies live: no real route starts with it. */
export const MUTANT_PREFIX = "/matrix-mutant";

/** The copied routes, by the key of the original in `ROUTE_CREDENTIALS`. */
export const MUTATED_ROUTES = ["POST /change-email", "GET /list-sessions", "POST /passkey/generate-register-options"];

/** A plugin holding a copy of each `endpoints` entry without `credentials` (what a careless edit does). */
export function strippedCredentialsPlugin(endpoints: Readonly<Record<string, Endpoint>>) {
  const copies: Record<string, Endpoint> = {};
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const method = Array.isArray(endpoint.config.method) ? endpoint.config.method.join(",") : endpoint.config.method;
    if (!MUTATED_ROUTES.includes(`${method} ${endpoint.config.path}`)) continue;
    const { credentials: _stripped, ...config } = endpoint.config;
    copies[`mutant${name}`] = { ...endpoint, config: { ...config, path: MUTANT_PREFIX + endpoint.config.path } };
  }
  return definePlugin({ id: "matrix-mutant", endpoints: copies });
}
