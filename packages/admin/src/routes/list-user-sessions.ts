import { defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";

/** POST /admin/list-user-sessions: needs `session: list`. The user's unexpired sessions, oldest first. */
export const listUserSessions = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/list-user-sessions",
      body: z.strictObject({ userId: z.string().min(1) }),
      session: "required",
      openapi: { summary: "List a user's sessions (admin)" },
    },
    async (ctx) => {
      requireAdminPermission(
        o,
        ctx.session.user,
        { session: ["list"] },
        ADMIN_ERRORS.NOT_ALLOWED_TO_LIST_USER_SESSIONS,
      );
      return { sessions: await ctx.auth.sessions.listByUser(ctx.body.userId) };
    },
  );
