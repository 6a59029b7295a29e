import { AuthError, CORE_ERRORS, clampPageLimit, defineEndpoint, findPage, pageQuery } from "@gatehouse-auth/core";
import { z } from "zod";
import { API_KEY_ERRORS } from "../api-key-errors.js";
import { API_KEY_MODEL } from "../api-key-model.js";
import { apiKeyResponse } from "../api-key-responses.js";
import type { ApiKey, ApiKeyRow } from "../api-key-types.js";
import { API_KEY_TAG } from "../authenticate-api-key.js";
import { publicApiKey } from "../public-api-key.js";
import { requireOrganizationKeyManager } from "../organization-key-access.js";
import { resolveKeyOwner } from "../resolve-key-owner.js";

/** api-key list's page sizes: 100 without `limit`, never more (a larger `limit` is clamped). */
export const API_KEY_PAGE_LIMITS = { default: 100, max: 100 } as const;
/** The deepest `offset` accepted; deeper pages go by cursor. */
export const MAX_API_KEY_OFFSET = 10_000;

const query = z.object({
  userId: z.string().min(1).max(255).optional(),
  organizationId: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe("List this organization's keys instead of the caller's (needs apiKey: read in it)"),
  ...pageQuery,
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_API_KEY_OFFSET)
    .optional()
    .describe(`Keys to skip, at most ${MAX_API_KEY_OFFSET}; not with cursor`),
});

/**
 * GET /api-key/list: a page of the caller's keys (or, with `organizationId`, of that organization's, for a
 * member holding `apiKey: read`), newest first (createdAt, then id), without key material,
 * and `nextCursor`; `total` ignores paging.
 */
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
        nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page"),
      }),
      description:
        "Newest first, at most 100 a page (default 100; a larger `limit` is clamped). Pass `nextCursor` back as `cursor` for the next page; `offset` (at most 10,000) also works.",
      // Optional only so server code may name a userId; over HTTP it needs a session (resolveKeyOwner).
      session: "required",
      errors: [
        API_KEY_ERRORS.SERVER_ONLY_PROPERTY,
        API_KEY_ERRORS.ORGANIZATION_KEYS_NOT_ALLOWED,
        CORE_ERRORS.INVALID_CURSOR,
      ],
    },
  },
  async (ctx): Promise<{ apiKeys: ApiKey[]; total: number; nextCursor: string | null }> => {
    const { cursor, offset, organizationId } = ctx.query;
    const userId =
      organizationId === undefined
        ? resolveKeyOwner(ctx, ctx.query.userId)
        : await requireOrganizationKeyManager(ctx, organizationId, ctx.query.userId, "read");
    if (offset && cursor !== undefined)
      throw new AuthError(CORE_ERRORS.VALIDATION_ERROR, {
        message: "Invalid query parameters",
        details: {
          issues: [{ path: "offset", message: "offset and cursor cannot be combined", code: "invalid_value" }],
        },
      });
    // A user's own keys (never the organization keys they created), or one organization's, on the
    // apikey(userId) and apikey(organizationId, createdAt, id) indexes.
    const where =
      organizationId === undefined
        ? [
            { field: "userId", value: userId },
            { field: "organizationId", value: null },
          ]
        : [{ field: "organizationId", value: organizationId }];
    const sortBy = { field: "createdAt", direction: "desc" } as const;
    const limit = clampPageLimit(ctx.query.limit, API_KEY_PAGE_LIMITS);
    const [page, total] = await Promise.all([
      offset
        ? ctx.auth.db
            .findMany<ApiKeyRow>({ model: API_KEY_MODEL, where, sortBy, limit, offset })
            .then((rows) => ({ rows, nextCursor: null }))
        : findPage<ApiKeyRow>(ctx.auth, {
            // A cursor is bound to its listing: one user's cannot page another's, nor an organization's.
            listing: organizationId === undefined ? `api-keys:${userId}` : `api-keys:organization:${organizationId}`,
            model: API_KEY_MODEL,
            where,
            sortBy,
            limit,
            cursor,
          }),
      ctx.auth.db.count({ model: API_KEY_MODEL, where }),
    ]);
    return { apiKeys: page.rows.map(publicApiKey), total, nextCursor: page.nextCursor };
  },
);
