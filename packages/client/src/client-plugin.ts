import type { RouteEntry } from "@gatehouse-auth/core/routes";
import type { ClientResult } from "./fetch-json.js";

/** A GET route whose answer the client keeps in a store, refetched when one of `invalidatedBy` is. */
export interface ClientQuery {
  path: string;
  /** Route tags (`session`, `organization`) whose successful calls make this store stale. */
  invalidatedBy: readonly ("session" | "organization")[];
}

/** What a plugin adds to the client: its routes table and the stores it keeps. */
export interface ClientPlugin {
  id: string;
  /** Call path (`organization.createTeam`) → method, path and the stores a success invalidates. */
  routes?: Record<string, RouteEntry>;
  /** Stores by name: `activeOrganization` becomes `client.$activeOrganization` (and `useActiveOrganization`). */
  queries?: Record<string, ClientQuery>;
  /**
   * Called with the data of every successful call (after the stores it invalidates are scheduled): the
   * two-factor client plugin spots a sign-in that waits for the second factor here.
   */
  onSuccess?: (data: unknown, route: RouteEntry) => void | Promise<void>;
  /**
   * Calls that are more than one request (the passkey plugin's browser ceremony): call path
   * (`signIn.passkey`) → a function given the client's own `call` (routes table, stores, `onSuccess`
   * and all) and the caller's arguments. It answers `{data, error}` like every call.
   */
  actions?: Record<string, PluginAction>;
  /**
   * Type only, never set: the server plugin's endpoints, from which the client infers each call's
   * body and result (`$endpoints?: ReturnType<typeof myPlugin>["endpoints"]`).
   */
  $endpoints?: unknown;
  /** Type only, never set: the app's additional user fields (see `inferAdditionalFields`). */
  $userFields?: unknown;
}

/** What a plugin action may do: call any route of the client by its call path, as the client does. */
export interface PluginActionContext {
  call<T = unknown>(callPath: string, body?: unknown, options?: Record<string, unknown>): Promise<ClientResult<T>>;
}

/** A plugin action: the context, then whatever the caller passes. */
// biome-ignore lint/suspicious/noExplicitAny: each action declares its own arguments; the client reads them back.
export type PluginAction = (ctx: PluginActionContext, ...args: any[]) => Promise<ClientResult<unknown>>;
