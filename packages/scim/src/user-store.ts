import { type AuthContext, isUniqueViolation, voidResetTokens } from "@gatehouse-auth/core";
import type { Db, User } from "@gatehouse-auth/core";
import { type Preconditions, newVersion, requireIfMatch } from "./etag.js";
import { ensureMember, lockOrganization, removeMember } from "./org-membership.js";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import type { ResolvedScimOptions } from "./scim-options.js";
import { SCIM_MODELS, type ScimUserRow } from "./scim-schema.js";
import type { ScimScope } from "./scim-token.js";
import { type UserState, accountEmail, accountName } from "./user-state.js";

/** The organization's provisioned user `id`, or null (another organization's id reads as unknown). */
export function findScimUser(db: Db, organizationId: string, id: string): Promise<ScimUserRow | null> {
  return db.findOne<ScimUserRow>({
    model: SCIM_MODELS.user,
    where: [
      { field: "id", value: id },
      { field: "organizationId", value: organizationId },
    ],
  });
}

/** Whether the auth has organization teams (the team tables). */
export const hasTeams = (auth: AuthContext) => Boolean(auth.schema.team && auth.schema.teamMember);

const userNameTaken = () => new ScimError(SCIM_ERRORS.USER_NAME_TAKEN, "uniqueness");
const emailTaken = () => new ScimError(SCIM_ERRORS.EMAIL_TAKEN, "uniqueness");

/** Turns a unique-index race lost inside a write into 409 uniqueness (both checks ran before it). */
async function refusingDuplicates<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw userNameTaken();
    throw error;
  }
}

const lower = (value: string | null) => (value === null ? null : value.toLowerCase());

function columns(state: UserState) {
  return {
    userName: state.userName,
    userNameKey: state.userName.toLowerCase(),
    externalId: state.externalId,
    displayName: state.displayName,
    givenName: state.givenName,
    familyName: state.familyName,
    email: state.email,
    emailType: state.emailType,
    displayNameKey: lower(state.displayName),
    givenNameKey: lower(state.givenName),
    familyNameKey: lower(state.familyName),
    emailTypeKey: lower(state.emailType),
    active: state.active,
    version: newVersion(),
  };
}

async function requireFreeUserName(tx: Db, organizationId: string, state: UserState, exceptId?: string) {
  const clash = await tx.findOne<ScimUserRow>({
    model: SCIM_MODELS.user,
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userNameKey", value: state.userName.toLowerCase() },
    ],
  });
  if (clash && clash.id !== exceptId) throw userNameTaken();
}

/**
 * Provisions a new user (RFC 7644 §3.3): a Gatehouse account, unverified (the directory's word is not
 * proof of the address), and, when active, a membership with the default role. It never takes over an
 * existing account: an address that already has one is 409 uniqueness, so one organization's directory
 * cannot end or rename the sessions and profile of someone it does not own.
 */
export async function createScimUser(
  auth: AuthContext,
  o: ResolvedScimOptions,
  scope: ScimScope,
  state: UserState,
): Promise<ScimUserRow> {
  const email = accountEmail(state);
  return refusingDuplicates(() =>
    auth.transaction(async (tx) => {
      await lockOrganization(tx.db, scope.organizationId);
      await requireFreeUserName(tx.db, scope.organizationId, state);
      if (await tx.users.findByEmail(email)) throw emailTaken();
      const user: User = await tx.users.create({ email, name: accountName(state), emailVerified: false });
      const row = await tx.db.create<ScimUserRow>({
        model: SCIM_MODELS.user,
        data: { organizationId: scope.organizationId, userId: user.id, ...columns(state) },
      });
      if (state.active) await ensureMember(tx.db, scope.organizationId, user.id, o.defaultRole);
      return row;
    }),
  );
}

/**
 * Writes a user's new state (PUT, PATCH). Deactivation ends the user's sessions and membership in the
 * same transaction as the flag, so no request sees one without the other; reactivation restores the
 * membership with the default role.
 */
export async function updateScimUser(
  auth: AuthContext,
  o: ResolvedScimOptions,
  scope: ScimScope,
  row: ScimUserRow,
  next: UserState,
  preconditions?: Preconditions,
): Promise<ScimUserRow> {
  const email = accountEmail(next);
  return refusingDuplicates(() =>
    auth.transaction(async (tx) => {
      await lockOrganization(tx.db, scope.organizationId);
      const current = await findScimUser(tx.db, scope.organizationId, row.id);
      if (!current) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
      requireIfMatch(preconditions, current);
      if (next.userName.toLowerCase() !== current.userNameKey)
        await requireFreeUserName(tx.db, scope.organizationId, next, current.id);
      const user = await tx.users.findById(current.userId);
      if (!user) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
      const accountUpdate: Record<string, unknown> = {
        name: accountName(next),
        updatedAt: new Date(),
        scimDeprovisioned: !next.active,
      };
      if (email !== user.email) {
        const holder = await tx.users.findByEmail(email);
        if (holder && holder.id !== user.id) throw emailTaken();
        // A new address is unproven until its owner verifies it.
        accountUpdate.email = email;
        accountUpdate.emailVerified = false;
        // A reset link mailed to the old address must not set the password any more (DESIGN.md).
        await voidResetTokens(tx.db, user.id);
      }
      await tx.users.update(user.id, accountUpdate);
      const updated = await tx.db.update<ScimUserRow>({
        model: SCIM_MODELS.user,
        where: [{ field: "id", value: current.id }],
        update: { ...columns(next), updatedAt: new Date() },
      });
      if (next.active && !current.active) await ensureMember(tx.db, scope.organizationId, user.id, o.defaultRole);
      if (!next.active) {
        await removeMember(tx.db, scope.organizationId, user.id, hasTeams(auth));
        if (current.active) await tx.endUserSessions(user.id, "revoked-by-admin");
      }
      return updated ?? current;
    }),
  );
}

/**
 * DELETE (RFC 7644 §3.6): the account this organization's directory created goes, with its sessions
 * (the plugins are told first) and memberships. Answers the row as it was (whom the deletion concerned).
 */
export async function deleteScimUser(
  auth: AuthContext,
  scope: ScimScope,
  id: string,
  preconditions?: Preconditions,
): Promise<ScimUserRow> {
  return auth.transaction(async (tx) => {
    await lockOrganization(tx.db, scope.organizationId);
    const current = await findScimUser(tx.db, scope.organizationId, id);
    if (!current) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
    requireIfMatch(preconditions, current);
    await tx.endUserSessions(current.userId, "user-deleted");
    await removeMember(tx.db, scope.organizationId, current.userId, hasTeams(auth));
    await tx.db.delete({ model: SCIM_MODELS.user, where: [{ field: "id", value: current.id }] });
    await tx.accounts.deleteByUser(current.userId);
    await tx.users.delete(current.userId);
    return current;
  });
}
