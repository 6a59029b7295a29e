import { defineEndpoint, successResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";

// Exactly one of the two: an id from list-user-sessions, or a token the caller holds some other way.
const body = z.union([
  z.strictObject({ sessionId: z.string().min(1).max(256) }),
  z.strictObject({ sessionToken: z.string().min(1).max(512) }),
]);

/**
 * POST /admin/revoke-user-session: needs `session: revoke`. Ends one session, named by its id (what
 * list-user-sessions shows) or by its token. An unknown one is not an error: the answer is the same.
 */
export const revokeUserSession = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/revoke-user-session",
      body,
      session: "required",
      openapi: {
        summary: "Revoke one session of a user, by id or token (admin)",
        response: successResponse,
        errors: [ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS],
      },
    },
    async (ctx) => {
      requireAdminPermission(
        o,
        ctx.session.user,
        { session: ["revoke"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS,
      );
      // Through the session service, so plugins' onSessionsEnded hear of it (back-channel logout).
      const { sessions } = ctx.auth;
      if ("sessionId" in ctx.body) await sessions.deleteById(ctx.body.sessionId, "revoked");
      else await sessions.deleteByToken(ctx.body.sessionToken, undefined, "revoked");
      return { success: true };
    },
  );
