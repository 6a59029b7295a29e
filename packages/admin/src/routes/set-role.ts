import { AuthError, CORE_ERRORS, defineEndpoint, userResponse } from "@gatehouse/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { validateRoles } from "../role-names.js";
import { publicAdminUser } from "../public-admin-user.js";

/**
 * POST /admin/set-role: needs `user: set-role`. Takes effect on the user's next request: permission
 * checks read the role from the user row each time.
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
        errors: [ADMIN_ERRORS.NOT_ALLOWED_TO_SET_ROLE, ADMIN_ERRORS.ADMIN_UNKNOWN_ROLE, CORE_ERRORS.USER_NOT_FOUND],
      },
    },
    async (ctx) => {
      requireAdminPermission(o, ctx.session.user, { user: ["set-role"] }, ADMIN_ERRORS.NOT_ALLOWED_TO_SET_ROLE);
      const role = validateRoles(o, ctx.body.role);
      const user = await ctx.auth.users.update(ctx.body.userId, { role });
      if (!user) throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
      return { user: publicAdminUser(ctx.auth.sessions, user) };
    },
  );
