export { createAuthClient } from "./create-auth-client.js";
export { bindStores, isServer } from "./bind-stores.js";
export type { ReadableStore } from "./bind-stores.js";
export type { AuthClient, AuthClientOptions, CallOptions, SessionOf } from "./create-auth-client.js";
export { inferAdditionalFields } from "./infer-additional-fields.js";
export type { FieldsOf, UserFields, UserFieldsOf } from "./infer-additional-fields.js";
export type { ClientPlugin, PluginAction, PluginActionContext } from "./client-plugin.js";
export type { ClientError, ClientResult, FetchOptions, RetryOption } from "./fetch-json.js";
export type { SessionState, SessionStore } from "./session-store.js";
export type {
  ClientListedSession,
  ClientSession,
  ClientSessionRecord,
  ClientUser,
  CoreClient,
} from "./client-types.js";
export type { PluginStores } from "./create-auth-client.js";
export type {
  CallsOf,
  CallWith,
  Grouped,
  PluginActions,
  PluginCalls,
  PluginQueries,
  ResultAt,
  Serialized,
} from "./plugin-calls.js";
