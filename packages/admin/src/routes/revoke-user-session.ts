import { defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";

/** POST /admin/revoke-user-session: needs `session: revoke`. Ends one session, by its token. */
export const revokeUserSession = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/revoke-user-session",
      body: z.strictObject({ sessionToken: z.string().min(1) }),
      session: "required",
      openapi: { summary: "Revoke one session of a user (admin)" },
    },
    async (ctx) => {
      requireAdminPermission(
        o,
        ctx.session.user,
        { session: ["revoke"] },
        ADMIN_ERRORS.NOT_ALLOWED_TO_REVOKE_USER_SESSIONS,
      );
      await ctx.auth.sessions.deleteByToken(ctx.body.sessionToken);
      return { success: true };
    },
  );
