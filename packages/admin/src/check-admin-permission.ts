import { AuthError, hasPermission } from "@gatehouse-auth/core";
import type { AuthorizeResult, ErrorDef } from "@gatehouse-auth/core";
import type { ResolvedAdminOptions } from "./admin-options.js";
import type { AdminUser } from "./admin-types.js";
import { rolesOf } from "./role-names.js";

/** Whether `user` may perform every action in `request`: listed admin user ids always may (SPEC.md §6). */
export function checkAdminPermission(
  o: ResolvedAdminOptions,
  user: Pick<AdminUser, "id" | "role">,
  request: Record<string, readonly string[]>,
): AuthorizeResult {
  if (o.adminUserIds.has(user.id)) return { success: true };
  return hasPermission(o.roles, rolesOf(o, user), request);
}

/** Throws `refusal` (a 403 of the catalogue) unless `user` may perform every action in `request`. */
export function requireAdminPermission(
  o: ResolvedAdminOptions,
  user: Pick<AdminUser, "id" | "role">,
  request: Record<string, readonly string[]>,
  refusal: ErrorDef & { code: string },
): void {
  if (!checkAdminPermission(o, user, request).success) throw new AuthError(refusal);
}
