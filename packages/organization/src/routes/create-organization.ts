import {
  AuthError,
  CORE_ERRORS,
  UniqueConstraintError,
  defineEndpoint,
  jsonObjectInput,
  stringInput,
  updateCurrentSession,
} from "@gatehouse-auth/core";
import type { User } from "@gatehouse-auth/core";
import { z } from "zod";
import { organizationFields } from "../organization-schema.js";
import { findOrganization } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Member, Organization, Team } from "../organization-types.js";
import { memberResponse, organizationResponse } from "../organization-responses.js";

const body = z.object({
  // Trimmed first, so a name or slug of spaces only is refused as empty.
  name: stringInput(organizationFields.name).trim().min(1),
  slug: stringInput(organizationFields.slug).trim().min(1),
  /** Server-side calls only: create on behalf of this user. */
  userId: z.string().optional(),
  logo: stringInput(organizationFields.logo).optional(),
  metadata: jsonObjectInput().optional(),
  keepCurrentActiveOrganization: z.boolean().optional(),
});

/**
 * POST /organization/create: the organization, its creator's membership and (teams.defaultTeam) its
 * first team with the creator in it, in one transaction; the organization limit is counted in it under
 * a lock on the creator's user row.
 */
export const createOrganization = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/create",
      body,
      session: "optional",
      openapi: {
        summary: "Create an organization",
        // Only server-side calls may name a userId; over HTTP it takes a session (else 401 UNAUTHORIZED).
        session: "required",
        response: z.intersection(organizationResponse, z.object({ members: z.array(memberResponse) })),
        errors: [
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_CREATE_ORGANIZATION,
          ORGANIZATION_ERRORS.ORGANIZATION_ALREADY_EXISTS,
          ORGANIZATION_ERRORS.ORGANIZATION_LIMIT_REACHED,
        ],
      },
    },
    async (ctx) => {
      // userId is for the server (auth.api without a request); over HTTP the caller is the creator.
      const user: User | null =
        ctx.request === null && ctx.body.userId
          ? await ctx.auth.users.findById(ctx.body.userId)
          : (ctx.session?.user ?? null);
      if (!user) throw new AuthError(CORE_ERRORS.UNAUTHORIZED);
      if (!(await o.allowUserToCreateOrganization(user)))
        throw new AuthError(ORGANIZATION_ERRORS.NOT_ALLOWED_TO_CREATE_ORGANIZATION);
      if (await findOrganization(ctx.auth.db, { slug: ctx.body.slug }))
        throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_ALREADY_EXISTS);
      const { organization, member } = await ctx.auth.db
        .transaction(async (tx) => {
          if (Number.isFinite(o.organizationLimit)) {
            // The limit is per user: lock the user's row so their concurrent creates count one after another.
            await tx.findOne({ model: "user", where: [{ field: "id", value: user.id }], forUpdate: true });
            const count = await tx.count({ model: "member", where: [{ field: "userId", value: user.id }] });
            if (count >= o.organizationLimit) throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_LIMIT_REACHED);
          }
          const organization = await tx.create<Organization>({
            model: "organization",
            data: {
              name: ctx.body.name,
              slug: ctx.body.slug,
              logo: ctx.body.logo ?? null,
              metadata: ctx.body.metadata ?? null,
            },
          });
          const member = await tx.create<Member>({
            model: "member",
            data: { organizationId: organization.id, userId: user.id, role: o.creatorRole },
          });
          if (o.teams.defaultTeam) {
            // teams.defaultTeam: the first team, named after the organization, with the creator in it.
            const now = new Date();
            const team = await tx.create<Team>({
              model: "team",
              data: { name: organization.name, organizationId: organization.id, createdAt: now, updatedAt: now },
            });
            await tx.create({ model: "teamMember", data: { teamId: team.id, userId: user.id } });
          }
          return { organization, member };
        })
        .catch((error: unknown) => {
          // Two creates racing for one slug: the unique index decides.
          if (error instanceof UniqueConstraintError)
            throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_ALREADY_EXISTS);
          throw error;
        });
      if (ctx.session && ctx.session.user.id === user.id && !ctx.body.keepCurrentActiveOrganization)
        await updateCurrentSession(ctx, { activeOrganizationId: organization.id });
      return { ...organization, members: [member] };
    },
  );
