import { createAccessControl } from "@gatehouse-auth/core";
import type { Role, Statements } from "@gatehouse-auth/core";

/** Resources and actions of SPEC.md §6. */
export const organizationStatements = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
} as const;

/** The access control the default roles are built on; extend it to declare roles of your own. */
export const organizationAccessControl = createAccessControl(organizationStatements);

const everyMemberAction = { member: ["create", "update", "delete"], invitation: ["create", "cancel"] } as const;
const everyTeamAction = { team: ["create", "update", "delete"] } as const;

/** SPEC.md §6 table: owner may do everything, admin all but delete the organization, member nothing. */
export const defaultRoles: Record<string, Role<Statements>> = {
  owner: organizationAccessControl.newRole({
    organization: ["update", "delete"],
    ...everyMemberAction,
    ...everyTeamAction,
  }),
  admin: organizationAccessControl.newRole({ organization: ["update"], ...everyMemberAction, ...everyTeamAction }),
  member: organizationAccessControl.newRole({}),
};
