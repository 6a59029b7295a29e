import { AuthError } from "@gatehouse-auth/core";
import type { Db, EndpointContext, ErrorDef, SessionRequirement, SessionWithUser, Where } from "@gatehouse-auth/core";
import { hasPermission } from "@gatehouse-auth/core";
import { ORGANIZATION_ERRORS } from "./organization-errors.js";
import type { ResolvedOrganizationOptions } from "./organization-options.js";
import type { Member, MemberUser, MemberWithUser, Organization } from "./organization-types.js";

type AnyCtx = EndpointContext<unknown, unknown, SessionRequirement>;

/** Role names of a member or invitation: a list or comma-separated text, trimmed, without repeats. */
export function parseRoles(role: string | readonly string[]): string[] {
  const list = typeof role === "string" ? role.split(",") : role;
  return [...new Set(list.map((r) => r.trim()).filter(Boolean))];
}

/** Parses and checks role names against the configured roles; returns the stored form. */
export function validateRoles(o: ResolvedOrganizationOptions, role: string | readonly string[]): string {
  const roles = parseRoles(role);
  if (roles.length === 0 || roles.some((r) => !Object.hasOwn(o.roles, r)))
    throw new AuthError(ORGANIZATION_ERRORS.ROLE_NOT_FOUND);
  return roles.join(",");
}

/** True when a member's roles include the creator role (owner). */
export function isOwner(o: ResolvedOrganizationOptions, member: Pick<Member, "role">): boolean {
  return parseRoles(member.role).includes(o.creatorRole);
}

/** The named organization, else the session's active one; NO_ACTIVE_ORGANIZATION when neither. */
export function organizationIdOrActive(session: SessionWithUser, given: string | null | undefined): string {
  const id = given ?? (session.session.activeOrganizationId as string | null | undefined);
  if (!id) throw new AuthError(ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION);
  return id;
}

/** The organization by id or slug; null when unknown. */
export function findOrganization(db: Db, by: { id?: string; slug?: string }): Promise<Organization | null> {
  const where: Where[] = by.id !== undefined ? [{ field: "id", value: by.id }] : [{ field: "slug", value: by.slug }];
  return db.findOne<Organization>({ model: "organization", where });
}

/** The organization or ORGANIZATION_NOT_FOUND. */
export async function requireOrganization(db: Db, id: string): Promise<Organization> {
  const org = await findOrganization(db, { id });
  if (!org) throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
  return org;
}

/** A user's membership in an organization; null when none. */
export function findMember(db: Db, organizationId: string, userId: string): Promise<Member | null> {
  return db.findOne<Member>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: userId },
    ],
  });
}

/** The caller's membership or USER_NOT_MEMBER_OF_ORGANIZATION. */
export async function requireMember(ctx: AnyCtx & { session: SessionWithUser }, organizationId: string) {
  const member = await findMember(ctx.auth.db, organizationId, ctx.session.user.id);
  if (!member) throw new AuthError(ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION);
  return member;
}

/** Throws `refusal` unless one of the member's roles grants every asked action (SPEC.md §6). */
export function requirePermission(
  o: ResolvedOrganizationOptions,
  member: Pick<Member, "role">,
  request: Record<string, readonly string[]>,
  refusal: ErrorDef & { code: string },
): void {
  if (!hasPermission(o.roles, member.role, request).success) throw new AuthError(refusal);
}

/** How many members hold the creator role. */
export async function countOwners(db: Db, o: ResolvedOrganizationOptions, organizationId: string): Promise<number> {
  const candidates = await db.findMany<Member>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "role", operator: "contains", value: o.creatorRole },
    ],
  });
  return candidates.filter((m) => isOwner(o, m)).length;
}

/** Join that attaches each member's user in the same query. */
export const memberUserJoin = [
  { model: "user", localField: "userId", foreignField: "id", as: "user", select: ["id", "name", "email", "image"] },
];

/** Output shape of a member row fetched with `memberUserJoin`: only public user fields. */
export function withPublicUser(row: Member & { user?: Record<string, unknown> | null }): MemberWithUser {
  const u = row.user ?? {};
  const user: MemberUser = {
    id: String(u.id ?? row.userId),
    name: String(u.name ?? ""),
    email: String(u.email ?? ""),
    image: (u.image as string | null | undefined) ?? null,
  };
  return { ...row, user };
}

/**
 * Clears the organization as the active one (and, with teams, the active team, which always lies in
 * the active organization) on the sessions pointing at it: every user's, or one user's.
 */
export function clearActiveOrganization(
  db: Db,
  o: ResolvedOrganizationOptions,
  organizationId: string,
  userId?: string,
): Promise<number> {
  return db.updateMany({
    model: "session",
    where: [
      { field: "activeOrganizationId", value: organizationId },
      ...(userId ? [{ field: "userId", value: userId }] : []),
    ],
    update: { activeOrganizationId: null, ...(o.teams.enabled ? { activeTeamId: null } : {}) },
  });
}
