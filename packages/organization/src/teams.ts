import { AuthError } from "@gatehouse-auth/core";
import type { Db } from "@gatehouse-auth/core";
import { ORGANIZATION_ERRORS } from "./organization-errors.js";
import type { Team, TeamMember } from "./organization-types.js";

/** The team or TEAM_NOT_FOUND. */
export async function requireTeam(db: Db, teamId: string): Promise<Team> {
  const team = await db.findOne<Team>({ model: "team", where: [{ field: "id", value: teamId }] });
  if (!team) throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
  return team;
}

/** The team when it exists and belongs to the organization; null otherwise. */
export function findTeamInOrganization(db: Db, teamId: string, organizationId: string): Promise<Team | null> {
  return db.findOne<Team>({
    model: "team",
    where: [
      { field: "id", value: teamId },
      { field: "organizationId", value: organizationId },
    ],
  });
}

/** A user's place in a team; null when none. */
export function findTeamMember(db: Db, teamId: string, userId: string): Promise<TeamMember | null> {
  return db.findOne<TeamMember>({
    model: "teamMember",
    where: [
      { field: "teamId", value: teamId },
      { field: "userId", value: userId },
    ],
  });
}

/** Throws TEAM_MEMBER_LIMIT_REACHED when the team is full; call it under the organization lock. */
export async function requireTeamRoom(db: Db, maximumMembersPerTeam: number, teamId: string): Promise<void> {
  if (!Number.isFinite(maximumMembersPerTeam)) return;
  const count = await db.count({ model: "teamMember", where: [{ field: "teamId", value: teamId }] });
  if (count >= maximumMembersPerTeam) throw new AuthError(ORGANIZATION_ERRORS.TEAM_MEMBER_LIMIT_REACHED);
}
