import type { OptionKeysOf, Role, Statements, User } from "@gatehouse-auth/core";
import { defaultRoles } from "./access-control.js";
import type { Invitation, Member, Organization } from "./organization-types.js";

/** What `sendInvitationEmail` receives. */
export interface InvitationEmailData {
  /** The invitation id: the invitee accepts it with POST /organization/accept-invitation. */
  id: string;
  email: string;
  role: string;
  organization: Organization;
  invitation: Invitation;
  inviter: { user: User; member: Member };
}

/** The names `organization()` accepts, `teams` included: core refuses any other at start-up. */
export const ORGANIZATION_OPTION_KEYS = {
  allowUserToCreateOrganization: true,
  organizationLimit: true,
  creatorRole: true,
  membershipLimit: true,
  invitationExpiresIn: true,
  sendInvitationEmail: true,
  roles: true, // role names are the app's
  requireEmailVerificationOnInvitation: true,
  teams: {
    enabled: true,
    maximumTeams: true,
    maximumMembersPerTeam: true,
    allowRemovingAllTeams: true,
    defaultTeam: { enabled: true },
  },
} as const satisfies OptionKeysOf<OrganizationOptions>;

/** Options of `organization()`. Every field is optional; defaults follow SPEC.md §9. */
export interface OrganizationOptions {
  /** Whether a user may create organizations. Default true. */
  allowUserToCreateOrganization?: boolean | ((user: User) => boolean | Promise<boolean>);
  /** How many organizations one user may belong to when creating another. Default unlimited. */
  organizationLimit?: number;
  /** Role given to an organization's creator. Default `owner`. */
  creatorRole?: string;
  /** Members per organization, enforced when an invitation is accepted or a member added. Default 100. */
  membershipLimit?: number;
  /** Invitation lifetime in seconds. Default 172800 (2 days). */
  invitationExpiresIn?: number;
  /**
   * Called after an invitation is created or resent, and awaited. If it throws, a new invitation is
   * deleted (a resent one keeps its previous expiry) and the request fails with FAILED_TO_SEND_INVITATION_EMAIL.
   */
  sendInvitationEmail?: (data: InvitationEmailData) => Promise<void> | void;
  /** Role name → role built with `createAccessControl(...).newRole(...)`. Default owner, admin, member. */
  roles?: Record<string, Role<Statements>>;
  /**
   * Whether listing, viewing, accepting and rejecting the invitations addressed to an email needs that
   * email verified. Default true: anyone can sign up (unverified) with someone else's address, and would
   * otherwise join the organizations that address was invited to. Turn it off only when every account's
   * address is proven some other way (accounts created by an admin or an SSO provider you trust).
   */
  requireEmailVerificationOnInvitation?: boolean;
  /** Teams inside organizations; off by default (no team tables or routes then). */
  teams?: {
    enabled?: boolean;
    /** Teams per organization. Default unlimited. */
    maximumTeams?: number;
    /** Members per team. Default unlimited. */
    maximumMembersPerTeam?: number;
    /** Whether the last team of an organization may be removed. Default false. */
    allowRemovingAllTeams?: boolean;
    /**
     * A team named after the organization, with the creator in it, made with the organization (same
     * transaction). Default on when teams are on, as better-auth does; `{ enabled: false }` to start empty.
     */
    defaultTeam?: { enabled?: boolean };
  };
}

/** Options with every default applied, resolved once when the plugin is built. */
export interface ResolvedOrganizationOptions {
  allowUserToCreateOrganization: (user: User) => boolean | Promise<boolean>;
  organizationLimit: number;
  creatorRole: string;
  membershipLimit: number;
  invitationExpiresIn: number;
  sendInvitationEmail: ((data: InvitationEmailData) => Promise<void> | void) | undefined;
  roles: Record<string, Role<Statements>>;
  requireEmailVerificationOnInvitation: boolean;
  teams: {
    enabled: boolean;
    maximumTeams: number;
    maximumMembersPerTeam: number;
    allowRemovingAllTeams: boolean;
    /** Create the organization's first team with it (teams on only). */
    defaultTeam: boolean;
  };
}

/** Applies the defaults. */
export function resolveOrganizationOptions(options: OrganizationOptions): ResolvedOrganizationOptions {
  const allow = options.allowUserToCreateOrganization ?? true;
  const roles = options.roles ?? defaultRoles;
  const creatorRole = options.creatorRole ?? "owner";
  if (!Object.hasOwn(roles, creatorRole))
    throw new Error(`Gatehouse organization: creatorRole "${creatorRole}" is not a role`);
  const teamsEnabled = options.teams?.enabled ?? false;
  const maximumTeams = options.teams?.maximumTeams ?? Number.POSITIVE_INFINITY;
  const maximumMembersPerTeam = options.teams?.maximumMembersPerTeam ?? Number.POSITIVE_INFINITY;
  const defaultTeam = teamsEnabled && (options.teams?.defaultTeam?.enabled ?? true);
  // A default team the limits forbid would make every organization create fail: say so at startup.
  if (defaultTeam && (maximumTeams < 1 || maximumMembersPerTeam < 1))
    throw new Error(
      "Gatehouse organization: teams.defaultTeam needs room for one team and its creator (maximumTeams and maximumMembersPerTeam ≥ 1); set teams.defaultTeam.enabled to false",
    );
  return {
    allowUserToCreateOrganization: typeof allow === "function" ? allow : () => allow,
    organizationLimit: options.organizationLimit ?? Number.POSITIVE_INFINITY,
    creatorRole,
    membershipLimit: options.membershipLimit ?? 100,
    invitationExpiresIn: options.invitationExpiresIn ?? 172800,
    sendInvitationEmail: options.sendInvitationEmail,
    roles,
    requireEmailVerificationOnInvitation: options.requireEmailVerificationOnInvitation ?? true,
    teams: {
      enabled: teamsEnabled,
      maximumTeams,
      maximumMembersPerTeam,
      allowRemovingAllTeams: options.teams?.allowRemovingAllTeams ?? false,
      defaultTeam,
    },
  };
}
