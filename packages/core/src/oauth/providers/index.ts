import type { OAuthProvider, ProviderConfig } from "../oauth-provider.js";
import { github } from "./github.js";

/**
 * Built-in providers by id. A `socialProviders` key that is not listed here is a generic OAuth2/OIDC
 * provider (see generic-oauth.ts) and needs `discoveryUrl` or `endpoints`.
 */
export const BUILT_IN_PROVIDERS: Record<string, (config: ProviderConfig) => OAuthProvider> = {
  github,
};
