import type { RouteEntry } from "@gatehouse-auth/core/routes";
import type { ClientPlugin } from "./client-plugin.js";
import type { ClientResult } from "./fetch-json.js";
import type { CallOptions } from "./create-auth-client.js";

// Types of the calls a client plugin adds, inferred from its server plugin's endpoints: the routes
// table names the call and its path, the endpoint at that path gives the body (or query) schema and
// the result. Matching is structural and by path, so the client never imports a server module's
// values (nothing of the server reaches the browser bundle) and the checker does a few flat lookups
// per call instead of walking the server's generics (bench/type-budget.mjs keeps that cheap).
// Core's calls (client-types.ts) are built from the same parts.

/** The parts of a server endpoint the client reads. */
interface EndpointShape {
  config: { path: string; body?: unknown; query?: unknown };
}

type ZodInput<T> = T extends { _zod: { input: infer I } } ? I : undefined;

/** What JSON makes of a server value: dates become ISO strings. */
export type Serialized<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Serialized<U>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;

/** The endpoint of `endpoints` served at `path`. */
export type EndpointAt<E, Path> = {
  [K in keyof E]: E[K] extends { config: { path: Path } } ? E[K] : never;
}[keyof E];

/** A redirect or raw response carries no JSON body for the client. */
export type DataOf<R> = Exclude<R, { readonly status: number; readonly body: unknown; readonly headers: object }>;

/** What an endpoint's handler returns, read from its type-only `$result` (never through `handler`). */
export type EndpointResult<Ep> = Ep extends { $result?: infer R } ? DataOf<R> : unknown;

/** The JSON result of an endpoint. */
type ResultOf<Ep> = Ep extends { $result?: infer R } ? Serialized<DataOf<R>> : unknown;

/** The JSON result of the endpoint at `path`, or `unknown` when no endpoint is known. */
export type ResultAt<E, Path> = [EndpointAt<E, Path>] extends [never] ? unknown : ResultOf<EndpointAt<E, Path>>;

/** The input of an endpoint for a call with method `M`: its query schema's for GET, else its body's. */
export type EndpointInput<Ep, M> = Ep extends EndpointShape
  ? ZodInput<M extends "GET" ? Ep["config"]["query"] : Ep["config"]["body"]>
  : undefined;

/**
 * A call taking `I` and resolving to `R`. The body may be left out when the endpoint takes none (an
 * empty object is fine too: `signOut({}, { retry: 2 })`) or requires none of its fields.
 */
export type CallWith<I, R> = [I] extends [undefined]
  ? (body?: Record<string, never>, options?: CallOptions) => Promise<ClientResult<R>>
  : undefined extends I
    ? (body?: Exclude<I, undefined>, options?: CallOptions) => Promise<ClientResult<R>>
    : {} extends I
      ? (body?: I, options?: CallOptions) => Promise<ClientResult<R>>
      : (body: I, options?: CallOptions) => Promise<ClientResult<R>>;

/** A route whose endpoint the types do not know. */
// biome-ignore lint/suspicious/noExplicitAny: a route whose endpoint the types do not know.
export type UntypedCall = (body?: any, options?: CallOptions) => Promise<ClientResult<any>>;

type CallFor<Route, E> = Route extends RouteEntry
  ? EndpointAt<E, Route["path"]> extends infer Ep
    ? [Ep] extends [never]
      ? UntypedCall
      : Ep extends EndpointShape
        ? CallWith<EndpointInput<Ep, Route["method"]>, ResultOf<Ep>>
        : UntypedCall
    : never
  : never;

type Namespace<K> = K extends `${infer N}.${string}` ? N : never;

/**
 * Calls keyed by call path, grouped as the client exposes them (paths are at most two levels):
 * `{ "organization.createTeam": f, getSession: g }` → `{ organization: { createTeam: f }, getSession: g }`.
 */
export type Grouped<T> = {
  [K in keyof T as K extends `${string}.${string}` ? never : K]: T[K];
} & {
  [N in Namespace<keyof T>]: { [K in keyof T as K extends `${N}.${infer M}` ? M : never]: T[K] };
};

/** `{ "organization.createTeam": route }` → `{ organization: { createTeam: call } }`, typed from `E`. */
export type CallsOf<R, E> = Grouped<{ [K in keyof R]: CallFor<R[K], E> }>;

/** The calls every plugin of the list adds. */
export type PluginCalls<P extends readonly ClientPlugin[]> = UnionToIntersection<
  { [I in keyof P]: P[I] extends { routes: infer R; $endpoints?: infer E } ? CallsOf<R, E> : {} }[number]
>;

/** A plugin action as the caller sees it: its arguments after the context. */
type ActionCall<F> = F extends (ctx: never, ...args: infer A) => infer R ? (...args: A) => R : never;

/** The actions every plugin of the list adds (`signIn.passkey`), grouped like calls. */
export type PluginActions<P extends readonly ClientPlugin[]> = UnionToIntersection<
  { [I in keyof P]: P[I] extends { actions: infer A } ? Grouped<{ [K in keyof A]: ActionCall<A[K]> }> : {} }[number]
>;

/** The stores every plugin of the list adds, by name, with their data's type. */
export type PluginQueries<P extends readonly ClientPlugin[]> = UnionToIntersection<
  {
    [I in keyof P]: P[I] extends { queries: infer Q; $endpoints?: infer E }
      ? { [K in keyof Q]: Q[K] extends { path: infer Path } ? ResultAt<E, Path> : unknown }
      : {};
  }[number]
>;

/** `A | B` → `A & B`. */
export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
