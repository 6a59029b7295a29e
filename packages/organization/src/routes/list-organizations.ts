import { CORE_ERRORS, NEXT_CURSOR_HEADER, defineEndpoint, pageQuery } from "@gatehouse-auth/core";
import { z } from "zod";
import type { Member, Organization } from "../organization-types.js";
import { organizationResponse } from "../organization-responses.js";
import { readPage } from "../read-page.js";

/**
 * GET /organization/list: a page of the caller's organizations, in the order they joined (oldest first),
 * in one query (memberships joined with them) on the member's userId + createdAt index.
 */
export const listOrganizations = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list",
    query: z.object(pageQuery),
    session: "required",
    apiKeyPermission: { resource: "organization", action: "read" },
    openapi: {
      summary: "The caller's organizations",
      description:
        "In the order the caller joined them, at most 100 a page (a larger `limit` is clamped). When more remain, the `X-Next-Cursor` response header holds the next page's cursor: pass it back as `cursor`.",
      response: z.array(organizationResponse),
      errors: [CORE_ERRORS.INVALID_CURSOR],
    },
  },
  async (ctx) => {
    const userId = ctx.session.user.id;
    const { rows, nextCursor } = await readPage<Member & { organization: Organization | null }>(
      ctx.auth,
      {
        listing: `organizations:${userId}`,
        model: "member",
        where: [{ field: "userId", value: userId }],
        join: [{ model: "organization", localField: "organizationId", foreignField: "id", as: "organization" }],
      },
      ctx.query,
    );
    if (nextCursor) ctx.responseHeaders[NEXT_CURSOR_HEADER] = nextCursor;
    return rows.flatMap((r) => (r.organization ? [r.organization] : []));
  },
);
