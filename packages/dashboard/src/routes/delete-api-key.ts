import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { authorizeDashboard, DASHBOARD_ACCESS_ERRORS } from "../authorize-dashboard.js";
import { API_KEY_MODEL } from "../dashboard-features.js";
import { DASHBOARD_ERRORS } from "../dashboard-errors.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import { idField } from "../dashboard-query.js";

/**
 * The tag the audit log records as `api_key.deleted` (with the key's owner): the dashboard's path is
 * configurable, so the audit log cannot know this endpoint by path.
 */
export const DELETES_API_KEY_TAG = "deletes-api-key";

/**
 * POST {path}/api/delete-api-key {id} (apiKey: delete): deletes any user's key. The delete is conditional
 * on the id and its count checked, so a key deleted by a racing request is a 404, not a success. Refused
 * to impersonation sessions (see authorizeDashboard); core's Origin check refuses cross-site calls.
 */
export const deleteApiKey = (o: ResolvedDashboardOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: `${o.path}/api/delete-api-key`,
      session: "required",
      body: z.strictObject({ id: idField }),
      tags: [DELETES_API_KEY_TAG],
      openapi: {
        summary: "Dashboard: delete any user's API key",
        response: z.object({ success: z.literal(true) }),
        errors: [DASHBOARD_ERRORS.DASHBOARD_API_KEY_NOT_FOUND, ...DASHBOARD_ACCESS_ERRORS],
      },
    },
    async (ctx) => {
      authorizeDashboard(o, ctx, { apiKey: ["delete"] });
      const deleted = await ctx.auth.db.deleteMany({
        model: API_KEY_MODEL,
        where: [{ field: "id", value: ctx.body.id }],
      });
      if (deleted === 0) throw new AuthError(DASHBOARD_ERRORS.DASHBOARD_API_KEY_NOT_FOUND);
      return { success: true as const };
    },
  );
