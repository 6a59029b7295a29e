/** An organization row. */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
}

/** A membership: `role` may hold several comma-separated role names. */
export interface Member {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  teamId: string | null;
  createdAt: Date;
}

/** The user fields shown beside a member. */
export interface MemberUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

/** A member with its user, as listings return it. */
export type MemberWithUser = Member & { user: MemberUser };

/** SPEC.md §4 invitation states. */
export type InvitationStatus = "pending" | "accepted" | "rejected" | "canceled";

/** An invitation row. */
export interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  status: InvitationStatus;
  teamId: string | null;
  inviterId: string;
  expiresAt: Date;
  createdAt: Date;
}

/** A team row. */
export interface Team {
  id: string;
  name: string;
  organizationId: string;
  createdAt: Date;
  updatedAt: Date | null;
}

/** A team membership row. */
export interface TeamMember {
  id: string;
  teamId: string;
  userId: string;
  createdAt: Date;
}
