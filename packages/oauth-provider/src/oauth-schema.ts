import type { Schema } from "@gatehouse-auth/core";

/** Model names, one place. */
export const OAUTH_MODELS = {
  client: "oauthClient",
  consent: "oauthConsent",
  code: "oauthCode",
  token: "oauthToken",
} as const;

const now = () => new Date();
const userRef = { model: "user", field: "id", onDelete: "cascade" } as const;

/**
 * The provider's tables. Secrets, codes and tokens are stored only as SHA-256 (they are 256-bit random
 * strings, so a plain hash is enough and a lookup stays one indexed query): a database leak yields
 * nothing a client could present.
 */
export const oauthSchema: Schema = {
  [OAUTH_MODELS.client]: {
    modelName: OAUTH_MODELS.client,
    fields: {
      // The row id is the client_id.
      name: { type: "string", required: false },
      secretHash: { type: "string", required: false, returned: false, input: false },
      redirectUris: { type: "json" },
      postLogoutRedirectUris: { type: "json", required: false },
      grantTypes: { type: "json" },
      tokenEndpointAuthMethod: { type: "string" },
      skipConsent: { type: "boolean", defaultValue: false },
      disabled: { type: "boolean", defaultValue: false },
      userId: { type: "string", required: false, index: true, references: userRef },
      // Display metadata of a dynamically registered client (client_uri, logo_uri, policy_uri, tos_uri).
      metadata: { type: "json", required: false },
      // RFC 7592: SHA-256 of a dynamically registered client's registration access token; null otherwise.
      registrationTokenHash: { type: "string", required: false, returned: false, input: false },
      createdAt: { type: "date", defaultValue: now },
      updatedAt: { type: "date", defaultValue: now },
    },
    // The admin listing, newest first, page by page (docs/paging.md).
    indexes: [["createdAt", "id"]],
  },
  [OAUTH_MODELS.consent]: {
    modelName: OAUTH_MODELS.consent,
    fields: {
      // The row id is derived from (user, client): one consent row per pair, whatever races.
      userId: { type: "string", index: true, references: userRef },
      clientId: { type: "string", index: true },
      scopes: { type: "string" },
      createdAt: { type: "date", defaultValue: now },
      updatedAt: { type: "date", defaultValue: now },
    },
    // The user's authorized apps, newest first, page by page (docs/paging.md).
    indexes: [["userId", "createdAt", "id"]],
  },
  [OAUTH_MODELS.code]: {
    modelName: OAUTH_MODELS.code,
    fields: {
      codeHash: { type: "string", unique: true },
      // Indexed for deleting a client's unredeemed codes.
      clientId: { type: "string", index: true },
      userId: { type: "string", index: true, references: userRef },
      sessionId: { type: "string" },
      redirectUri: { type: "string", maxLength: 2048 },
      scopes: { type: "string" },
      codeChallenge: { type: "string", required: false },
      nonce: { type: "string", required: false, maxLength: 512 },
      resource: { type: "string", required: false, maxLength: 2048 },
      // RFC 9449 §10 `dpop_jkt`: the token request must carry a DPoP proof by this key.
      dpopJkt: { type: "string", required: false, maxLength: 64 },
      authTime: { type: "date" },
      expiresAt: { type: "date", index: true },
      // Set by the one redemption that wins; a second one finds it set (replay, RFC 6749 §4.1.2).
      usedAt: { type: "date", required: false },
      createdAt: { type: "date", defaultValue: now },
    },
  },
  [OAUTH_MODELS.token]: {
    modelName: OAUTH_MODELS.token,
    fields: {
      accessTokenHash: { type: "string", unique: true },
      refreshTokenHash: { type: "string", required: false, unique: true },
      clientId: { type: "string", index: true },
      // Both null for a client_credentials token: the client acts for itself, no user or session behind it.
      userId: { type: "string", required: false, index: true, references: userRef },
      sessionId: { type: "string", required: false, index: true },
      // What the grant allows (a refresh may narrow, never widen) and what this access token carries.
      scopes: { type: "string" },
      accessScopes: { type: "string" },
      // Every token refreshed from one grant shares the family: reuse of a rotated one revokes it all.
      familyId: { type: "string", index: true },
      codeId: { type: "string", required: false, index: true },
      resource: { type: "string", required: false, maxLength: 2048 },
      // RFC 9449: the JWK SHA-256 thumbprint the access token (and a public client's refresh token) is bound to.
      dpopJkt: { type: "string", required: false },
      authTime: { type: "date" },
      accessExpiresAt: { type: "date", index: true },
      refreshExpiresAt: { type: "date", required: false },
      // When the row's last token expires (the later of the two above): the cleanup job's index. Null only
      // on rows written before the field existed (never cleaned: delete them by hand once expired).
      expiresAt: { type: "date", required: false, index: true },
      rotatedAt: { type: "date", required: false },
      revokedAt: { type: "date", required: false },
      createdAt: { type: "date", defaultValue: now },
    },
  },
};
