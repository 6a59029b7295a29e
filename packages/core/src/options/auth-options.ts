import type { AdapterFactory } from "../adapter/adapter-types.js";
import type { Plugin } from "../plugins/plugin-types.js";
import type { RateLimitRule } from "../rate-limit/rate-limit-types.js";
import type { SecondaryStorage } from "../rate-limit/secondary-storage.js";
import type { OAuthProvider } from "../oauth/oauth-provider.js";
import type { GenericOAuthConfig } from "../oauth/providers/generic-oauth.js";
import type { User } from "../schema/model-types.js";
import type { FieldType } from "../schema/schema-types.js";

/** An extra user column declared by the app (SPEC.md §3 "additional fields"). */
export interface AdditionalField {
  type: FieldType;
  /** Must be given at sign-up (unless it has a default). Default false. */
  required?: boolean;
  defaultValue?: unknown;
  /** Accepted from the client at sign-up and update-user. Default true. */
  input?: boolean;
  /** Included in responses. Default true. */
  returned?: boolean;
  unique?: boolean;
  /** Most characters a string field holds (its column size; input beyond it is a 400). Default 255. */
  maxLength?: number;
  /** A string field for long text (TEXT column, up to 16,383 characters unless maxLength says less). */
  long?: boolean;
}

/** Where log lines go. */
export interface Logger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  /** Diagnostics that are no fault (a cookie signed with a former secret). Optional: without it they are dropped. */
  debug?(message: string, ...details: unknown[]): void;
}

