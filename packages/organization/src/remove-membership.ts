import { AuthError, updateCurrentSession } from "@gatehouse-auth/core";
import type { Db, EndpointContext, SessionRequirement } from "@gatehouse-auth/core";
import { lockOrganization } from "./lock-organization.js";
import { clearActiveOrganization, memberUserJoin, withPublicUser } from "./membership.js";
import { ORGANIZATION_ERRORS } from "./organization-errors.js";
import type { ResolvedOrganizationOptions } from "./organization-options.js";
import type { Member, MemberWithUser } from "./organization-types.js";

type AnyCtx = EndpointContext<unknown, unknown, SessionRequirement>;

/**
 * Deletes a membership, the user's places in the organization's teams, and the organization as the
 * active one of the user's sessions (SPEC.md §4: leaving or being removed clears it). One transaction
 * under the organization lock: `check` sees the member as it is now (MEMBER_NOT_FOUND if it is gone)
 * and runs the owner rules, so two owners leaving at once cannot leave the organization ownerless.
 * Returns the removed membership with its user's public fields, as the answers show it.
 */
export async function removeMembership(
  ctx: AnyCtx,
  o: ResolvedOrganizationOptions,
  member: Member,
  check: (tx: Db, current: Member) => Promise<void>,
): Promise<MemberWithUser> {
  const removed = await ctx.auth.db.transaction(async (tx: Db) => {
    await lockOrganization(tx, member.organizationId);
    const row = await tx.findOne<Member>({
      model: "member",
      where: [{ field: "id", value: member.id }],
      join: memberUserJoin,
    });
    if (!row) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    const current = withPublicUser(row);
    await check(tx, current);
    await tx.delete({ model: "member", where: [{ field: "id", value: current.id }] });
    if (o.teams.enabled) {
      const teams = await tx.findMany<{ id: string }>({
        model: "team",
        where: [{ field: "organizationId", value: current.organizationId }],
        select: ["id"],
      });
      if (teams.length > 0)
        await tx.deleteMany({
          model: "teamMember",
          where: [
            { field: "userId", value: current.userId },
            { field: "teamId", operator: "in", value: teams.map((t) => t.id) },
          ],
        });
    }
    await clearActiveOrganization(tx, o, current.organizationId, current.userId);
    return current;
  });
  // The caller's own session may be cookie-cached: refresh that copy too.
  if (ctx.session?.user.id === removed.userId && ctx.session.session.activeOrganizationId === removed.organizationId)
    await updateCurrentSession(ctx, { activeOrganizationId: null, ...(o.teams.enabled ? { activeTeamId: null } : {}) });
  return removed;
}
