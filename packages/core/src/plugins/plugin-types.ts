import type { AuthContext } from "../context/auth-context.js";
import type { Endpoint, EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import type { ErrorCatalogue } from "../errors/auth-error.js";
import type { RateLimitRule } from "../rate-limit/rate-limit-types.js";
import type { Schema } from "../schema/schema-types.js";

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
  /** Called once before the first request; may be async (seeding, warm-up). */
  init?: (ctx: AuthContext) => Promise<void> | void;
}

/** Declares a plugin, keeping its literal types for `auth.api` inference. */
export function definePlugin<const P extends Plugin>(plugin: P): P {
  return plugin;
}
