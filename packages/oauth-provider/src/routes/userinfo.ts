import { EndpointResponse, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { OAuthError, answeringOAuthErrors, noStoreJson } from "../oauth-error.js";
import { endpointUrl } from "../issuer-of.js";
import type { ClientStore } from "../oauth-client.js";
import { readBearer } from "../read-bearer.js";
import { subjectFor } from "../subject.js";
import { presentationHolds, readDpopAuthorization } from "../token-binding.js";
import { findTokenRow, isLive } from "../token-rows.js";
import { userClaims } from "../user-claims.js";

// RFC 6750 §3: a refused bearer token is named in WWW-Authenticate.
const INVALID_TOKEN = 'Bearer error="invalid_token"';

/** GET or POST /oauth2/userinfo (OIDC Core §5.3): the claims the access token's scopes release, for a live token only. */
export const userinfo = (clients: ClientStore) =>
  defineEndpoint(
    {
      method: ["GET", "POST"],
      path: "/oauth2/userinfo",
      // Authenticated by the access token in Authorization, which no cross-site form can send.
      skipOriginCheck: true,
      acceptsForm: true,
      body: z.record(z.string(), z.unknown()).optional(),
      openapi: { summary: "OpenID Connect userinfo: the signed-in user's claims for an access token" },
    },
    async (ctx) =>
      answeringOAuthErrors(async () => {
        const dpopToken = readDpopAuthorization(ctx.headers.get("authorization"));
        const presented = dpopToken ?? readBearer(ctx.headers, ctx.body);
        if (!presented) {
          return new EndpointResponse(401, null, {
            "www-authenticate": 'Bearer realm="userinfo"',
            "cache-control": "no-store",
          });
        }
        const row = await findTokenRow(ctx.auth.db, "access", presented);
        const dpop = dpopToken
          ? {
              proof: ctx.headers.get("dpop"),
              method: ctx.request?.method ?? "GET",
              url: endpointUrl(ctx, "/oauth2/userinfo"),
            }
          : undefined;
        if (
          !row?.user ||
          !(await isLive(ctx.auth, row, "access")) ||
          !(await presentationHolds(ctx.auth, row, presented, dpop))
        )
          throw new OAuthError("invalid_token", "The access token is not active", 401);
        const scopes = row.accessScopes.split(" ");
        if (!scopes.includes("openid")) throw new OAuthError("invalid_token", "The token was not granted openid", 401);
        // The sub this client is told (pairwise or not); a token of a since-deleted client is no longer active.
        const client = await clients.find(ctx.auth, row.clientId);
        if (!client) throw new OAuthError("invalid_token", "The access token is not active", 401);
        return noStoreJson({ sub: subjectFor(ctx.auth, client, row.user.id), ...userClaims(row.user, scopes) });
      }, INVALID_TOKEN),
  );
