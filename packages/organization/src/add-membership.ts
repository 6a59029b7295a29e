import { AuthError } from "@gatehouse-auth/core";
import type { Db } from "@gatehouse-auth/core";
import { createOrRefuse } from "./create-or-refuse.js";
import { lockOrganization } from "./lock-organization.js";
import { findMember } from "./membership.js";
import { ORGANIZATION_ERRORS } from "./organization-errors.js";
import type { ResolvedOrganizationOptions } from "./organization-options.js";
import type { Member, TeamMember } from "./organization-types.js";
import { findTeamInOrganization, requireTeamRoom } from "./teams.js";

/**
 * Creates a membership inside the caller's transaction `tx`, under the organization lock: the
 * organization must exist, the user must not be a member yet, the membership limit (SPEC.md §5: at
 * acceptance) and the team's member limit hold. With `teamId`, the team must belong to the
 * organization, and the user joins it too.
 */
export async function addMembership(
  tx: Db,
  o: ResolvedOrganizationOptions,
  input: { organizationId: string; userId: string; role: string; teamId?: string | null },
): Promise<Member> {
  const { organizationId, userId } = input;
  if (!(await lockOrganization(tx, organizationId))) throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
  const teamId = input.teamId ?? null;
  if (teamId && !(o.teams.enabled && (await findTeamInOrganization(tx, teamId, organizationId))))
    throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
  if (await findMember(tx, organizationId, userId)) throw new AuthError(ORGANIZATION_ERRORS.USER_ALREADY_MEMBER);
  const count = await tx.count({ model: "member", where: [{ field: "organizationId", value: organizationId }] });
  if (count >= o.membershipLimit) throw new AuthError(ORGANIZATION_ERRORS.MEMBERSHIP_LIMIT_REACHED);
  if (teamId) await requireTeamRoom(tx, o.teams.maximumMembersPerTeam, teamId);
  const member = await createOrRefuse<Member>(
    tx,
    { model: "member", data: { organizationId, userId, role: input.role, teamId } },
    ORGANIZATION_ERRORS.USER_ALREADY_MEMBER,
  );
  if (teamId)
    await createOrRefuse<TeamMember>(
      tx,
      { model: "teamMember", data: { teamId, userId } },
      ORGANIZATION_ERRORS.USER_ALREADY_TEAM_MEMBER,
    );
  return member;
}
