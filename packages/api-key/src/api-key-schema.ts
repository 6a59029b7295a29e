import type { Schema } from "@gatehouse-auth/core";
import { API_KEY_MODEL } from "./api-key-model.js";

const now = () => new Date();

/** The `apikey` table (SPEC.md §3, §9). Only the SHA-256 of a key is stored, under a unique index. */
export const apiKeySchema: Schema = {
  [API_KEY_MODEL]: {
    modelName: API_KEY_MODEL,
    fields: {
      name: { type: "string", required: false },
      start: { type: "string", required: false },
      prefix: { type: "string", required: false },
      key: { type: "string", unique: true, returned: false, input: false },
      userId: { type: "string", index: true, references: { model: "user", field: "id", onDelete: "cascade" } },
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
  },
};
