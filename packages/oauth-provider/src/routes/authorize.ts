import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { errorPage, runAuthorization } from "../authorize-flow.js";
import type { ClientStore } from "../oauth-client.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { findPushedRequest } from "../pushed-requests.js";

/**
 * GET /oauth2/authorize: the authorization endpoint (OAuth 2.1 §4.1.1, OIDC Core §3.1.2). Code flow
 * only. Every answer is a redirect: to the client (code or error, with `state` and `iss`), to the
 * app's sign-in or consent page, or to our error page when the client or redirect URI is not usable.
 * With `request_uri` (RFC 9126) the parameters come from the pushed request.
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
    async (ctx) => {
      const requestUri = ctx.query.request_uri;
      if (requestUri === undefined) return runAuthorization(ctx, o, clients, ctx.query, ctx.session);
      // RFC 9126 §4: a pushed request runs as pushed; any other parameter of this URL is ignored. An
      // unknown, expired, spent or another client's request_uri has no redirect URI we could trust.
      const pushed = await findPushedRequest(ctx.auth, ctx.query.client_id, requestUri);
      if (!pushed) return errorPage(ctx, "invalid_request_uri");
      return runAuthorization(ctx, o, clients, pushed.params, ctx.session, null, pushed);
    },
  );
