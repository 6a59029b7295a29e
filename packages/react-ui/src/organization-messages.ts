import { formatMessage } from "./format-message.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import type { UiMessageKey } from "./ui-messages.js";

/**
 * The organization components' strings, in English: part of the one message catalogue (override any
 * of them with `<GatehouseUI messages={{ ui: { orgSwitcherLabel: "…" } }}>`), kept in their own object
 * so an app that renders only `<SignIn>` does not ship them.
 */
export const ORGANIZATION_UI_MESSAGES = {
  orgSwitcherLabel: "Organization: {name}",
  orgListLabel: "Your organizations",
  personalAccount: "Personal account",
  noOrganizations: "You aren't in any organization yet.",
  loadMore: "Show more",
  createOrganization: "Create an organization",
  createOrganizationTitle: "New organization",
  orgName: "Name",
  orgSlug: "Address (slug)",
  orgSlugHint: "Lowercase letters, digits and single hyphens, like acme-inc.",
  orgSlugInvalid: "Use lowercase letters, digits and single hyphens (like acme-inc).",
  orgLogo: "Logo URL (optional)",
  orgLogoInvalid: "Enter a full https:// address, or leave it empty.",
  createOrganizationSubmit: "Create organization",
  organizationCreated: "{name} is created and active.",
  switchedTo: "{name} is now active.",
  switchedToPersonal: "Your personal account is now active.",
  orgSettingsTitle: "Organization",
  noActiveOrganization: "Choose an organization to see its settings.",
  orgProfileTitle: "Organization profile",
  orgSaved: "The organization is saved.",
  saveOrganization: "Save",
  yourRole: "Your role: {role}",
  membersTitle: "Members",
  membersCount: "{count} in total",
  roleOf: "Role of {name}",
  role: "Role",
  changeRole: "Change role",
  roleChanged: "{name} is now {role}.",
  removeMember: "Remove",
  removeMemberOf: "Remove {name}",
  removeMemberConfirm: "Remove {name} from the organization?",
  memberRemoved: "{name} is removed.",
  you: "You",
  invitationsTitle: "Invitations",
  inviteEmail: "Email to invite",
  inviteRole: "Role",
  inviteSubmit: "Send invitation",
  invitationSent: "An invitation is on its way to {email}.",
  noInvitations: "No pending invitations.",
  invitationExpires: "{role} · expires {date}",
  resendInvitation: "Resend",
  resendInvitationTo: "Resend the invitation to {email}",
  invitationResent: "The invitation to {email} is sent again.",
  cancelInvitation: "Cancel invitation",
  cancelInvitationTo: "Cancel invitation to {email}",
  cancelInvitationConfirm: "Cancel the invitation to {email}?",
  invitationCanceled: "The invitation to {email} is canceled.",
  keepIt: "Keep it",
  teamsTitle: "Teams",
  noTeams: "No teams yet.",
  teamName: "Team name",
  createTeam: "Create team",
  teamCreated: "{name} is created.",
  removeTeam: "Remove",
  removeTeamOf: "Remove team {name}",
  removeTeamConfirm: "Remove the team {name}?",
  teamRemoved: "{name} is removed.",
  teamMembersShow: "Members",
  teamMembersShowOf: "Members of {name}",
  teamMembersOf: "Members of {name}",
  noTeamMembers: "No one in this team yet.",
  teamMemberUnknown: "A member not listed yet",
  addTeamMemberLabel: "Add to {team}",
  addTeamMember: "Add",
  teamMemberAdded: "{name} is in {team} now.",
  removeTeamMember: "Remove",
  removeTeamMemberOf: "Remove {name} from {team}",
  removeTeamMemberConfirm: "Remove {name} from {team}?",
  teamMemberRemoved: "{name} is no longer in {team}.",
  leaveTitle: "Leave organization",
  leaveIntro: "You lose access to {name} until someone invites you again.",
  leaveStart: "Leave {name}…",
  leaveConfirm: "Leave {name}?",
  leaveSubmit: "Leave",
  leftOrganization: "You left {name}.",
  deleteOrgTitle: "Delete organization",
  deleteOrgIntro: "This removes {name}, its members, invitations and teams. It can't be undone.",
  deleteOrgStart: "Delete {name}…",
  deleteOrgConfirmTitle: "Delete {name}?",
  deleteOrgConfirmLabel: "Type {name} to confirm",
  deleteOrgMismatch: "Type the organization's name exactly as shown.",
  deleteOrgSubmit: "Delete organization",
  organizationDeleted: "{name} is deleted.",
  invitationTitle: "Invitation",
  invitationFrom: "{inviter} invited you to join {organization} as {role}.",
  acceptInvitation: "Accept",
  rejectInvitation: "Decline",
  rejectInvitationConfirm: "Decline the invitation to {organization}? You'll need a new one to join later.",
  invitationAccepted: "You joined {organization}.",
  invitationRejected: "You declined the invitation to {organization}.",
  invitationSignIn: "Sign in with the invited address to answer this invitation.",
  invitationOtherAddress: "You're signed in as {email}. Sign in with the address the invitation was sent to.",
  invitationVerifyFirst: "Verify {email} first, then come back to this page.",
  invitationGone: "This invitation has expired, was canceled, or was already answered. Ask for a new one.",
  invitationAlreadyMember: "You're already a member of this organization.",
  sendVerification: "Email me a verification link",
  continue: "Continue",
  orgApiKeysIntro:
    "Keys for {name}'s integrations. They act for the organization, never as a person, and keep working when members leave.",
  orgNoApiKeys: "This organization has no API keys yet.",
} as const;

/**
 * Sentences for codes only the organization components can meet, kept here (not in the shared
 * catalogue) so `<SignIn>` does not ship them. An app's `messages.errors` override still wins.
 */
export const ORGANIZATION_ERROR_MESSAGES: Record<string, string> = {
  ORGANIZATION_KEYS_NOT_ALLOWED: "Only the organization's owners and admins manage its API keys.",
};

export type OrganizationMessageKey = keyof typeof ORGANIZATION_UI_MESSAGES;

/** `t` for the organization strings: the app's override when it gave one, else the English default. */
export function useOrgText(): (key: OrganizationMessageKey, params?: Record<string, string | number>) => string {
  const { t } = useGatehouseUI();
  return (key, params) => {
    const given = t(key as unknown as UiMessageKey, params);
    return given === key ? formatMessage(ORGANIZATION_UI_MESSAGES[key], params) : given;
  };
}
