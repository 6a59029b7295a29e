import { defineEndpoint } from "@gatehouse-auth/core";
import { noStoreJson } from "../oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { serverMetadata } from "../server-metadata.js";

/** GET {issuer}/.well-known/openid-configuration (OIDC Discovery §4): the provider metadata. */
export const getOpenIdConfiguration = (o: ResolvedOAuthProviderOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/.well-known/openid-configuration",
      openapi: { summary: "OpenID Provider metadata (OpenID Connect Discovery)" },
    },
    async (ctx) => noStoreJson(serverMetadata(ctx, o)),
  );
