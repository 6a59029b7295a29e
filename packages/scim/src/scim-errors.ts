import { defineErrors } from "@gatehouse-auth/core";

/**
 * The SCIM plugin's error catalogue; it owns status and message. Entries with a `scimType` are answered
 * in SCIM's Error schema (RFC 7644 §3.12) on the /scim/v2 routes; the token routes answer `{ code, message }`.
 */
export const SCIM_ERRORS = defineErrors({
  // Token management (session routes, the usual `{ code, message }` answers).
  NOT_ORGANIZATION_ADMIN: {
    status: 403,
    message: "Only an owner or admin of the organization, or an app admin, can manage its SCIM tokens",
  },
  USER_DEPROVISIONED: {
    status: 403,
    message: "This account was deactivated by your organization's directory",
  },
  SCIM_TOKEN_NOT_FOUND: { status: 404, message: "SCIM token not found" },
  // The SCIM protocol (RFC 7644 §3.12); `scimType` is set where the RFC names one.
  INVALID_SCIM_TOKEN: { status: 401, message: "A valid SCIM bearer token is required" },
  INVALID_FILTER: { status: 400, message: "The filter is not valid or not supported" },
  INVALID_PATH: { status: 400, message: "The PATCH path is not valid or not supported" },
  INVALID_VALUE: { status: 400, message: "A required value is missing or a value is not valid" },
  INVALID_SYNTAX: { status: 400, message: "The request body is not a valid SCIM request" },
  TOO_MANY: { status: 400, message: "The request asks for more than the server returns at once" },
  USER_NAME_TAKEN: { status: 409, message: "A user with this userName already exists in the organization" },
  EMAIL_TAKEN: { status: 409, message: "An account with this email address already exists" },
  GROUP_NAME_TAKEN: { status: 409, message: "A group with this displayName already exists in the organization" },
  INVALID_PRECONDITION: {
    status: 400,
    message: "If-Match and If-None-Match take * or a list of quoted entity tags",
  },
  PRECONDITION_FAILED: {
    status: 412,
    message: "Precondition Failed: the resource changed since the version given in If-Match",
  },
  RESOURCE_NOT_FOUND: { status: 404, message: "Resource not found" },
  // /Bulk (RFC 7644 §3.7).
  BULK_TOO_LARGE: {
    status: 413,
    message: "The bulk request has more operations or bytes than ServiceProviderConfig's bulk limits allow",
  },
  BULK_CIRCULAR_REFERENCE: {
    status: 409,
    message: "The bulk operation's bulkId references form a cycle, so it cannot be resolved",
  },
  BULK_ID_UNRESOLVED: {
    status: 409,
    message: "The bulk operation references a bulkId that no operation of the request created",
  },
  GROUPS_NEED_TEAMS: { status: 501, message: "Groups map to organization teams; turn teams on to provision groups" },
});

/** One error of the catalogue. */
export type ScimCatalogueError = (typeof SCIM_ERRORS)[keyof typeof SCIM_ERRORS];

/** RFC 7644 §3.12 Table 9 error types. */
export type ScimType =
  | "invalidFilter"
  | "tooMany"
  | "uniqueness"
  | "mutability"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue"
  | "invalidVers"
  | "sensitive";

/** A protocol refusal, thrown inside the /scim/v2 endpoints and answered in SCIM's Error schema. */
export class ScimError extends Error {
  constructor(
    readonly error: ScimCatalogueError,
    readonly scimType?: ScimType,
    readonly detail: string = error.message,
  ) {
    super(detail);
  }
}
