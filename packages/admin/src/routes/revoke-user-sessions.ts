import { defineEndpoint, successResponse } from "@gatehouse/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";

/** POST /admin/revoke-user-sessions: needs `session: revoke`. Signs the user out everywhere. */
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
        errors: [ADMIN_ERRORS.NOT_ALLOWED_TO_REVOKE_USER_SESSIONS],
      },
    },
    async (ctx) => {
      requireAdminPermission(
        o,
        ctx.session.user,
        { session: ["revoke"] },
        ADMIN_ERRORS.NOT_ALLOWED_TO_REVOKE_USER_SESSIONS,
      );
      await ctx.auth.sessions.deleteByUser(ctx.body.userId);
      return { success: true };
    },
  );
