import { CORE_ERRORS, NEXT_CURSOR_HEADER, defineEndpoint, pageQuery } from "@gatehouse-auth/core";
import { z } from "zod";
import type { Team, TeamMember } from "../organization-types.js";
import { teamResponse } from "../organization-responses.js";
import { readPage } from "../read-page.js";

/**
 * GET /organization/list-user-teams: a page of the teams the caller belongs to, in the order they joined
 * (oldest first), in one query on the team member's userId + createdAt index.
 */
export const listUserTeams = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list-user-teams",
    query: z.object(pageQuery),
    session: "required",
    apiKeyPermission: { resource: "organization", action: "read" },
    openapi: {
      summary: "The caller's teams",
      description:
        "In the order the caller joined them, at most 100 a page (a larger `limit` is clamped). When more remain, the `X-Next-Cursor` response header holds the next page's cursor: pass it back as `cursor`.",
      response: z.array(teamResponse),
      errors: [CORE_ERRORS.INVALID_CURSOR],
    },
  },
  async (ctx) => {
    const userId = ctx.session.user.id;
    const { rows, nextCursor } = await readPage<TeamMember & { team: Team | null }>(
      ctx.auth,
      {
        listing: `user-teams:${userId}`,
        model: "teamMember",
        where: [{ field: "userId", value: userId }],
        join: [{ model: "team", localField: "teamId", foreignField: "id", as: "team" }],
      },
      ctx.query,
    );
    if (nextCursor) ctx.responseHeaders[NEXT_CURSOR_HEADER] = nextCursor;
    return rows.flatMap((r) => (r.team ? [r.team] : []));
  },
);
