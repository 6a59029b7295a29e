import { type AuthContext, isUniqueViolation } from "@gatehouse-auth/core";
import type { Db } from "@gatehouse-auth/core";
import { type Preconditions, newVersion, requireIfMatch } from "./etag.js";
import type { GroupMember } from "./group-resource.js";
import { lockOrganization } from "./org-membership.js";
import type { GroupChange } from "./patch-group.js";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import { SCIM_MODELS, type ScimGroupRow, type ScimUserRow } from "./scim-schema.js";
import type { ScimScope } from "./scim-token.js";
import { hasTeams } from "./user-store.js";

/** Groups map to organization teams: without the team tables there are none (501). */
export function requireTeams(auth: AuthContext): void {
  if (!hasTeams(auth)) throw new ScimError(SCIM_ERRORS.GROUPS_NEED_TEAMS);
}

/** The organization's group `id`, or null (another organization's reads as unknown, as does a deleted team). */
export async function findScimGroup(db: Db, organizationId: string, id: string): Promise<ScimGroupRow | null> {
  const row = await db.findOne<ScimGroupRow>({
    model: SCIM_MODELS.group,
    where: [
      { field: "id", value: id },
      { field: "organizationId", value: organizationId },
    ],
  });
  if (!row) return null;
  const team = await db.findOne({ model: "team", where: [{ field: "id", value: row.teamId }], select: ["id"] });
  return team ? row : null;
}

/** Up to `max` members of the group's team that this organization's directory provisioned. */
export async function listGroupMembers(db: Db, group: ScimGroupRow, max: number): Promise<GroupMember[]> {
  const rows = await db.findMany<{ userId: string }>({
    model: "teamMember",
    where: [{ field: "teamId", value: group.teamId }],
    select: ["userId"],
    limit: max,
  });
  if (rows.length === 0) return [];
  const users = await db.findMany<ScimUserRow>({
    model: SCIM_MODELS.user,
    where: [
      { field: "userId", operator: "in", value: rows.map((r) => r.userId) },
      { field: "organizationId", value: group.organizationId },
    ],
    limit: max,
  });
  return users.map((u) => ({ value: u.id, display: u.userName }));
}

const nameTaken = () => new ScimError(SCIM_ERRORS.GROUP_NAME_TAKEN, "uniqueness");

async function requireFreeName(tx: Db, organizationId: string, displayName: string, exceptId?: string) {
  const clash = await tx.findOne<ScimGroupRow>({
    model: SCIM_MODELS.group,
    where: [
      { field: "organizationId", value: organizationId },
      { field: "displayNameKey", value: displayName.toLowerCase() },
    ],
  });
  if (clash && clash.id !== exceptId) throw nameTaken();
}

/**
 * The organization's active provisioned users among SCIM ids `ids` (400 invalidValue for an id that is
 * not one of its users: a group never reaches another organization's people).
 */
async function resolveMembers(tx: Db, organizationId: string, ids: readonly string[]): Promise<ScimUserRow[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const rows = await tx.findMany<ScimUserRow>({
    model: SCIM_MODELS.user,
    where: [
      { field: "organizationId", value: organizationId },
      { field: "id", operator: "in", value: unique },
    ],
    limit: unique.length,
  });
  if (rows.length !== unique.length)
    throw new ScimError(SCIM_ERRORS.INVALID_VALUE, "invalidValue", "A member is not a user of this organization");
  // A deactivated user is no member of the organization, so of none of its teams.
  return rows.filter((r) => r.active);
}

