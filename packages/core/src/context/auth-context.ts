import type { BackgroundTasks } from "../background/background-tasks.js";
import type { Endpoint } from "../api/define-endpoint.js";
import type { Adapter } from "../adapter/adapter-types.js";
import type { CookieNames } from "../cookies/cookie-names.js";
import type { Db } from "../db/create-db.js";
import type { ResolvedOptions } from "../options/resolve-options.js";
import type { OAuthProvider } from "../oauth/oauth-provider.js";
import type { Plugin } from "../plugins/plugin-types.js";
import type { RateLimiter } from "../rate-limit/create-rate-limiter.js";
import type { Repositories } from "../repositories/create-repositories.js";
import type { User } from "../schema/model-types.js";
import type { Schema } from "../schema/schema-types.js";
import type { PasswordService } from "./password-service.js";
import type { UserValidationSource } from "../session/create-user-validation.js";
import type { EndUserSessions } from "../session/end-user-sessions.js";
import type { SessionService } from "../session/session-service.js";
import type { TokenStore } from "../tokens/token-store.js";
import type { UserInputValidator } from "../user/user-input.js";

/** Everything built once by `createAuth` and shared by every request: options, storage, services. */
export interface AuthContext extends Repositories {
  options: ResolvedOptions;
  schema: Schema;
  adapter: Adapter;
  db: Db;
  secret: string;
  cookies: CookieNames;
  sessions: SessionService;
  passwords: PasswordService;
  userInput: UserInputValidator;
  rateLimiter: RateLimiter;
  /** Single-use expiring tokens (verification, reset, deletion). */
  tokens: TokenStore;
  /** The clock (ms since the epoch): `advanced.now`, Date.now by default. */
  now(): number;
  /** Work started after an answer (emails, decoys); `auth.settled()` waits for it. */
  background: BackgroundTasks;
  plugins: readonly Plugin[];
  /** Every endpoint, core's and the plugins', by `auth.api` name (what OpenAPI generators walk). */
  endpoints: Readonly<Record<string, Endpoint>>;
  /** The plugins' request authenticators (API keys…), tried in order when there is no session cookie. */
  authenticators: readonly NonNullable<Plugin["authenticate"]>[];
  /** The plugins' `sessionCredential`, asked in order about every stored session a request presents. */
  sessionCredentials: readonly NonNullable<Plugin["sessionCredential"]>[];
  /**
   * Runs the plugins' `validateUser` on `user` (throws the refusal). Core calls it for every new session,
   * stored-session lookup and `authenticate` result; a plugin that checks credentials outside those
   * paths (API key verify) calls it too, so a refused user's credentials stop working everywhere.
   */
  validateUser(user: User, source: UserValidationSource): Promise<void>;
  /** Configured social providers by id. */
  socialProviders: Map<string, OAuthProvider>;
  /** Whether an origin (scheme://host[:port]) is trusted for CSRF and redirects. */
  isTrustedOrigin(origin: string): boolean;
  /** Ends every session of a user and tells the plugins (see `Plugin.onUserSessionsEnded`). */
  endUserSessions: EndUserSessions;
  /** Runs `fn` with repositories bound to one transaction. */
  transaction<R>(fn: (tx: TransactionScope) => Promise<R>): Promise<R>;
}

/** What a transaction's callback gets: repositories, the raw handle and `endUserSessions`, all bound to it. */
export type TransactionScope = Repositories & { db: Db; endUserSessions: EndUserSessions };
