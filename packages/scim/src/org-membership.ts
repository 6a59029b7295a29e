import type { Db } from "@gatehouse-auth/core";
import { newVersion } from "./etag.js";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import { SCIM_MODELS } from "./scim-schema.js";

/**
 * Locks the organization's row for the rest of `tx` (the organization plugin's own writes to members
 * take the same lock first), so a membership check and its write see the same state. 404 when the
 * organization is gone (its tokens went with it, but a request may already be past the token check).
 */
export async function lockOrganization(tx: Db, organizationId: string): Promise<void> {
  const org = await tx.findOne({
    model: "organization",
    where: [{ field: "id", value: organizationId }],
    forUpdate: true,
  });
  if (!org) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND, undefined, "The organization no longer exists");
}

/** Makes `userId` a member of the organization with `role` unless it already is one (call under the lock). */
export async function ensureMember(tx: Db, organizationId: string, userId: string, role: string): Promise<void> {
  const member = await tx.findOne({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: userId },
    ],
  });
  if (!member)
    await tx.create({ model: "member", data: { organizationId, userId, role, teamId: null, createdAt: new Date() } });
}

/**
 * Ends `userId`'s membership: the member row, its places in the organization's teams, and the
 * organization as the active one of its sessions (call under the lock).
 */
export async function removeMember(tx: Db, organizationId: string, userId: string, teams: boolean): Promise<void> {
  await tx.deleteMany({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: userId },
    ],
  });
  if (teams) {
    // Bounded: an organization has few teams (the organization plugin caps them).
    const rows = await tx.findMany<{ id: string }>({
      model: "team",
      where: [{ field: "organizationId", value: organizationId }],
      select: ["id"],
      limit: 1000,
    });
    if (rows.length > 0) {
      const where = [
        { field: "userId", value: userId },
        { field: "teamId", operator: "in" as const, value: rows.map((t) => t.id) },
      ];
      const left = await tx.findMany<{ teamId: string }>({
        model: "teamMember",
        where,
        select: ["teamId"],
        limit: 1000,
      });
      await tx.deleteMany({ model: "teamMember", where });
      // The Groups of those teams lost a member: a new version, so an If-Match naming the old one fails.
      if (left.length > 0)
        await tx.updateMany({
          model: SCIM_MODELS.group,
          where: [{ field: "teamId", operator: "in", value: left.map((m) => m.teamId) }],
          update: { version: newVersion(), updatedAt: new Date() },
        });
    }
  }
  await tx.updateMany({
    model: "session",
    where: [
      { field: "userId", value: userId },
      { field: "activeOrganizationId", value: organizationId },
    ],
    update: teams ? { activeOrganizationId: null, activeTeamId: null } : { activeOrganizationId: null },
  });
}
