import type { CleanupRule, Schema } from "@gatehouse-auth/core";

/** Models of the grants beyond the code flow (client assertions, device codes, pushed requests). */
export const GRANT_MODELS = {
  /** A `jti` of a client assertion seen before its `exp` (RFC 7523 §3 item 7: single use). */
  assertionJti: "oauthAssertionJti",
  /** A `jti` of a DPoP proof (RFC 9449 §11.1: single use) seen within the proof's acceptance window. */
  dpopJti: "oauthDpopJti",
  /** A device authorization (RFC 8628) from its start to its one redemption. */
  deviceCode: "oauthDeviceCode",
  /** A pushed authorization request (RFC 9126) from its push to the code it yields. */
  pushedRequest: "oauthPushedRequest",
} as const;

/** Their tables: every row expires and the cleanup job deletes it on its index. */
export const grantsSchema: Schema = {
  [GRANT_MODELS.assertionJti]: {
    modelName: GRANT_MODELS.assertionJti,
    fields: {
      // The row id is a hash of (client_id, jti): a second insert of the same pair collides.
      expiresAt: { type: "date", index: true },
    },
  },
  [GRANT_MODELS.dpopJti]: {
    modelName: GRANT_MODELS.dpopJti,
    fields: {
      // The row id is a hash of (key thumbprint, jti): a replayed proof collides on insert.
      expiresAt: { type: "date", index: true },
    },
  },
  [GRANT_MODELS.deviceCode]: {
    modelName: GRANT_MODELS.deviceCode,
    fields: {
      // Both codes are kept as SHA-256 only; the user code's low entropy is guarded by rate limits and its lifetime.
      deviceCodeHash: { type: "string", unique: true },
      userCodeHash: { type: "string", unique: true },
      clientId: { type: "string", index: true },
      scopes: { type: "string" },
      resource: { type: "string", required: false, maxLength: 2048 },
      // Set when a signed-in user opens the code (claims it): only that user may decide.
      userId: {
        type: "string",
        required: false,
        index: true,
        references: { model: "user", field: "id", onDelete: "cascade" },
      },
      sessionId: { type: "string", required: false },
      // pending → approved | denied; approved → used (the one redemption).
      status: { type: "string" },
      interval: { type: "number" },
      lastPolledAt: { type: "date", required: false },
      expiresAt: { type: "date", index: true },
      createdAt: { type: "date", defaultValue: () => new Date() },
    },
  },
  [GRANT_MODELS.pushedRequest]: {
    modelName: GRANT_MODELS.pushedRequest,
    fields: {
      // The request_uri is kept as SHA-256 only, like every other handle the provider gives out.
      requestHash: { type: "string", unique: true },
      clientId: { type: "string" },
      // The checked authorization parameters (AUTHORIZATION_PARAMS only), as the flow must resume them.
      params: { type: "json" },
      expiresAt: { type: "date", index: true },
      createdAt: { type: "date", defaultValue: () => new Date() },
    },
  },
};

/** Expired rows of those tables, for `auth.api.cleanup()`. */
export const GRANTS_CLEANUP: readonly CleanupRule[] = [
  { model: GRANT_MODELS.assertionJti, field: "expiresAt", before: (now) => new Date(now) },
  { model: GRANT_MODELS.dpopJti, field: "expiresAt", before: (now) => new Date(now) },
  { model: GRANT_MODELS.deviceCode, field: "expiresAt", before: (now) => new Date(now) },
  { model: GRANT_MODELS.pushedRequest, field: "expiresAt", before: (now) => new Date(now) },
];
