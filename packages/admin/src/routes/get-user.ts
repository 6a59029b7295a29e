import { CORE_ERRORS, defineEndpoint, userResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { requireUser } from "../require-user.js";
import { publicAdminUser } from "../public-admin-user.js";

/** GET /admin/get-user?id: needs `user: get`; 404 for an unknown id. */
export const getUser = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/admin/get-user",
      query: z.object({ id: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "Get a user by id (admin)",
        response: userResponse,
        errors: [ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_GET_USER, CORE_ERRORS.USER_NOT_FOUND],
      },
    },
    async (ctx) => {
      requireAdminPermission(o, ctx.session.user, { user: ["get"] }, ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_GET_USER);
      return publicAdminUser(ctx.auth.sessions, await requireUser(ctx.auth, ctx.query.id));
    },
  );
