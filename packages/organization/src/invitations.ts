import { AuthError } from "@gatehouse/core";
import type { AuthContext, SessionWithUser } from "@gatehouse/core";
import { ORGANIZATION_ERRORS } from "./organization-errors.js";
import type { Invitation } from "./organization-types.js";

/** The invitation when it is pending and unexpired (SPEC.md §4: only those can be seen or answered). */
export async function requireOpenInvitation(auth: AuthContext, id: string): Promise<Invitation> {
  const invitation = await auth.db.findOne<Invitation>({ model: "invitation", where: [{ field: "id", value: id }] });
  if (invitation?.status !== "pending" || invitation.expiresAt.getTime() <= auth.now())
    throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
  return invitation;
}

/**
 * Only the invited address may see or answer an invitation; with
 * `emailAndPassword.requireEmailVerification` it must also be verified before answering.
 */
export function requireRecipient(
  auth: AuthContext,
  session: SessionWithUser,
  invitation: Invitation,
  answering: boolean,
): void {
  if (invitation.email.toLowerCase() !== session.user.email.toLowerCase())
    throw new AuthError(ORGANIZATION_ERRORS.NOT_INVITATION_RECIPIENT);
  if (answering && auth.options.emailAndPassword.requireEmailVerification && !session.user.emailVerified)
    throw new AuthError(ORGANIZATION_ERRORS.EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION);
}

/** Moves a pending invitation to `status` atomically; false when another request got there first. */
export async function claimInvitation(
  db: AuthContext["db"],
  id: string,
  status: "accepted" | "rejected",
): Promise<boolean> {
  const changed = await db.updateMany({
    model: "invitation",
    where: [
      { field: "id", value: id },
      { field: "status", value: "pending" },
    ],
    update: { status },
  });
  return changed > 0;
}
