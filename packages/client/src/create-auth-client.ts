import { CORE_ROUTES } from "@gatehouse-auth/core/routes";
import type { RouteEntry } from "@gatehouse-auth/core/routes";
import type { ClientPlugin } from "./client-plugin.js";
import { fetchJson } from "./fetch-json.js";
import type { ClientResult, FetchOptions } from "./fetch-json.js";
import { pathFor } from "./route-path.js";
import { createQueryStore } from "./query-store.js";
import { createSessionStore } from "./session-store.js";
import type { SessionStore } from "./session-store.js";
import type { ClientSession, CoreClient } from "./client-types.js";
import type { UserFieldsOf } from "./infer-additional-fields.js";
import type { PluginActions, PluginCalls, PluginQueries } from "./plugin-calls.js";

export interface AuthClientOptions<P extends readonly ClientPlugin[] = readonly ClientPlugin[]> {
  /** The server's origin; default: the page's origin. */
  baseURL?: string;
  /** Where the auth routes are mounted. Default `/api/auth`. */
  basePath?: string;
  plugins?: P;
  /** Defaults for every call (headers, retry, onSuccess, onError, fetch). */
  fetchOptions?: FetchOptions;
}

/** Per-call options, given as the second argument: `client.signOut({}, { retry: 2 })`. */
export type CallOptions = FetchOptions & { query?: Record<string, string | number | boolean | undefined> };

/** The stores plugins add: `activeOrganization` becomes `$activeOrganization`. */
export type PluginStores<P extends readonly ClientPlugin[]> = {
  [K in keyof PluginQueries<P> as `$${K & string}`]: SessionStore<PluginQueries<P>[K]>["$session"];
};

/** The session a client with plugins `P` keeps: the user carries the fields `inferAdditionalFields` declares. */
export type SessionOf<P extends readonly ClientPlugin[]> = ClientSession<UserFieldsOf<P>>;

export type AuthClient<P extends readonly ClientPlugin[] = []> = CoreClient<UserFieldsOf<P>> &
  PluginCalls<P> &
  PluginActions<P> &
  PluginStores<P> & {
    /** The session store: subscribe, or use `useSession` from @gatehouse-auth/react. */
    $session: SessionStore<SessionOf<P>>["$session"];
    $store: SessionStore<SessionOf<P>>;
    /** Any route by path, for plugin endpoints the types do not know yet. */
    $fetch<T = unknown>(
      path: string,
      init?: { method?: "GET" | "POST"; body?: unknown } & CallOptions,
    ): Promise<ClientResult<T>>;
    // biome-ignore lint/suspicious/noExplicitAny: the proxy answers any further call path at run time.
    [custom: string]: any;
  };

/**
 * The client: `client.signIn.email(body)` → `POST /sign-in/email`. Methods and paths come from the
 * routes tables of core and the plugins; unknown call paths fall back to the kebab-case rule (GET
 * without a body, POST with one). Results are `{data, error}`, never throws. A response carrying
 * `url` and `redirect: true` navigates the browser.
 */
