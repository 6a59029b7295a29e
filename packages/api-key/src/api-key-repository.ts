import type { Db, Row } from "@gatehouse-auth/core";
import { API_KEY_MODEL } from "./api-key-model.js";
import type { ApiKeyRow, KeyUsage } from "./api-key-types.js";

/** A key with its owner (null when the user row is gone), as one indexed lookup returns it. */
export type WithOwner<K> = K & { user: Row | null };

const userJoin = [{ model: "user", localField: "userId", foreignField: "id", as: "user" }];

const USAGE_FIELDS = [
  "id",
  "userId",
  // An organization's key is told apart before anything is spent (authenticate-api-key.ts).
  "organizationId",
  "enabled",
  "expiresAt",
  "remaining",
  "refillAmount",
  "refillInterval",
  "lastRefillAt",
  "rateLimitEnabled",
  "rateLimitTimeWindow",
  "rateLimitMax",
  "requestCount",
  "rateLimitWindowStart",
  "lastRequest",
  "createdAt",
  // What the key may reach: core's router checks it against each endpoint's `apiKeyPermission`.
  "permissions",
] satisfies (keyof KeyUsage)[];

/** The key whose hash is `hash`, all fields, owner joined in the same query; null when unknown. */
export function findApiKeyByHash(db: Pick<Db, "findOne">, hash: string): Promise<WithOwner<ApiKeyRow> | null> {
  return db.findOne({ model: API_KEY_MODEL, where: [{ field: "key", value: hash }], join: userJoin });
}

/**
 * Like `findApiKeyByHash` with only the fields a use reads: authentication runs on every request, and
 * names and metadata are dead weight there.
 */
export function findKeyUsageByHash(db: Pick<Db, "findOne">, hash: string): Promise<WithOwner<KeyUsage> | null> {
  return db.findOne({
    model: API_KEY_MODEL,
    where: [{ field: "key", value: hash }],
    select: USAGE_FIELDS,
    join: userJoin,
  });
}

/** The key `id`, whoever owns it; null when unknown. Callers decide who may see it (manage-access.ts). */
export function findApiKeyById(db: Pick<Db, "findOne">, id: string): Promise<ApiKeyRow | null> {
  return db.findOne<ApiKeyRow>({ model: API_KEY_MODEL, where: [{ field: "id", value: id }] });
}
