import { readDisplayName, readMemberIds } from "./group-resource.js";
import { eqValue, type PatchOperation, parsePatchPath } from "./patch-operations.js";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import { asObject, optionalString } from "./scim-values.js";

/** What a Group PATCH changes: names, and members added, removed or replaced as a whole. */
export interface GroupChange {
  displayName?: string;
  externalId?: string | null;
  /** Replace every member with these (null: keep them). */
  replaceAll: string[] | null;
  add: string[];
  remove: string[];
}

/**
 * Reads Group PATCH operations (RFC 7644 §3.5.2) in the forms Okta and Microsoft Entra send:
 * `add`/`remove` on `members` with `[{ value }]`, `remove` on `members[value eq "id"]`, `replace` of
 * `displayName` with or without a path (`{ "op": "replace", "value": { "id", "displayName" } }`).
 */
export function patchGroup(operations: readonly PatchOperation[], maxMembers: number): GroupChange {
  const change: GroupChange = { replaceAll: null, add: [], remove: [] };
  for (const operation of operations) {
    if (operation.path === null) {
      for (const [key, value] of Object.entries(asObject(operation.value, "A value without a path")))
        applyPath(change, key, operation.op, value, maxMembers);
    } else applyPath(change, operation.path, operation.op, operation.value, maxMembers);
  }
  if (change.add.length + change.remove.length + (change.replaceAll?.length ?? 0) > maxMembers)
    throw new ScimError(SCIM_ERRORS.TOO_MANY, "tooMany", `At most ${maxMembers} members change in one request`);
  return change;
}

function applyPath(change: GroupChange, rawPath: string, op: PatchOperation["op"], value: unknown, max: number) {
  if (rawPath === "schemas" || rawPath === "id" || rawPath === "meta") return; // read-only; Okta echoes id
  const path = parsePatchPath(rawPath);
  if (path === "extension") return;
  const { attribute, filter } = path;
  if (attribute === "displayname") {
    if (op === "remove") throw new ScimError(SCIM_ERRORS.INVALID_VALUE, "mutability", "displayName cannot be removed");
    change.displayName = readDisplayName(value);
  } else if (attribute === "externalid") {
    change.externalId = op === "remove" ? null : optionalString(value, "externalId");
  } else if (attribute === "members") {
    const filtered = filter === null ? null : eqValue(filter, "value");
    if (filter !== null && filtered === null)
      throw new ScimError(SCIM_ERRORS.INVALID_PATH, "invalidPath", 'members filters must be value eq "id"');
    if (op === "remove") {
      if (filtered !== null) change.remove.push(filtered);
      // Entra: `remove` of `members` with the members to remove as the value; without one, all go.
      else if (value === undefined || value === null) change.replaceAll = [];
      else change.remove.push(...readMemberIds(value, max));
    } else if (op === "replace" && filtered === null) {
      change.replaceAll = readMemberIds(value, max);
      change.add = [];
      change.remove = [];
    } else {
      change.add.push(...(filtered !== null ? [filtered] : readMemberIds(value, max)));
    }
  }
  // Other attributes are not part of our Group: accepted, not stored.
}