export function createAuthClient<const P extends readonly ClientPlugin[] = []>(
  options: AuthClientOptions<P> = {},
): AuthClient<P> {
  const origin = options.baseURL ?? (typeof location !== "undefined" ? location.origin : "");
  const base = `${origin.replace(/\/+$/, "")}${options.basePath ?? "/api/auth"}`;
  const routes: Record<string, RouteEntry> = { ...CORE_ROUTES };
  for (const plugin of options.plugins ?? []) Object.assign(routes, plugin.routes);
  const actions: Record<string, NonNullable<ClientPlugin["actions"]>[string]> = {};
  for (const plugin of options.plugins ?? []) Object.assign(actions, plugin.actions);

  async function call<T>(route: RouteEntry, body: unknown, callOptions: CallOptions = {}): Promise<ClientResult<T>> {
    const { query, ...fetchOptions } = callOptions;
    const url = new URL(base + route.path, origin || "http://localhost");
    // GET routes take their input as the query string.
    const params = route.method === "GET" ? { ...(body as Record<string, unknown> | undefined), ...query } : query;
    for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const target = origin ? url.toString() : `${url.pathname}${url.search}`;
    const merged: FetchOptions = {
      ...options.fetchOptions,
      ...fetchOptions,
      headers: { ...options.fetchOptions?.headers, ...fetchOptions.headers },
    };
    const result = await fetchJson<T>(
      target,
      { method: route.method, body: route.method === "POST" ? (body ?? {}) : undefined },
      merged,
    );
    if (!result.error) {
      const stale = route.invalidates ?? [];
      if (stale.includes("session")) store.scheduleRefetch();
      // Plugin stores follow the session store: when it refetches, they refetch after it (or clear on
      // sign-out), so they are scheduled here only for calls that leave the session as it was.
      else
        for (const query of queries)
          if (stale.some((tag) => query.invalidatedBy.includes(tag))) query.store.scheduleRefetch();
      for (const plugin of options.plugins ?? []) await plugin.onSuccess?.(result.data, route);
      const data = result.data as { url?: unknown; redirect?: unknown } | null;
      if (data && data.redirect === true && typeof data.url === "string" && typeof window !== "undefined") {
        window.location.href = data.url;
      }
    }
    return result;
  }

  const store = createSessionStore<ClientSession>(() =>
    fetchJson<ClientSession | null>(
      `${origin ? base : (options.basePath ?? "/api/auth")}/get-session`,
      { method: "GET" },
      options.fetchOptions,
    ),
  );

  // Plugin stores (the active organization, the organization list) need a signed-in user: they wait
  // for the session store and follow it (query-store.ts), so a signed-out page asks nothing that 401s.
  const queries = (options.plugins ?? []).flatMap((plugin) =>
    Object.entries(plugin.queries ?? {}).map(([name, query]) => ({
      name,
      invalidatedBy: query.invalidatedBy,
      store: createQueryStore<unknown>(
        () =>
          fetchJson<unknown>(
            `${origin ? base : (options.basePath ?? "/api/auth")}${query.path}`,
            { method: "GET" },
            options.fetchOptions,
          ),
        store,
        `gatehouse-${name}`,
      ),
    })),
  );

  const fixed: Record<string, unknown> = {
    $session: store.$session,
    $store: store,
    ...Object.fromEntries(queries.map((q) => [`$${q.name}`, q.store.$session])),
    $fetch: <T>(path: string, init: { method?: "GET" | "POST"; body?: unknown } & CallOptions = {}) => {
      const { method, body, ...rest } = init;
      return call<T>({ method: method ?? (body === undefined ? "GET" : "POST"), path }, body, rest);
    },
  };

  // What plugin actions call: a route by its call path, exactly as `client.<callPath>(body, options)`.
  const callByPath = <T>(callPath: string, body?: unknown, callOptions?: CallOptions) =>
    call<T>(
      routes[callPath] ?? { method: body === undefined ? "GET" : "POST", path: pathFor(callPath.split(".")) },
      body,
      callOptions,
    );

  function proxy(segments: string[]): unknown {
    const fn = (body?: unknown, callOptions?: CallOptions) => {
      const key = segments.join(".");
      const action = actions[key];
      if (action) return action({ call: callByPath }, body, callOptions);
      const route = routes[key] ?? { method: body === undefined ? "GET" : "POST", path: pathFor(segments) };
      return call(route, body, callOptions);
    };
    return new Proxy(fn, {
      get(_target, prop) {
        if (typeof prop !== "string" || prop === "then") return undefined;
        if (segments.length === 0 && prop in fixed) return fixed[prop];
        return proxy([...segments, prop]);
      },
    });
  }
  return proxy([]) as AuthClient<P>;
}
