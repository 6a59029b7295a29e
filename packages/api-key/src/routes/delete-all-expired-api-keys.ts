import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { API_KEY_ERRORS } from "../api-key-errors.js";
import { API_KEY_MODEL } from "../api-key-model.js";
import { API_KEY_TAG } from "../authenticate-api-key.js";
import { resolveKeyOwner } from "../resolve-key-owner.js";

/**
 * POST /api-key/delete-all-expired-api-keys: housekeeping. Over HTTP it deletes the caller's own expired
 * keys; a server-side call (a cron job) deletes everyone's, or one user's when it names `userId`.
 */
export const deleteAllExpiredApiKeys = defineEndpoint(
  {
    method: "POST",
    path: "/api-key/delete-all-expired-api-keys",
    body: z.object({ userId: z.string().min(1).optional() }),
    session: "optional",
    tags: [API_KEY_TAG],
    openapi: {
      summary: "Delete expired API keys",
      description: "Over HTTP only the caller's own keys.",
      response: z.object({ success: z.boolean(), deleted: z.number().int().describe("How many keys were deleted") }),
      // Optional only so server code may name a userId; over HTTP it needs a session (resolveKeyOwner).
      session: "required",
      errors: [API_KEY_ERRORS.SERVER_ONLY_PROPERTY],
    },
  },
  async (ctx): Promise<{ success: true; deleted: number }> => {
    const everyone = ctx.request === null && ctx.body.userId === undefined;
    // A user's own keys only: an organization's expired keys are the organization's to clear.
    const owner = everyone
      ? []
      : [
          { field: "userId", value: resolveKeyOwner(ctx, ctx.body.userId) },
          { field: "organizationId", value: null },
        ];
    const deleted = await ctx.auth.db.deleteMany({
      model: API_KEY_MODEL,
      where: [{ field: "expiresAt", operator: "lte", value: new Date(ctx.auth.now()) }, ...owner],
    });
    return { success: true, deleted };
  },
);
