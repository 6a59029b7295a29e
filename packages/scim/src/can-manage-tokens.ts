import { AuthError } from "@gatehouse-auth/core";
import type { Db, User } from "@gatehouse-auth/core";
import { SCIM_ERRORS } from "./scim-errors.js";
import type { ResolvedScimOptions } from "./scim-options.js";

const MANAGING_ROLES = new Set(["owner", "admin"]);

/**
 * Refuses (403) unless `user` is an owner or admin of the organization, or an app admin. A stranger
 * learns nothing: an unknown organization answers the same 403 as one they are not in.
 */
export async function requireTokenManager(db: Db, o: ResolvedScimOptions, user: User, organizationId: string) {
  if (o.isAppAdmin(user)) {
    const org = await db.findOne({
      model: "organization",
      where: [{ field: "id", value: organizationId }],
      select: ["id"],
    });
    if (org) return;
    throw new AuthError(SCIM_ERRORS.NOT_ORGANIZATION_ADMIN);
  }
  const member = await db.findOne<{ role: string }>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: user.id },
    ],
  });
  const roles = member ? member.role.split(",").map((r) => r.trim()) : [];
  if (!roles.some((r) => MANAGING_ROLES.has(r))) throw new AuthError(SCIM_ERRORS.NOT_ORGANIZATION_ADMIN);
}
