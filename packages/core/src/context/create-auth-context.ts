import { type SessionsEndedNotice, createAnnounceSessionsEnded } from "../session/announce-sessions-ended.js";
import { createBackgroundTasks } from "../background/background-tasks.js";
import type { Endpoint } from "../api/define-endpoint.js";
import { generateId } from "../crypto/index.js";
import { createCookieNames } from "../cookies/cookie-names.js";
import { createDb } from "../db/create-db.js";
import type { ResolvedOptions } from "../options/resolve-options.js";
import type { Plugin } from "../plugins/plugin-types.js";
import {
  createDatabaseRateLimitStore,
  createMemoryRateLimitStore,
  createRateLimiter,
  createSecondaryStorageRateLimitStore,
} from "../rate-limit/index.js";
import type { RateLimitRule, RateLimitStore } from "../rate-limit/index.js";
import { createRepositories } from "../repositories/create-repositories.js";
import type { Schema } from "../schema/schema-types.js";
import { createOriginMatcher } from "../security/trusted-origins.js";
import { createUserValidation } from "../session/create-user-validation.js";
import { createSessionCacheGeneration } from "../session/session-cache-generation.js";
import { createSessionCache } from "../session/session-secondary-cache.js";
import { createEndUserSessions } from "../session/end-user-sessions.js";
import { createSessionService } from "../session/session-service.js";
import { withSessionCacheInvalidation } from "../db/with-session-cache-invalidation.js";
import { withMemoryFallback } from "../rate-limit/with-memory-fallback.js";
import { createTokenStore } from "../tokens/token-store.js";
import { genericOAuth } from "../oauth/providers/generic-oauth.js";
import { resolveProviders } from "../oauth/resolve-providers.js";
import { createUserInputValidator } from "../user/user-input.js";
import type { AuthContext } from "./auth-context.js";
import { createPasswordService } from "./password-service.js";

// Brute-force targets get a tighter budget than the global one (DESIGN.md: 3 per 10 s).
const BUILT_IN_RULES: Record<string, RateLimitRule> = {
  "/sign-in/*": { window: 10, max: 3 },
  "/sign-up/*": { window: 10, max: 3 },
};

/** Builds the shared context once per `createAuth`. */
export function createAuthContext(
  options: ResolvedOptions,
  schema: Schema,
  plugins: readonly Plugin[],
  pluginRules: Record<string, RateLimitRule | false>,
  endpoints: Readonly<Record<string, Endpoint>> = {},
): AuthContext {
  const adapter = options.database({ schema, logger: options.logger });
  const rawDb = createDb(adapter, schema);
  // With secondary storage, session lookups are cached there and every session/user write clears them.
  const sessionCache = options.secondaryStorage
    ? createSessionCache(
        options.secondaryStorage,
        schema,
        options.advanced.now,
        options.logger,
        options.session.expiresIn,
        createSessionCacheGeneration(rawDb, options.advanced.now),
      )
    : null;
  const db = sessionCache ? withSessionCacheInvalidation(rawDb, sessionCache) : rawDb;
  const cookies = createCookieNames(options);
  const rl = options.rateLimit;
  const store = pickRateLimitStore(options, () => adapter);
  const repositories = createRepositories(db);
  const announceSessionsEnded = createAnnounceSessionsEnded(plugins, options.logger);
  const validateUser = createUserValidation(plugins.flatMap((p) => (p.validateUser ? [p.validateUser] : [])));
  return {
    ...repositories,
    options,
    schema,
    adapter,
    db,
    secret: options.secret,
    cookies,
    sessions: createSessionService(
      options,
      schema,
      db,
      cookies,
      {
        beforeCreate: plugins.flatMap((p) => (p.beforeSessionCreate ? [p.beforeSessionCreate] : [])),
        validateUser,
        canRefresh: plugins.flatMap((p) => (p.canRefreshSession ? [p.canRefreshSession] : [])),
      },
      sessionCache,
      announceSessionsEnded,
    ),
    passwords: createPasswordService(options),
    userInput: createUserInputValidator(options.user.additionalFields, plugins),
    rateLimiter: createRateLimiter({
      enabled: rl.enabled,
      window: rl.window,
      max: rl.max,
      rules: { ...BUILT_IN_RULES, ...pluginRules, ...rl.customRules },
      store,
      // The clock the cleanup job measures counters' age with.
      now: options.advanced.now,
    }),
    tokens: createTokenStore(repositories.verifications, options.advanced.now),
    now: options.advanced.now,
    background: createBackgroundTasks(options.logger, options.advanced.backgroundTasks?.handler),
    plugins,
    endpoints,
    authenticators: plugins.flatMap((p) => (p.authenticate ? [p.authenticate] : [])),
    sessionCredentials: plugins.flatMap((p) => (p.sessionCredential ? [p.sessionCredential] : [])),
    validateUser,
    socialProviders: resolveProviders(options.socialProviders, genericOAuth),
    isTrustedOrigin: createOriginMatcher(options.trustedOrigins),
    endUserSessions: createEndUserSessions(db, plugins, announceSessionsEnded),
    async transaction(fn) {
      // Sessions ended inside the transaction are announced only once it has committed (a rollback
      // ended nothing), so a plugin acting on them (a provider's back-channel logout) never acts early.
      const ended: SessionsEndedNotice[] = [];
      const queue = announceSessionsEnded ? async (notice: SessionsEndedNotice) => void ended.push(notice) : null;
      const result = await db.transaction((tx) =>
        fn({ ...createRepositories(tx), db: tx, endUserSessions: createEndUserSessions(tx, plugins, queue) }),
      );
      for (const notice of ended) await announceSessionsEnded?.(notice);
      return result;
    },
  };
}

function pickRateLimitStore(
  options: ResolvedOptions,
  getAdapter: () => ReturnType<ResolvedOptions["database"]>,
): RateLimitStore {
  switch (options.rateLimit.storage) {
    case "database":
      return createDatabaseRateLimitStore(getAdapter, generateId);
    case "secondary-storage":
      if (!options.secondaryStorage)
        throw new Error("Gatehouse: rateLimit.storage is secondary-storage but no secondaryStorage is set");
      // An unreachable store must not answer 500 or hang: each instance counts on its own meanwhile.
      return withMemoryFallback(createSecondaryStorageRateLimitStore(options.secondaryStorage), options.logger);
    default:
      return createMemoryRateLimitStore();
  }
}
