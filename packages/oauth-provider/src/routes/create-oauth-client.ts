import { AuthError, defineEndpoint, generateRandomString } from "@gatehouse-auth/core";
import { z } from "zod";
import { hashSecret, type ClientStore } from "../oauth-client.js";
import { OAUTH_PROVIDER_ERRORS } from "../oauth-provider-errors.js";
import { OAUTH_MODELS } from "../oauth-schema.js";
import { isAcceptableRedirectUri } from "../client-metadata-policy.js";

const clientBody = z.object({
  name: z.string().min(1).max(255),
  redirectUris: z.array(z.string().max(2048)).min(1).max(20),
  postLogoutRedirectUris: z.array(z.string().max(2048)).max(20).optional(),
  grantTypes: z
    .array(z.enum(["authorization_code", "refresh_token"]))
    .min(1)
    .optional(),
  tokenEndpointAuthMethod: z.enum(["client_secret_basic", "client_secret_post", "none"]).optional(),
  skipConsent: z.boolean().optional(),
  userId: z.string().max(255).optional(),
});

/**
 * `auth.api.createOAuthClient` (server only): registers a client and answers its id and, for a
 * confidential client, its secret — shown this once, stored only as a hash.
 */
export const createOAuthClient = (clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/create-client",
      serverOnly: true,
      body: clientBody,
      openapi: {
        summary: "Register an OAuth client (server only)",
        errors: [OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA],
      },
    },
    async (ctx) => {
      const b = ctx.body;
      const uris = [...b.redirectUris, ...(b.postLogoutRedirectUris ?? [])];
      if (!uris.every(isAcceptableRedirectUri)) throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
      const method = b.tokenEndpointAuthMethod ?? "client_secret_basic";
      let clientId = generateRandomString(32);
      while (clients.isConfigured(clientId)) clientId = generateRandomString(32);
      const clientSecret = method === "none" ? null : generateRandomString(48);
      await ctx.auth.db.create({
        model: OAUTH_MODELS.client,
        data: {
          id: clientId,
          name: b.name,
          secretHash: clientSecret ? hashSecret(clientSecret) : null,
          redirectUris: b.redirectUris,
          postLogoutRedirectUris: b.postLogoutRedirectUris ?? [],
          grantTypes: b.grantTypes ?? ["authorization_code", "refresh_token"],
          tokenEndpointAuthMethod: method,
          skipConsent: b.skipConsent ?? false,
          disabled: false,
          userId: b.userId ?? null,
        },
      });
      return { clientId, clientSecret, name: b.name, redirectUris: b.redirectUris, tokenEndpointAuthMethod: method };
    },
  );
