import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { verifyConsentQuery } from "../consent-query.js";
import { findConsentedScopes } from "../consent-store.js";
import type { ClientStore } from "../oauth-client.js";
import { OAUTH_PROVIDER_ERRORS } from "../oauth-provider-errors.js";
import { resolveClientRedirect } from "../parse-authorization-request.js";

const text = (v: unknown) => (typeof v === "string" ? v : null);

/**
 * GET /oauth2/consent-details?oauth_query=…: what a consent page shows, read from the signed query it was
 * sent (so the page cannot be made to show another client or other scopes than the ones it will grant):
 * the client's name and links, the scopes asked for, those the user already granted, and the host the
 * answer will be sent to.
 */
export const consentDetails = (clients: ClientStore) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/oauth2/consent-details",
      query: z.object({ oauth_query: z.string().min(1).max(8192) }),
      session: "required",
      credentials: "own-session",
      openapi: {
        summary: "What the consent page shows: the client and the scopes of a signed consent request",
        response: z.object({
          clientId: z.string(),
          clientName: z.string().nullable(),
          clientUri: z.string().nullable(),
          logoUri: z.string().nullable(),
          policyUri: z.string().nullable(),
          tosUri: z.string().nullable(),
          redirectHost: z.string(),
          scopes: z.array(z.string()),
          grantedScopes: z.array(z.string()),
        }),
        errors: [OAUTH_PROVIDER_ERRORS.INVALID_CONSENT_REQUEST],
      },
    },
    async (ctx) => {
      const query = verifyConsentQuery(ctx.auth.secret, ctx.query.oauth_query, ctx.auth.now());
      if (!query) throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CONSENT_REQUEST);
      const target = await resolveClientRedirect(ctx.auth, clients, query).catch(() => null);
      if (!target) throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CONSENT_REQUEST);
      const { client } = target;
      const granted = await findConsentedScopes(ctx.auth.db, ctx.session.user.id, client.clientId);
      return {
        clientId: client.clientId,
        clientName: client.name,
        clientUri: text(client.metadata?.client_uri),
        logoUri: text(client.metadata?.logo_uri),
        policyUri: text(client.metadata?.policy_uri),
        tosUri: text(client.metadata?.tos_uri),
        redirectHost: URL.canParse(target.redirectUri) ? new URL(target.redirectUri).host : target.redirectUri,
        scopes: (query.scope ?? "").split(" ").filter((s) => s !== ""),
        grantedScopes: [...granted],
      };
    },
  );
