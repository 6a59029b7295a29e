import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { API_KEY_ERRORS } from "../api-key-errors.js";
import { apiKeyResponse } from "../api-key-responses.js";
import type { ApiKey } from "../api-key-types.js";
import { API_KEY_TAG } from "../authenticate-api-key.js";
import { publicApiKey } from "../public-api-key.js";
import { findManagedApiKey } from "../organization-key-access.js";

/**
 * GET /api-key/get?id: one of the caller's keys, or of an organization where the caller holds
 * `apiKey: read`, without key material; any other key is not found.
 */
export const getApiKey = defineEndpoint(
  {
    method: "GET",
    path: "/api-key/get",
    query: z.object({ id: z.string().min(1), userId: z.string().min(1).optional() }),
    session: "optional",
    tags: [API_KEY_TAG],
    openapi: {
      summary: "One of the caller's API keys (never the key itself)",
      response: apiKeyResponse,
      // Optional only so server code may name a userId; over HTTP it needs a session (resolveKeyOwner).
      session: "required",
      errors: [API_KEY_ERRORS.KEY_NOT_FOUND, API_KEY_ERRORS.SERVER_ONLY_PROPERTY],
    },
  },
  async (ctx): Promise<ApiKey> => {
    return publicApiKey(await findManagedApiKey(ctx, ctx.query.id, ctx.query.userId, "read"));
  },
);
