import type { AuthContext } from "../context/auth-context.js";
import type { HookContext, Plugin } from "../plugins/plugin-types.js";
import type { User } from "../schema/model-types.js";
import type { SessionService } from "./session-service.js";

/**
 * A plugin's `interceptSignIn`: consulted when an endpoint tagged `creates-session` is about to create a
 * session for `user`. Return null (or undefined) to let it be created, or the endpoint's answer instead
 * — plain JSON, or an `EndpointResponse` such as `redirectTo(ctx, page)` — and no session is created.
 */
export type SignInInterceptor = (ctx: HookContext, user: User) => Promise<unknown> | unknown;

/**
 * Thrown out of `ctx.auth.sessions.create` when a plugin diverted the sign-in. The endpoint stops there
 * (a transaction around the creation rolls back) and core answers with `result`. An endpoint that catches
 * errors around session creation must let it through (`isSignInDiverted(error)` → rethrow).
 */
export class SignInDiverted extends Error {
  constructor(readonly result: unknown) {
    super("sign-in diverted by a plugin");
    this.name = "SignInDiverted";
  }
}

/** True for the signal a diverted sign-in throws; endpoints that catch broadly rethrow it. */
export function isSignInDiverted(error: unknown): error is SignInDiverted {
  return error instanceof SignInDiverted;
}

const CREATES_SESSION = "creates-session";
const cache = new WeakMap<readonly Plugin[], readonly SignInInterceptor[]>();

/** The installed plugins' interceptors, in plugin order (computed once per auth instance). */
function interceptorsOf(plugins: readonly Plugin[]): readonly SignInInterceptor[] {
  let found = cache.get(plugins);
  if (!found) {
    found = plugins.flatMap((p) => (p.interceptSignIn ? [p.interceptSignIn] : []));
    cache.set(plugins, found);
  }
  return found;
}

/**
 * The context an endpoint runs with: for an endpoint tagged `creates-session`, when a plugin intercepts
 * sign-ins, `sessions.create` first asks every interceptor (after `validateUser`, so a refused user is
 * refused, not challenged). Every sign-in path — password, social, links, codes, whoever wrote it —
 * creates its session through `ctx.auth.sessions.create`, so none can skip the interception. Any other
 * endpoint gets the shared context unchanged (nothing is allocated on the hot path).
 */
export function withSignInInterception(auth: AuthContext, ctx: HookContext): AuthContext {
  if (!ctx.endpoint.config.tags?.includes(CREATES_SESSION)) return auth;
  const interceptors = interceptorsOf(auth.plugins);
  if (interceptors.length === 0) return auth;
  const sessions: SessionService = {
    ...auth.sessions,
    async create(db, user, origin) {
      await auth.validateUser(user, "new-session");
      for (const intercept of interceptors) {
        const answer = await intercept(ctx, user);
        if (answer !== null && answer !== undefined) throw new SignInDiverted(answer);
      }
      return auth.sessions.create(db, user, origin);
    },
  };
  return { ...auth, sessions };
}
