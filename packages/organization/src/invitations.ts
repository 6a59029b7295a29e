import { AuthError } from "@gatehouse-auth/core";
import type { AuthContext, Db, SessionWithUser, User } from "@gatehouse-auth/core";
import { findMember } from "./membership.js";
import { ORGANIZATION_ERRORS } from "./organization-errors.js";
import type { ResolvedOrganizationOptions } from "./organization-options.js";
import type { Invitation, Organization } from "./organization-types.js";

/** The invitation when it is pending and unexpired (SPEC.md §4: only those can be seen or answered). */
export async function requireOpenInvitation(auth: AuthContext, id: string): Promise<Invitation> {
  const invitation = await auth.db.findOne<Invitation>({ model: "invitation", where: [{ field: "id", value: id }] });
  if (invitation?.status !== "pending" || invitation.expiresAt.getTime() <= auth.now())
    throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
  return invitation;
}

/**
 * Unless `requireEmailVerificationOnInvitation` is off, the caller's email must be verified before they
 * may list, view or answer invitations to it: an unverified account proves nothing about the address,
 * so without this anyone could sign up with an invitee's address and join in their place. Checked
 * before the invitation is even looked up, so an unverified account learns nothing about invitations.
 */
export function requireVerifiedInvitee(o: ResolvedOrganizationOptions, session: SessionWithUser): void {
  if (o.requireEmailVerificationOnInvitation && !session.user.emailVerified)
    throw new AuthError(ORGANIZATION_ERRORS.EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION);
}

/** Only the invited address may see or answer an invitation. */
export function requireRecipient(session: SessionWithUser, invitation: Invitation): void {
  if (invitation.email.toLowerCase() !== session.user.email.toLowerCase())
    throw new AuthError(ORGANIZATION_ERRORS.NOT_INVITATION_RECIPIENT);
}

/**
 * The organization and inviter an invitation names. SPEC.md §8: FAILED_TO_RETRIEVE_INVITATION when
 * either cannot be loaded, INVITER_NO_LONGER_MEMBER when the inviter has left the organization — an
 * invitation is only as good as the membership of whoever sent it.
 */
export async function requireInvitationParties(
  db: Db,
  invitation: Invitation,
): Promise<{ organization: Organization; inviter: User }> {
  // One after another: inside a transaction they share one connection.
  const organization = await db.findOne<Organization>({
    model: "organization",
    where: [{ field: "id", value: invitation.organizationId }],
  });
  const inviter = await db.findOne<User>({ model: "user", where: [{ field: "id", value: invitation.inviterId }] });
  if (!organization || !inviter) throw new AuthError(ORGANIZATION_ERRORS.FAILED_TO_RETRIEVE_INVITATION);
  if (!(await findMember(db, organization.id, inviter.id)))
    throw new AuthError(ORGANIZATION_ERRORS.INVITER_NO_LONGER_MEMBER);
  return { organization, inviter };
}

/**
 * Moves a pending, unexpired invitation to `status` atomically; false when another request got there
 * first or it expired meanwhile.
 */
export async function claimInvitation(
  db: Db,
  id: string,
  status: "accepted" | "rejected",
  now: number,
): Promise<boolean> {
  const changed = await db.updateMany({
    model: "invitation",
    where: [
      { field: "id", value: id },
      { field: "status", value: "pending" },
      { field: "expiresAt", operator: "gt", value: new Date(now) },
    ],
    update: { status },
  });
  return changed > 0;
}
