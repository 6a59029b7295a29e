import { createAccessControl } from "@gatehouse-auth/core";
import type { Role, Statements } from "@gatehouse-auth/core";

/** Resources and actions of SPEC.md §6. */
export const organizationStatements = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
  // The organization's API keys (the api-key plugin reads it through the plugin's `memberPermission`).
  apiKey: ["create", "read", "update", "delete"],
} as const;

/** The access control the default roles are built on; extend it to declare roles of your own. */
export const organizationAccessControl = createAccessControl(organizationStatements);

const everyMemberAction = { member: ["create", "update", "delete"], invitation: ["create", "cancel"] } as const;
const everyTeamAction = { team: ["create", "update", "delete"] } as const;
const everyApiKeyAction = { apiKey: ["create", "read", "update", "delete"] } as const;

/**
 * SPEC.md §6 table: owner may do everything, admin all but delete the organization, member nothing.
 * Both owner and admin manage the organization's API keys.
 */
export const defaultRoles: Record<string, Role<Statements>> = {
  owner: organizationAccessControl.newRole({
    organization: ["update", "delete"],
    ...everyMemberAction,
    ...everyTeamAction,
    ...everyApiKeyAction,
  }),
  admin: organizationAccessControl.newRole({
    organization: ["update"],
    ...everyMemberAction,
    ...everyTeamAction,
    ...everyApiKeyAction,
  }),
  member: organizationAccessControl.newRole({}),
};
