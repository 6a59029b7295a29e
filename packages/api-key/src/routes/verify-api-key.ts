import { AuthError, defineEndpoint, isAuthError } from "@gatehouse-auth/core";
import type { Db } from "@gatehouse-auth/core";
import { z } from "zod";
import { API_KEY_ERRORS } from "../api-key-errors.js";
import { permissionsInput } from "../api-key-input.js";
import type { ResolvedApiKeyOptions } from "../api-key-options.js";
import type { ApiKey, ApiKeyPermissions } from "../api-key-types.js";
import { API_KEY_TAG } from "../authenticate-api-key.js";
import { findApiKeyByHash } from "../api-key-repository.js";
import { apiKeyResponse } from "../api-key-responses.js";
import { consumeApiKey } from "../consume-api-key.js";
import { publicApiKey } from "../public-api-key.js";

/** What verify answers: always 200; `error` says why a key is not valid. */
export interface VerifyApiKeyResult {
  valid: boolean;
  error: { code: string; message: string } | null;
  key: ApiKey | null;
}

const verifyApiKeyResponse = z.object({
  valid: z.boolean(),
  error: z
    .object({ code: z.string(), message: z.string() })
    .nullable()
    .describe("Why the key is not valid: an API key error, or another plugin's refusal of its owner"),
  key: apiKeyResponse.nullable(),
});

/** Whether the organization plugin's row for `id` is still there (organization keys exist only with that plugin). */
async function organizationExists(db: Db, id: string): Promise<boolean> {
  return (await db.findOne({ model: "organization", where: [{ field: "id", value: id }], select: ["id"] })) !== null;
}

/** True when `granted` holds every action `wanted` asks for. */
export function grantsPermissions(granted: ApiKeyPermissions | null, wanted: ApiKeyPermissions): boolean {
  return Object.entries(wanted).every(([resource, actions]) => {
    const have = granted?.[resource];
    return actions.every((action) => have?.includes(action) ?? false);
  });
}

/**
 * POST /api-key/verify: checks a key (and optionally its permissions) for a service that received it.
 * A successful verify is a use: it counts against the key's remaining uses and rate limit. A key whose
 * owner another plugin refuses (`validateUser`: an admin ban) is not valid, with that plugin's error —
 * the same refusal the key gets in `x-api-key`. An organization's key verifies here (its answer's
 * `key.organizationId` tells the app which organization calls): this is its only use.
 */
export const verifyApiKey = (o: ResolvedApiKeyOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/api-key/verify",
      body: z.object({ key: z.string().min(1), permissions: permissionsInput.optional() }),
      tags: [API_KEY_TAG],
      openapi: {
        summary: "Check an API key (a user's or an organization's) and record its use",
        description: "Always 200 for a well-formed request: a refused key is `valid: false` with its error.",
        response: verifyApiKeyResponse,
      },
    },
    async (ctx): Promise<VerifyApiKeyResult> => {
      const wanted = ctx.body.permissions;
      try {
        // The permission check runs before the use is recorded: a refused call spends nothing.
        const key = await consumeApiKey(ctx.auth, o, ctx.body.key, findApiKeyByHash, (k) => {
          if (wanted && !grantsPermissions(k.permissions, wanted))
            throw new AuthError(API_KEY_ERRORS.KEY_PERMISSIONS_INSUFFICIENT);
          return undefined;
        });
        // The keys go with their organization in an after-hook; should that hook never have run (a crash
        // between the two writes, an organization row removed by hand), a key must not keep verifying as
        // an organization that no longer exists. One lookup by primary key, for organization keys only.
        if (key.organizationId && !(await organizationExists(ctx.auth.db, key.organizationId)))
          throw new AuthError(API_KEY_ERRORS.INVALID_API_KEY);
        return { valid: true, error: null, key: publicApiKey(key) };
      } catch (error) {
        if (!isAuthError(error)) throw error;
        return { valid: false, error: { code: error.code, message: error.message }, key: null };
      }
    },
  );