/** Everything `createAuth` accepts. Every field but `database` has a default (see resolve-options.ts). */
export interface AuthOptions {
  /** The storage adapter: `memoryAdapter()` or `kyselyAdapter(...)` from @gatehouse-auth/kysely. */
  database: AdapterFactory;
  /** Signs cookies and derives keys. Defaults to the GATEHOUSE_SECRET environment variable. */
  secret?: string;
  /** Public origin of the server, e.g. `https://app.example.com`. Its origin is always trusted. */
  baseURL?: string;
  /** Where the auth routes are mounted. Default `/api/auth`. */
  basePath?: string;
  /** Extra origins trusted for CSRF checks and callback URLs; `*` wildcards match one or more labels. */
  trustedOrigins?: string[];
  /** CORS for browser frontends on the trusted origins (docs/cross-origin.md). Off by default. */
  cors?: CorsOptions;
  emailAndPassword?: {
    enabled?: boolean;
    disableSignUp?: boolean;
    minPasswordLength?: number;
    maxPasswordLength?: number;
    requireEmailVerification?: boolean;
    /** Sign the user in right after sign-up. Default true. */
    autoSignIn?: boolean;
    /** Sends the password-reset link. Without it, request-password-reset answers 400. */
    sendResetPassword?: (data: { user: User; url: string; token: string }) => Promise<void> | void;
    /** Seconds a reset token stays valid. Default 3600. */
    resetPasswordTokenExpiresIn?: number;
    /** End every session of the user when their password is reset. Default true. */
    revokeSessionsOnPasswordReset?: boolean;
    /**
     * Your own password hashing, replacing the default scrypt: hashes carried over from another system
     * (bcrypt, argon2), or a faster stand-in in tests. `verify` must take the same time for a wrong
     * password as for a right one (use the hashing library's own compare).
     */
    password?: {
      hash: (password: string) => Promise<string>;
      verify: (data: { hash: string; password: string }) => Promise<boolean>;
    };
  };
  emailVerification?: {
    /** Sends the verification link. Without it, verification emails are not available. */
    sendVerificationEmail?: (data: { user: User; url: string; token: string }) => Promise<void> | void;
    /** Send a verification email after sign-up. Default: when requireEmailVerification is on. */
    sendOnSignUp?: boolean;
    /** Send a new verification email when an unverified user is refused at sign-in. Default false. */
    sendOnSignIn?: boolean;
    /** Following the link signs the user in. Default false. */
    autoSignInAfterVerification?: boolean;
    /** Seconds a verification token stays valid. Default 3600. */
    expiresIn?: number;
  };
  session?: {
    /** Session lifetime in seconds. Default 7 days. */
    expiresIn?: number;
    /** Extend the session when it was last refreshed longer ago than this (seconds). Default 1 day. */
    updateAge?: number;
    /** A session younger than this counts as fresh for sensitive actions (seconds). Default 1 day. */
    freshAge?: number;
    cookieCache?: { enabled?: boolean; maxAge?: number };
    /**
     * better-auth compatibility, unsafe: list-sessions also answers each session's bearer token, so
     * whoever reads the list (a script in the page, a log) owns every session in it. Default false:
     * list-sessions answers ids (`current` marks the caller's) and revoke-session takes an id.
     */
    listSessionTokens?: boolean;
  };
  user?: {
    additionalFields?: Record<string, AdditionalField>;
    changeEmail?: {
      enabled?: boolean;
      /** Sends the confirmation of a change to the user's current, verified address. */
      sendChangeEmailConfirmation?: (data: {
        user: User;
        newEmail: string;
        url: string;
        token: string;
      }) => Promise<void> | void;
    };
    deleteUser?: {
      enabled?: boolean;
      /** Sends the deletion link. Without it, deletion needs the password or a fresh session. */
      sendDeleteAccountVerification?: (data: { user: User; url: string; token: string }) => Promise<void> | void;
      /** Runs before the user is deleted; throw an AuthError to refuse. */
      beforeDelete?: (user: User) => Promise<void> | void;
      afterDelete?: (user: User) => Promise<void> | void;
      /** Seconds a deletion token stays valid. Default 86400. */
      deleteTokenExpiresIn?: number;
    };
  };
  /**
   * Social sign-in: built-in providers by id (`github`, `google`, …) with their client credentials,
   * any other id as a generic OAuth2/OIDC provider (`discoveryUrl` or `endpoints`), or a ready
   * OAuthProvider object.
   */
  socialProviders?: Record<string, SocialProviderOption>;
  account?: {
    /** Encrypt provider tokens at rest (XChaCha20-Poly1305 under the secret). Default true. */
    encryptOAuthTokens?: boolean;
    accountLinking?: {
      enabled?: boolean;
      /** Providers whose email is trusted for linking even when not marked verified. */
      trustedProviders?: string[];
      /** Allow unlinking the last account (the user could no longer sign in). Default false. */
      allowUnlinkingAll?: boolean;
      /** Allow linking a provider account whose email differs from the user's. Default false. */
      allowDifferentEmails?: boolean;
    };
  };
  rateLimit?: {
    /** Default: on when NODE_ENV is production. */
    enabled?: boolean;
    /** Seconds. Default 60. */
    window?: number;
    /** Requests per window per client. Default 100. */
    max?: number;
    /** Per-path rules; `false` switches a path off. Keys may end in `/*`. */
    customRules?: Record<string, RateLimitRule | false>;
    storage?: "memory" | "database" | "secondary-storage";
  };
  /**
   * The cleanup job in-process, for an app that runs as one instance: every `interval` seconds, what
   * `auth.api.cleanup()` does (expired sessions, verification records, rate-limit counters, plugin rows).
   * Off by default; several instances should schedule `npx gatehouse-auth cleanup` instead (docs/production.md).
   * The timer never keeps the process alive; `auth.close()` stops it.
   */
  cleanup?: { interval?: number };
  /** Key-value store with TTL (e.g. Redis) shared by several app instances. */
  secondaryStorage?: SecondaryStorage;
  advanced?: {
    cookiePrefix?: string;
    /** Secure cookies with the `__Secure-` prefix. Default: when baseURL is https. */
    useSecureCookies?: boolean;
    /** Headers that carry the client address, set by a proxy you trust (e.g. `x-forwarded-for`). */
    ipAddressHeaders?: string[];
    /** Largest accepted request body in bytes. Default 1 MiB. */
    maxBodySize?: number;
    /** Turn the Origin check off (tests, server-to-server setups). Default false. */
    disableOriginCheck?: boolean;
    /**
     * Attributes for every cookie Gatehouse sets. `sameSite: "None"` (a frontend on another site)
     * always adds `Secure`; `domain` shares the cookies with subdomains (docs/cross-origin.md).
     */
    cookies?: { sameSite?: "Lax" | "Strict" | "None"; domain?: string };
    /** The clock for token expiry, in ms since the epoch. Default Date.now; tests inject their own. */
    now?: () => number;
    /**
     * Work Gatehouse does after answering (emails, decoy tokens). `handler` receives each task's promise:
     * on a serverless host pass its keep-alive, e.g. `(task) => waitUntil(task)`, or the runtime may
     * freeze before the email is sent. `auth.settled()` waits for all of them either way.
     */
    backgroundTasks?: { handler?: (task: Promise<void>) => void };
  };
  plugins?: readonly Plugin[];
  logger?: Logger;
}

/** CORS answers for trusted origins, with credentials (docs/cross-origin.md). */
export interface CorsOptions {
  /** Answer preflights and add CORS headers for requests from a trusted Origin. Default false. */
  enabled?: boolean;
  /**
   * Request headers a trusted page may send, added to the defaults (`content-type`, `authorization`,
   * `x-api-key`, `x-captcha-response`).
   */
  allowHeaders?: string[];
  /** Response headers a trusted page may read. Default `set-auth-token`, `set-auth-jwt`, `x-next-cursor`. Replaces the default. */
  exposeHeaders?: string[];
  /** Seconds a browser may cache a preflight answer. Default 600. */
  maxAge?: number;
}

/** One `socialProviders` entry. */
export type SocialProviderOption =
  | (GenericOAuthConfig & { enabled?: boolean; [option: string]: unknown })
  | OAuthProvider;
