import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { checkAdminPermission } from "../check-admin-permission.js";

/**
 * POST /admin/has-permission: whether the caller's roles grant every listed action. Any signed-in user
 * may ask about themselves; the answer is a 200 either way.
 */
export const userHasPermission = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/has-permission",
      body: z.strictObject({ permissions: z.record(z.string(), z.array(z.string())) }),
      session: "required",
      openapi: {
        summary: "Whether you may perform admin actions",
        response: z.object({
          success: z.boolean(),
          error: z.string().nullable().describe("Why not, when success is false"),
        }),
      },
    },
    async (ctx) => {
      const result = checkAdminPermission(o, ctx.session.user, ctx.body.permissions);
      return result.success ? { success: true, error: null } : { success: false, error: result.error };
    },
  );
