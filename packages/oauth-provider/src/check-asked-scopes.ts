import type { OAuthClient } from "./oauth-client.js";
import { OAuthError } from "./oauth-error.js";

/**
 * RFC 7591 §2 `scope` is what a client may use when it asks for tokens, a user's included: a scope outside
 * a client's `askableScopes` is `invalid_scope` (RFC 6749 §4.1.2.1, §3.3) at the authorization, PAR and
 * device authorization endpoints. A client without the bound (`null`) may ask for any of the provider's scopes.
 */
export function checkAskedScopes(client: OAuthClient, asked: readonly string[]): void {
  const bound = client.askableScopes;
  if (bound && asked.some((s) => !bound.has(s)))
    throw new OAuthError("invalid_scope", "The client is not registered for a requested scope");
}
