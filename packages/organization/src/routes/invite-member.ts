import { AuthError, defineEndpoint, normalizeEmail } from "@gatehouse/core";
import { z } from "zod";
import {
  findMember,
  isOwner,
  organizationIdOrActive,
  parseRoles,
  requireMember,
  requireOrganization,
  requirePermission,
  validateRoles,
} from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Invitation, Team } from "../organization-types.js";

const body = z.object({
  email: z.string(),
  role: z.union([z.string(), z.array(z.string())]),
  organizationId: z.string().optional(),
  teamId: z.string().optional(),
});

/**
 * POST /organization/invite-member: needs `invitation: create`; only an owner may invite an owner.
 * One pending invitation per address; the invitee is emailed the invitation id.
 */
export const inviteMember = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/invite-member",
      body,
      session: "required",
      openapi: { summary: "Invite a user" },
    },
    async (ctx) => {
      const { db } = ctx.auth;
      const organizationId = organizationIdOrActive(ctx.session, ctx.body.organizationId);
      const organization = await requireOrganization(db, organizationId);
      const inviter = await requireMember(ctx, organizationId);
      requirePermission(o, inviter, { invitation: ["create"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_INVITE);
      const email = normalizeEmail(ctx.body.email);
      const role = validateRoles(o, ctx.body.role);
      if (parseRoles(role).includes(o.creatorRole) && !isOwner(o, inviter))
        throw new AuthError(ORGANIZATION_ERRORS.NOT_ALLOWED_TO_INVITE_WITH_ROLE);
      if (ctx.body.teamId) {
        const team = o.teams.enabled
          ? await db.findOne<Team>({ model: "team", where: [{ field: "id", value: ctx.body.teamId }] })
          : null;
        if (!team || team.organizationId !== organizationId) throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
      }
      const existingUser = await ctx.auth.users.findByEmail(email);
      if (existingUser && (await findMember(db, organizationId, existingUser.id)))
        throw new AuthError(ORGANIZATION_ERRORS.USER_ALREADY_MEMBER);
      const pending = await db.findOne<Invitation>({
        model: "invitation",
        where: [
          { field: "organizationId", value: organizationId },
          { field: "email", value: email },
          { field: "status", value: "pending" },
          { field: "expiresAt", operator: "gt", value: new Date(ctx.auth.now()) },
        ],
      });
      if (pending) throw new AuthError(ORGANIZATION_ERRORS.USER_ALREADY_INVITED);
      const invitation = await db.create<Invitation>({
        model: "invitation",
        data: {
          organizationId,
          email,
          role,
          status: "pending",
          teamId: ctx.body.teamId ?? null,
          inviterId: ctx.session.user.id,
          expiresAt: new Date(ctx.auth.now() + o.invitationExpiresIn * 1000),
        },
      });
      await o.sendInvitationEmail?.({
        id: invitation.id,
        email,
        role,
        organization,
        invitation,
        inviter: { user: ctx.session.user, member: inviter },
      });
      return invitation;
    },
  );
