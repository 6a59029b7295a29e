/** @gatehouse-auth/magic-link — sign-in by a single-use link sent by email. */
export { magicLink } from "./magic-link-plugin.js";
export type { MagicLinkMessage, MagicLinkOptions, MagicLinkRoutePath } from "./magic-link-options.js";
export { DEFAULT_MAGIC_LINK_RATE_LIMITS } from "./magic-link-options.js";
export { MAGIC_LINK_ERRORS } from "./magic-link-errors.js";
export { MAGIC_LINK_ROUTES } from "./routes-table.js";
