import { eqValue, type PatchOperation, parsePatchPath } from "./patch-operations.js";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import { asObject, optionalString, readBoolean } from "./scim-values.js";
import { type UserState, readEmail, readEmails, readName, readUserName } from "./user-state.js";

const required = (name: string) =>
  new ScimError(SCIM_ERRORS.INVALID_VALUE, "mutability", `${name} is required and cannot be removed`);

/**
 * Applies PATCH operations (RFC 7644 §3.5.2) to a user's state, in order, and returns the new state. Takes
 * the forms Okta and Microsoft Entra send: a path (`active`, `name.givenName`, `emails[type eq "work"].value`)
 * or none with an object of attributes (whose keys may themselves be paths), `active` as "False".
 */
export function patchUser(current: UserState, operations: readonly PatchOperation[]): UserState {
  const state: UserState = { ...current };
  for (const operation of operations) {
    if (operation.path === null) {
      const value = asObject(operation.value, "A value without a path");
      for (const [key, v] of Object.entries(value)) setPath(state, key, operation.op, v);
    } else {
      setPath(state, operation.path, operation.op, operation.value);
    }
  }
  return state;
}

function setPath(state: UserState, rawPath: string, op: PatchOperation["op"], value: unknown): void {
  if (rawPath === "schemas" || rawPath === "id" || rawPath === "meta") return; // read-only; Okta echoes them
  const path = parsePatchPath(rawPath);
  if (path === "extension") return;
  const removing = op === "remove";
  const { attribute, sub, filter } = path;
  switch (attribute) {
    case "username":
      if (removing) throw required("userName");
      state.userName = readUserName(value);
      return;
    case "externalid":
      state.externalId = removing ? null : optionalString(value, "externalId");
      return;
    case "displayname":
      state.displayName = removing ? null : optionalString(value, "displayName");
      return;
    case "active":
      if (removing) throw required("active");
      state.active = readBoolean(value, "active");
      return;
    case "name":
      setName(state, sub, removing, value);
      return;
    case "emails":
      setEmails(state, filter, sub, removing, value);
      return;
    default:
      // Attributes we do not keep (title, phoneNumbers, addresses, locale…): accepted, not stored.
      return;
  }
}

function setName(state: UserState, sub: string | null, removing: boolean, value: unknown): void {
  if (sub === null) {
    const name = removing ? { givenName: null, familyName: null } : readName(value);
    state.givenName = name.givenName;
    state.familyName = name.familyName;
  } else if (sub === "givenname") state.givenName = removing ? null : optionalString(value, "name.givenName");
  else if (sub === "familyname") state.familyName = removing ? null : optionalString(value, "name.familyName");
}

function setEmails(state: UserState, filter: string | null, sub: string | null, removing: boolean, value: unknown) {
  // We keep one address (the primary). `emails[type eq "work"].value` names it; so does `emails`.
  const type = filter === null ? null : eqValue(filter, "type");
  if (filter !== null && type === null && eqValue(filter, "primary") === null && eqValue(filter, "value") === null)
    throw new ScimError(SCIM_ERRORS.INVALID_PATH, "invalidPath", "emails filters may test type, value or primary");
  if (removing) {
    if (sub === null || sub === "value") state.email = null;
    return;
  }
  if (sub === "value") {
    state.email = readEmail(value);
    if (type) state.emailType = type;
  } else if (sub === null && filter === null) {
    // add appends and replace replaces; with one kept address both end with the new primary one.
    const emails = readEmails(Array.isArray(value) ? value : [value]);
    state.email = emails.email;
    state.emailType = emails.emailType;
  } else if (sub === "type") {
    state.emailType = optionalString(value, "emails.type");
  }
}
