import { AuthError, CORE_ERRORS, defineEndpoint, userResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { durationSeconds } from "../duration-seconds.js";
import { endImpersonationsBy } from "../end-impersonations.js";
import { requireCanManage } from "../permission-coverage.js";
import { publicAdminUser } from "../public-admin-user.js";
import { requireUser } from "../require-user.js";

const body = z.strictObject({
  userId: z.string().min(1),
  banReason: z.string().max(1024).optional(),
  /** Seconds until the ban lifts itself; without it (and without a default) the ban lasts until unban-user. */
  banExpiresIn: durationSeconds.optional(),
});

/**
 * POST /admin/ban-user: needs `user: ban`, and every permission the user holds (requireCanManage). The
 * ban, the end of every session of the user and of every impersonation they opened land in one
 * transaction, so none outlives the ban; sign-in is refused from then on (refuseBannedUser).
 */
export const banUser = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/ban-user",
      body,
      session: "required",
      openapi: {
        summary: "Ban a user (admin)",
        response: z.object({ user: userResponse }),
        errors: [
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS,
          ADMIN_ERRORS.CANNOT_BAN_YOURSELF,
          ADMIN_ERRORS.CANNOT_MANAGE_MORE_PRIVILEGED_USER,
          CORE_ERRORS.USER_NOT_FOUND,
        ],
      },
    },
    async (ctx) => {
      requireAdminPermission(o, ctx.session.user, { user: ["ban"] }, ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS);
      // Banning yourself would end the very session that could undo it.
      if (ctx.body.userId === ctx.session.user.id) throw new AuthError(ADMIN_ERRORS.CANNOT_BAN_YOURSELF);
      requireCanManage(o, ctx.session.user, await requireUser(ctx.auth, ctx.body.userId));
      const expiresIn = ctx.body.banExpiresIn ?? o.defaultBanExpiresIn;
      const ban = {
        banned: true,
        banReason: ctx.body.banReason ?? o.defaultBanReason,
        banExpires: expiresIn ? new Date(ctx.auth.now() + expiresIn * 1000) : null,
      };
      const user = await ctx.auth.transaction(async (tx) => {
        const banned = await tx.users.update(ctx.body.userId, ban);
        if (!banned) throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
        // After the row write, which locks it against a concurrent impersonate-user (endImpersonationsBy).
        await tx.endUserSessions(banned.id, "banned");
        await endImpersonationsBy(tx.db, banned.id);
        return banned;
      });
      return { user: publicAdminUser(ctx.auth.sessions, user) };
    },
  );
