import type { z } from "zod";
import type { AuthRequest } from "./api/auth-request.js";
import { headersFrom } from "./api/auth-request.js";
import { createRouter } from "./api/create-router.js";
import type { Endpoint, SessionRequirement } from "./api/define-endpoint.js";
import type { EndpointResponse } from "./api/endpoint-response.js";
import { createRequestHandler, errorResponse, toAuthResponse } from "./api/handle-request.js";
import { type PreparedEndpoint, runEndpoint } from "./api/run-endpoint.js";
import type { AuthContext } from "./context/auth-context.js";
import { createAuthContext } from "./context/create-auth-context.js";
import { isEmptySchemaGap, SchemaMismatchError } from "./adapter/schema-mismatch-error.js";
import { isDatabaseUnavailableError } from "./adapter/adapter-errors.js";
import { AuthError } from "./errors/auth-error.js";
import { CORE_ERRORS } from "./errors/core-errors.js";
import type { AuthOptions } from "./options/auth-options.js";
import { type ResolvedOptions, resolveOptions } from "./options/resolve-options.js";
import { composePlugins, hooksFor } from "./plugins/compose-plugins.js";
import type { Plugin } from "./plugins/plugin-types.js";
import { type CoreEndpoints, coreEndpoints } from "./routes/core-endpoints.js";
import { createCoreSchema } from "./schema/core-schema.js";
import { readFetchBody, toFetchResponse } from "./api/fetch-transport.js";
import { startCleanupTimer } from "./cleanup/start-cleanup-timer.js";

/** Input of an `auth.api.*` call. */
export interface ApiInput<B, Q> {
  body?: B;
  query?: Q;
  params?: Record<string, string>;
  /** The caller's request headers (cookie) for endpoints that need a session. */
  headers?: HeadersInit;
  /** Answer a Fetch `Response` (with Set-Cookie) instead of the data. */
  asResponse?: boolean;
}

type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;
type DataOf<R> = Exclude<R, EndpointResponse>;

/** One typed, in-process endpoint call. */
export type ApiCall<E> =
  E extends Endpoint<infer B, infer Q, SessionRequirement, infer R>
    ? {
        (input: ApiInput<InputOf<B>, InputOf<Q>> & { asResponse: true }): Promise<Response>;
        (
          input?: ApiInput<InputOf<B>, InputOf<Q>>,
        ): Promise<DataOf<R> | (R extends EndpointResponse ? EndpointResponse : never)>;
      }
    : never;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type PluginEndpoints<P> = P extends readonly Plugin[]
  ? UnionToIntersection<{ [I in keyof P]: P[I] extends { endpoints: infer E } ? E : {} }[number]>
  : {};

/** Every endpoint of core and the installed plugins, keyed by name. */
export type AuthEndpoints<O extends AuthOptions> = CoreEndpoints & PluginEndpoints<O["plugins"]>;

/** What `createAuth` returns. */
export interface Auth<O extends AuthOptions = AuthOptions> {
  /** The Fetch-API handler: mount it at `basePath` in any framework. */
  /**
   * `clientAddress`: the peer's IP when your framework knows it (Fetch `Request` does not carry it).
   * Rate limits need it, or a trusted proxy header named in `advanced.ipAddressHeaders`.
   */
  handler(request: Request, info?: { clientAddress?: string }): Promise<Response>;
  /** The same endpoints, called in-process without HTTP. */
  api: { [K in keyof AuthEndpoints<O>]: ApiCall<AuthEndpoints<O>[K]> };
  options: ResolvedOptions;
  /** Every error code with its status and message, for matching on the client or in tests. */
  $errors: Record<string, { status: number; message: string; code: string }>;
  /** Internals for adapters, CLIs and plugins: schema, adapter, services. */
  $context: AuthContext;
  /** The transport-neutral handler `toNodeHandler` uses. */
  $handle(request: AuthRequest): ReturnType<ReturnType<typeof createRequestHandler>>;
  /**
   * Resolves once plugin `init`s have run and the database has every table and column of the schema
   * (the first request waits for it too); rejects with a `SchemaMismatchError` naming what is missing
   * and `npx gatehouse-auth migrate`, or with `DatabaseUnavailableError` (naming the host and the fix)
   * while the database cannot be reached: call it again later, an outage is not cached.
   */
  ready(): Promise<void>;
  /**
   * Resolves once the work started after answers (emails, decoy tokens, revocations at a provider)
   * has finished: await it in tests before reading an outbox, and before a graceful shutdown.
   */
  settled(): Promise<void>;
  /**
   * Stops what runs on its own (the `cleanup.interval` timer). The database stays open: the driver
   * object you passed is yours to close.
   */
  close(): Promise<void>;
}

