import { defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { API_KEY_ERRORS } from "../api-key-errors.js";
import { API_KEY_MODEL } from "../api-key-model.js";
import { apiKeyResponse } from "../api-key-responses.js";
import type { ApiKey, ApiKeyRow } from "../api-key-types.js";
import { API_KEY_TAG } from "../authenticate-api-key.js";
import { publicApiKey } from "../public-api-key.js";
import { resolveKeyOwner } from "../resolve-key-owner.js";

const query = z.object({
  userId: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** GET /api-key/list: the caller's keys, newest first, without key material; `total` ignores paging. */
export const listApiKeys = defineEndpoint(
  {
    method: "GET",
    path: "/api-key/list",
    query,
    session: "optional",
    tags: [API_KEY_TAG],
    openapi: {
      summary: "The caller's API keys (never the keys themselves)",
      response: z.object({
        apiKeys: z.array(apiKeyResponse),
        total: z.number().int().describe("How many keys the caller has, whatever the page"),
      }),
      // Optional only so server code may name a userId; over HTTP it needs a session (resolveKeyOwner).
      session: "required",
      errors: [API_KEY_ERRORS.SERVER_ONLY_PROPERTY],
    },
  },
  async (ctx): Promise<{ apiKeys: ApiKey[]; total: number }> => {
    const userId = resolveKeyOwner(ctx, ctx.query.userId);
    const where = [{ field: "userId", value: userId }];
    const [rows, total] = await Promise.all([
      ctx.auth.db.findMany<ApiKeyRow>({
        model: API_KEY_MODEL,
        where,
        sortBy: { field: "createdAt", direction: "desc" },
        limit: ctx.query.limit,
        offset: ctx.query.offset,
      }),
      ctx.auth.db.count({ model: API_KEY_MODEL, where }),
    ]);
    return { apiKeys: rows.map(publicApiKey), total };
  },
);
