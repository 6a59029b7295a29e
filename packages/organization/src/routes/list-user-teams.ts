import { z } from "zod";
import { defineEndpoint } from "@gatehouse/core";
import type { Team, TeamMember } from "../organization-types.js";
import { teamResponse } from "../organization-responses.js";

/** GET /organization/list-user-teams: the teams the caller belongs to, in one query. */
export const listUserTeams = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list-user-teams",
    session: "required",
    openapi: { summary: "The caller's teams", response: z.array(teamResponse) },
  },
  async (ctx) => {
    const rows = await ctx.auth.db.findMany<TeamMember & { team: Team | null }>({
      model: "teamMember",
      where: [{ field: "userId", value: ctx.session.user.id }],
      join: [{ model: "team", localField: "teamId", foreignField: "id", as: "team" }],
    });
    return rows.flatMap((r) => (r.team ? [r.team] : []));
  },
);
