import { defineEndpoint, modelRef } from "@gatehouse/core";
import type { Session } from "@gatehouse/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";

/** A session as an admin sees it: everything but the bearer token. */
export type AdminListedSession = Omit<Session, "token">;

/**
 * POST /admin/list-user-sessions: needs `session: list`. The user's unexpired sessions, oldest first,
 * without their tokens: a token would let whoever reads the list act as the user, bypassing
 * impersonation's permission and its `impersonatedBy` mark. Revoke by `sessionId` instead.
 */
export const listUserSessions = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/list-user-sessions",
      body: z.strictObject({ userId: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "List a user's sessions, without their tokens (admin)",
        // The stored session model, which has no token (only its hash, never returned).
        response: z.object({ sessions: z.array(modelRef("session")) }),
        errors: [ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS],
      },
    },
    async (ctx): Promise<{ sessions: AdminListedSession[] }> => {
      requireAdminPermission(
        o,
        ctx.session.user,
        { session: ["list"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS,
      );
      const sessions = await ctx.auth.sessions.listByUser(ctx.body.userId);
      return { sessions: sessions.map(({ token: _, ...session }) => session) };
    },
  );
