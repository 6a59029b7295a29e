import type { z } from "zod";
import type { CatalogueError } from "../errors/auth-error.js";
import type { AuthContext } from "../context/auth-context.js";
import type { RateLimitRule } from "../rate-limit/rate-limit-types.js";
import type { SessionWithUser } from "../schema/model-types.js";
import type { AuthRequest, HeaderReader } from "./auth-request.js";
import type { CookieAttributes } from "../cookies/serialize-cookie.js";

/** HTTP methods an endpoint may answer. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** `required`: 401 without a session; `fresh`: also 403 unless recently signed in; `optional`: loaded if present. */
export type SessionRequirement = "required" | "fresh" | "optional" | undefined;

/**
 * What authenticated a request: the browser's session cookie (`session`), a session token in
 * `Authorization: Bearer` (`bearer`), an API key (`api-key`), a session an admin's impersonation created
 * (`impersonation`), the app's own `auth.api` call without a session (`server`), an OAuth access token
 * (`oauth-token`, reserved for the OAuth provider), an organization's API key (`organization-key`: it
 * stands for no user, so no session-reading endpoint accepts it), or what a plugin's `authenticate`
 * answered without naming a kind the router knows (`delegated`: treated like an API key, so it never
 * passes `own-session`).
 */
export type CredentialKind =
  | "session"
  | "bearer"
  | "api-key"
  | "impersonation"
  | "server"
  | "oauth-token"
  | "organization-key"
  | "delegated";

/** Actions per resource a delegated credential (an API key) holds, e.g. `{ organization: ["read"] }`. */
export type CredentialPermissions = Readonly<Record<string, readonly string[]>>;

/** The credential of a request, as `ctx.credential` carries it. */
export interface Credential {
  kind: CredentialKind;
  /** What a delegated credential (`api-key`, `oauth-token`, `delegated`) may reach; ignored for the other kinds. */
  permissions?: CredentialPermissions | null;
}

/**
 * Which credential kinds an endpoint accepts (see docs/plugins.md):
 * - undefined (the default): the user's sessions (`session`, `bearer`, `impersonation`), `server`, and
 *   a delegated credential (`api-key`, `oauth-token`, `delegated`) only if it holds the endpoint's `apiKeyPermission`;
 * - `"own-session"`: only the user's own real session (`session`, `bearer`) and `server` — for every
 *   endpoint that changes a credential or a way to sign in, reveals one, or mints a session or a token;
 * - `"any"`: every kind, a delegated credential without any permission (get-session: a key may read
 *   whom it stands for).
 */
export type CredentialPolicy = "own-session" | "any";

/** The permission (resource + action) a delegated credential must hold to reach an endpoint. */
export interface RoutePermission {
  resource: string;
  action: string;
}

/** How an endpoint answers a successful call: JSON (the default), a 302 redirect, or an HTML page. */
export type ResponseKind = "json" | "redirect" | "html";

/**
 * What API docs need beyond the rest of the config. Only what cannot be derived lives here: the
 * generator derives parameters, bodies, security and most error statuses from the config itself.
 */
export interface OpenApiMeta {
  summary?: string;
  description?: string;
  /**
   * The 200 JSON body as the client receives it (dates as ISO strings: `dateTimeResponse`). Use
   * `modelRef("user")` etc. for models whose fields depend on the app's configuration. Documentation
   * only: nothing validates against it at runtime (the open-api tests check it against real answers).
   */
  response?: z.ZodType;
  /** How a success is answered when not (only) JSON; a list when it depends on the input. Default "json". */
  kind?: ResponseKind | readonly ResponseKind[];
  /**
   * The status of the `redirect` kind when it is not 302: a POST that hands over to a GET answers
   * 303 See Other (the OAuth form_post callback), so the browser does not repeat the POST.
   */
  redirectStatus?: 301 | 302 | 303 | 307 | 308;
  /** Catalogue errors the endpoint can answer beyond those its config implies (validation, session, origin, rate limit). */
  errors?: readonly CatalogueError[];
  /**
   * The session as HTTP callers meet it, when `session` does not say so: "optional" for an endpoint
   * that reads the session itself (get-session), "required" for one that refuses HTTP callers without one.
   */
  session?: "required" | "optional";
}

/** Runs before the endpoint; throws an AuthError to refuse the request. */
export type Middleware = (ctx: EndpointContext<unknown, unknown, SessionRequirement>) => Promise<void> | void;

