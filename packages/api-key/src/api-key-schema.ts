import type { Schema } from "@gatehouse-auth/core";
import { API_KEY_MODEL } from "./api-key-model.js";

const now = () => new Date();

/**
 * The `apikey` table (SPEC.md §3, §9). Only the SHA-256 of a key is stored, under a unique index. A key
 * is a user's (`organizationId` null) or an organization's (`organizationId` set).
 */
export const apiKeySchema: Schema = {
  [API_KEY_MODEL]: {
    modelName: API_KEY_MODEL,
    fields: {
      name: { type: "string", required: false },
      start: { type: "string", required: false },
      prefix: { type: "string", required: false },
      key: { type: "string", unique: true, returned: false, input: false },
      // The owner of a user key; for an organization key, the member who created it (for the record: it
      // grants nothing). Kept NOT NULL and cascaded as before: migrations only ever add.
      userId: { type: "string", index: true, references: { model: "user", field: "id", onDelete: "cascade" } },
      // Set for an organization's key: it stands for the organization, never for a user. No foreign key:
      // the organization table exists only with the organization plugin; its delete hook removes the keys.
      organizationId: { type: "string", required: false },
      enabled: { type: "boolean", defaultValue: true },
      // Indexed for delete-all-expired-api-keys.
      expiresAt: { type: "date", required: false, index: true },
      remaining: { type: "number", required: false },
      refillAmount: { type: "number", required: false },
      refillInterval: { type: "number", required: false },
      lastRefillAt: { type: "date", required: false },
      rateLimitEnabled: { type: "boolean", defaultValue: true },
      rateLimitTimeWindow: { type: "number", required: false },
      rateLimitMax: { type: "number", required: false },
      requestCount: { type: "number", defaultValue: 0 },
      // A fixed window per key starts at its first request; lastRequest alone cannot tell when it began.
      rateLimitWindowStart: { type: "date", required: false },
      lastRequest: { type: "date", required: false },
      permissions: { type: "json", required: false },
      metadata: { type: "json", required: false },
      createdAt: { type: "date", defaultValue: now },
      updatedAt: { type: "date", defaultValue: now },
    },
    // One organization's keys newest first, the paged listing's order (list-api-keys.ts).
    indexes: [["organizationId", "createdAt", "id"]],
  },
};
