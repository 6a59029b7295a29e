import type { AuthContext } from "../context/auth-context.js";
import type { OptionKeys } from "../options/option-keys.js";
import type { HeaderReader } from "../api/auth-request.js";
import type {
  Credential,
  CredentialKind,
  Endpoint,
  EndpointContext,
  SessionRequirement,
} from "../api/define-endpoint.js";
import type { CleanupRule } from "../cleanup/cleanup-rule.js";
import type { CatalogueError, ErrorCatalogue } from "../errors/auth-error.js";
import type { RateLimitRule } from "../rate-limit/rate-limit-types.js";
import type { Session, SessionWithUser, User } from "../schema/model-types.js";
import type { FieldType, Schema } from "../schema/schema-types.js";
import type { UserValidator } from "../session/create-user-validation.js";
import type { SignInInterceptor } from "../session/intercept-sign-in.js";
import type { SessionsEndedEvent } from "../session/end-user-sessions.js";
import type { SessionsEndedNotice } from "../session/announce-sessions-ended.js";
import type { SessionOrigin } from "../session/session-service.js";
import type { PluginUserInput } from "../user/plugin-user-input.js";

/** The context hooks receive: any endpoint's. */
export type HookContext = EndpointContext<unknown, unknown, SessionRequirement>;

/** A request header a hook reads, as the OpenAPI document lists it among an operation's parameters. */
export interface HookHeader {
  /** The header name, lower case (`x-captcha-response`). */
  name: string;
  /** True when the hook refuses an HTTP request that does not send it. */
  required: boolean;
  description?: string;
}

/**
 * What a hook adds to the endpoints it runs around, for generated API docs: a function cannot say which
 * errors it answers or which headers it reads. Shown on every endpoint `hooksFor` gives the hook.
 */
export interface HookOpenAPI {
  /** The catalogue errors the hook can answer there (a before hook's refusals). */
  errors?: readonly CatalogueError[];
  /** The request headers the hook reads there. */
  headers?: readonly HookHeader[];
}

/**
 * A hook runs around every endpoint carrying one of `tags` and accepted by `appliesTo` (both when
 * given), and then, per request, only when `matcher` (if any) is true.
 */
export interface HookRule {
  tags?: readonly string[];
  /**
   * Picks endpoints by what they declare (path, tags, config), once per endpoint at startup. Prefer it
   * to `matcher` whenever the request does not matter: the OpenAPI document asks the same function
   * (through `hooksFor`), so the docs list `openapi` exactly where the hook runs.
   */
  appliesTo?: (endpoint: Endpoint) => boolean;
  /** Decides per request (the session, the body): what only a request can tell. */
  matcher?: (ctx: HookContext) => boolean;
  /** Before hooks may throw to refuse; after hooks get the result and may return a replacement. */
  run: (ctx: HookContext, result?: unknown) => Promise<unknown> | unknown;
  /** The errors and headers it adds to those endpoints' documentation. */
  openapi?: HookOpenAPI;
}

/**
 * Documents what a plugin's `authenticate` reads, for generated API docs: a function cannot say which
 * header it looks at or which endpoints it leaves alone.
 */
export interface AuthenticateScheme {
  /** The kind of credential `authenticate` produces (`api-key`, `bearer`): the docs list it only where accepted. */
  kind?: CredentialKind;
  /** The request header carrying the credential, e.g. `x-api-key`. */
  header: string;
  /**
   * An HTTP authentication scheme (RFC 9110 §11) carried in `Authorization`, e.g. `bearer`: documented
   * as an `http` security scheme instead of a raw header (`header` should then be `authorization`).
   */
  scheme?: "bearer";
  description?: string;
  /** Endpoints with any of these tags are never authenticated by it. */
  skipTags?: readonly string[];
  /** What it answers when a presented credential is refused or over its limits. */
  errors?: readonly CatalogueError[];
  /**
   * Fields the session it produces carries beyond the session model's (`apiKeyId`): they are in no
   * schema, so the docs learn them here and list them on the session as optional.
   */
  sessionFields?: Record<string, { type: FieldType; description: string }>;
}

/**
 * What a plugin's `authenticate` answers: the session and user the request stands for, and the kind of
 * credential that proved it (`bearer` for a session token, `api-key` with the key's permissions…). The
 * router checks the kind against the endpoint's `credentials` before the endpoint runs.
 */
export interface AuthenticatedCaller extends SessionWithUser {
  credential: Credential;
}

/** How an endpoint invocation ended, as `Plugin.onEndpointSettled` sees it. */
export interface EndpointOutcome {
  /** True when the endpoint answered (a diverted sign-in too: check `ctx.newSession`), false when it threw. */
  ok: boolean;
  /** The HTTP status of the answer (500 for anything that is not an AuthError). */
  status: number;
  /** What was thrown, when `ok` is false. */
  error?: unknown;
  /** What the endpoint returned, when `ok` is true. */
  result?: unknown;
}

/** A `Plugin.onEndpointSettled` listener. */
export type EndpointSettledListener = (ctx: HookContext, outcome: EndpointOutcome) => void | Promise<void>;

/**
 * A request the rate limiter refused (429) before its endpoint ran, as `Plugin.onRateLimited` sees it:
 * no body was read and no session loaded, so only the route and the client are known.
 */
