import { EndpointResponse, defineEndpoint, generateRandomString } from "@gatehouse-auth/core";
import { z } from "zod";
import {
  INVALID_TOKEN_CHALLENGE,
  hashRegistrationToken,
  newRegistrationToken,
  registrationView,
  requireInitialAccessToken,
} from "../client-registration.js";
import { endpointUrl } from "../issuer-of.js";
import { type ClientStore, hashSecret } from "../oauth-client.js";
import { OAuthError, answeringOAuthErrors } from "../oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { OAUTH_MODELS } from "../oauth-schema.js";
import { checkRegistrationMetadata } from "../registration-metadata.js";
import { checkSectorIdentifier } from "../check-sector-identifier.js";

/**
 * POST /oauth2/register: dynamic client registration (RFC 7591), when `allowDynamicClientRegistration`
 * is on — open, or behind an initial access token (`registrationInitialAccessTokens`). The client's own
 * metadata only: it always needs consent, its redirect URIs must be safe to send a browser to, and its
 * display links must be on its own hosts. The answer carries the client's secret and its RFC 7592
 * registration access token, both shown this once.
 */
export const registerClient = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/register",
      // No cookie is read and anyone may call it: the Origin rule protects nothing here (MCP clients in browsers).
      skipOriginCheck: true,
      body: z.record(z.string(), z.unknown()).optional(),
      // Each call writes a row: far fewer than the default limit.
      rateLimit: { window: 60, max: 10 },
      openapi: {
        summary: "Dynamic client registration (RFC 7591), when enabled",
        description:
          "Errors are RFC 7591 §3.2.2 `{ error, error_description }`; 401 `invalid_token` without an acceptable initial access token when the app requires one.",
      },
    },
    async (ctx) =>
      answeringOAuthErrors(async () => {
        if (!o.allowDynamicClientRegistration)
          throw new OAuthError("access_denied", "Dynamic client registration is not enabled", 403);
        await requireInitialAccessToken(o, ctx.headers);
        const m = checkRegistrationMetadata(o, ctx.body);
        if (typeof m.display.sector_identifier_uri === "string")
          await checkSectorIdentifier(o, m.display.sector_identifier_uri, m.redirectUris);
        let clientId = generateRandomString(32);
        while (clients.isConfigured(clientId)) clientId = generateRandomString(32);
        // A public client has no secret, and a key client proves itself with its keys only.
        const secret = m.tokenEndpointAuthMethod.startsWith("client_secret_") ? generateRandomString(48) : null;
        const registrationToken = newRegistrationToken();
        const row = await ctx.auth.db.create<Record<string, unknown>>({
          model: OAUTH_MODELS.client,
          data: {
            id: clientId,
            name: m.name,
            secretHash: secret ? hashSecret(secret) : null,
            redirectUris: m.redirectUris,
            postLogoutRedirectUris: [],
            grantTypes: m.grantTypes,
            tokenEndpointAuthMethod: m.tokenEndpointAuthMethod,
            skipConsent: false,
            disabled: false,
            metadata: m.display,
            registrationTokenHash: hashRegistrationToken(registrationToken),
          },
        });
        const answer = registrationView(
          { ...row, id: clientId, createdAt: row.createdAt ?? new Date(ctx.auth.now()) },
          endpointUrl(ctx, `/oauth2/register/${clientId}`),
        );
        answer.registration_access_token = registrationToken;
        if (secret) answer.client_secret = secret;
        return new EndpointResponse(201, answer, { "cache-control": "no-store", pragma: "no-cache" });
      }, INVALID_TOKEN_CHALLENGE),
  );
