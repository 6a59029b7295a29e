import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import type { AuthenticatedCaller } from "../plugins/plugin-types.js";

/**
 * Asks the plugins' authenticators (API keys, bearer tokens) for the caller of a request with no session
 * cookie (each names the kind of credential it found). The first non-null answer wins; an authenticator that throws refuses the request. The winner's
 * user then passes the plugins' `validateUser`, like every other way of being signed in, so a plugin
 * refusing a user (a ban) needs no cooperation from the plugin that authenticated them.
 */
export async function authenticateRequest(
  ctx: EndpointContext<unknown, unknown, SessionRequirement>,
): Promise<AuthenticatedCaller | null> {
  for (const authenticate of ctx.auth.authenticators) {
    const found = await authenticate(ctx);
    if (!found) continue;
    await ctx.auth.validateUser(found.user, "authenticate");
    return found;
  }
  return null;
}
