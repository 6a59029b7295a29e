import { AuthError, CORE_ERRORS, defineEndpoint, successResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { endImpersonationsBy } from "../end-impersonations.js";
import { requireCanManage } from "../permission-coverage.js";
import { requireUser } from "../require-user.js";

/**
 * POST /admin/remove-user: needs `user: delete` and `session: delete` — it deletes the user's session
 * records for good, where `session: revoke` only ends sessions of a user who stays. Sessions (the
 * user's and the impersonations the user opened), accounts and the user go in one transaction, so every
 * session dies at the same moment and a failure leaves the user whole.
 */
export const removeUser = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/remove-user",
      body: z.strictObject({ userId: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "Delete a user (admin)",
        response: successResponse,
        errors: [
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS,
          ADMIN_ERRORS.CANNOT_REMOVE_YOURSELF,
          ADMIN_ERRORS.CANNOT_MANAGE_MORE_PRIVILEGED_USER,
          CORE_ERRORS.USER_NOT_FOUND,
        ],
      },
    },
    async (ctx) => {
      requireAdminPermission(
        o,
        ctx.session.user,
        { user: ["delete"], session: ["delete"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS,
      );
      // Removing yourself would leave the deployment without the admin who asked.
      if (ctx.body.userId === ctx.session.user.id) throw new AuthError(ADMIN_ERRORS.CANNOT_REMOVE_YOURSELF);
      const user = await requireUser(ctx.auth, ctx.body.userId);
      requireCanManage(o, ctx.session.user, user);
      await ctx.auth.transaction(async (tx) => {
        // Locked first, so an impersonate-user by this user either commits before (and its session is
        // deleted below) or finds the row gone.
        await tx.db.findOne({ model: "user", where: [{ field: "id", value: user.id }], forUpdate: true });
        await tx.endUserSessions(user.id, "user-deleted");
        await endImpersonationsBy(tx.db, user.id);
        await tx.accounts.deleteByUser(user.id);
        await tx.users.delete(user.id);
      });
      return { success: true };
    },
  );
