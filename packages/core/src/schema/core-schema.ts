import type { FieldDef, Schema } from "./schema-types.js";

/** Options that shape the core tables. */
export interface CoreSchemaOptions {
  /** Extra user columns (SPEC.md §3 "additional fields"). */
  userAdditionalFields?: Record<string, FieldDef>;
}

const now = () => new Date();

/**
 * The core user columns. Endpoints build their input from these definitions (`stringInput(userFields.name)`),
 * so a column's size is written once: here.
 */
export const userFields = {
  // name, createdAt and updatedAt are indexed with the id (the user model's `indexes`): admin list-users sorts by them.
  name: { type: "string" },
  email: { type: "string", unique: true },
  emailVerified: { type: "boolean", defaultValue: false, input: false },
  image: { type: "string", required: false, long: true, maxLength: 2048 },
  createdAt: { type: "date", defaultValue: now, input: false },
  updatedAt: { type: "date", defaultValue: now, input: false },
} as const satisfies Record<string, FieldDef>;

/** The five core tables of SPEC.md §3. Plugins add tables and fields on top. */
export function createCoreSchema(options: CoreSchemaOptions = {}): Schema {
  return {
    user: {
      fields: {
        ...userFields,
        ...options.userAdditionalFields,
      },
      // list-users sorts by (column, id), the id breaking ties: with the id in the index every database
      // reads a page in index order without a sort step. MariaDB reads the unique email index alone in
      // that order only with the id in it (the query-plan test saw a full scan and a filesort without it);
      // SQLite with `name` alone sorted the ties in a temporary B-tree and read every skipped row of a deep
      // OFFSET from the table (31 ms at offset 10,000 of a million users, 0.6 ms with `(name, id)`).
      indexes: [
        ["email", "id"],
        ["name", "id"],
        ["createdAt", "id"],
        ["updatedAt", "id"],
      ],
    },
    session: {
      fields: {
        // SHA-256 of the session token: a database leak yields no usable session.
        token: { type: "string", unique: true, returned: false },
        userId: { type: "string", index: true, references: { model: "user", field: "id", onDelete: "cascade" } },
        // Indexed for the cleanup job, which deletes expired sessions in batches.
        expiresAt: { type: "date", index: true },
        ipAddress: { type: "string", required: false },
        userAgent: { type: "string", required: false, long: true },
        createdAt: { type: "date", defaultValue: now },
        updatedAt: { type: "date", defaultValue: now },
      },
      // list-sessions pages a user's live sessions newest first: read in index order from the page's start,
      // not every session of the user sorted per page (1,001 sessions: 2.9–4.1 ms a page before).
      indexes: [["userId", "createdAt", "id"]],
    },
    account: {
      fields: {
        accountId: { type: "string", index: true },
        providerId: { type: "string" },
        userId: { type: "string", index: true, references: { model: "user", field: "id", onDelete: "cascade" } },
        accessToken: { type: "string", required: false, long: true, returned: false },
        refreshToken: { type: "string", required: false, long: true, returned: false },
        idToken: { type: "string", required: false, long: true, returned: false },
        accessTokenExpiresAt: { type: "date", required: false },
        refreshTokenExpiresAt: { type: "date", required: false },
        scope: { type: "string", required: false, long: true },
        password: { type: "string", required: false, returned: false },
        createdAt: { type: "date", defaultValue: now },
        updatedAt: { type: "date", defaultValue: now },
      },
      // One row per provider account: two racing first sign-ins (or links) of the same provider account
      // cannot both insert; the loser retries and finds the winner's row (complete-oauth.ts).
      uniqueIndexes: [["providerId", "accountId"]],
    },
    verification: {
      fields: {
        identifier: { type: "string", index: true },
        value: { type: "string", long: true },
        // Indexed for the cleanup job.
        expiresAt: { type: "date", index: true },
        createdAt: { type: "date", defaultValue: now },
        updatedAt: { type: "date", defaultValue: now },
      },
    },
    rateLimit: {
      fields: {
        key: { type: "string", unique: true },
        count: { type: "number" },
        // Milliseconds since the epoch: compared arithmetically on every request. Indexed for the
        // cleanup job, which deletes the rows whose window ended.
        lastRequest: { type: "number", index: true },
      },
    },
  };
}
