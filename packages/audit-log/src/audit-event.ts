/** Whether the recorded action happened or was refused. */
export type AuditOutcome = "success" | "failure";

/** One recorded event, as a sink receives it and as the list endpoints return it. */
export interface AuditEvent {
  id: string;
  /** What happened, e.g. `user.signed_in`, `organization.member_removed` (see docs/audit-log.md). */
  type: string;
  /** Who did it: the signed-in user, or the admin behind an impersonation. Null when nobody was signed in. */
  actorUserId: string | null;
  /** Whom it concerns (the account signed in to, banned, changed), when known. */
  userId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  outcome: AuditOutcome;
  /** A few non-secret facts from an allow-list (method, role, provider, error code); never bodies. */
  details: Record<string, string | number | boolean>;
  createdAt: Date;
}

/** An event before it is stored: the database (or the sink) gives it no id yet. */
export type NewAuditEvent = Omit<AuditEvent, "id">;
