import { AuthError } from "@gatehouse-auth/core";
import { ADMIN_ERRORS } from "./admin-errors.js";
import type { ResolvedAdminOptions } from "./admin-options.js";
import type { AdminUser } from "./admin-types.js";

/** A role value as a list: comma-separated text or an array, trimmed, without repeats or blanks. */
export function parseRoles(role: string | readonly string[] | null | undefined): string[] {
  const list = typeof role === "string" ? role.split(",") : (role ?? []);
  return [...new Set(list.map((r) => r.trim()).filter(Boolean))];
}

/** Checks every name against the configured roles; returns the stored, comma-separated form. */
export function validateRoles(o: ResolvedAdminOptions, role: string | readonly string[]): string {
  const roles = parseRoles(role);
  if (roles.length === 0 || roles.some((r) => !Object.hasOwn(o.roles, r)))
    throw new AuthError(ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE);
  return roles.join(",");
}

/** The user's roles; a row written before the plugin was installed has none and reads as the default role. */
export function rolesOf(o: ResolvedAdminOptions, user: Pick<AdminUser, "role">): string[] {
  const roles = parseRoles(user.role);
  return roles.length > 0 ? roles : [o.defaultRole];
}

/** True for listed admin user ids and for holders of an admin role. */
export function isAdminUser(o: ResolvedAdminOptions, user: Pick<AdminUser, "id" | "role">): boolean {
  return o.adminUserIds.has(user.id) || rolesOf(o, user).some((r) => o.adminRoles.includes(r));
}
