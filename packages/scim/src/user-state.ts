import { isAuthError, normalizeEmail } from "@gatehouse-auth/core";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import { type JsonObject, asObject, attr, optionalString, readBoolean } from "./scim-values.js";

/** The User attributes we keep, as PUT and PATCH edit them. */
export interface UserState {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  email: string | null;
  emailType: string | null;
  active: boolean;
}

const invalid = (detail: string) => new ScimError(SCIM_ERRORS.INVALID_VALUE, "invalidValue", detail);

/** A required, non-empty userName. */
export function readUserName(value: unknown): string {
  const userName = optionalString(value, "userName");
  if (userName === null || userName.trim() === "") throw invalid("userName is required");
  return userName;
}

/** A normalized email address, else 400 invalidValue. */
export function readEmail(value: unknown): string | null {
  const raw = optionalString(value, "emails.value");
  if (raw === null) return null;
  try {
    return normalizeEmail(raw);
  } catch (error) {
    if (isAuthError(error)) throw invalid("emails.value is not a valid email address");
    throw error;
  }
}

/** The primary email of a SCIM `emails` array (else its first): value and type. */
export function readEmails(value: unknown): { email: string | null; emailType: string | null } {
  if (value === undefined || value === null) return { email: null, emailType: null };
  if (!Array.isArray(value) || value.length > 10) throw invalid("emails must be an array of at most 10 entries");
  const entries = value.map((e) => asObject(e, "An emails entry"));
  const chosen = entries.find((e) => attr(e, "primary") === true || attr(e, "primary") === "True") ?? entries[0];
  if (!chosen) return { email: null, emailType: null };
  return { email: readEmail(attr(chosen, "value")), emailType: optionalString(attr(chosen, "type"), "emails.type") };
}

/** The name sub-attributes of a SCIM `name` object. */
export function readName(value: unknown): { givenName: string | null; familyName: string | null } {
  if (value === undefined || value === null) return { givenName: null, familyName: null };
  const name = asObject(value, "name");
  return {
    givenName: optionalString(attr(name, "givenName"), "name.givenName"),
    familyName: optionalString(attr(name, "familyName"), "name.familyName"),
  };
}

/**
 * A User as POST and PUT send it (RFC 7644 §3.3, §3.5.1): attributes not sent are cleared, `active`
 * defaults to true. Attributes we do not keep (title, phoneNumbers, the enterprise extension…) are
 * accepted and not stored: identity providers send their whole mapping.
 */
export function readUserResource(body: unknown): UserState {
  const obj: JsonObject = asObject(body, "The body");
  const active = attr(obj, "active");
  return {
    userName: readUserName(attr(obj, "userName")),
    externalId: optionalString(attr(obj, "externalId"), "externalId"),
    displayName: optionalString(attr(obj, "displayName"), "displayName"),
    ...readName(attr(obj, "name")),
    ...readEmails(attr(obj, "emails")),
    active: active === undefined || active === null ? true : readBoolean(active, "active"),
  };
}

/** The address the Gatehouse account uses: the SCIM email, else a userName that is an address. */
export function accountEmail(state: UserState): string {
  if (state.email) return state.email;
  try {
    return normalizeEmail(state.userName);
  } catch {
    throw invalid("A user needs an email address: send emails, or a userName that is one");
  }
}

/** The account's display name: displayName, else given + family name, else the userName. */
export function accountName(state: UserState): string {
  const full = [state.givenName, state.familyName].filter(Boolean).join(" ");
  return (state.displayName ?? full) || state.userName;
}
