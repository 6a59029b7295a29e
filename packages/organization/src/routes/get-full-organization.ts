import { AuthError, defineEndpoint } from "@gatehouse/core";
import type { Db } from "@gatehouse/core";
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
import type { Invitation, Member, Organization, Team } from "../organization-types.js";

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
      const organization = await findOrganizationOfMember(db, by, ctx.session.user.id);
      const byOrg = [{ field: "organizationId", value: organization.id }];
      const [members, invitations, teams] = await Promise.all([
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
      return {
        ...organization,
        members: members.map(withPublicUser),
        invitations,
        ...(teams ? { teams } : {}),
      };
    },
  );

/**
 * The organization, provided the user is one of its members. By id that is one query (the user's
 * membership joined with its organization); the slower path only runs to tell which refusal applies,
 * or for a slug. Refusals keep their order: an unknown organization before a non-member.
 */
async function findOrganizationOfMember(db: Db, by: { id: string } | { slug: string }, userId: string) {
  if ("id" in by) {
    const membership = await db.findOne<Member & { organization: Organization | null }>({
      model: "member",
      where: [
        { field: "organizationId", value: by.id },
        { field: "userId", value: userId },
      ],
      join: [{ model: "organization", localField: "organizationId", foreignField: "id", as: "organization" }],
    });
    if (membership?.organization) return membership.organization;
  }
  const organization = await findOrganization(db, by);
  if (!organization) throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
  if ("slug" in by && (await findMember(db, organization.id, userId))) return organization;
  throw new AuthError(ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION);
}
