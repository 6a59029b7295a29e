/** @gatehouse-auth/api-key — API keys for Gatehouse: hashed at rest, header authentication, usage and rate limits. */
export { apiKey } from "./api-key-plugin.js";
export type { ApiKeyOptions } from "./api-key-options.js";
export { API_KEY_ERRORS } from "./api-key-errors.js";
export { API_KEY_ROUTES } from "./routes-table.js";
export type { ApiKey, ApiKeyPermissions } from "./api-key-types.js";
export type { VerifyApiKeyResult } from "./routes/verify-api-key.js";
