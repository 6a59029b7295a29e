import type { RouteEntry } from "@gatehouse/core/routes";
import type { ClientPlugin } from "./client-plugin.js";
import type { ClientResult } from "./fetch-json.js";
import type { CallOptions } from "./create-auth-client.js";

// Types of the calls a client plugin adds, inferred from its server plugin's endpoints: the routes
// table names the call and its path, the endpoint at that path gives the body (or query) schema and
// the result. Matching is structural and by path, so the client never imports a server module's
// values (nothing of the server reaches the browser bundle) and the checker does a few flat lookups
// per call instead of walking the server's generics (bench/type-budget.mjs keeps that cheap).

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
type EndpointAt<E, Path> = {
  [K in keyof E]: E[K] extends { config: { path: Path } } ? E[K] : never;
}[keyof E];

/** A redirect or raw response carries no JSON body for the client. */
type DataOf<R> = Exclude<R, { readonly status: number; readonly body: unknown; readonly headers: object }>;

/** The JSON result of an endpoint. */
type ResultOf<Ep> = Ep extends { $result?: infer R } ? Serialized<DataOf<R>> : unknown;

/** The JSON result of the endpoint at `path`, or `unknown` when no endpoint is known. */
export type ResultAt<E, Path> = [EndpointAt<E, Path>] extends [never] ? unknown : ResultOf<EndpointAt<E, Path>>;

type CallInput<Ep extends EndpointShape, M> = ZodInput<M extends "GET" ? Ep["config"]["query"] : Ep["config"]["body"]>;

/** One call: the body is optional when the endpoint takes none or requires none of its fields. */
type TypedCall<Ep extends EndpointShape, M> =
  CallInput<Ep, M> extends infer I
    ? undefined extends I
      ? (body?: Exclude<I, undefined>, options?: CallOptions) => Promise<ClientResult<ResultOf<Ep>>>
      : {} extends I
        ? (body?: I, options?: CallOptions) => Promise<ClientResult<ResultOf<Ep>>>
        : (body: I, options?: CallOptions) => Promise<ClientResult<ResultOf<Ep>>>
    : never;

// biome-ignore lint/suspicious/noExplicitAny: a route whose endpoint the types do not know.
type UntypedCall = (body?: any, options?: CallOptions) => Promise<ClientResult<any>>;

type CallFor<Route, E> = Route extends RouteEntry
  ? EndpointAt<E, Route["path"]> extends infer Ep
    ? [Ep] extends [never]
      ? UntypedCall
      : Ep extends EndpointShape
        ? TypedCall<Ep, Route["method"]>
        : UntypedCall
    : never
  : never;

type Namespace<K> = K extends `${infer N}.${string}` ? N : never;

/** `{ "organization.createTeam": route }` → `{ organization: { createTeam: call } }`. */
export type CallsOf<R, E> = {
  [N in Namespace<keyof R>]: {
    [K in keyof R as K extends `${N}.${infer M}` ? M : never]: CallFor<R[K], E>;
  };
};

/** The calls every plugin of the list adds. */
export type PluginCalls<P extends readonly ClientPlugin[]> = UnionToIntersection<
  { [I in keyof P]: P[I] extends { routes: infer R; $endpoints?: infer E } ? CallsOf<R, E> : {} }[number]
>;

/** The stores every plugin of the list adds, by name, with their data's type. */
export type PluginQueries<P extends readonly ClientPlugin[]> = UnionToIntersection<
  {
    [I in keyof P]: P[I] extends { queries: infer Q; $endpoints?: infer E }
      ? { [K in keyof Q]: Q[K] extends { path: infer Path } ? ResultAt<E, Path> : unknown }
      : {};
  }[number]
>;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
