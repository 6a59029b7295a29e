import type { AdapterFactory, AuthEndpoints, ListedSession, Session, User } from "@gatehouse-auth/core";
import type { CORE_ROUTES, RouteEntry } from "@gatehouse-auth/core/routes";
import type { ReturnedFields, SignUpFields, UpdateUserFields, UserFields } from "./infer-additional-fields.js";
import type { CallWith, EndpointInput, EndpointResult, Grouped, Serialized, UntypedCall } from "./plugin-calls.js";

// Core's calls, inferred like the plugins' (plugin-calls.ts): each entry of core's routes table finds
// its endpoint by path. Two things the endpoints alone cannot say come from the app
// (`inferAdditionalFields`): its additional user fields, on every user a result carries and in the
// bodies of sign-up and update-user, whose schemas accept any extra key and leave the rest to the
// server's field validator. Only types are imported: nothing of the server reaches the bundle.

/** Core's endpoints: those of an auth without plugins. */
type CoreEndpoints = AuthEndpoints<{ database: AdapterFactory; plugins: [] }>;

/**
 * Core's endpoints keyed by path, computed once. Looking a route up here (rather than filtering the
 * endpoints by path inside each call's type) keeps the lookup deferred until the route is known:
 * TypeScript resolves a filter over concrete endpoints eagerly and would match every path.
 */
type CoreByPath = {
  [K in keyof CoreEndpoints as CoreEndpoints[K] extends { config: { path: infer P extends string } }
    ? P
    : never]: CoreEndpoints[K];
};

/**
 * The user as the API returns it (dates as ISO strings over JSON), with the app's additional fields.
 * `image` is always present: users are written with `image: null` when none is given.
 */
export type ClientUser<F extends UserFields = {}> = Serialized<User> & { image: string | null } & ReturnedFields<F>;

/** A session row as the API returns it; the session service writes both origin columns, null when unknown. */
export type ClientSessionRecord = Serialized<Session> & { ipAddress: string | null; userAgent: string | null };

/** A session as list-sessions answers it: no token, and `current` on the caller's own. */
export type ClientListedSession = Serialized<ListedSession> & { ipAddress: string | null; userAgent: string | null };

/** What get-session answers for a signed-in request. */
export interface ClientSession<F extends UserFields = {}> {
  session: ClientSessionRecord;
  user: ClientUser<F>;
}

/** A core result over JSON: core's `User` and `Session` become the client's, the rest is serialized. */
type CoreJson<T, F extends UserFields> = T extends Date
  ? string
  : T extends User
    ? ClientUser<F>
    : T extends ListedSession
      ? ClientListedSession
      : T extends Session
        ? ClientSessionRecord
        : T extends readonly (infer U)[]
          ? CoreJson<U, F>[]
          : T extends object
            ? { [K in keyof T]: CoreJson<T[K], F> }
            : T;

/** Where the app's own user fields go in: sign-up takes them (required ones required), update-user any. */
interface FieldInputs<F extends UserFields> {
  "/sign-up/email": SignUpFields<F>;
  "/update-user": UpdateUserFields<F>;
}

/** A body schema's own keys, without the catch-all that lets additional fields through. */
type OwnKeys<I> = { [K in keyof I as string extends K ? never : K]: I[K] };

/**
 * A call's input: the endpoint's schema; for sign-up and update-user, once the app's fields are known,
 * its own keys and those fields only (the server refuses any other key).
 */
type CoreInput<I, Path, F extends UserFields> = [keyof F] extends [never]
  ? I
  : Path extends keyof FieldInputs<F>
    ? OwnKeys<I> & FieldInputs<F>[Path]
    : I;

type CoreCall<Route, F extends UserFields> = Route extends RouteEntry
  ? Route["path"] extends keyof CoreByPath
    ? CallWith<
        CoreInput<EndpointInput<CoreByPath[Route["path"]], Route["method"]>, Route["path"], F>,
        CoreJson<EndpointResult<CoreByPath[Route["path"]]>, F>
      >
    : UntypedCall
  : never;

/**
 * Core's calls (`signIn.email`, `getSession`, …), typed from core's endpoints with the app's
 * additional user fields `F`. Paths are at most two levels: `signIn.email`, `getSession`.
 */
export type CoreClient<F extends UserFields = {}> = Grouped<{
  [K in keyof typeof CORE_ROUTES]: CoreCall<(typeof CORE_ROUTES)[K], F>;
}>;
