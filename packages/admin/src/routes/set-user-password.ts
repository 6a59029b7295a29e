import { CORE_ERRORS, defineEndpoint, statusResponse, voidResetTokens } from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { requireCanManage } from "../permission-coverage.js";
import { requireUser } from "../require-user.js";

/**
 * POST /admin/set-user-password: needs `user: set-password`. Hashes with core's password service
 * (same length rules as sign-up) and ends every session of the user in the same transaction: a
 * password reset by an admin is usually a response to a compromised account. Outstanding reset links die too.
 */
export const setUserPassword = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/set-user-password",
      body: z.strictObject({ userId: z.string().min(1), newPassword: z.string() }),
      session: "required",
      credentials: "own-session",
      openapi: {
        summary: "Set a user's password and end their sessions (admin)",
        response: statusResponse,
        errors: [
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD,
          ADMIN_ERRORS.CANNOT_MANAGE_MORE_PRIVILEGED_USER,
          CORE_ERRORS.PASSWORD_TOO_SHORT,
          CORE_ERRORS.PASSWORD_TOO_LONG,
          CORE_ERRORS.USER_NOT_FOUND,
        ],
      },
    },
    async (ctx) => {
      const { passwords } = ctx.auth;
      requireAdminPermission(
        o,
        ctx.session.user,
        { user: ["set-password"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD,
      );
      passwords.assertValidLength(ctx.body.newPassword);
      const user = await requireUser(ctx.auth, ctx.body.userId);
      requireCanManage(o, ctx.session.user, user);
      const hash = await passwords.hash(ctx.body.newPassword);
      await ctx.auth.transaction(async (tx) => {
        const account = await tx.accounts.findCredential(user.id);
        if (account) await tx.accounts.update(account.id, { password: hash });
        else
          await tx.accounts.create({ userId: user.id, accountId: user.id, providerId: "credential", password: hash });
        await tx.endUserSessions(user.id, "password-reset");
        // A reset link mailed before the admin stepped in (perhaps to an attacker) must not undo this.
        await voidResetTokens(tx.db, user.id);
      });
      return { status: true };
    },
  );
