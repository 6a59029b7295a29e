/** @gatehouse-auth/multi-session — several accounts signed in in one browser. */
export { multiSession } from "./multi-session-plugin.js";
export type { MultiSessionOptions, MultiSessionRoutePath } from "./multi-session-options.js";
export { DEFAULT_MULTI_SESSION_RATE_LIMITS, MAX_MAXIMUM_SESSIONS } from "./multi-session-options.js";
export { MULTI_SESSION_ERRORS } from "./multi-session-errors.js";
export { MULTI_SESSION_ROUTES } from "./routes-table.js";
export type { DeviceSession } from "./routes/list-device-sessions.js";
export type { DeviceSessionTarget } from "./device-session-target.js";
