import { AuthError, defineEndpoint, successResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { API_KEY_ERRORS } from "../api-key-errors.js";
import { API_KEY_MODEL } from "../api-key-model.js";
import { API_KEY_TAG } from "../authenticate-api-key.js";
import { findManagedApiKey } from "../organization-key-access.js";

/**
 * POST /api-key/delete: removes one of the caller's keys, or an organization's where the caller holds
 * `apiKey: delete`; it stops working at once.
 */
export const deleteApiKey = defineEndpoint(
  {
    method: "POST",
    path: "/api-key/delete",
    body: z.object({ keyId: z.string().min(1), userId: z.string().min(1).optional() }),
    session: "optional",
    credentials: "own-session",
    tags: [API_KEY_TAG],
    openapi: {
      summary: "Delete one of the caller's API keys",
      response: successResponse,
      // Optional only so server code may name a userId; over HTTP it needs a session (resolveKeyOwner).
      session: "required",
      errors: [API_KEY_ERRORS.KEY_NOT_FOUND, API_KEY_ERRORS.SERVER_ONLY_PROPERTY],
    },
  },
  async (ctx): Promise<{ success: true }> => {
    const key = await findManagedApiKey(ctx, ctx.body.keyId, ctx.body.userId, "delete");
    const deleted = await ctx.auth.db.deleteMany({ model: API_KEY_MODEL, where: [{ field: "id", value: key.id }] });
    if (deleted === 0) throw new AuthError(API_KEY_ERRORS.KEY_NOT_FOUND);
    return { success: true };
  },
);
