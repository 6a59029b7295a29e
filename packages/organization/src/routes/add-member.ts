import { AuthError, CORE_ERRORS, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { addMembership } from "../add-membership.js";
import { requireOrganization, validateRoles } from "../membership.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";

const body = z.object({
  userId: z.string().min(1),
  role: z.union([z.string(), z.array(z.string())]),
  organizationId: z.string().min(1),
  /** A team of that organization (TEAM_NOT_FOUND otherwise) the user joins too. */
  teamId: z.string().min(1).optional(),
});

/**
 * Server only (`auth.api.addMember`): adds a user directly, in one transaction, within the membership
 * and team limits. It trusts its caller: no session, so no role check.
 */
export const addMember = (o: ResolvedOrganizationOptions) =>
  defineEndpoint({ method: "POST", path: "/organization/add-member", body, serverOnly: true }, async (ctx) => {
    const role = validateRoles(o, ctx.body.role);
    await requireOrganization(ctx.auth.db, ctx.body.organizationId);
    if (!(await ctx.auth.users.findById(ctx.body.userId))) throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
    return ctx.auth.db.transaction((tx) =>
      addMembership(tx, o, {
        organizationId: ctx.body.organizationId,
        userId: ctx.body.userId,
        role,
        teamId: ctx.body.teamId,
      }),
    );
  });
