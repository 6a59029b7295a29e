import type { EndpointContext, SessionRequirement } from "@gatehouse-auth/core";
import type { AssertionCheck } from "./authenticate-client.js";
import { endpointUrl, issuerOf } from "./issuer-of.js";
import type { ClientStore } from "./oauth-client.js";

type Ctx = Pick<EndpointContext<unknown, unknown, SessionRequirement>, "auth" | "headers">;

/**
 * What a client assertion presented at `path` may name as `aud`: the issuer (RFC 7523bis's choice) or
 * the token endpoint (OIDC Core §9) — and the endpoint itself, for introspection and revocation.
 */
export function assertionCheck(ctx: Ctx, clients: ClientStore, path: string): AssertionCheck {
  const audiences = new Set([
    issuerOf(ctx, clients.options),
    endpointUrl(ctx, "/oauth2/token"),
    endpointUrl(ctx, path),
  ]);
  return { audiences: [...audiences], jwks: clients.jwks };
}
