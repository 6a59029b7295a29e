import { EndpointResponse, defineEndpoint, generateRandomString } from "@gatehouse-auth/core";
import { z } from "zod";
import { isAcceptableDisplayUri, isAcceptableRedirectUri } from "../client-metadata-policy.js";
import { type ClientStore, hashSecret } from "../oauth-client.js";
import { OAuthError, answeringOAuthErrors } from "../oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { OAUTH_MODELS } from "../oauth-schema.js";

const uri = z.string().max(2048);
// RFC 7591 §2. Unknown members are ignored (§2), server-owned settings (skip_consent…) among them.
const metadata = z.object({
  redirect_uris: z.array(uri).min(1).max(10),
  token_endpoint_auth_method: z.enum(["client_secret_basic", "client_secret_post", "none"]).optional(),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token"]))
    .min(1)
    .max(2)
    .optional(),
  response_types: z.array(z.literal("code")).min(1).max(1).optional(),
  client_name: z.string().min(1).max(255).optional(),
  client_uri: uri.optional(),
  logo_uri: uri.optional(),
  policy_uri: uri.optional(),
  tos_uri: uri.optional(),
  scope: z.string().max(1024).optional(),
});

const DISPLAY_FIELDS = ["client_uri", "logo_uri", "policy_uri", "tos_uri"] as const;

/**
 * POST /oauth2/register: open dynamic client registration (RFC 7591), when
 * `allowDynamicClientRegistration` is on. The client's own metadata only: it always needs consent,
 * its redirect URIs must be safe to send a browser to, and its display links must be on its own hosts.
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
        description: "Errors are RFC 7591 §3.2.2 `{ error, error_description }`.",
      },
    },
    async (ctx) =>
      answeringOAuthErrors(async () => {
        if (!o.allowDynamicClientRegistration)
          throw new OAuthError("access_denied", "Dynamic client registration is not enabled", 403);
        const parsed = metadata.safeParse(ctx.body ?? {});
        if (!parsed.success) throw new OAuthError("invalid_client_metadata", "Invalid client metadata");
        const m = parsed.data;
        if (!m.redirect_uris.every(isAcceptableRedirectUri))
          throw new OAuthError("invalid_redirect_uri", "A redirect URI is not acceptable");
        const ownHosts = m.redirect_uris
          .map((u) => new URL(u))
          .filter((u) => u.protocol === "https:")
          .map((u) => u.hostname);
        if (m.client_uri && isAcceptableDisplayUri(m.client_uri, ownHosts))
          ownHosts.push(new URL(m.client_uri).hostname);
        for (const field of DISPLAY_FIELDS) {
          const value = m[field];
          if (value !== undefined && !isAcceptableDisplayUri(value, ownHosts))
            throw new OAuthError("invalid_client_metadata", `${field} must be https on the client's own host`);
        }
        if (m.scope?.split(" ").some((s) => s !== "" && !o.scopes.has(s)))
          throw new OAuthError("invalid_client_metadata", "A scope is not supported");
        const method = m.token_endpoint_auth_method ?? "client_secret_basic";
        const grantTypes = m.grant_types ?? ["authorization_code"];
        if (!grantTypes.includes("authorization_code"))
          throw new OAuthError("invalid_client_metadata", "grant_types must include authorization_code");
        let clientId = generateRandomString(32);
        while (clients.isConfigured(clientId)) clientId = generateRandomString(32);
        const secret = method === "none" ? null : generateRandomString(48);
        const display: Record<string, string> = {};
        for (const field of DISPLAY_FIELDS) if (m[field] !== undefined) display[field] = m[field] as string;
        const issuedAt = Math.floor(ctx.auth.now() / 1000);
        await ctx.auth.db.create({
          model: OAUTH_MODELS.client,
          data: {
            id: clientId,
            name: m.client_name ?? null,
            secretHash: secret ? hashSecret(secret) : null,
            redirectUris: m.redirect_uris,
            postLogoutRedirectUris: [],
            grantTypes,
            tokenEndpointAuthMethod: method,
            skipConsent: false,
            disabled: false,
            metadata: display,
          },
        });
        const answer: Record<string, unknown> = {
          client_id: clientId,
          client_id_issued_at: issuedAt,
          redirect_uris: m.redirect_uris,
          grant_types: grantTypes,
          response_types: ["code"],
          token_endpoint_auth_method: method,
          ...display,
        };
        if (m.client_name) answer.client_name = m.client_name;
        if (secret) {
          answer.client_secret = secret;
          answer.client_secret_expires_at = 0;
        }
        return new EndpointResponse(201, answer, { "cache-control": "no-store", pragma: "no-cache" });
      }),
  );
