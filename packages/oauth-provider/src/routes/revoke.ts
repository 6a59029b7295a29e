import { EndpointResponse, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { assertionCheck } from "../assertion-check.js";
import { readClientTokenRequest } from "../authenticate-client.js";
import { answeringOAuthErrors } from "../oauth-error.js";
import type { ClientStore } from "../oauth-client.js";
import { OAUTH_MODELS } from "../oauth-schema.js";
import { findTokenRow, revokeFamily } from "../token-rows.js";

/**
 * POST /oauth2/revoke (RFC 7009): revokes a token of the calling client. A refresh token takes its whole
 * family (and the access tokens issued with it); an access token takes its row (its refresh token too,
 * §2.1 allows it). Unknown tokens and other clients' tokens answer 200 and change nothing (§2.2).
 */
export const revoke = (clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/revoke",
      skipOriginCheck: true,
      acceptsForm: true,
      body: z.record(z.string(), z.unknown()).optional(),
      openapi: { summary: "OAuth 2.0 token revocation (RFC 7009)" },
    },
    async (ctx) =>
      answeringOAuthErrors(async () => {
        const form = ctx.body ?? {};
        const { client, presented } = await readClientTokenRequest(
          ctx.auth,
          clients,
          ctx.headers.get("authorization"),
          form,
          assertionCheck(ctx, clients, "/oauth2/revoke"),
        );
        const now = ctx.auth.now();
        const refresh = await findTokenRow(ctx.auth.db, "refresh", presented);
        if (refresh && refresh.clientId === client.clientId) {
          await revokeFamily(ctx.auth.db, refresh.familyId, now);
        } else {
          const access = await findTokenRow(ctx.auth.db, "access", presented);
          if (access && access.clientId === client.clientId)
            await ctx.auth.db.updateMany({
              model: OAUTH_MODELS.token,
              where: [{ field: "id", value: access.id }],
              update: { revokedAt: new Date(now) },
            });
        }
        return new EndpointResponse(200, null, { "cache-control": "no-store" });
      }),
  );
