import { defu } from "defu";
import type { RateLimitRule } from "../rate-limit/rate-limit-types.js";
import type { AuthOptions, Logger } from "./auth-options.js";
import { checkOptionNames } from "./check-option-names.js";
import { warnAboutOptions } from "./warn-about-options.js";

const DAY = 24 * 60 * 60;

/** Options with every default filled in: the one place defaults live. */
export interface ResolvedOptions extends AuthOptions {
  secret: string;
  baseURL: string;
  basePath: string;
  trustedOrigins: string[];
  cors: { enabled: boolean; allowHeaders: string[]; exposeHeaders: string[]; maxAge: number };
  emailAndPassword: WithDefaults<
    NonNullable<AuthOptions["emailAndPassword"]>,
    | "enabled"
    | "disableSignUp"
    | "minPasswordLength"
    | "maxPasswordLength"
    | "requireEmailVerification"
    | "autoSignIn"
    | "resetPasswordTokenExpiresIn"
    | "revokeSessionsOnPasswordReset"
  >;
  emailVerification: WithDefaults<
    NonNullable<AuthOptions["emailVerification"]>,
    "sendOnSignUp" | "sendOnSignIn" | "autoSignInAfterVerification" | "expiresIn"
  >;
  session: {
    expiresIn: number;
    updateAge: number;
    freshAge: number;
    cookieCache: { enabled: boolean; maxAge: number };
    listSessionTokens: boolean;
  };
  user: {
    additionalFields: NonNullable<NonNullable<AuthOptions["user"]>["additionalFields"]>;
    changeEmail: WithDefaults<NonNullable<NonNullable<AuthOptions["user"]>["changeEmail"]>, "enabled">;
    deleteUser: WithDefaults<
      NonNullable<NonNullable<AuthOptions["user"]>["deleteUser"]>,
      "enabled" | "deleteTokenExpiresIn"
    >;
  };
  account: {
    encryptOAuthTokens: boolean;
    accountLinking: WithDefaults<
      NonNullable<NonNullable<AuthOptions["account"]>["accountLinking"]>,
      "enabled" | "trustedProviders" | "allowUnlinkingAll" | "allowDifferentEmails"
    >;
  };
  rateLimit: {
    enabled: boolean;
    window: number;
    max: number;
    customRules: Record<string, RateLimitRule | false>;
    storage: "memory" | "database" | "secondary-storage";
  };
  advanced: {
    cookiePrefix: string;
    useSecureCookies: boolean;
    ipAddressHeaders: string[];
    maxBodySize: number;
    disableOriginCheck: boolean;
    cookies?: NonNullable<AuthOptions["advanced"]>["cookies"];
    now: () => number;
    backgroundTasks?: NonNullable<AuthOptions["advanced"]>["backgroundTasks"];
  };
  logger: Logger;
}

/** `T` with the keys `K` made required (they have defaults). */
type WithDefaults<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

const DEV_SECRET = "gatehouse-development-secret-change-me-0123456789";

/** Fills in defaults (DESIGN.md "Values SPEC.md leaves open") and checks what cannot be defaulted. */
export function resolveOptions(options: AuthOptions): ResolvedOptions {
  checkOptionNames(options);
  const env = globalThis.process?.env ?? {};
  const production = env.NODE_ENV === "production";
  // One name, GATEHOUSE_SECRET, like GATEHOUSE_URL: a generic AUTH_SECRET is often already set for
  // another library, and sharing a signing key across libraries would let one forge the other's tokens.
  const secret = options.secret || env.GATEHOUSE_SECRET || (production ? undefined : DEV_SECRET);
  if (!secret || (production && secret === DEV_SECRET))
    throw new Error(
      "Gatehouse: set `secret` or the GATEHOUSE_SECRET environment variable (≥ 32 random characters) — it signs every session cookie. Refusing to start in production without one.",
    );
  if (production && secret.length < 32) throw new Error("Gatehouse: `secret` must be at least 32 characters.");
  const baseURL = (options.baseURL ?? env.GATEHOUSE_URL ?? "").replace(/\/+$/, "");
  if (baseURL && !URL.canParse(baseURL)) throw new Error(`Gatehouse: Invalid base URL ${baseURL}`);
  const basePath = `/${(options.basePath ?? "/api/auth").replace(/^\/+|\/+$/g, "")}`.replace(/^\/$/, "");

  const resolved = defu(
    { ...options, secret, baseURL, basePath },
    {
      trustedOrigins: [] as string[],
      emailAndPassword: {
        enabled: true,
        disableSignUp: false,
        minPasswordLength: 8,
        maxPasswordLength: 128,
        requireEmailVerification: false,
        autoSignIn: true,
        resetPasswordTokenExpiresIn: 3600,
        revokeSessionsOnPasswordReset: true,
      },
      emailVerification: {
        sendOnSignUp: options.emailAndPassword?.requireEmailVerification ?? false,
        sendOnSignIn: false,
        autoSignInAfterVerification: false,
        expiresIn: 3600,
      },
      session: {
        expiresIn: 7 * DAY,
        updateAge: DAY,
        freshAge: DAY,
        cookieCache: { enabled: false, maxAge: 5 * 60 },
        listSessionTokens: false,
      },
      user: {
        additionalFields: {},
        changeEmail: { enabled: false },
        deleteUser: { enabled: false, deleteTokenExpiresIn: DAY },
      },
      account: {
        encryptOAuthTokens: true,
        accountLinking: {
          enabled: true,
          trustedProviders: [] as string[],
          allowUnlinkingAll: false,
          allowDifferentEmails: false,
        },
      },
      rateLimit: {
        enabled: production,
        window: 60,
        max: 100,
        customRules: {} as Record<string, RateLimitRule | false>,
        storage: options.secondaryStorage ? "secondary-storage" : "memory",
      },
      advanced: {
        cookiePrefix: "gatehouse",
        useSecureCookies: baseURL.startsWith("https://"),
        ipAddressHeaders: [] as string[],
        maxBodySize: 1024 * 1024,
        disableOriginCheck: false,
        now: Date.now,
      },
      logger: console as Logger,
    },
  );
  // defu concatenates arrays; trusted origins must be exactly what the user gave plus the base URL.
  resolved.trustedOrigins = [
    ...new Set([...(baseURL ? [new URL(baseURL).origin] : []), ...(options.trustedOrigins ?? [])]),
  ];
  resolved.advanced.ipAddressHeaders = options.advanced?.ipAddressHeaders ?? [];
  resolved.cors = resolveCors(options.cors);
  warnAboutOptions(resolved.logger, {
    production,
    secret,
    secretSource: options.secret ? "option" : secret === DEV_SECRET ? "development" : "GATEHOUSE_SECRET",
    baseURL,
    secureCookies: resolved.advanced.useSecureCookies,
    env,
  });
  resolved.account.accountLinking.trustedProviders = options.account?.accountLinking?.trustedProviders ?? [];
  return resolved as ResolvedOptions;
}

/** Header names are matched lowercased; the allow list always holds the headers core's own clients send. */
function resolveCors(cors: AuthOptions["cors"]): ResolvedOptions["cors"] {
  const lower = (names: string[]) => [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  return {
    enabled: cors?.enabled ?? false,
    allowHeaders: lower([
      "content-type",
      "authorization",
      "x-api-key",
      "x-captcha-response",
      ...(cors?.allowHeaders ?? []),
    ]),
    exposeHeaders: lower(cors?.exposeHeaders ?? ["set-auth-token", "set-auth-jwt", "x-next-cursor"]),
    maxAge: cors?.maxAge ?? 600,
  };
}
