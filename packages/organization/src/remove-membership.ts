import { updateCurrentSession } from "@gatehouse/core";
import type { Db, EndpointContext, SessionRequirement } from "@gatehouse/core";
import { clearActiveOrganization } from "./membership.js";
import type { ResolvedOrganizationOptions } from "./organization-options.js";
import type { Member } from "./organization-types.js";

type AnyCtx = EndpointContext<unknown, unknown, SessionRequirement>;

/**
 * Deletes a membership, the user's places in the organization's teams, and the organization as the
 * active one of the user's sessions (SPEC.md §4: leaving or being removed clears it).
 */
export async function removeMembership(ctx: AnyCtx, o: ResolvedOrganizationOptions, member: Member): Promise<void> {
  await ctx.auth.db.transaction(async (tx: Db) => {
    await tx.delete({ model: "member", where: [{ field: "id", value: member.id }] });
    if (o.teams.enabled) {
      const teams = await tx.findMany<{ id: string }>({
        model: "team",
        where: [{ field: "organizationId", value: member.organizationId }],
        select: ["id"],
      });
      if (teams.length > 0)
        await tx.deleteMany({
          model: "teamMember",
          where: [
            { field: "userId", value: member.userId },
            { field: "teamId", operator: "in", value: teams.map((t) => t.id) },
          ],
        });
    }
    await clearActiveOrganization(tx, member.organizationId, member.userId);
  });
  // The caller's own session may be cookie-cached: refresh that copy too.
  if (ctx.session?.user.id === member.userId && ctx.session.session.activeOrganizationId === member.organizationId)
    await updateCurrentSession(ctx, { activeOrganizationId: null, ...(o.teams.enabled ? { activeTeamId: null } : {}) });
}
