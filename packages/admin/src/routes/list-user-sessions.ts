import { CORE_ERRORS, clampPageLimit, defineEndpoint, modelRef, pageQuery } from "@gatehouse-auth/core";
import type { Session } from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";

/** A session as an admin sees it: everything but the bearer token. */
export type AdminListedSession = Omit<Session, "token">;

/** list-user-sessions' page sizes: 100 without `limit`, never more (a larger `limit` is clamped). */
export const USER_SESSION_PAGE_LIMITS = { default: 100, max: 100 } as const;

/**
 * POST /admin/list-user-sessions: needs `session: list`. A page of the user's unexpired sessions, newest
 * first, and `nextCursor` (null on the last page), without their tokens: a token would let whoever reads
 * the list act as the user, bypassing impersonation's permission and its `impersonatedBy` mark. Revoke
 * by `sessionId` instead.
 */
export const listUserSessions = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/list-user-sessions",
      body: z.strictObject({ userId: z.string().min(1).max(255), ...pageQuery }),
      session: "required",
      openapi: {
        summary: "List a user's sessions, without their tokens (admin)",
        // The stored session model, which has no token (only its hash, never returned).
        description:
          "Newest first, at most 100 a page (a larger `limit` is clamped); pass `nextCursor` back as `cursor` for the next page.",
        response: z.object({
          sessions: z.array(modelRef("session")),
          nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page"),
        }),
        errors: [ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS, CORE_ERRORS.INVALID_CURSOR],
      },
    },
    async (ctx): Promise<{ sessions: AdminListedSession[]; nextCursor: string | null }> => {
      requireAdminPermission(
        o,
        ctx.session.user,
        { session: ["list"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS,
      );
      const { rows, nextCursor } = await ctx.auth.sessions.pageByUser(ctx.body.userId, {
        limit: clampPageLimit(ctx.body.limit, USER_SESSION_PAGE_LIMITS),
        cursor: ctx.body.cursor,
      });
      return { sessions: rows.map(({ token: _, ...session }) => session), nextCursor };
    },
  );
