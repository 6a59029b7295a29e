import { AuthError, defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { addMembership } from "../add-membership.js";
import { requireOrganization, validateRoles } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";

const body = z.object({
  userId: z.string().min(1),
  role: z.union([z.string(), z.array(z.string())]),
  organizationId: z.string().min(1),
  teamId: z.string().optional(),
});

/** Server only (`auth.api.addMember`): adds a user directly, in one transaction, within the membership limit. */
export const addMember = (o: ResolvedOrganizationOptions) =>
  defineEndpoint({ method: "POST", path: "/organization/add-member", body, serverOnly: true }, async (ctx) => {
    const role = validateRoles(o, ctx.body.role);
    await requireOrganization(ctx.auth.db, ctx.body.organizationId);
    if (!(await ctx.auth.users.findById(ctx.body.userId))) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    return ctx.auth.db.transaction((tx) =>
      addMembership(tx, o, {
        organizationId: ctx.body.organizationId,
        userId: ctx.body.userId,
        role,
        teamId: ctx.body.teamId,
      }),
    );
  });
