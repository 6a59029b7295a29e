import { GROUP_SCHEMA } from "./group-resource.js";
import { USER_SCHEMA } from "./user-resource.js";

/** RFC 7643 §5-7 discovery URNs. */
export const SPC_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
export const RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
export const SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

interface AttributeSpec {
  type?: "string" | "boolean" | "complex" | "reference" | "dateTime";
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: "readOnly" | "readWrite" | "immutable";
  uniqueness?: "none" | "server";
  subAttributes?: Record<string, AttributeSpec>;
  referenceTypes?: string[];
}

// RFC 7643 §7: every attribute characteristic spelled out, with the RFC's defaults.
function attribute(name: string, spec: AttributeSpec): Record<string, unknown> {
  return {
    name,
    type: spec.type ?? "string",
    multiValued: spec.multiValued ?? false,
    description: name,
    required: spec.required ?? false,
    caseExact: spec.caseExact ?? false,
    mutability: spec.mutability ?? "readWrite",
    returned: "default",
    uniqueness: spec.uniqueness ?? "none",
    ...(spec.referenceTypes ? { referenceTypes: spec.referenceTypes } : {}),
    ...(spec.subAttributes
      ? { subAttributes: Object.entries(spec.subAttributes).map(([n, s]) => attribute(n, s)) }
      : {}),
  };
}

/** The schemas the server keeps (RFC 7643 §7): the attributes it stores, not all of §4. */
export function schemaDefinitions(base: string) {
  const user = {
    schemas: [SCHEMA_SCHEMA],
    id: USER_SCHEMA,
    name: "User",
    description: "User Account",
    attributes: [
      attribute("userName", { required: true, uniqueness: "server" }),
      attribute("name", {
        type: "complex",
        subAttributes: { formatted: {}, familyName: {}, givenName: {} },
      }),
      attribute("displayName", {}),
      attribute("active", { type: "boolean" }),
      attribute("emails", {
        type: "complex",
        multiValued: true,
        subAttributes: { value: {}, type: {}, primary: { type: "boolean" } },
      }),
    ],
    meta: { resourceType: "Schema", location: `${base}/Schemas/${USER_SCHEMA}` },
  };
  const group = {
    schemas: [SCHEMA_SCHEMA],
    id: GROUP_SCHEMA,
    name: "Group",
    description: "Group (an organization team)",
    attributes: [
      attribute("displayName", { required: true, uniqueness: "server" }),
      attribute("members", {
        type: "complex",
        multiValued: true,
        subAttributes: {
          value: { mutability: "immutable" },
          $ref: { type: "reference", mutability: "immutable", referenceTypes: ["User"] },
          display: { mutability: "readOnly" },
          type: { mutability: "immutable" },
        },
      }),
    ],
    meta: { resourceType: "Schema", location: `${base}/Schemas/${GROUP_SCHEMA}` },
  };
  return [user, group];
}

/** The resource types (RFC 7643 §6); Group only when the organization plugin has teams. */
export function resourceTypes(base: string, groups: boolean) {
  const user = {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: "User",
    name: "User",
    endpoint: "/Users",
    description: "User Account",
    schema: USER_SCHEMA,
    meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/User` },
  };
  const group = {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: "Group",
    name: "Group",
    endpoint: "/Groups",
    description: "Group (an organization team)",
    schema: GROUP_SCHEMA,
    meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/Group` },
  };
  return groups ? [user, group] : [user];
}

/** What the server supports (RFC 7643 §5). */
export function serviceProviderConfig(
  base: string,
  maxResults: number,
  bulk: { maxOperations: number; maxPayloadSize: number },
) {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: "https://github.com/gatehouse-auth/gatehouse/blob/main/docs/scim.md",
    patch: { supported: true },
    bulk: { supported: true, ...bulk },
    filter: { supported: true, maxResults },
    changePassword: { supported: false },
    sort: { supported: true },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "OAuth Bearer Token",
        description: "A SCIM token from POST /scim/generate-token, in Authorization: Bearer",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${base}/ServiceProviderConfig` },
  };
}
