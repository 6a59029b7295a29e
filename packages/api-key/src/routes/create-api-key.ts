import { AuthError, CORE_ERRORS, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import {
  expiresInInput,
  metadataInput,
  nameInput,
  permissionsInput,
  refillTogether,
  serverOnlyInput,
} from "../api-key-input.js";
import { API_KEY_ERRORS } from "../api-key-errors.js";
import { API_KEY_MODEL } from "../api-key-model.js";
import { createdApiKeyResponse } from "../api-key-responses.js";
import type { ResolvedApiKeyOptions } from "../api-key-options.js";
import type { ApiKey, ApiKeyRow } from "../api-key-types.js";
import { API_KEY_TAG } from "../authenticate-api-key.js";
import { generateApiKey } from "../generate-api-key.js";
import { publicApiKey } from "../public-api-key.js";
import { requireOrganizationKeyManager } from "../organization-key-access.js";
import { rejectServerOnlyFields, resolveKeyOwner } from "../resolve-key-owner.js";

const body = z
  .object({
    name: nameInput.optional(),
    prefix: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/)
      .optional(),
    expiresIn: expiresInInput.optional(),
    metadata: metadataInput.optional(),
    /** Server-side calls only: create the key for this user (with organizationId: as this member). */
    userId: z.string().min(1).optional(),
    /** Create the organization's key instead of the caller's (needs `apiKey: create` in it). */
    organizationId: z.string().min(1).max(255).optional(),
    ...serverOnlyInput,
    permissions: permissionsInput.optional(),
  })
  .refine(refillTogether.check, refillTogether.message);

/**
 * POST /api-key/create: a new key for the caller, or for the organization `organizationId` names (the
 * caller must be a member whose role grants `apiKey: create`). The key itself is in this answer and
 * nowhere else, ever.
 */
export const createApiKey = (o: ResolvedApiKeyOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/api-key/create",
      body,
      session: "optional",
      // A key minted by an impersonation would outlive it (the admin plugin refuses this tag then).
      tags: [API_KEY_TAG],
      credentials: "own-session",
      openapi: {
        summary: "Create an API key; the answer is the only time the key is shown",
        response: createdApiKeyResponse,
        // Optional only so server code may name a userId; over HTTP it needs a session (resolveKeyOwner).
        session: "required",
        errors: [API_KEY_ERRORS.SERVER_ONLY_PROPERTY, API_KEY_ERRORS.ORGANIZATION_KEYS_NOT_ALLOWED],
      },
    },
    async (ctx): Promise<ApiKey & { key: string }> => {
      const organizationId = ctx.body.organizationId ?? null;
      const userId =
        organizationId === null
          ? resolveKeyOwner(ctx, ctx.body.userId)
          : await requireOrganizationKeyManager(ctx, organizationId, ctx.body.userId, "create");
      rejectServerOnlyFields(ctx, ctx.body);
      // A server-side caller may name a user that does not exist; a foreign-key error would be a 500.
      if (ctx.body.userId !== undefined && !(await ctx.auth.users.findById(userId)))
        throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
      const b = ctx.body;
      const prefix = b.prefix ?? o.defaultPrefix;
      const { key, hash, start } = generateApiKey(prefix, o.keyLength, o.startLength);
      const now = ctx.auth.now();
      const expiresIn = b.expiresIn === undefined ? o.defaultExpiresIn : b.expiresIn;
      const row = await ctx.auth.db.create<ApiKeyRow>({
        model: API_KEY_MODEL,
        data: {
          name: b.name ?? null,
          start,
          prefix,
          key: hash,
          userId,
          organizationId,
          enabled: true,
          expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null,
          // A refill without a starting allowance starts full.
          remaining: b.remaining ?? b.refillAmount ?? null,
          refillAmount: b.refillAmount ?? null,
          refillInterval: b.refillInterval ?? null,
          lastRefillAt: null,
          rateLimitEnabled: b.rateLimitEnabled ?? true,
          rateLimitTimeWindow: b.rateLimitTimeWindow ?? null,
          rateLimitMax: b.rateLimitMax ?? null,
          requestCount: 0,
          rateLimitWindowStart: null,
          lastRequest: null,
          permissions: b.permissions ?? o.defaultPermissions,
          metadata: b.metadata ?? null,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        },
      });
      return { ...publicApiKey(row), key };
    },
  );
