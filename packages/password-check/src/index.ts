/** @gatehouse-auth/password-check — refuse common, weak and breached passwords wherever one is set. */
export { passwordCheck } from "./password-check-plugin.js";
export type { HaveIBeenPwnedOptions, PasswordCheckOptions, PasswordScore } from "./password-check-options.js";
export { DEFAULT_HIBP_ENDPOINT } from "./password-check-options.js";
export { PASSWORD_CHECK_ERRORS } from "./password-check-errors.js";
export { PASSWORD_ROUTES } from "./password-routes.js";
export type { PasswordRoute } from "./password-routes.js";
export { lookupPwnedPassword } from "./have-i-been-pwned.js";
export type { PwnedLookup, PwnedLookupOptions } from "./have-i-been-pwned.js";
