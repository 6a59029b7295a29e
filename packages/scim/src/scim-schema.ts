import type { Schema } from "@gatehouse-auth/core";

const now = () => new Date();

/** Model names of the plugin's tables. */
export const SCIM_MODELS = { token: "scimToken", user: "scimUser", group: "scimGroup" } as const;

/**
 * The plugin's tables. A token belongs to an organization (and, optionally, to an SSO connection's
 * provider id, which is only a label here: the plugin works without the sso package). Users and groups
 * are the organization's SCIM view of a Gatehouse user and of an organization team.
 */
export const scimSchema: Schema = {
  user: {
    fields: {
      // Set while the organization's directory has the user deactivated: validateUser refuses every sign-in
      // and session of the account (it reads the loaded user row: no query).
      scimDeprovisioned: { type: "boolean", required: false, defaultValue: false, input: false },
    },
  },
  [SCIM_MODELS.token]: {
    fields: {
      organizationId: {
        type: "string",
        index: true,
        references: { model: "organization", field: "id", onDelete: "cascade" },
      },
      providerId: { type: "string", required: false },
      // SHA-256 of the token: a database leak yields no usable token.
      tokenHash: { type: "string", unique: true },
      // The first characters, so a listing can tell tokens apart without revealing them.
      start: { type: "string" },
      createdBy: { type: "string", references: { model: "user", field: "id", onDelete: "cascade" } },
      createdAt: { type: "date", defaultValue: now },
    },
  },
  [SCIM_MODELS.user]: {
    fields: {
      organizationId: {
        type: "string",
        references: { model: "organization", field: "id", onDelete: "cascade" },
      },
      // One organization's directory owns a provisioned user: another's cannot provision or end it.
      userId: { type: "string", unique: true, references: { model: "user", field: "id", onDelete: "cascade" } },
      userName: { type: "string" },
      // userName is caseExact false (RFC 7643 §4.1.1): lower case, for equality and uniqueness.
      userNameKey: { type: "string" },
      externalId: { type: "string", required: false },
      displayName: { type: "string", required: false },
      givenName: { type: "string", required: false },
      familyName: { type: "string", required: false },
      email: { type: "string", required: false },
      emailType: { type: "string", required: false },
      // displayName, name.givenName, name.familyName and emails.type are caseExact false too (RFC 7643
      // §8.7.1): their lower case, so filters and sorting ignore case on every database alike. Null on
      // rows written before these columns existed, until the row's next write.
      displayNameKey: { type: "string", required: false },
      givenNameKey: { type: "string", required: false },
      familyNameKey: { type: "string", required: false },
      emailTypeKey: { type: "string", required: false },
      active: { type: "boolean", defaultValue: true },
      // A fresh random value on every write: the resource's ETag (meta.version, RFC 7644 §3.14).
      version: { type: "string", required: false },
      createdAt: { type: "date", defaultValue: now },
      updatedAt: { type: "date", defaultValue: now },
    },
    uniqueIndexes: [["organizationId", "userNameKey"]],
    // Every SCIM query starts with the organization: listing pages, externalId and email look-ups.
    indexes: [
      ["organizationId", "createdAt"],
      ["organizationId", "externalId"],
      ["organizationId", "email"],
      ["organizationId", "displayNameKey"],
    ],
  },
  [SCIM_MODELS.group]: {
    fields: {
      organizationId: {
        type: "string",
        references: { model: "organization", field: "id", onDelete: "cascade" },
      },
      // No foreign key: the team table exists only when the organization plugin has teams on. A group
      // whose team was deleted through the organization API reads as gone.
      teamId: { type: "string", unique: true },
      displayName: { type: "string" },
      displayNameKey: { type: "string" },
      externalId: { type: "string", required: false },
      // A fresh random value on every write, membership changes included: the Group's ETag.
      version: { type: "string", required: false },
      createdAt: { type: "date", defaultValue: now },
      updatedAt: { type: "date", defaultValue: now },
    },
    uniqueIndexes: [["organizationId", "displayNameKey"]],
    indexes: [
      ["organizationId", "createdAt"],
      ["organizationId", "externalId"],
    ],
  },
};

/** A SCIM token row. */
export interface ScimTokenRow {
  id: string;
  organizationId: string;
  providerId: string | null;
  tokenHash: string;
  start: string;
  createdBy: string;
  createdAt: Date;
}

/** A provisioned user row. */
export interface ScimUserRow {
  id: string;
  organizationId: string;
  userId: string;
  userName: string;
  userNameKey: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  email: string | null;
  emailType: string | null;
  displayNameKey?: string | null;
  givenNameKey?: string | null;
  familyNameKey?: string | null;
  emailTypeKey?: string | null;
  active: boolean;
  version: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A provisioned group row (one organization team). */
export interface ScimGroupRow {
  id: string;
  organizationId: string;
  teamId: string;
  displayName: string;
  displayNameKey: string;
  externalId: string | null;
  version: string | null;
  createdAt: Date;
  updatedAt: Date;
}
