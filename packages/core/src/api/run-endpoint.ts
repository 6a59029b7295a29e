import type { AuthContext } from "../context/auth-context.js";
import { readCookie } from "../cookies/parse-cookies.js";
import { serializeCookie } from "../cookies/serialize-cookie.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { HookRule } from "../plugins/plugin-types.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { authenticateRequest } from "../session/authenticate-request.js";
import { clearSessionCookies } from "../session/session-cookies.js";
import type { AuthRequest, HeaderReader } from "./auth-request.js";
import { checkCallbackUrls } from "./check-callback-urls.js";
import type { Endpoint, EndpointContext, SessionRequirement } from "./define-endpoint.js";
import { parseInput } from "./parse-input.js";

/** An endpoint with the hooks that apply to it, resolved once at startup. */
export interface PreparedEndpoint {
  endpoint: Endpoint;
  before: readonly HookRule[];
  after: readonly HookRule[];
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

/** Validates input, loads the session, runs middleware and hooks around the endpoint. */
export async function runEndpoint(
  auth: AuthContext,
  prepared: PreparedEndpoint,
  input: EndpointInput,
): Promise<{ result: unknown; ctx: AnyContext }> {
  const { endpoint } = prepared;
  const { config } = endpoint;
  checkCallbackUrls(input.query, auth.isTrustedOrigin);
  checkCallbackUrls(input.body, auth.isTrustedOrigin);
  const cookieHeader = input.headers.get("cookie");
  const ctx: AnyContext = {
    body: input.body,
    query: input.query,
    params: input.params,
    headers: input.headers,
    request: input.request,
    auth,
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

  // Authentication before validation: anonymous callers learn nothing about an endpoint's input.
  if (config.session) await loadSession(ctx, config.session);
  if (config.body) ctx.body = parseInput(config.body, input.body ?? {}, "body");
  if (config.query) ctx.query = parseInput(config.query, input.query, "query");
  if (config.use) for (const middleware of config.use) await middleware(ctx);
  for (const hook of prepared.before) if (!hook.matcher || hook.matcher(ctx)) await hook.run(ctx);
  let result = await endpoint.handler(ctx as never);
  for (const hook of prepared.after) {
    if (hook.matcher && !hook.matcher(ctx)) continue;
    const replaced = await hook.run(ctx, result);
    if (replaced !== undefined) result = replaced;
  }
  return { result, ctx };
}

/** Loads the caller's session for `required`, `fresh` and `optional` endpoints. */
async function loadSession(ctx: AnyContext, requirement: Exclude<SessionRequirement, undefined>): Promise<void> {
  const { sessions } = ctx.auth;
  const token = sessions.tokenFromCookieHeader(ctx.headers.get("cookie"));
  const found: SessionWithUser | null = token ? await sessions.findByToken(token) : await authenticateRequest(ctx);
  if (!found) {
    if (token) clearSessionCookies(ctx);
    if (requirement === "optional") return;
    throw new AuthError(CORE_ERRORS.UNAUTHORIZED);
  }
  if (requirement === "fresh") {
    const age = ctx.auth.now() - found.session.createdAt.getTime();
    if (age > ctx.auth.options.session.freshAge * 1000) throw new AuthError(CORE_ERRORS.SESSION_NOT_FRESH);
  }
  ctx.session = found;
}
