import type { EndpointOutcome, HookContext } from "@gatehouse-auth/core";

// The shapes every event rule shares (core's, OAuth's, SSO's and SCIM's rules), in a file of their own so
// the rule files and the pre-capture hook import them without importing each other.

/** Facts only knowable before the endpoint runs (its token is spent after), keyed by request context. */
export interface PreCapture {
  /** Whose account a token or a session cookie stands for. */
  userId?: string;
  /** For /verify-email: what the link does (verify, confirm a change, move the address). */
  emailAction?: "verify" | "confirm-change" | "change";
  /** For an OAuth callback: the flow links a provider account to `userId` rather than signing in. */
  linking?: boolean;
  /** For two-factor setup: whether it was already on. */
  twoFactorWasEnabled?: boolean;
  /** For SSO and SCIM routes: the connection's (or the SCIM token's) organization. */
  organizationId?: string;
  /** For SSO sign-ins: the connection's protocol (`saml`, `oidc`). */
  protocol?: string;
  /** For SCIM user changes: whether the provisioned user was active before. */
  wasActive?: boolean;
}

/** What a rule sees of one settled invocation. */
export interface Settled {
  ctx: HookContext;
  outcome: EndpointOutcome;
  pre: PreCapture | undefined;
  body: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** What a rule decides: the event type and what it concerns; actor, address and outcome are added after. */
export interface Mapped {
  type: string;
  /** Whom it concerns; default: the signed-in user. */
  userId?: string | null;
  /**
   * Whom it concerns when only a read after the answer can tell (a SCIM user just created: its row names
   * the account). Called by the recorder, after the answer, only when the event is written.
   */
  findUserId?: () => Promise<string | null>;
  organizationId?: string | null;
  /** Overrides the actor (a sign-in's actor is the user signing in). */
  actorUserId?: string | null;
  details?: Record<string, string | number | boolean>;
  /** Overrides the outcome, for endpoints that answer a refusal instead of throwing (OAuth's protocol errors). */
  outcome?: "success" | "failure";
}
