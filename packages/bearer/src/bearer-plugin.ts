import { definePlugin } from "@gatehouse-auth/core";
import { authenticateBearer } from "./authenticate-bearer.js";
import { BEARER_OPTION_KEYS, type BearerOptions } from "./bearer-options.js";
import { handOutAuthToken } from "./hand-out-auth-token.js";
import { signOutBearerSession } from "./sign-out-bearer-session.js";

/**
 * The bearer plugin: `Authorization: Bearer <signed session token>` authenticates like the session
 * cookie, and every response that sets the cookie hands the same value out in `set-auth-token`.
 * It adds no endpoint and no table: a bearer token is the session cookie's value, so signing out or
 * revoking the session through either ends both.
 */
export const bearer = (options: BearerOptions = {}) =>
  definePlugin({
    id: "bearer",
    optionKeys: { given: options, keys: BEARER_OPTION_KEYS },
    authenticate: authenticateBearer,
    authenticateScheme: {
      kind: "bearer",
      header: "authorization",
      scheme: "bearer",
      description:
        "The signed session token (the session cookie's value, `<token>.<signature>`) that sign-in and sign-up hand out in the set-auth-token header",
    },
    hooks: {
      before: [{ tags: ["sign-out"], run: signOutBearerSession }],
      after: [{ run: handOutAuthToken }],
    },
  });
