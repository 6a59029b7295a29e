import { AuthError, CORE_ERRORS, defineEndpoint, userResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { requireCanManage } from "../permission-coverage.js";
import { publicAdminUser } from "../public-admin-user.js";
import { requireUser } from "../require-user.js";

/** POST /admin/unban-user: needs `user: ban` (lifting a ban is the same power as placing one). */
export const unbanUser = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/unban-user",
      body: z.strictObject({ userId: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "Lift a user's ban (admin)",
        response: z.object({ user: userResponse }),
        errors: [
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS,
          ADMIN_ERRORS.CANNOT_MANAGE_MORE_PRIVILEGED_USER,
          CORE_ERRORS.USER_NOT_FOUND,
        ],
      },
    },
    async (ctx) => {
      requireAdminPermission(o, ctx.session.user, { user: ["ban"] }, ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS);
      requireCanManage(o, ctx.session.user, await requireUser(ctx.auth, ctx.body.userId));
      const user = await ctx.auth.users.update(ctx.body.userId, { banned: false, banReason: null, banExpires: null });
      if (!user) throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
      return { user: publicAdminUser(ctx.auth.sessions, user) };
    },
  );
