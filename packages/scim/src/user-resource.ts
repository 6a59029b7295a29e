import { etagOf } from "./etag.js";
import type { FilterColumns } from "./scim-filter.js";
import type { ScimUserRow } from "./scim-schema.js";

/** RFC 7643 §4.1 User schema URN. */
export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";

/** The filterable User attributes and their columns (RFC 7644 §3.4.2.2). */
export const USER_FILTER_COLUMNS: FilterColumns = {
  id: { field: "id" },
  username: { field: "userNameKey", lowerCase: true },
  externalid: { field: "externalId" },
  // caseExact false (RFC 7643 §8.7.1): the lower-cased columns, so `eq` ignores case on every database.
  displayname: { field: "displayNameKey", lowerCase: true, original: "displayName" },
  "name.givenname": { field: "givenNameKey", lowerCase: true, original: "givenName" },
  "name.familyname": { field: "familyNameKey", lowerCase: true, original: "familyName" },
  emails: { field: "email", lowerCase: true },
  "emails.value": { field: "email", lowerCase: true },
  "emails.type": { field: "emailTypeKey", lowerCase: true, original: "emailType" },
  active: { field: "active", type: "boolean" },
  "meta.created": { field: "createdAt", type: "date" },
  "meta.lastmodified": { field: "updatedAt", type: "date" },
};

/** sortBy attribute (lower case) → column. */
export const USER_SORT_COLUMNS: Readonly<Record<string, string>> = {
  id: "id",
  username: "userNameKey",
  externalid: "externalId",
  displayname: "displayNameKey",
  "name.givenname": "givenNameKey",
  "name.familyname": "familyNameKey",
  "emails.value": "email",
  "meta.created": "createdAt",
  "meta.lastmodified": "updatedAt",
};

/** The SCIM view of a provisioned user (RFC 7643 §4.1). */
export function toScimUser(row: ScimUserRow, base: string) {
  const formatted = [row.givenName, row.familyName].filter(Boolean).join(" ");
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.userName,
    name: {
      ...(formatted ? { formatted } : {}),
      ...(row.givenName ? { givenName: row.givenName } : {}),
      ...(row.familyName ? { familyName: row.familyName } : {}),
    },
    ...(row.displayName ? { displayName: row.displayName } : {}),
    emails: row.email ? [{ value: row.email, type: row.emailType ?? "work", primary: true }] : [],
    active: row.active,
    meta: {
      resourceType: "User",
      created: new Date(row.createdAt).toISOString(),
      lastModified: new Date(row.updatedAt).toISOString(),
      version: etagOf(row),
      location: `${base}/Users/${encodeURIComponent(row.id)}`,
    },
  };
}
