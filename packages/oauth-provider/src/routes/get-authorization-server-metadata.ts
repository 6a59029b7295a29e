import { defineEndpoint } from "@gatehouse-auth/core";
import { noStoreJson } from "../oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { serverMetadata } from "../server-metadata.js";

/**
 * GET /.well-known/oauth-authorization-server under the auth base: the RFC 8414 metadata. RFC 8414 §3.1
 * puts it at the origin root (`/.well-known/oauth-authorization-server/api/auth`), outside the auth
 * routes: `oauthWellKnown(auth)` serves it there by answering with this endpoint.
 */
export const getAuthorizationServerMetadata = (o: ResolvedOAuthProviderOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/.well-known/oauth-authorization-server",
      openapi: { summary: "OAuth 2.0 authorization server metadata (RFC 8414)" },
    },
    async (ctx) => noStoreJson(serverMetadata(ctx, o)),
  );
