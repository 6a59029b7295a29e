import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { runAuthorization } from "../authorize-flow.js";
import { verifyConsentQuery } from "../consent-query.js";
import { storeConsent } from "../consent-store.js";
import { issuerOf } from "../issuer-of.js";
import type { ClientStore } from "../oauth-client.js";
import { OAUTH_PROVIDER_ERRORS } from "../oauth-provider-errors.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { resolveClientRedirect } from "../parse-authorization-request.js";
import { findPushedRequest } from "../pushed-requests.js";
import { clientRedirectUrl } from "../redirect-to-client.js";
import { withState } from "../issue-code.js";

const consentBody = z.object({
  accept: z.boolean(),
  /** The consent page's query string, without `?`, exactly as received. */
  oauth_query: z.string().min(1).max(8192),
  /** The scopes the user accepted (space separated); default all that were asked for. */
  scope: z.string().max(2048).optional(),
});

/**
 * POST /oauth2/consent: the signed-in user's answer on the consent page. Accepting stores the consent
 * and answers the client redirect with a code; refusing answers it with `error=access_denied`.
 */
export const consent = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/consent",
      body: consentBody,
      session: "required",
      // Consent mints a grant for the user: only their own real session may give it (no key, no impersonator).
      credentials: "own-session",
      openapi: {
        summary: "Accept or refuse an OAuth client's request (the consent page's answer)",
        response: z.object({ redirect: z.boolean(), url: z.string() }),
        errors: [OAUTH_PROVIDER_ERRORS.INVALID_CONSENT_REQUEST, OAUTH_PROVIDER_ERRORS.INVALID_SCOPE],
      },
    },
    async (ctx) => {
      const signed = verifyConsentQuery(ctx.auth.secret, ctx.body.oauth_query, ctx.auth.now());
      if (!signed) throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CONSENT_REQUEST);
      const { request_uri: requestUri, ...query } = signed;
      // From a pushed request: it must still be live (not spent by another answer, not expired).
      const pushed = requestUri ? await findPushedRequest(ctx.auth, query.client_id, requestUri) : null;
      if (requestUri && !pushed) throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CONSENT_REQUEST);
      const target = await resolveClientRedirect(ctx.auth, clients, query).catch(() => null);
      if (!target) throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CONSENT_REQUEST);
      const state = query.state ?? null;
      if (!ctx.body.accept) {
        const params = withState(state, { error: "access_denied", iss: issuerOf(ctx, o) });
        const url = clientRedirectUrl(target.redirectUri, params);
        return { redirect: true, url };
      }
      const asked = (query.scope ?? "").split(" ").filter((s) => s !== "");
      const accepted = ctx.body.scope === undefined ? asked : ctx.body.scope.split(" ").filter((s) => s !== "");
      if (accepted.some((s) => !asked.includes(s))) throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_SCOPE);
      await storeConsent(ctx.auth.db, ctx.session.user.id, target.client.clientId, accepted);
      const answer = await runAuthorization(ctx, o, clients, query, ctx.session, accepted, pushed);
      const url = answer.headers.location ?? (answer.body as { url?: string } | null)?.url;
      return { redirect: true, url: String(url) };
    },
  );
