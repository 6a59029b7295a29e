import { isDatabaseUnavailableError } from "../adapter/adapter-errors.js";
import type { AuthContext } from "../context/auth-context.js";
import { readCookie } from "../cookies/parse-cookies.js";
import { serializeCookie } from "../cookies/serialize-cookie.js";
import { AuthError, isAuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { EndpointSettledListener, HookRule } from "../plugins/plugin-types.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { authenticateRequest } from "../session/authenticate-request.js";
import { isSignInDiverted, withSignInInterception } from "../session/intercept-sign-in.js";
import { clearSessionCookies } from "../session/session-cookies.js";
import type { AuthRequest, HeaderReader } from "./auth-request.js";
import { checkCallbackUrls } from "./check-callback-urls.js";
import { checkInputStrings } from "./check-input-strings.js";
import { authenticatedCredential, checkCredential } from "./check-credential.js";
import type { Credential, Endpoint, EndpointContext, SessionRequirement } from "./define-endpoint.js";
import { EndpointResponse } from "./endpoint-response.js";
import { parseInput } from "./parse-input.js";

/** An endpoint with the hooks that apply to it, resolved once at startup. */
export interface PreparedEndpoint {
  endpoint: Endpoint;
  before: readonly HookRule[];
  after: readonly HookRule[];
  /** The plugins' `onEndpointSettled` listeners (one shared array; empty or absent: nothing is done). */
  settled?: readonly EndpointSettledListener[];
}

/** One invocation's input, from HTTP or from `auth.api`. */
export interface EndpointInput {
  request: AuthRequest | null;
  headers: HeaderReader;
  body: unknown;
  query: Record<string, unknown>;
  params: Record<string, string>;
  clientIp: string | null;
}

type AnyContext = EndpointContext<unknown, unknown, SessionRequirement>;

const SERVER: Credential = Object.freeze({ kind: "server" });
const COOKIE: Credential = Object.freeze({ kind: "session" });

/** Validates input, loads the session, runs middleware and hooks around the endpoint; then tells `settled`. */
export async function runEndpoint(
  auth: AuthContext,
  prepared: PreparedEndpoint,
  input: EndpointInput,
): Promise<{ result: unknown; ctx: AnyContext }> {
  const listeners = prepared.settled;
  if (!listeners || listeners.length === 0) return invokeEndpoint(auth, prepared, input, null);
  const seen: { ctx?: AnyContext } = {};
  try {
    const done = await invokeEndpoint(auth, prepared, input, seen);
    const status = done.result instanceof EndpointResponse ? done.result.status : 200;
    notifySettled(auth, listeners, done.ctx, { ok: true, status, result: done.result });
    return done;
  } catch (error) {
    if (seen.ctx) notifySettled(auth, listeners, seen.ctx, { ok: false, status: failureStatus(error), error });
    throw error;
  }
}

/** The status the failure is answered with (handle-request's errorResponse decides the same way). */
function failureStatus(error: unknown): number {
  if (isDatabaseUnavailableError(error)) return CORE_ERRORS.DATABASE_UNAVAILABLE.status;
  return isAuthError(error) ? error.status : 500;
}

/** Runs every listener without awaiting it: a throw or rejection is logged and never reaches the answer. */
function notifySettled(
  auth: AuthContext,
  listeners: readonly EndpointSettledListener[],
  ctx: AnyContext,
  outcome: Parameters<EndpointSettledListener>[1],
): void {
  const log = (error: unknown) => auth.options.logger.error("Gatehouse: an onEndpointSettled listener failed", error);
  for (const listener of listeners) {
    try {
      const pending = listener(ctx, outcome);
      // Tracked, so `auth.settled()` also waits for what listeners write (an audit event).
      if (pending) auth.background.track(pending.catch(log));
    } catch (error) {
      log(error);
    }
  }
}

/** The invocation itself; `seen` gets the context as soon as it exists, for `settled` to report a failure on. */
async function invokeEndpoint(
  auth: AuthContext,
  prepared: PreparedEndpoint,
  input: EndpointInput,
  seen: { ctx?: AnyContext } | null,
): Promise<{ result: unknown; ctx: AnyContext }> {
  const { endpoint } = prepared;
  const { config } = endpoint;
  const cookieHeader = input.headers.get("cookie");
  const ctx: AnyContext = {
    body: input.body,
    query: input.query,
    params: input.params,
    headers: input.headers,
    request: input.request,
    auth,
    // An `auth.api` call is the app's own code until a session it passes says otherwise.
    credential: input.request === null ? SERVER : null,
    session: null,
    clientIp: input.clientIp,
    getCookie: (name) => readCookie(cookieHeader, name),
    setCookie(name, value, attributes) {
      ctx.cookies.push(serializeCookie(name, value, attributes));
    },
    responseHeaders: {},
    cookies: [],
    newSession: null,
    endpoint,
  };
  if (seen) seen.ctx = ctx;
  // First, for every endpoint: strings no column can store never reach a check, a query or a hook.
  checkInputStrings(input.body, "body", endpoint.config.longBodyStrings);
  checkInputStrings(input.query, "query");
  checkInputStrings(input.params, "query");
  // Redirect targets are replaced by their canonical form: what was checked is what gets used.
  const query = checkCallbackUrls(input.query, auth);
  const body = checkCallbackUrls(input.body, auth);
  ctx.query = query;
  ctx.body = body;

  // Session creation in a sign-in consults the plugins' interceptSignIn (two-factor challenges).
  ctx.auth = withSignInInterception(auth, ctx);

  // Authentication before validation: anonymous callers learn nothing about an endpoint's input.
  if (config.session) await loadSession(ctx, config.session);
  if (config.body) ctx.body = parseInput(config.body, body ?? {}, "body");
  if (config.query) ctx.query = parseInput(config.query, query, "query");
  if (config.use) for (const middleware of config.use) await middleware(ctx);
  for (const hook of prepared.before) if (!hook.matcher || hook.matcher(ctx)) await hook.run(ctx);
  let result: unknown;
  try {
    result = await endpoint.handler(ctx as never);
  } catch (error) {
    // A plugin (two-factor) turned the sign-in into its own answer: no session, and after hooks that
    // look for one have nothing to do — the sign-in has not happened.
    if (!isSignInDiverted(error)) throw error;
    ctx.newSession = null;
    return { result: error.result, ctx };
  }
  for (const hook of prepared.after) {
    if (hook.matcher && !hook.matcher(ctx)) continue;
    const replaced = await hook.run(ctx, result);
    if (replaced !== undefined) result = replaced;
  }
  return { result, ctx };
}

/**
 * Loads the caller's session for `required`, `fresh` and `optional` endpoints, with the kind of
 * credential behind it, and refuses a kind the endpoint does not accept (before anything else runs).
 */
async function loadSession(ctx: AnyContext, requirement: Exclude<SessionRequirement, undefined>): Promise<void> {
  const { sessions } = ctx.auth;
  const token = sessions.tokenFromCookieHeader(ctx.headers.get("cookie"));
  let found: SessionWithUser | null;
  let credential: Credential;
  if (token) {
    found = await sessions.findByToken(token);
    credential = COOKIE;
  } else {
    const caller = await authenticateRequest(ctx);
    found = caller && { session: caller.session, user: caller.user };
    // Never the cookie's kind by default: an authenticator that names no kind gets a delegated one.
    credential = caller ? authenticatedCredential(caller.credential) : COOKIE;
  }
  if (!found) {
    if (token) clearSessionCookies(ctx);
    if (requirement === "optional") return;
    // The 401 still clears a dead session cookie, so the browser stops sending it.
    throw new AuthError(CORE_ERRORS.UNAUTHORIZED, { cookies: ctx.cookies });
  }
  credential = classifySession(ctx, found, credential);
  checkCredential(ctx.endpoint.config, credential);
  if (requirement === "fresh") {
    // A key or token is never fresh: nobody proved anything when it was presented.
    const stored = credential.kind === "session" || credential.kind === "bearer" || credential.kind === "impersonation";
    const age = ctx.auth.now() - found.session.createdAt.getTime();
    if (!stored || age > ctx.auth.options.session.freshAge * 1000) throw new AuthError(CORE_ERRORS.SESSION_NOT_FRESH);
  }
  ctx.credential = credential;
  ctx.session = found;
}

/** A stored session (cookie or bearer) may be a plugin's kind of its own: an admin's impersonation. */
function classifySession(ctx: AnyContext, found: SessionWithUser, credential: Credential): Credential {
  if (credential.kind !== "session" && credential.kind !== "bearer") return credential;
  for (const classify of ctx.auth.sessionCredentials) {
    const kind = classify(found.session);
    if (kind) return { kind };
  }
  return credential;
}
