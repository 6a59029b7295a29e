import { AuthError, defineEndpoint, findPage } from "@gatehouse-auth/core";
import { z } from "zod";
import { findMember, findOrganization, memberUserJoin, withPublicUser } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import {
  invitationResponse,
  memberWithUserResponse,
  organizationResponse,
  teamResponse,
} from "../organization-responses.js";
import type { Invitation, Member, Team } from "../organization-types.js";
import { ORGANIZATION_PAGE_LIMITS } from "../read-page.js";
import { invitationsListing } from "./list-invitations.js";
import { membersListing } from "./list-members.js";

const query = z.object({
  organizationId: z.string().optional(),
  organizationSlug: z.string().optional(),
  membersLimit: z.coerce.number().int().positive().optional(),
});

/**
 * GET /organization/get-full-organization: the named (or active) organization with the first page of its
 * members and their users, its pending invitations (first page) and its teams — a fixed number of
 * queries and a bounded answer whatever the organization's size. `membersNextCursor` and
 * `invitationsNextCursor` continue in list-members and list-invitations (status=pending). Accepted,
 * rejected and canceled invitations live only in list-invitations. Null when nothing is named and nothing
 * is active.
 */
export const getFullOrganization = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/organization/get-full-organization",
      query,
      session: "required",
      apiKeyPermission: { resource: "organization", action: "read" },
      openapi: {
        summary: "An organization with its members, invitations and teams",
        description:
          "Members come oldest first, at most 100 (and at most the membership limit; `membersLimit` may ask for fewer); when more remain, `membersNextCursor` is a cursor for list-members. `invitations` holds pending invitations only, at most 100, oldest first; `invitationsNextCursor` continues in list-invitations with status=pending. `teams` (at most 100) only when teams are enabled. Null when nothing is named and no organization is active.",
        response: z
          .intersection(
            organizationResponse,
            z.object({
              members: z.array(memberWithUserResponse),
              membersNextCursor: z
                .string()
                .nullable()
                .describe("Continues the members in list-members; null when all are here"),
              invitations: z.array(invitationResponse).describe("Pending invitations only"),
              invitationsNextCursor: z
                .string()
                .nullable()
                .describe("Continues in list-invitations with status=pending; null when all are here"),
              teams: z.array(teamResponse).optional(),
            }),
          )
          .nullable(),
        errors: [ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND, ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION],
      },
    },
    async (ctx) => {
      const { organizationId, organizationSlug, membersLimit } = ctx.query;
      const active = ctx.session.session.activeOrganizationId as string | null | undefined;
      const by = organizationId
        ? { id: organizationId }
        : organizationSlug
          ? { slug: organizationSlug }
          : active
            ? { id: active }
            : null;
      if (!by) return null;
      const { db } = ctx.auth;
      const userId = ctx.session.user.id;
      // By id, the organization is read with its rows; by slug, it comes first (its id names the rows).
      const bySlug = "slug" in by ? await findOrganization(db, by) : null;
      const id = "id" in by ? by.id : bySlug?.id;
      if (id === undefined) throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
      const byOrg = [{ field: "organizationId", value: id }];
      const pageAuth = { db, secret: ctx.auth.secret };
      const [organization, members, invitations, teams] = await Promise.all([
        bySlug ?? findOrganization(db, { id }),
        findPage<Member>(pageAuth, {
          listing: membersListing(id),
          model: "member",
          where: byOrg,
          join: memberUserJoin,
          sortBy: { field: "createdAt", direction: "asc" },
          // SPEC.md §9: the membership limit is also the listing cap; a caller may ask for fewer.
          limit: Math.min(membersLimit ?? o.membershipLimit, o.membershipLimit, ORGANIZATION_PAGE_LIMITS.max),
        }),
        findPage<Invitation>(pageAuth, {
          listing: invitationsListing(id, "pending"),
          model: "invitation",
          where: [...byOrg, { field: "status", value: "pending" }],
          sortBy: { field: "createdAt", direction: "asc" },
          limit: ORGANIZATION_PAGE_LIMITS.max,
        }),
        o.teams.enabled
          ? db.findMany<Team>({
              model: "team",
              where: byOrg,
              sortBy: { field: "createdAt", direction: "asc" },
              limit: ORGANIZATION_PAGE_LIMITS.max,
            })
          : Promise.resolve(null),
      ]);
      if (!organization) throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
      // The caller is nearly always among the members just read; only past the cap does it take a lookup.
      if (!members.rows.some((m) => m.userId === userId) && !(await findMember(db, id, userId)))
        throw new AuthError(ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION);
      // `{ ...{}, ...organization, members, … }`, not `{ ...organization, members, … }`: on Node 20's V8
      // a spread copy of a non-empty object gets a map of its own, and each key added after it makes
      // another — three maps per request, kept in the old generation (docs/performance.md, "Memory").
      return {
        ...{},
        ...organization,
        members: members.rows.map(withPublicUser),
        membersNextCursor: members.nextCursor,
        invitations: invitations.rows,
        invitationsNextCursor: invitations.nextCursor,
        ...(teams ? { teams } : {}),
      };
    },
  );
