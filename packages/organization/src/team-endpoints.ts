import type { ResolvedOrganizationOptions } from "./organization-options.js";
import { addTeamMember } from "./routes/add-team-member.js";
import { createTeam } from "./routes/create-team.js";
import { listTeamMembers } from "./routes/list-team-members.js";
import { listTeams } from "./routes/list-teams.js";
import { listUserTeams } from "./routes/list-user-teams.js";
import { removeTeam } from "./routes/remove-team.js";
import { removeTeamMember } from "./routes/remove-team-member.js";
import { setActiveTeam } from "./routes/set-active-team.js";
import { updateTeam } from "./routes/update-team.js";

/** The team routes; with teams off they are absent (their tables are too). */
export function teamEndpoints(o: ResolvedOrganizationOptions) {
  const none: Record<never, never> = {};
  if (!o.teams.enabled) return none;
  return {
    createTeam: createTeam(o),
    listTeams,
    updateTeam: updateTeam(o),
    removeTeam: removeTeam(o),
    addTeamMember: addTeamMember(o),
    removeTeamMember: removeTeamMember(o),
    listTeamMembers,
    listUserTeams,
    setActiveTeam,
  };
}
