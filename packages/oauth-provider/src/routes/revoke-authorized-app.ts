import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { deleteConsent } from "../consent-store.js";
import { OAUTH_PROVIDER_ERRORS } from "../oauth-provider-errors.js";
import { revokeUserClientGrants } from "../revoke-grants.js";

/**
 * POST /oauth2/revoke-authorized-app: the user takes an app's access away. The consent is forgotten (the
 * next authorization asks again) and every code and token the user granted that client dies at once:
 * introspection says inactive, userinfo and resource servers answer 401, refresh is refused. Also works
 * for a first-party client (no consent, but tokens).
 */
export const revokeAuthorizedApp = defineEndpoint(
  {
    method: "POST",
    path: "/oauth2/revoke-authorized-app",
    body: z.object({ clientId: z.string().min(1).max(255) }),
    session: "required",
    credentials: "own-session",
    openapi: {
      summary: "Revoke an app's access to the signed-in user's account (its consent and every token)",
      response: z.object({ success: z.boolean() }),
      errors: [OAUTH_PROVIDER_ERRORS.AUTHORIZED_APP_NOT_FOUND],
    },
  },
  async (ctx) => {
    const userId = ctx.session.user.id;
    const { clientId } = ctx.body;
    const now = new Date(ctx.auth.now());
    // Consent first: once it is gone no new code can be issued without asking, then what was issued dies.
    const hadConsent = await deleteConsent(ctx.auth.db, userId, clientId);
    const revoked = await revokeUserClientGrants(ctx.auth.db, userId, clientId, now);
    if (!hadConsent && revoked === 0) throw new AuthError(OAUTH_PROVIDER_ERRORS.AUTHORIZED_APP_NOT_FOUND);
    return { success: true };
  },
);
