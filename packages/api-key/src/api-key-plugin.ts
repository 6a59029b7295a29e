import { definePlugin } from "@gatehouse/core";
import { API_KEY_ERRORS } from "./api-key-errors.js";
import { resolveApiKeyOptions } from "./api-key-options.js";
import type { ApiKeyOptions } from "./api-key-options.js";
import { apiKeySchema } from "./api-key-schema.js";
import { authenticateApiKey } from "./authenticate-api-key.js";
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
  });
};
