import { AuthError, CORE_ERRORS, defineEndpoint, normalizeEmail } from "@gatehouse-auth/core";
import { z } from "zod";
import { lockOrganization } from "../lock-organization.js";
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
import type { Invitation } from "../organization-types.js";
import { sendInvitationOrUndo } from "../send-invitation-or-undo.js";
import { findTeamInOrganization } from "../teams.js";
import { invitationResponse } from "../organization-responses.js";

const body = z.object({
  email: z.string(),
  role: z.union([z.string(), z.array(z.string())]),
  organizationId: z.string().optional(),
  teamId: z.string().optional(),
  /** With a pending invitation for the address: send that one again with a fresh expiry. */
  resend: z.boolean().optional(),
});

/**
 * POST /organization/invite-member: needs `invitation: create`; only an owner may invite an owner.
 * One pending invitation per address, checked under the organization lock; `resend` renews the
 * pending one instead of refusing. The invitee is emailed the invitation id.
 */
export const inviteMember = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/invite-member",
      body,
      session: "required",
      openapi: {
        summary: "Invite a user",
        response: invitationResponse,
        errors: [
          CORE_ERRORS.INVALID_EMAIL,
          ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION,
          ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_INVITE,
          ORGANIZATION_ERRORS.ROLE_NOT_FOUND,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_INVITE_WITH_ROLE,
          ORGANIZATION_ERRORS.TEAM_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_ALREADY_MEMBER,
          ORGANIZATION_ERRORS.USER_ALREADY_INVITED,
          ORGANIZATION_ERRORS.INVITATION_NOT_FOUND,
          ORGANIZATION_ERRORS.FAILED_TO_SEND_INVITATION_EMAIL,
        ],
      },
    },
    async (ctx) => {
      const { db } = ctx.auth;
      const organizationId = organizationIdOrActive(ctx.session, ctx.body.organizationId);
      await requireOrganization(db, organizationId);
      const inviter = await requireMember(ctx, organizationId);
      requirePermission(o, inviter, { invitation: ["create"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_INVITE);
      const email = normalizeEmail(ctx.body.email);
      const role = validateRoles(o, ctx.body.role);
      const mayGrant = (roles: string) => !parseRoles(roles).includes(o.creatorRole) || isOwner(o, inviter);
      if (!mayGrant(role)) throw new AuthError(ORGANIZATION_ERRORS.NOT_ALLOWED_TO_INVITE_WITH_ROLE);
      const { teamId, resend } = ctx.body;
      if (teamId && !o.teams.enabled) throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
      const existingUser = await ctx.auth.users.findByEmail(email);
      const expiresAt = new Date(ctx.auth.now() + o.invitationExpiresIn * 1000);

      const outcome = await db.transaction(async (tx) => {
        const organization = await lockOrganization(tx, organizationId);
        if (!organization) throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
        if (teamId && !(await findTeamInOrganization(tx, teamId, organizationId)))
          throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
        if (existingUser && (await findMember(tx, organizationId, existingUser.id)))
          throw new AuthError(ORGANIZATION_ERRORS.USER_ALREADY_MEMBER);
        const pending = await tx.findOne<Invitation>({
          model: "invitation",
          where: [
            { field: "organizationId", value: organizationId },
            { field: "email", value: email },
            { field: "status", value: "pending" },
            { field: "expiresAt", operator: "gt", value: new Date(ctx.auth.now()) },
          ],
        });
        if (pending) {
          if (!resend) throw new AuthError(ORGANIZATION_ERRORS.USER_ALREADY_INVITED);
          // Resending renews what the invitation grants, so the caller must be allowed to grant it.
          if (!mayGrant(pending.role)) throw new AuthError(ORGANIZATION_ERRORS.NOT_ALLOWED_TO_INVITE_WITH_ROLE);
          const renewed = await tx.update<Invitation>({
            model: "invitation",
            where: [{ field: "id", value: pending.id }],
            update: { expiresAt },
          });
          if (!renewed) throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
          return { organization, invitation: renewed, previous: pending };
        }
        const invitation = await tx.create<Invitation>({
          model: "invitation",
          data: {
            organizationId,
            email,
            role,
            status: "pending",
            teamId: teamId ?? null,
            inviterId: ctx.session.user.id,
            expiresAt,
          },
        });
        return { organization, invitation, previous: null };
      });

      await sendInvitationOrUndo(ctx.auth, o, { ...outcome, inviter: { user: ctx.session.user, member: inviter } });
      return outcome.invitation;
    },
  );
