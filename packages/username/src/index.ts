/** @gatehouse-auth/username — usernames for Gatehouse: sign-up and profile field, sign-in by username, availability. */
export { username } from "./username-plugin.js";
export type { UsernameOptions } from "./username-options.js";
export { USERNAME_ERRORS } from "./username-errors.js";
export { USERNAME_ROUTES } from "./routes-table.js";
