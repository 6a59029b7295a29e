import { AuthError } from "@gatehouse-auth/core";
import type { AuthContext, User } from "@gatehouse-auth/core";
import { ORGANIZATION_ERRORS } from "./organization-errors.js";
import type { ResolvedOrganizationOptions } from "./organization-options.js";
import type { Invitation, Member, Organization } from "./organization-types.js";

/**
 * Calls `sendInvitationEmail` once the invitation is committed, so no lock is held over the network.
 * When it throws, a new invitation is deleted and a resent one gets its old expiry back — nobody is
 * left with a pending invitation they were never told about — and the caller gets
 * FAILED_TO_SEND_INVITATION_EMAIL rather than a bare 500.
 */
export async function sendInvitationOrUndo(
  auth: AuthContext,
  o: ResolvedOrganizationOptions,
  sent: {
    organization: Organization;
    invitation: Invitation;
    /** The pending invitation as it was before a resend; null for a new one. */
    previous: Invitation | null;
    inviter: { user: User; member: Member };
  },
): Promise<void> {
  const { invitation, previous } = sent;
  try {
    await o.sendInvitationEmail?.({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      organization: sent.organization,
      invitation,
      inviter: sent.inviter,
    });
  } catch (error) {
    auth.options.logger.error("Gatehouse organization: sendInvitationEmail failed", error);
    // Only while still pending: an invitation answered meanwhile is left as it is.
    const where = [
      { field: "id", value: invitation.id },
      { field: "status", value: "pending" },
    ];
    if (previous) await auth.db.updateMany({ model: "invitation", where, update: { expiresAt: previous.expiresAt } });
    else await auth.db.deleteMany({ model: "invitation", where });
    throw new AuthError(ORGANIZATION_ERRORS.FAILED_TO_SEND_INVITATION_EMAIL);
  }
}
