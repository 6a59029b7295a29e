import { createAccessControl } from "@gatehouse-auth/core";
import type { Role, Statements } from "@gatehouse-auth/core";

/** Resources and actions of SPEC.md §6 (admin plugin). */
export const adminStatements = {
  user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password", "get", "update"],
  session: ["list", "revoke", "delete"],
} as const;

/** The access control the default roles are built on; pass it as `ac` and build roles of your own with it. */
export const adminAccessControl = createAccessControl(adminStatements);

/** SPEC.md §6: `admin` may do every admin action, `user` none. */
export const defaultAdminRoles: Record<string, Role<Statements>> = {
  admin: adminAccessControl.newRole(adminStatements),
  user: adminAccessControl.newRole({}),
};
