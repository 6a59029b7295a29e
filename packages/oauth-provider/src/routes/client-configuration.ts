import { EndpointResponse, type HeaderReader, constantTimeEqual, defineEndpoint } from "@gatehouse-auth/core";
import type { AuthContext } from "@gatehouse-auth/core";
import { z } from "zod";
import {
  INVALID_TOKEN_CHALLENGE,
  hashRegistrationToken,
  invalidToken,
  registrationView,
} from "../client-registration.js";
import { endpointUrl } from "../issuer-of.js";
import { type ClientStore, secretMatches } from "../oauth-client.js";
import { OAuthError, answeringOAuthErrors } from "../oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { OAUTH_MODELS } from "../oauth-schema.js";
import { readBearer } from "../read-bearer.js";
import { checkRegistrationMetadata } from "../registration-metadata.js";
import { checkSectorIdentifier } from "../check-sector-identifier.js";
import { deleteStoredClient } from "../revoke-grants.js";
import { findStoredClientRow } from "../stored-clients.js";

const PATH = "/oauth2/register/:clientId";
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" } as const;

/**
 * The dynamically registered client the Bearer registration access token is for (RFC 7592 §3). A missing
 * or wrong token, another client's, a configured client, an admin-created one (it has no token) or a
 * disabled one: all the same 401 invalid_token, so the endpoint tells a stranger nothing.
 */
async function authorizeConfiguration(
  auth: AuthContext,
  clients: ClientStore,
  headers: HeaderReader,
  clientId: string,
): Promise<Record<string, unknown>> {
  const token = readBearer(headers, undefined);
  if (!token || clients.isConfigured(clientId)) throw invalidToken();
  const row = await findStoredClientRow(auth.db, clientId);
  const stored = row?.registrationTokenHash;
  if (!row || typeof stored !== "string" || row.disabled === true) throw invalidToken();
  if (!constantTimeEqual(hashRegistrationToken(token), stored)) throw invalidToken();
  return row;
}

const common = {
  path: PATH,
  // A Bearer token, never a cookie: the Origin rule protects nothing here.
  skipOriginCheck: true,
  rateLimit: { window: 60, max: 10 },
} as const;

/** GET /oauth2/register/:clientId (RFC 7592 §2.1): the client's current metadata, never its secret. */
export const readClientConfiguration = (clients: ClientStore) =>
  defineEndpoint(
    {
      ...common,
      method: "GET",
      openapi: {
        summary: "Read a dynamically registered client's metadata (RFC 7592), with its registration access token",
        description: "401 `invalid_token` for a missing, wrong or another client's token.",
      },
    },
    async (ctx) =>
      answeringOAuthErrors(async () => {
        const row = await authorizeConfiguration(ctx.auth, clients, ctx.headers, ctx.params.clientId as string);
        return new EndpointResponse(
          200,
          registrationView(row, endpointUrl(ctx, `/oauth2/register/${ctx.params.clientId as string}`)),
          NO_STORE,
        );
      }, INVALID_TOKEN_CHALLENGE),
  );

/**
 * PUT /oauth2/register/:clientId (RFC 7592 §2.2): replaces the client's metadata, through the same policy
 * checks as registration. `client_id` must be the client's own; a `client_secret`, if sent, its current
 * one; the authentication method cannot change; server-owned settings (skip_consent…) are ignored.
 */
export const updateClientConfiguration = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      ...common,
      method: "PUT",
      body: z.record(z.string(), z.unknown()).optional(),
      openapi: {
        summary: "Replace a dynamically registered client's metadata (RFC 7592)",
        description: "Errors are RFC 7591 §3.2.2 `{ error, error_description }`; 401 `invalid_token` as for GET.",
      },
    },
    async (ctx) =>
      answeringOAuthErrors(async () => {
        const clientId = ctx.params.clientId as string;
        const row = await authorizeConfiguration(ctx.auth, clients, ctx.headers, clientId);
        const body = ctx.body ?? {};
        if (body.client_id !== clientId)
          throw new OAuthError("invalid_request", "client_id must be the client's own client_id");
        if (body.client_secret !== undefined) {
          const client = await clients.find(ctx.auth, clientId);
          if (!client || typeof body.client_secret !== "string" || !secretMatches(client, body.client_secret))
            throw new OAuthError("invalid_request", "client_secret is not the client's current secret");
        }
        const m = checkRegistrationMetadata(o, {
          ...body,
          token_endpoint_auth_method: body.token_endpoint_auth_method ?? row.tokenEndpointAuthMethod,
        });
        if (m.tokenEndpointAuthMethod !== row.tokenEndpointAuthMethod)
          throw new OAuthError("invalid_client_metadata", "token_endpoint_auth_method cannot change");
        if (typeof m.display.sector_identifier_uri === "string")
          await checkSectorIdentifier(o, m.display.sector_identifier_uri, m.redirectUris);
        const updated = await ctx.auth.db.update<Record<string, unknown>>({
          model: OAUTH_MODELS.client,
          where: [{ field: "id", value: clientId }],
          update: { name: m.name, redirectUris: m.redirectUris, grantTypes: m.grantTypes, metadata: m.display },
        });
        if (!updated) throw invalidToken();
        return new EndpointResponse(
          200,
          registrationView({ ...row, ...updated, id: clientId }, endpointUrl(ctx, `/oauth2/register/${clientId}`)),
          NO_STORE,
        );
      }, INVALID_TOKEN_CHALLENGE),
  );

/**
 * DELETE /oauth2/register/:clientId (RFC 7592 §2.3): the client is gone — its tokens revoked, its
 * consents and codes removed — and its registration access token with it. 204.
 */
export const deleteClientConfiguration = (clients: ClientStore) =>
  defineEndpoint(
    {
      ...common,
      method: "DELETE",
      openapi: {
        summary: "Delete a dynamically registered client (RFC 7592)",
        description: "204; 401 `invalid_token` as for GET.",
      },
    },
    async (ctx) =>
      answeringOAuthErrors(async () => {
        await authorizeConfiguration(ctx.auth, clients, ctx.headers, ctx.params.clientId as string);
        await deleteStoredClient(ctx.auth.db, ctx.params.clientId as string, new Date(ctx.auth.now()));
        return new EndpointResponse(204, null, NO_STORE);
      }, INVALID_TOKEN_CHALLENGE),
  );
