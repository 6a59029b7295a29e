import { type EndpointContext, type SessionRequirement, authUrl } from "@gatehouse-auth/core";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";

type Ctx = Pick<EndpointContext<unknown, unknown, SessionRequirement>, "auth" | "headers">;

/** The issuer: the option, else the auth base URL (`https://app.example/api/auth`), without a trailing slash. */
export function issuerOf(ctx: Ctx, o: ResolvedOAuthProviderOptions): string {
  return o.issuer ?? authUrl(ctx, "").replace(/\/+$/, "");
}

/** An absolute URL of one of the provider's endpoints (they live under the auth base, whatever the issuer). */
export function endpointUrl(ctx: Ctx, path: string): string {
  return authUrl(ctx, path);
}