/** Builds everything once: options, schema, adapter, router, context. Nothing is rebuilt per request. */
export function createAuth<const O extends AuthOptions>(input: O): Auth<O> {
  const options = resolveOptions(input);
  const plugins = options.plugins ?? [];
  const userFields = Object.fromEntries(
    Object.entries(options.user.additionalFields).map(([name, f]) => [name, { ...f, required: f.required ?? false }]),
  );
  const composed = composePlugins(
    { endpoints: coreEndpoints, schema: createCoreSchema({ userAdditionalFields: userFields }), errors: CORE_ERRORS },
    plugins,
  );
  const endpointRules = Object.fromEntries(
    Object.values(composed.endpoints)
      .filter((e) => e.config.rateLimit !== undefined)
      .map((e) => [e.config.path, e.config.rateLimit!]),
  );
  const context = createAuthContext(
    options,
    composed.schema,
    plugins,
    {
      ...endpointRules,
      ...composed.rateLimitRules,
    },
    composed.endpoints,
  );

  const prepared = new Map<string, PreparedEndpoint>();
  // One array shared by every endpoint, built once: when no plugin listens, a request pays nothing for it.
  const settled = plugins.flatMap((p) => (p.onEndpointSettled ? [p.onEndpointSettled] : []));
  for (const [name, endpoint] of Object.entries(composed.endpoints)) {
    prepared.set(name, {
      endpoint,
      before: hooksFor(endpoint, composed.before),
      after: hooksFor(endpoint, composed.after),
      settled,
    });
  }
  const router = createRouter([...prepared.values()]);

  let initialized: Promise<void> | null = null;
  let done = false;
  // Inits run once even when the schema check is retried (a database that did not answer).
  let pluginsInitialized = false;
  const ready = () => {
    if (done) return Promise.resolve();
    initialized ??= (async () => {
      // Plugin inits first: one may migrate (a migrate-on-start plugin). The schema is compared once,
      // here, so no request ever pays for it.
      try {
        if (!pluginsInitialized) for (const plugin of plugins) await plugin.init?.(context);
        pluginsInitialized = true;
      } catch (error) {
        // An init that queried a missing table: the gap is the message an operator can act on.
        const gap = await context.adapter.findSchemaGap?.().catch(() => null);
        if (gap && !isEmptySchemaGap(gap)) throw new SchemaMismatchError(gap, { cause: error });
        throw error;
      }
      const gap = await context.adapter.findSchemaGap?.().catch((error: unknown) => {
        // The database did not answer (not a mismatch): let the next call ask again.
        initialized = null;
        throw error;
      });
      if (gap && !isEmptySchemaGap(gap)) throw new SchemaMismatchError(gap);
      done = true;
    })().catch((error: unknown) => {
      // An init that met a database outage is not cached either: the app recovers without a restart.
      if (isDatabaseUnavailableError(error)) initialized = null;
      throw error;
    });
    return initialized;
  };
  // Requests of an app that never awaited ready(): a 503 JSON for the client; the log gets the full
  // message (what is missing, the command) once, not once per request.
  let loggedMismatch = false;
  const readyForRequest = () =>
    done
      ? Promise.resolve()
      : ready().catch((error: unknown) => {
          if (!(error instanceof SchemaMismatchError)) throw error;
          if (!loggedMismatch) {
            loggedMismatch = true;
            options.logger.error(error.message);
          }
          throw new AuthError(CORE_ERRORS.DATABASE_NOT_MIGRATED);
        });
  const rateLimited = plugins.flatMap((p) => (p.onRateLimited ? [p.onRateLimited] : []));
  const handle = createRequestHandler(context, router, readyForRequest, rateLimited);
  const basePath = options.basePath;

  const api: Record<string, (input?: ApiInput<unknown, unknown>) => Promise<unknown>> = {};
  for (const [name, entry] of prepared) {
    api[name] = async (call = {}) => {
      await ready();
      try {
        const { result, ctx } = await runEndpoint(context, entry, {
          request: null,
          headers: headersFrom(call.headers),
          body: call.body,
          query: (call.query ?? {}) as Record<string, unknown>,
          params: call.params ?? {},
          clientIp: null,
        });
        if (call.asResponse)
          return toFetchResponse(toAuthResponse(result, ctx.responseHeaders, ctx.cookies), (m) =>
            options.logger.warn(m),
          );
        return result;
      } catch (error) {
        if (call.asResponse) return toFetchResponse(errorResponse(error, context));
        throw error;
      }
    };
  }

  const interval = options.cleanup?.interval;
  const stopCleanup =
    interval === undefined
      ? () => {}
      : startCleanupTimer(interval, () => (api.cleanup as (input?: object) => Promise<unknown>)(), options.logger);

  return {
    async handler(request, info) {
      const warn = (message: string) => options.logger.warn(message);
      // Like the node handler, this never rejects: a framework may not catch, and a crash is a DoS.
      try {
        const url = new URL(request.url);
        const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || "/" : null;
        if (path === null) return toFetchResponse(errorResponse(new AuthError(CORE_ERRORS.NOT_FOUND), context), warn);
        const response = await handle({
          method: request.method,
          path,
          query: url.searchParams,
          headers: request.headers,
          socketAddress: info?.clientAddress,
          readBody: (limit) => readFetchBody(request, limit),
          raw: request,
        });
        return toFetchResponse(response, warn);
      } catch (error) {
        return toFetchResponse(errorResponse(error, context), warn);
      }
    },
    api: api as Auth<O>["api"],
    options,
    $errors: composed.errors as Auth<O>["$errors"],
    $context: context,
    $handle: handle,
    // Also asks the database, so an app awaiting it learns at once, with where it was looked for,
    // that the database is unreachable (DatabaseUnavailableError), even after an earlier success.
    async ready() {
      await context.adapter.ping?.();
      await ready();
    },
    settled: () => context.background.settled(),
    async close() {
      stopCleanup();
    },
  };
}
