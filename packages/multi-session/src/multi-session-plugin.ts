import { definePlugin } from "@gatehouse-auth/core";
import { MULTI_SESSION_ERRORS } from "./multi-session-errors.js";
import {
  MULTI_SESSION_OPTION_KEYS,
  type MultiSessionOptions,
  resolveMultiSessionOptions,
} from "./multi-session-options.js";
import { recordDeviceSession } from "./record-device-session.js";
import { listDeviceSessions } from "./routes/list-device-sessions.js";
import { revokeDeviceSession } from "./routes/revoke-device-session.js";
import { setActiveSession } from "./routes/set-active-session.js";
import { signOutDevice } from "./sign-out-device.js";

/**
 * The multi-session plugin: one browser signed in to several accounts. Every response that sets a
 * session cookie — any sign-in or sign-up, whichever plugin made it — also records that session in a
 * signed per-browser cookie set, which the plugin's routes list, switch between and revoke from.
 * Sign-out signs the browser out of all of them. No schema of its own.
 */
export const multiSession = (options: MultiSessionOptions = {}) => {
  const o = resolveMultiSessionOptions(options);
  return definePlugin({
    id: "multi-session",
    // A misspelt option (maximumSession) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: MULTI_SESSION_OPTION_KEYS },
    errors: MULTI_SESSION_ERRORS,
    rateLimit: o.rateLimit,
    endpoints: {
      listDeviceSessions: listDeviceSessions(o),
      setActiveSession,
      revokeDeviceSession,
    },
    hooks: {
      after: [
        {
          // Keyed on the session cookie being set, not on tags: a sign-in no tag names is still caught.
          matcher: (ctx) => ctx.newSession !== null,
          run: async (ctx) => {
            if (ctx.newSession) await recordDeviceSession(ctx, ctx.newSession, o.maximumSessions);
          },
        },
        { tags: ["sign-out"], run: signOutDevice },
      ],
    },
  });
};