async function applyMembers(tx: Db, group: ScimGroupRow, change: GroupChange): Promise<void> {
  if (change.replaceAll)
    await tx.deleteMany({ model: "teamMember", where: [{ field: "teamId", value: group.teamId }] });
  const removed = await resolveMembers(tx, group.organizationId, change.remove);
  if (removed.length > 0)
    await tx.deleteMany({
      model: "teamMember",
      where: [
        { field: "teamId", value: group.teamId },
        { field: "userId", operator: "in", value: removed.map((r) => r.userId) },
      ],
    });
  const added = await resolveMembers(tx, group.organizationId, [...(change.replaceAll ?? []), ...change.add]);
  for (const user of added) {
    const present = await tx.findOne({
      model: "teamMember",
      where: [
        { field: "teamId", value: group.teamId },
        { field: "userId", value: user.userId },
      ],
    });
    if (!present)
      await tx.create({
        model: "teamMember",
        data: { teamId: group.teamId, userId: user.userId, createdAt: new Date() },
      });
  }
}

/** Creates a group: an organization team with the provisioned members in it. */
export async function createScimGroup(
  auth: AuthContext,
  scope: ScimScope,
  input: { displayName: string; externalId: string | null; members: string[] },
): Promise<ScimGroupRow> {
  return refusingDuplicates(() =>
    auth.db.transaction(async (tx) => {
      await lockOrganization(tx, scope.organizationId);
      await requireFreeName(tx, scope.organizationId, input.displayName);
      const team = await tx.create<{ id: string }>({
        model: "team",
        data: { name: input.displayName, organizationId: scope.organizationId, createdAt: new Date() },
      });
      const group = await tx.create<ScimGroupRow>({
        model: SCIM_MODELS.group,
        data: {
          organizationId: scope.organizationId,
          teamId: team.id,
          displayName: input.displayName,
          displayNameKey: input.displayName.toLowerCase(),
          externalId: input.externalId,
          version: newVersion(),
        },
      });
      await applyMembers(tx, group, { replaceAll: null, add: input.members, remove: [] });
      return group;
    }),
  );
}

/** Applies a change (PUT: names and every member; PATCH: what the operations name) to group `id`. */
export async function updateScimGroup(
  auth: AuthContext,
  scope: ScimScope,
  id: string,
  change: GroupChange,
  preconditions?: Preconditions,
): Promise<ScimGroupRow> {
  return refusingDuplicates(() =>
    auth.db.transaction(async (tx) => {
      await lockOrganization(tx, scope.organizationId);
      const group = await findScimGroup(tx, scope.organizationId, id);
      if (!group) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
      requireIfMatch(preconditions, group);
      const update: Record<string, unknown> = { updatedAt: new Date(), version: newVersion() };
      if (change.displayName !== undefined && change.displayName !== group.displayName) {
        await requireFreeName(tx, scope.organizationId, change.displayName, group.id);
        update.displayName = change.displayName;
        update.displayNameKey = change.displayName.toLowerCase();
        await tx.update({
          model: "team",
          where: [{ field: "id", value: group.teamId }],
          update: { name: change.displayName, updatedAt: new Date() },
        });
      }
      if (change.externalId !== undefined) update.externalId = change.externalId;
      await applyMembers(tx, group, change);
      return (
        (await tx.update<ScimGroupRow>({
          model: SCIM_MODELS.group,
          where: [{ field: "id", value: group.id }],
          update,
        })) ?? group
      );
    }),
  );
}

/** DELETE: the group and its team (with the team's memberships) go. */
export async function deleteScimGroup(
  auth: AuthContext,
  scope: ScimScope,
  id: string,
  preconditions?: Preconditions,
): Promise<void> {
  await auth.db.transaction(async (tx) => {
    await lockOrganization(tx, scope.organizationId);
    const group = await findScimGroup(tx, scope.organizationId, id);
    if (!group) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
    requireIfMatch(preconditions, group);
    await tx.deleteMany({ model: "teamMember", where: [{ field: "teamId", value: group.teamId }] });
    await tx.delete({ model: "team", where: [{ field: "id", value: group.teamId }] });
    await tx.delete({ model: SCIM_MODELS.group, where: [{ field: "id", value: group.id }] });
  });
}

async function refusingDuplicates<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}
