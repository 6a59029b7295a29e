import { AuthError, defineEndpoint } from "@gatehouse/core";
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

const query = z.object({
  organizationId: z.string().optional(),
  organizationSlug: z.string().optional(),
  membersLimit: z.coerce.number().int().positive().optional(),
});

/**
 * GET /organization/get-full-organization: the named (or active) organization with its members and
 * their users (at most the membership limit), invitations and teams — a fixed number of queries
 * whatever the member count. Null when nothing is named and nothing is active.
 */
export const getFullOrganization = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/organization/get-full-organization",
      query,
      session: "required",
      openapi: {
        summary: "An organization with its members, invitations and teams",
        description:
          "Members come oldest first, at most the membership limit (`membersLimit` may ask for fewer); `teams` only when teams are enabled. Null when nothing is named and no organization is active.",
        response: z
          .intersection(
            organizationResponse,
            z.object({
              members: z.array(memberWithUserResponse),
              invitations: z.array(invitationResponse),
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
      const [organization, members, invitations, teams] = await Promise.all([
        bySlug ?? findOrganization(db, { id }),
        db.findMany<Member>({
          model: "member",
          where: byOrg,
          join: memberUserJoin,
          sortBy: { field: "createdAt", direction: "asc" },
          // SPEC.md §9: the membership limit is also the listing cap; a caller may ask for fewer.
          limit: Math.min(membersLimit ?? o.membershipLimit, o.membershipLimit),
        }),
        db.findMany<Invitation>({ model: "invitation", where: byOrg }),
        o.teams.enabled ? db.findMany<Team>({ model: "team", where: byOrg }) : Promise.resolve(null),
      ]);
      if (!organization) throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
      // The caller is nearly always among the members just read; only past the cap does it take a lookup.
      if (!members.some((m) => m.userId === userId) && !(await findMember(db, id, userId)))
        throw new AuthError(ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION);
      // `{ ...{}, ...organization, members, … }`, not `{ ...organization, members, … }`: on Node 20's V8
      // a spread copy of a non-empty object gets a map of its own, and each key added after it makes
      // another — three maps per request, kept in the old generation (docs/performance.md, "Memory").
      return {
        ...{},
        ...organization,
        members: members.map(withPublicUser),
        invitations,
        ...(teams ? { teams } : {}),
      };
    },
  );
