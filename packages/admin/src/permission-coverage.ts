import { AuthError } from "@gatehouse-auth/core";
import { ADMIN_ERRORS } from "./admin-errors.js";
import type { ResolvedAdminOptions } from "./admin-options.js";
import type { AdminUser } from "./admin-types.js";
import { checkAdminPermission } from "./check-admin-permission.js";
import { parseRoles, rolesOf } from "./role-names.js";

type Actor = Pick<AdminUser, "id" | "role">;

/** Every [resource, action] the named roles grant (unknown names grant nothing). */
function grantsOfRoles(o: ResolvedAdminOptions, roles: readonly string[]): [string, string][] {
  const grants: [string, string][] = [];
  for (const name of roles) {
    if (!Object.hasOwn(o.roles, name)) continue;
    const statements = o.roles[name]?.statements as Record<string, readonly string[] | undefined>;
    for (const [resource, actions] of Object.entries(statements))
      for (const action of actions ?? []) grants.push([resource, action]);
  }
  return grants;
}

/** Every [resource, action] `user` holds: all of `ac` for a listed admin user id. */
function grantsOfUser(o: ResolvedAdminOptions, user: Actor): [string, string][] {
  if (!o.adminUserIds.has(user.id)) return grantsOfRoles(o, rolesOf(o, user));
  return Object.entries(o.ac.statements).flatMap(([resource, actions]) =>
    actions.map((action): [string, string] => [resource, action]),
  );
}

function holdsAll(o: ResolvedAdminOptions, actor: Actor, grants: readonly [string, string][]): boolean {
  return grants.every(([resource, action]) => checkAdminPermission(o, actor, { [resource]: [action] }).success);
}

/**
 * An admin may act on a user (ban, delete, set their password, email or role, impersonate them) only
 * when the admin holds every permission that user holds: otherwise a role with, say, only
 * `user: set-password` could take over a fuller admin's account and use rights it was never given.
 */
export function requireCanManage(o: ResolvedAdminOptions, actor: Actor, target: Actor): void {
  if (!holdsAll(o, actor, grantsOfUser(o, target)))
    throw new AuthError(ADMIN_ERRORS.CANNOT_MANAGE_MORE_PRIVILEGED_USER);
}

/** Giving a role (set-role, create-user) is limited to roles whose every permission the admin holds. */
export function requireCanGrant(o: ResolvedAdminOptions, actor: Actor, role: string): void {
  if (!holdsAll(o, actor, grantsOfRoles(o, parseRoles(role))))
    throw new AuthError(ADMIN_ERRORS.CANNOT_GRANT_MORE_PERMISSIONS);
}
