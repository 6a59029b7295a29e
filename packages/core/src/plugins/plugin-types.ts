import type { AuthContext } from "../context/auth-context.js";
import type { Endpoint, EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import type { ErrorCatalogue } from "../errors/auth-error.js";
import type { RateLimitRule } from "../rate-limit/rate-limit-types.js";
import type { SessionWithUser, User } from "../schema/model-types.js";
import type { Schema } from "../schema/schema-types.js";
import type { SessionOrigin } from "../session/session-service.js";

/** The context hooks receive: any endpoint's. */
export type HookContext = EndpointContext<unknown, unknown, SessionRequirement>;

/** A hook runs around every endpoint carrying one of `tags` (or for which `matcher` is true). */
export interface HookRule {
  tags?: readonly string[];
  matcher?: (ctx: HookContext) => boolean;
  /** Before hooks may throw to refuse; after hooks get the result and may return a replacement. */
  run: (ctx: HookContext, result?: unknown) => Promise<unknown> | unknown;
}

/** A plugin: a plain object of endpoints, schema additions, hooks, rate limits and errors. */
export interface Plugin {
  id: string;
  endpoints?: Record<string, Endpoint>;
  /** New models, or new fields on existing models (e.g. session.activeOrganizationId). */
  schema?: Schema;
  errors?: ErrorCatalogue;
  hooks?: { before?: readonly HookRule[]; after?: readonly HookRule[] };
  rateLimit?: Record<string, RateLimitRule | false>;
  /**
   * Authenticates a request that carries no session cookie (an API key header, a bearer token): return
   * the session and user it stands for, null to pass, or throw an AuthError to refuse the request.
   * Runs for every endpoint that reads the session, get-session included; the first non-null wins.
   */
  authenticate?: (ctx: HookContext) => Promise<SessionWithUser | null> | SessionWithUser | null;
  /**
   * Runs before any session is created for `user` (sign-in, sign-up, social, verification, impersonation);
   * throw an AuthError to refuse it — inside the same transaction, so nothing is half-written.
   */
  beforeSessionCreate?: (user: User, origin: SessionOrigin) => Promise<void> | void;
  /** Called once before the first request; may be async (seeding, warm-up). */
  init?: (ctx: AuthContext) => Promise<void> | void;
}

/** Declares a plugin, keeping its literal types for `auth.api` inference. */
export function definePlugin<const P extends Plugin>(plugin: P): P {
  return plugin;
}
