import { etagOf } from "./etag.js";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import type { FilterColumns } from "./scim-filter.js";
import type { ScimGroupRow } from "./scim-schema.js";
import { type JsonObject, asObject, attr, optionalString } from "./scim-values.js";

/** RFC 7643 §4.2 Group schema URN. */
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";

/** The filterable Group attributes and their columns. */
export const GROUP_FILTER_COLUMNS: FilterColumns = {
  id: { field: "id" },
  displayname: { field: "displayNameKey", lowerCase: true },
  externalid: { field: "externalId" },
  "meta.created": { field: "createdAt", type: "date" },
  "meta.lastmodified": { field: "updatedAt", type: "date" },
};

/** sortBy attribute (lower case) → column. */
export const GROUP_SORT_COLUMNS: Readonly<Record<string, string>> = {
  id: "id",
  displayname: "displayNameKey",
  externalid: "externalId",
  "meta.created": "createdAt",
  "meta.lastmodified": "updatedAt",
};

/** A member as a Group lists it: the user's SCIM id and userName. */
export interface GroupMember {
  value: string;
  display: string;
}

/** The SCIM view of a provisioned group (RFC 7643 §4.2); `members` omitted when not asked for. */
export function toScimGroup(row: ScimGroupRow, members: readonly GroupMember[] | null, base: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(members
      ? {
          members: members.map((m) => ({
            value: m.value,
            display: m.display,
            $ref: `${base}/Users/${encodeURIComponent(m.value)}`,
            type: "User",
          })),
        }
      : {}),
    meta: {
      resourceType: "Group",
      created: new Date(row.createdAt).toISOString(),
      lastModified: new Date(row.updatedAt).toISOString(),
      version: etagOf(row),
      location: `${base}/Groups/${encodeURIComponent(row.id)}`,
    },
  };
}

/** A Group's displayName: required, a short string. */
export function readDisplayName(value: unknown): string {
  const name = optionalString(value, "displayName");
  if (name === null || name.trim() === "")
    throw new ScimError(SCIM_ERRORS.INVALID_VALUE, "invalidValue", "displayName is required");
  return name;
}

/** The user ids of a `members` array (`[{ value }]`), bounded by `max`. */
export function readMemberIds(value: unknown, max: number): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > max)
    throw new ScimError(SCIM_ERRORS.TOO_MANY, "tooMany", `At most ${max} members change in one request`);
  return list.map((m) => {
    const id = optionalString(attr(asObject(m, "A members entry"), "value"), "members.value");
    if (id === null) throw new ScimError(SCIM_ERRORS.INVALID_VALUE, "invalidValue", "members.value is required");
    return id;
  });
}

/** A Group as POST and PUT send it. */
export function readGroupResource(body: unknown, maxMembers: number) {
  const obj: JsonObject = asObject(body, "The body");
  return {
    displayName: readDisplayName(attr(obj, "displayName")),
    externalId: optionalString(attr(obj, "externalId"), "externalId"),
    members: readMemberIds(attr(obj, "members"), maxMembers),
  };
}