export interface RateLimitedRequest {
  /** The endpoint the request was routed to (`endpoint.config.path` is its route pattern). */
  endpoint: Endpoint;
  /** The client address as sessions record it. */
  clientIp: string | null;
  headers: HeaderReader;
  /** Seconds until the client may try again (the Retry-After header sent). */
  retryAfter: number;
}

/** A `Plugin.onRateLimited` listener. */
export type RateLimitedListener = (request: RateLimitedRequest) => void | Promise<void>;

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
   * The answer names the kind of credential it was (`credential.kind`), so the router can refuse it on
   * endpoints that do not accept that kind.
   */
  authenticate?: (ctx: HookContext) => Promise<AuthenticatedCaller | null> | AuthenticatedCaller | null;
  /**
   * Names the kind of a stored session when it is not the user's own (`impersonation` for a session an
   * admin's impersonation created); undefined or null leaves it `session` (cookie) or `bearer`. Runs on the
   * hot path with the session row loaded: read the row, make no queries.
   */
  sessionCredential?: (session: Session) => CredentialKind | null | undefined;
  /** How `authenticate` is documented in the OpenAPI document (the header it reads, what it skips). */
  authenticateScheme?: AuthenticateScheme;
  /**
   * Runs before any session is created for `user` (sign-in, sign-up, social, verification, impersonation);
   * throw an AuthError to refuse it — inside the same transaction, so nothing is half-written.
   */
  beforeSessionCreate?: (user: User, origin: SessionOrigin) => Promise<void> | void;
  /**
   * Consulted when an endpoint tagged `creates-session` is about to create a session for `user` (any
   * sign-in: password, social, links, codes): return null to let it happen, or the answer to give instead
   * (a second-factor challenge) — then no session is created and the endpoint's after hooks do not run.
   */
  interceptSignIn?: SignInInterceptor;
  /**
   * Vets the user behind every way of being signed in: a session about to be created (`new-session`,
   * before `beforeSessionCreate`), a stored session a cookie names (`session`), and a session an
   * `authenticate` hook produced (`authenticate`). Throw an AuthError to refuse the request. It runs on
   * the hot path with the user row already loaded: check that row, make no queries. May run twice a request.
   */
  validateUser?: UserValidator;
  /**
   * The plugin's own keys in sign-up and update-user bodies (`username`): it validates them and returns
   * the user columns to write (see user/plugin-user-input.ts). Without it such keys are unknown fields (400).
   */
  userInput?: PluginUserInput;
  /**
   * Return false to keep a session from sliding forward when it is due for a refresh (a session given
   * a short, fixed lifetime, such as an impersonation). Asked only when a refresh is due.
   */
  canRefreshSession?: (session: Session) => boolean;
  /**
   * Runs whenever every session of a user ends at once (sign-out everywhere, a password change or reset,
   * a ban, an admin's revocation, deletion, an unverified account's address claimed), inside the same
   * transaction when there is one: revoke here what must die with the sessions (trusted browsers,
   * device sets; for `email-claimed`, every credential the plugin keeps). Throwing rolls it all back.
   */
  onUserSessionsEnded?: (event: SessionsEndedEvent) => Promise<void> | void;
  /**
   * Runs after one or more sessions of a user ended, whichever way: sign-out, revoke-session(s),
   * revoke-other-sessions, every `onUserSessionsEnded` case, an admin's revocation of one session, a
   * multi-session device signed out, an expired session presented. Called after the transaction that
   * deleted them committed (never for a rollback), with their ids and why. Awaited, but a throw is only
   * logged: the sign-out has happened. Start slow work (HTTP calls) on `auth.background`.
   */
  onSessionsEnded?: (notice: SessionsEndedNotice) => Promise<void> | void;
  /**
   * Called once after every endpoint invocation (HTTP or `auth.api`), answered or thrown — a refusal by a
   * before hook, a validation error and a diverted sign-in included — for observing (audit logs, metrics).
   * Not awaited: the answer never waits for it, and a throw or rejection is logged, never answered.
   */
  onEndpointSettled?: EndpointSettledListener;
  /**
   * Called when the rate limiter answers 429 — before any endpoint, hook or `onEndpointSettled` runs —
   * for observing (audit logs, metrics). Not awaited; a throw or rejection is logged, never answered.
   * A flood of refusals calls it once each: a listener that writes must bound its writes.
   */
  onRateLimited?: RateLimitedListener;
  /**
   * The options the app passed to the plugin's factory (`given`) and the names it accepts (`keys`, one
   * level or nested; write them `satisfies OptionKeysOf<MyOptions>`): `createAuth` refuses an unknown
   * name at start-up with a "did you mean", as it does for its own options.
   */
  optionKeys?: { given: unknown; keys: OptionKeys };
  /**
   * The plugin's rows that expire (an API key past `expiresAt`, audit events past retention): the cleanup
   * job (`auth.api.cleanup()`, `npx gatehouse-auth cleanup`) deletes them in batches on the rule's index.
   * Never delete expired rows inside a request: cost would grow with the table, on a user's time.
   */
  cleanup?: readonly CleanupRule[];
  /** Called once before the first request; may be async (seeding, warm-up). */
  init?: (ctx: AuthContext) => Promise<void> | void;
}

/** Declares a plugin, keeping its literal types for `auth.api` inference. */
export function definePlugin<const P extends Plugin>(plugin: P): P {
  return plugin;
}
