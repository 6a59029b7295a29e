import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { runAuthorization } from "../authorize-flow.js";
import type { ClientStore } from "../oauth-client.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";

/**
 * GET /oauth2/authorize: the authorization endpoint (OAuth 2.1 §4.1.1, OIDC Core §3.1.2). Code flow
 * only. Every answer is a redirect: to the client (code or error, with `state` and `iss`), to the
 * app's sign-in or consent page, or to our error page when the client or redirect URI is not usable.
 */
export const authorize = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/oauth2/authorize",
      // Every parameter is checked by the flow itself, so refusals can go back to the client as OAuth errors.
      query: z.record(z.string(), z.string()),
      session: "optional",
      // A code is a credential for the user: only their own real session may obtain one. An API key or
      // an impersonating admin would otherwise hand a client a grant the user never gave.
      credentials: "own-session",
      openapi: {
        summary: "OAuth 2.1 / OpenID Connect authorization endpoint (code flow with PKCE)",
        kind: ["redirect", "json"],
      },
    },
    async (ctx) => runAuthorization(ctx, o, clients, ctx.query, ctx.session),
  );
