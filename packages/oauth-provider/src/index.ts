/** @gatehouse-auth/oauth-provider — an OAuth 2.1 authorization server and OpenID Connect provider. */
export { oauthProvider } from "./oauth-provider-plugin.js";
export type {
  OAuthClientAuthMethod,
  OAuthClientConfig,
  OAuthGrantType,
  OAuthProviderOptions,
} from "./oauth-provider-options.js";
export { OAUTH_PROVIDER_ERRORS } from "./oauth-provider-errors.js";
export { OAUTH_MODELS } from "./oauth-schema.js";
export { OAUTH_PROVIDER_ROUTES } from "./routes-table.js";
export { oauthWellKnown } from "./well-known.js";
export { verifyAccessToken } from "./verify-access-token.js";
export type { VerifiedAccessToken } from "./verify-access-token.js";
export { protectedResourceMetadata, protectedResourceMetadataUrl, requireBearer } from "./protected-resource.js";
export type { ProtectedResourceOptions } from "./protected-resource.js";
