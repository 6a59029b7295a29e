import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { API_KEY_ERRORS } from "../api-key-errors.js";
import { expiresInInput, metadataInput, nameInput, refillTogether, serverOnlyInput } from "../api-key-input.js";
import { API_KEY_MODEL } from "../api-key-model.js";
import { apiKeyResponse } from "../api-key-responses.js";
import type { ApiKey, ApiKeyRow } from "../api-key-types.js";
import { API_KEY_TAG } from "../authenticate-api-key.js";
import { publicApiKey } from "../public-api-key.js";
import { findManagedApiKey } from "../organization-key-access.js";
import { rejectServerOnlyFields, resolveKeyOwner } from "../resolve-key-owner.js";

const body = z
  .object({
    keyId: z.string().min(1),
    /** Server-side calls only: the key must belong to this user. */
    userId: z.string().min(1).optional(),
    name: nameInput.optional(),
    enabled: z.boolean().optional(),
    expiresIn: expiresInInput.optional(),
    metadata: metadataInput.nullable().optional(),
    ...serverOnlyInput,
  })
  .refine(refillTogether.check, refillTogether.message);

// Body fields copied to the row as they are (the rest need translating).
const DIRECT = [
  "name",
  "enabled",
  "metadata",
  "remaining",
  "refillAmount",
  "refillInterval",
  "rateLimitEnabled",
  "rateLimitTimeWindow",
  "rateLimitMax",
  "permissions",
] as const;

/**
 * POST /api-key/update: changes one of the caller's keys, or an organization's where the caller holds
 * `apiKey: update`; limits and permissions only server-side.
 */
export const updateApiKey = defineEndpoint(
  {
    method: "POST",
    path: "/api-key/update",
    body,
    session: "optional",
    // A key minted by an impersonation would outlive it (the admin plugin refuses this tag then).
    tags: [API_KEY_TAG],
    credentials: "own-session",
    openapi: {
      summary: "Rename, enable, disable or re-time one of the caller's API keys",
      response: apiKeyResponse,
      // Optional only so server code may name a userId; over HTTP it needs a session (resolveKeyOwner).
      session: "required",
      errors: [
        API_KEY_ERRORS.KEY_NOT_FOUND,
        API_KEY_ERRORS.SERVER_ONLY_PROPERTY,
        // The key was deleted between the lookup and the write.
        API_KEY_ERRORS.FAILED_TO_UPDATE_API_KEY,
      ],
    },
  },
  async (ctx): Promise<ApiKey> => {
    resolveKeyOwner(ctx, ctx.body.userId); // 401 for anonymous callers before anything else
    rejectServerOnlyFields(ctx, ctx.body);
    const key = await findManagedApiKey(ctx, ctx.body.keyId, ctx.body.userId, "update");
    const update: Record<string, unknown> = {};
    for (const field of DIRECT) if (ctx.body[field] !== undefined) update[field] = ctx.body[field];
    if (ctx.body.expiresIn !== undefined)
      update.expiresAt = ctx.body.expiresIn === null ? null : new Date(ctx.auth.now() + ctx.body.expiresIn * 1000);
    if (Object.keys(update).length === 0) return publicApiKey(key);
    const updated = await ctx.auth.db.update<ApiKeyRow>({
      model: API_KEY_MODEL,
      where: [{ field: "id", value: key.id }],
      update,
    });
    // Found a moment ago, gone now: deleted concurrently.
    if (!updated) throw new AuthError(API_KEY_ERRORS.FAILED_TO_UPDATE_API_KEY);
    return publicApiKey(updated);
  },
);
