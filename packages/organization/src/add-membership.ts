import { AuthError } from "@gatehouse/core";
import type { Db } from "@gatehouse/core";
import { findMember } from "./membership.js";
import { ORGANIZATION_ERRORS } from "./organization-errors.js";
import type { ResolvedOrganizationOptions } from "./organization-options.js";
import type { Member } from "./organization-types.js";

/**
 * Creates a membership inside the caller's transaction `tx`, enforcing the membership limit (SPEC.md
 * §5: at acceptance) and one membership per user; joins the team too when one is given.
 */
export async function addMembership(
  tx: Db,
  o: ResolvedOrganizationOptions,
  input: { organizationId: string; userId: string; role: string; teamId?: string | null },
): Promise<Member> {
  if (await findMember(tx, input.organizationId, input.userId))
    throw new AuthError(ORGANIZATION_ERRORS.USER_ALREADY_MEMBER);
  const count = await tx.count({ model: "member", where: [{ field: "organizationId", value: input.organizationId }] });
  if (count >= o.membershipLimit) throw new AuthError(ORGANIZATION_ERRORS.MEMBERSHIP_LIMIT_REACHED);
  const teamId = o.teams.enabled ? (input.teamId ?? null) : null;
  const member = await tx.create<Member>({
    model: "member",
    data: { organizationId: input.organizationId, userId: input.userId, role: input.role, teamId },
  });
  if (teamId) await tx.create({ model: "teamMember", data: { teamId, userId: input.userId } });
  return member;
}
