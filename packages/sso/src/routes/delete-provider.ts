import { defineEndpoint, successResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { requireManagedProvider } from "../manage-access.js";
import { SSO_ERRORS } from "../sso-errors.js";
import type { ResolvedSsoOptions } from "../sso-options.js";

const body = z.object({ providerId: z.string().min(1).max(32) });

/** POST /sso/delete-provider: removes a connection; users it provisioned keep their accounts. */
export const deleteProvider = (o: ResolvedSsoOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sso/delete-provider",
      body,
      session: "required",
      // It changes how an organization's people sign in: the manager's own session only (no API key, no impersonation).
      credentials: "own-session",
      openapi: {
        summary: "Delete an SSO connection",
        response: successResponse,
        errors: [SSO_ERRORS.SSO_PROVIDER_NOT_FOUND],
      },
    },
    async (ctx) => {
      const row = await requireManagedProvider(ctx, o, ctx.body.providerId);
      await ctx.auth.db.delete({ model: "ssoProvider", where: [{ field: "id", value: row.id }] });
      return { success: true };
    },
  );
