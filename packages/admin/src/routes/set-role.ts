import { AuthError, CORE_ERRORS, defineEndpoint, userResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { checkAdminPermission } from "../check-admin-permission.js";
import { endImpersonationsBy } from "../end-impersonations.js";
import { requireCanGrant, requireCanManage } from "../permission-coverage.js";
import type { AdminUser } from "../admin-types.js";
import { validateRoles } from "../role-names.js";
import { publicAdminUser } from "../public-admin-user.js";

/**
 * POST /admin/set-role: needs `user: set-role`, every permission the user holds now and every one the
 * new role grants (no admin raises anyone, themselves included, above their own rights). Takes effect
 * on the user's next request: permission checks read the role from the user row each time. A new role
 * without `user: impersonate` ends the impersonations the user opened, in the same transaction.
 */
export const setRole = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/set-role",
      body: z.strictObject({ userId: z.string().min(1), role: z.union([z.string(), z.array(z.string())]) }),
      session: "required",
      openapi: {
        summary: "Set a user's roles (admin)",
        response: z.object({ user: userResponse }),
        errors: [
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE,
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE,
          ADMIN_ERRORS.CANNOT_MANAGE_MORE_PRIVILEGED_USER,
          ADMIN_ERRORS.CANNOT_GRANT_MORE_PERMISSIONS,
          CORE_ERRORS.USER_NOT_FOUND,
        ],
      },
    },
    async (ctx) => {
      requireAdminPermission(
        o,
        ctx.session.user,
        { user: ["set-role"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE,
      );
      const role = validateRoles(o, ctx.body.role);
      requireCanGrant(o, ctx.session.user, role);
      const user = await ctx.auth.transaction(async (tx) => {
        // Locked first: the rights checked are the ones replaced, and impersonate-user waits on this row.
        const current = await tx.db.findOne<AdminUser>({
          model: "user",
          where: [{ field: "id", value: ctx.body.userId }],
          forUpdate: true,
        });
        if (!current) throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
        requireCanManage(o, ctx.session.user, current);
        const updated = await tx.users.update(current.id, { role });
        if (!updated) throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
        if (!checkAdminPermission(o, updated, { user: ["impersonate"] }).success)
          await endImpersonationsBy(tx.db, updated.id);
        return updated;
      });
      return { user: publicAdminUser(ctx.auth.sessions, user) };
    },
  );
