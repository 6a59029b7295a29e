import { CORE_ERRORS, defineEndpoint, pageQuery } from "@gatehouse-auth/core";
import type { Where } from "@gatehouse-auth/core";
import { z } from "zod";
import { organizationIdOrActive, requireMember } from "../membership.js";
import type { Invitation } from "../organization-types.js";
import { invitationResponse } from "../organization-responses.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import { readArrayPage } from "../read-page.js";

/** The invitation states a listing can filter on. */
export const INVITATION_STATUSES = ["pending", "accepted", "rejected", "canceled"] as const;

/** The cursor binding of an organization's invitation listing, per status filter (get-full-organization: pending). */
export const invitationsListing = (organizationId: string, status: string | undefined) =>
  `invitations:${organizationId}:${status ?? "*"}`;

/**
 * GET /organization/list-invitations: a page of an organization's invitations, oldest first, to its
 * members; `status` keeps one state (better-auth answers them all, so the default does too). The answer
 * stays an array: the next page's cursor is the `X-Next-Cursor` header.
 */
export const listInvitations = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list-invitations",
    query: z.object({
      organizationId: z.string().optional(),
      status: z.enum(INVITATION_STATUSES).optional().describe("Only invitations in this state"),
      ...pageQuery,
    }),
    session: "required",
    openapi: {
      summary: "An organization's invitations",
      description:
        "Oldest first, at most 100 a page (a larger `limit` is clamped). When more remain, the `X-Next-Cursor` response header holds the next page's cursor: pass it back as `cursor`.",
      response: z.array(invitationResponse),
      errors: [
        ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION,
        ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
        CORE_ERRORS.INVALID_CURSOR,
      ],
    },
  },
  async (ctx) => {
    const { status, limit, cursor } = ctx.query;
    const organizationId = organizationIdOrActive(ctx.session, ctx.query.organizationId);
    await requireMember(ctx, organizationId);
    const where: Where[] = [{ field: "organizationId", value: organizationId }];
    if (status) where.push({ field: "status", value: status });
    return readArrayPage<Invitation>(
      ctx,
      { listing: invitationsListing(organizationId, status), model: "invitation", where },
      { limit, cursor },
    );
  },
);
