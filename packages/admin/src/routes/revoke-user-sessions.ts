import { defineEndpoint, successResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { endImpersonationsBy } from "../end-impersonations.js";
import { requireCanManage } from "../permission-coverage.js";

/**
 * POST /admin/revoke-user-sessions: needs `session: revoke` (and every permission the user holds).
 * Signs the user out everywhere, impersonations they opened included: revoking an admin's sessions is
 * the answer to a stolen admin account, and those sessions are in that admin's hands too.
 */
export const revokeUserSessions = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/revoke-user-sessions",
      body: z.strictObject({ userId: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "Revoke every session of a user (admin)",
        response: successResponse,
        errors: [
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS,
          ADMIN_ERRORS.CANNOT_MANAGE_MORE_PRIVILEGED_USER,
        ],
      },
    },
    async (ctx) => {
      requireAdminPermission(
        o,
        ctx.session.user,
        { session: ["revoke"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS,
      );
      const { userId } = ctx.body;
      const target = await ctx.auth.users.findById(userId);
      if (target) requireCanManage(o, ctx.session.user, target);
      await ctx.auth.transaction(async (tx) => {
        await tx.db.findOne({ model: "user", where: [{ field: "id", value: userId }], forUpdate: true });
        await tx.endUserSessions(userId, "revoked-by-admin");
        await endImpersonationsBy(tx.db, userId);
      });
      return { success: true };
    },
  );
