import { definePlugin } from "@gatehouse-auth/core";
import { API_KEY_ERRORS } from "./api-key-errors.js";
import { API_KEY_OPTION_KEYS, resolveApiKeyOptions } from "./api-key-options.js";
import type { ApiKeyOptions } from "./api-key-options.js";
import { API_KEY_MODEL } from "./api-key-model.js";
import { apiKeySchema } from "./api-key-schema.js";
import { API_KEY_TAG, authenticateApiKey } from "./authenticate-api-key.js";
import { deleteOrganizationKeys } from "./delete-organization-keys.js";
import { createApiKey } from "./routes/create-api-key.js";
import { deleteAllExpiredApiKeys } from "./routes/delete-all-expired-api-keys.js";
import { deleteApiKey } from "./routes/delete-api-key.js";
import { getApiKey } from "./routes/get-api-key.js";
import { listApiKeys } from "./routes/list-api-keys.js";
import { updateApiKey } from "./routes/update-api-key.js";
import { verifyApiKey } from "./routes/verify-api-key.js";

/** The API key plugin: keys hashed at rest, `x-api-key` authentication, per-key usage and rate limits. */
export const apiKey = (options: ApiKeyOptions = {}) => {
  const o = resolveApiKeyOptions(options);
  return definePlugin({
    id: "api-key",
    // A misspelt option (rateLimit.maxRequest) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: API_KEY_OPTION_KEYS },
    schema: apiKeySchema,
    errors: API_KEY_ERRORS,
    endpoints: {
      createApiKey: createApiKey(o),
      getApiKey,
      listApiKeys,
      updateApiKey,
      deleteApiKey,
      verifyApiKey: verifyApiKey(o),
      deleteAllExpiredApiKeys,
    },
    authenticate: authenticateApiKey(o),
    hooks: { after: [deleteOrganizationKeys] },
    // An expired key can never authenticate again: the cleanup job deletes it (on expiresAt's index),
    // as delete-all-expired-api-keys does on demand. Keys without an expiry are never touched.
    cleanup: [{ model: API_KEY_MODEL, field: "expiresAt", before: (now: number) => new Date(now) }],
    // Keys outlive sign-outs and password changes on purpose (they are the integration's, not the
    // browser's), but not a squatter: when the real owner claims an unverified address, its keys go.
    async onUserSessionsEnded({ userId, reason, db }) {
      if (reason === "email-claimed")
        await db.deleteMany({ model: API_KEY_MODEL, where: [{ field: "userId", value: userId }] });
    },
    // What `authenticate` does, for the OpenAPI document: a function cannot tell it.
    authenticateScheme: {
      kind: "api-key",
      header: o.headerName,
      description:
        "An API key from /api-key/create, standing for its owner (an organization's key stands for no user: no session route accepts it)",
      // A leaked key must not mint, widen or delete keys (authenticate-api-key.ts).
      skipTags: [API_KEY_TAG],
      errors: [
        API_KEY_ERRORS.INVALID_API_KEY,
        API_KEY_ERRORS.KEY_DISABLED,
        API_KEY_ERRORS.KEY_EXPIRED,
        API_KEY_ERRORS.USAGE_EXCEEDED,
        API_KEY_ERRORS.RATE_LIMITED,
      ],
      // The synthetic session names its key, so a caller can tell it from a cookie session.
      sessionFields: {
        apiKeyId: {
          type: "string",
          description: "The id of the API key standing for the user (also the session's id).",
        },
      },
    },
  });
};
