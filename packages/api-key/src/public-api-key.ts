import type { ApiKey, ApiKeyRow } from "./api-key-types.js";

/** The output shape of a key: the stored hash (and any joined row) never leaves the server. */
export function publicApiKey(row: ApiKeyRow | ApiKey): ApiKey {
  const { key: _hash, user: _user, ...rest } = row as ApiKeyRow & { user?: unknown };
  return rest;
}
