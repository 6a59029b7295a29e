import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { assertionCheck } from "../assertion-check.js";
import { readClientTokenRequest } from "../authenticate-client.js";
import { issuerOf } from "../issuer-of.js";
import { answeringOAuthErrors, noStoreJson } from "../oauth-error.js";
import type { ClientStore } from "../oauth-client.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { subjectFor } from "../subject.js";
import { type TokenRow, findTokenRow, isLive } from "../token-rows.js";

const seconds = (d: Date | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : undefined);

/**
 * POST /oauth2/introspect (RFC 7662): whether a token is active, for the client it was issued to. A
 * token of another client is `{ active: false }`, exactly like an unknown one, so a client learns
 * nothing about other clients' tokens.
 */
export const introspect = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/introspect",
      skipOriginCheck: true,
      acceptsForm: true,
      body: z.record(z.string(), z.unknown()).optional(),
      openapi: { summary: "OAuth 2.0 token introspection (RFC 7662), for the token's own client" },
    },
    async (ctx) =>
      answeringOAuthErrors(async () => {
        const form = ctx.body ?? {};
        const { client, presented } = await readClientTokenRequest(
          ctx.auth,
          clients,
          ctx.headers.get("authorization"),
          form,
          assertionCheck(ctx, clients, "/oauth2/introspect"),
        );
        // The hint only orders the lookups (RFC 7662 §2.1).
        const order: ("access" | "refresh")[] =
          form.token_type_hint === "refresh_token" ? ["refresh", "access"] : ["access", "refresh"];
        let found: { row: TokenRow; kind: "access" | "refresh" } | null = null;
        for (const kind of order) {
          const row = await findTokenRow(ctx.auth.db, kind, presented);
          if (row) {
            found = { row, kind };
            break;
          }
        }
        if (!found || found.row.clientId !== client.clientId || !(await isLive(ctx.auth, found.row, found.kind)))
          return noStoreJson({ active: false });
        const { row, kind } = found;
        return noStoreJson({
          active: true,
          scope: kind === "access" ? row.accessScopes : row.scopes,
          client_id: row.clientId,
          // RFC 9068 §2.2: a client_credentials token's subject is the client. The user's is the one this
          // client is told (pairwise or not): only the token's own client gets here.
          sub: row.userId ? subjectFor(ctx.auth, client, row.userId) : row.clientId,
          iss: issuerOf(ctx, o),
          token_type: kind === "refresh" ? "refresh_token" : row.dpopJkt ? "DPoP" : "Bearer",
          iat: seconds(row.createdAt),
          exp: seconds(kind === "access" ? row.accessExpiresAt : row.refreshExpiresAt),
          ...(row.resource ? { aud: row.resource } : {}),
          jti: row.id,
          // RFC 9449 §6.2: the key a bound token must be presented with.
          ...(row.dpopJkt ? { cnf: { jkt: row.dpopJkt } } : {}),
        });
      }),
  );
