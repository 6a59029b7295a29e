import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { sessionResponse } from "../api/response-shapes.js";
import { SENSITIVE_ACTION_TAG } from "../plugins/sensitive-action-tag.js";

/** GET /list-sessions: the caller's unexpired sessions, each with the token revoke-session takes. */
export const listSessions = defineEndpoint(
  {
    method: "GET",
    path: "/list-sessions",
    session: "required",
    // The answer holds every session's bearer token.
    tags: [SENSITIVE_ACTION_TAG],
    openapi: { summary: "List your active sessions", response: z.array(sessionResponse) },
  },
  async (ctx) => ctx.auth.sessions.listByUser(ctx.session.user.id),
);
