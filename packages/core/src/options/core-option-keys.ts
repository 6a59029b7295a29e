import type { AuthOptions } from "./auth-options.js";
import type { OptionKeysOf } from "./option-keys.js";

/**
 * Every name `createAuth` accepts, at every level core owns. `true` marks a value whose keys are not
 * checked: leaves, and the open maps whose keys are the app's (additionalFields, socialProviders'
 * provider ids and their provider-specific options, customRules' paths). `satisfies` makes an option
 * added to AuthOptions but not here a type error.
 */
export const CORE_OPTION_KEYS = {
  database: true,
  secret: true,
  baseURL: true,
  basePath: true,
  trustedOrigins: true,
  cors: { enabled: true, allowHeaders: true, exposeHeaders: true, maxAge: true },
  emailAndPassword: {
    enabled: true,
    disableSignUp: true,
    minPasswordLength: true,
    maxPasswordLength: true,
    requireEmailVerification: true,
    autoSignIn: true,
    sendResetPassword: true,
    resetPasswordTokenExpiresIn: true,
    revokeSessionsOnPasswordReset: true,
    password: { hash: true, verify: true },
  },
  emailVerification: {
    sendVerificationEmail: true,
    sendOnSignUp: true,
    sendOnSignIn: true,
    autoSignInAfterVerification: true,
    expiresIn: true,
  },
  session: {
    expiresIn: true,
    updateAge: true,
    freshAge: true,
    cookieCache: { enabled: true, maxAge: true },
    listSessionTokens: true,
  },
  user: {
    additionalFields: true,
    changeEmail: { enabled: true, sendChangeEmailConfirmation: true },
    deleteUser: {
      enabled: true,
      sendDeleteAccountVerification: true,
      beforeDelete: true,
      afterDelete: true,
      deleteTokenExpiresIn: true,
    },
  },
  socialProviders: true,
  account: {
    encryptOAuthTokens: true,
    accountLinking: { enabled: true, trustedProviders: true, allowUnlinkingAll: true, allowDifferentEmails: true },
  },
  rateLimit: { enabled: true, window: true, max: true, customRules: true, storage: true },
  secondaryStorage: true,
  cleanup: { interval: true },
  advanced: {
    cookiePrefix: true,
    useSecureCookies: true,
    ipAddressHeaders: true,
    maxBodySize: true,
    disableOriginCheck: true,
    cookies: { sameSite: true, domain: true },
    now: true,
    backgroundTasks: { handler: true },
  },
  plugins: true,
  logger: true,
} as const satisfies OptionKeysOf<AuthOptions>;