/** The static half of an endpoint: everything the router, validator and docs need. */
export interface EndpointConfig<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  S extends SessionRequirement = SessionRequirement,
> {
  method: HttpMethod | readonly HttpMethod[];
  /** `/namespace/action`; a `:name` segment is a path parameter. */
  path: string;
  body?: B;
  query?: Q;
  session?: S;
  use?: readonly Middleware[];
  /**
   * The credential kinds the endpoint accepts, checked by the router before the handler runs (403
   * `CREDENTIAL_NOT_ALLOWED`); read by the OpenAPI document and the credential coverage test too.
   */
  credentials?: CredentialPolicy;
  /** The permission an API key needs to reach this endpoint; without one, no key reaches it. */
  apiKeyPermission?: RoutePermission;
  /** Hooks select endpoints by tag, e.g. `creates-session`. */
  tags?: readonly string[];
  rateLimit?: RateLimitRule | false;
  /** Callable through `auth.api` only; the HTTP router does not route it. */
  serverOnly?: boolean;
  /**
   * Skip the Origin (CSRF) check for this endpoint's unsafe methods. Only for endpoints a third party
   * must POST to and that change nothing themselves — the OAuth form_post callback, which just turns
   * the POST into a GET carrying the state.
   */
  skipOriginCheck?: boolean;
  /**
   * Also read `application/x-www-form-urlencoded` bodies. Every other endpoint takes JSON only, which a
   * cross-site HTML form cannot send. Only for endpoints a third party's page must POST a form to (the
   * OAuth form_post callback).
   */
  acceptsForm?: boolean;
  /**
   * Body fields (dotted paths, `samlConfig.idpMetadata.metadata`) whose strings may exceed the longest text column (16,383 characters), with
   * their own maximum: input that is never stored whole, such as a SAML response (SSO's ACS) or an IdP's
   * metadata XML. The endpoint's schema must still bound the field; every other check stays.
   */
  longBodyStrings?: Readonly<Record<string, number>>;
  openapi?: OpenApiMeta;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What an endpoint function receives. */
export interface EndpointContext<B, Q, S extends SessionRequirement> {
  body: B;
  query: Q;
  params: Record<string, string>;
  headers: HeaderReader;
  /** The HTTP request; null for `auth.api` calls made without one. */
  request: AuthRequest | null;
  auth: AuthContext;
  /**
   * What authenticated the caller: set with `session`, `{ kind: "server" }` for an `auth.api` call
   * without one, null for an anonymous HTTP request (or an endpoint that loads no session).
   */
  credential: Credential | null;
  /** The caller's session, loaded by the `session` requirement. */
  session: S extends "required" | "fresh" ? SessionWithUser : SessionWithUser | null;
  /** The normalized client address used for rate limits and session records. */
  clientIp: string | null;
  getCookie(name: string): string | undefined;
  setCookie(name: string, value: string, attributes?: CookieAttributes): void;
  /** Response headers the endpoint adds. */
  responseHeaders: Record<string, string>;
  /** Set-Cookie lines collected so far. */
  cookies: string[];
  /** The session this request created (sign-in, sign-up), for after hooks. */
  newSession: SessionWithUser | null;
  /** The endpoint being run. */
  endpoint: Endpoint;
}

/** An endpoint: config plus the function that implements it. */
export interface Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  S extends SessionRequirement = SessionRequirement,
  R = unknown,
> {
  config: EndpointConfig<B, Q, S>;
  // Method syntax on purpose: parameters stay bivariant, so any endpoint fits `Endpoint`.
  handler(ctx: EndpointContext<Infer<B>, Infer<Q>, S>): Promise<R>;
  /**
   * Type only, never set: the result, readable without instantiating `handler`'s context type
   * (which costs the typed client tens of thousands of type instantiations per plugin).
   */
  readonly $result?: R;
}

/**
 * Declares an endpoint. One endpoint per file, named after the file. The path is kept as a literal
 * type so the typed client can find an endpoint from its routes table entry by path.
 */
export function defineEndpoint<
  R,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  S extends SessionRequirement = undefined,
  P extends string = string,
>(
  config: EndpointConfig<B, Q, S> & { path: P },
  handler: (ctx: EndpointContext<Infer<B>, Infer<Q>, S>) => Promise<R>,
): Endpoint<B, Q, S, R> & { config: { path: P } } {
  return { config, handler };
}

/** The methods an endpoint answers, as an array. */
export function methodsOf(config: EndpointConfig): readonly HttpMethod[] {
  return typeof config.method === "string" ? [config.method] : config.method;
}
