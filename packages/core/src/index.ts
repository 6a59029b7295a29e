/** @gatehouse-auth/core — authentication for TypeScript servers. */
export { createAuth } from "./create-auth.js";
export type { Auth, ApiCall, ApiInput, AuthEndpoints } from "./create-auth.js";
export type { AuthOptions, AdditionalField, CorsOptions, Logger } from "./options/auth-options.js";
export type { ResolvedOptions } from "./options/resolve-options.js";

export { defineEndpoint, methodsOf } from "./api/define-endpoint.js";
export type {
  Credential,
  CredentialKind,
  CredentialPermissions,
  CredentialPolicy,
  RoutePermission,
  Endpoint,
  EndpointConfig,
  EndpointContext,
  HttpMethod,
  Middleware,
  OpenApiMeta,
  ResponseKind,
  SessionRequirement,
} from "./api/define-endpoint.js";
export { EndpointResponse, htmlResponse, redirectTo } from "./api/endpoint-response.js";
export type { HtmlOptions, RedirectOptions } from "./api/endpoint-response.js";
export { resolveRedirectUrl } from "./security/resolve-redirect-url.js";
export type { RedirectTrust } from "./security/resolve-redirect-url.js";
export { contentSecurityPolicy, cspHash, htmlSecurityHeaders } from "./security/content-security-policy.js";
export type { CspDirectives } from "./security/content-security-policy.js";
export { toHeaderValue } from "./security/header-value.js";
export { modelRef, referencedModel } from "./api/model-ref.js";
export {
  dateTimeResponse,
  listedSessionResponse,
  sessionResponse,
  sessionWithUserResponse,
  statusResponse,
  successMessageResponse,
  successResponse,
  tokenUserResponse,
  userResponse,
} from "./api/response-shapes.js";
export { REDIRECT_URL_FIELDS } from "./api/check-callback-urls.js";
export type { AuthRequest, AuthResponse, HeaderReader } from "./api/auth-request.js";
export { definePlugin } from "./plugins/plugin-types.js";
export type { CleanupResult, CleanupRule } from "./cleanup/cleanup-rule.js";
export { hooksFor } from "./plugins/compose-plugins.js";
export { toListedSession } from "./session/to-listed-session.js";
export type { ListedSession } from "./session/to-listed-session.js";
export { SENSITIVE_ACTION_TAG } from "./plugins/sensitive-action-tag.js";
export {
  CREDENTIAL_KINDS,
  acceptedCredentialKinds,
  acceptsCredential,
  checkCredential,
  credentialPolicyOf,
} from "./api/check-credential.js";
export type {
  AuthenticatedCaller,
  AuthenticateScheme,
  EndpointOutcome,
  EndpointSettledListener,
  RateLimitedListener,
  RateLimitedRequest,
  HookContext,
  HookHeader,
  HookOpenAPI,
  HookRule,
  Plugin,
} from "./plugins/plugin-types.js";
export type { AuthContext, TransactionScope } from "./context/auth-context.js";
export type { EndUserSessions, SessionsEndReason, SessionsEndedEvent } from "./session/end-user-sessions.js";
export type { SessionEndReason, SessionsEndedNotice } from "./session/announce-sessions-ended.js";

export { AuthError, defineErrors, isAuthError } from "./errors/auth-error.js";
export type { CatalogueError, ErrorCatalogue, ErrorDef } from "./errors/auth-error.js";
export { CORE_ERRORS } from "./errors/core-errors.js";

export type {
  Adapter,
  AdapterContext,
  AdapterFactory,
  FindManyArgs,
  FindOneArgs,
  Join,
  MigrationResult,
  SchemaGap,
  SortBy,
  UpdateArgs,
  Where,
  WhereCondition,
  WhereOperator,
} from "./adapter/adapter-types.js";
export {
  AdapterError,
  DatabaseUnavailableError,
  isDatabaseUnavailableError,
  UniqueConstraintError,
} from "./adapter/adapter-errors.js";
export { MIGRATE_COMMAND, SchemaMismatchError } from "./adapter/schema-mismatch-error.js";
// For SQL adapters (kysely, drizzle): the shared mapping of driver errors and outage reporting.
export { classifyConnectionFailure } from "./adapter/connection-failure.js";
export { isUniqueViolation } from "./adapter/unique-violation.js";
export { guardConnection, redactCredentials, watchDatabase } from "./adapter/database-watch.js";
export { describeDatabase } from "./adapter/describe-database.js";
export type { DatabaseWatch, WatchLogger } from "./adapter/database-watch.js";
export type { OptionKeys, OptionKeysOf } from "./options/option-keys.js";
export { findUnknownOptions } from "./options/option-keys.js";
export { memoryAdapter } from "./adapter/memory-adapter.js";
export type { Db } from "./db/create-db.js";
export { createCoreSchema, userFields } from "./schema/core-schema.js";
export { isStorableJson, jsonDepth, jsonObjectInput, stringInput } from "./schema/field-input.js";
export {
  DEFAULT_STRING_MAX_LENGTH,
  JSON_MAX_LENGTH,
  LONG_STRING_MAX_LENGTH,
  MAX_INPUT_DEPTH,
  countCharacters,
  fitsCharacters,
  isStorableDate,
  maxLengthOf,
} from "./schema/field-limits.js";
export type { FieldDef, FieldType, ModelDef, Row, Schema } from "./schema/schema-types.js";
export type {
  Account,
  Session,
  SessionWithUser,
  User,
  Verification,
  InferAdditionalFields,
} from "./schema/model-types.js";

export { setSessionCookie, clearSessionCookies } from "./session/session-cookies.js";
export { voidResetTokens } from "./tokens/void-reset-tokens.js";
export type { UserValidationSource, UserValidator } from "./session/create-user-validation.js";
export { updateCurrentSession } from "./session/update-current-session.js";
export { finishPasswordSignIn } from "./session/finish-password-sign-in.js";
export { SignInDiverted, isSignInDiverted } from "./session/intercept-sign-in.js";
export type { SignInInterceptor } from "./session/intercept-sign-in.js";
export type { PasswordSignInResult } from "./session/finish-password-sign-in.js";
export type { PluginUserInput } from "./user/plugin-user-input.js";
export { refreshSessionUser } from "./session/refresh-session-user.js";
export { normalizeEmail } from "./user/normalize-email.js";
export { claimUnverifiedEmail } from "./user/claim-unverified-email.js";
export { authUrl } from "./utils/auth-url.js";
export { sendInBackground } from "./email/send-in-background.js";
export * from "./crypto/index.js";
export type { RateLimitRule, SecondaryStorage } from "./rate-limit/index.js";
export * from "./access/index.js";
export * from "./paging/index.js";

export type {
  OAuthProvider,
  OAuthTokens,
  ProviderConfig,
  ProviderEndpoints,
  ProviderProfile,
} from "./oauth/oauth-provider.js";
export { genericOAuth } from "./oauth/providers/generic-oauth.js";
export type { GenericOAuthConfig } from "./oauth/providers/generic-oauth.js";
export { VK_LANGUAGE } from "./oauth/providers/vk.js";
export type { VkLanguage, VkOptions } from "./oauth/providers/vk.js";
export { getSessionFromHeaders, type AnyHeaders, type SessionReader } from "./integrations/get-session-from-headers.js";
export { type FetchWellKnown, type WellKnownDocuments, toFetchWellKnown } from "./integrations/to-fetch-well-known.js";
