import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { listedSessionResponse } from "../api/response-shapes.js";
import { NEXT_CURSOR_HEADER } from "../paging/next-cursor-header.js";
import { clampPageLimit, pageQuery } from "../paging/page-query.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { toListedSession } from "../session/to-listed-session.js";

/** list-sessions' page sizes: 100 without `limit`, and never more (a larger `limit` is clamped). */
export const SESSION_PAGE_LIMITS = { default: 100, max: 100 } as const;

/**
 * GET /list-sessions: the caller's unexpired sessions by id, newest first, the caller's own marked
 * `current: true`. A page at a time (SPEC.md fixes the answer as an array, so the next page's cursor
 * rides in the `X-Next-Cursor` header). Never a token unless `session.listSessionTokens`: a session's
 * token is its bearer credential, and whoever reads one owns that session.
 */
export const listSessions = defineEndpoint(
  {
    method: "GET",
    path: "/list-sessions",
    query: z.object(pageQuery),
    session: "required",
    credentials: "own-session",
    openapi: {
      summary: "List your active sessions",
      description:
        "Newest first, at most 100 a page (a larger `limit` is clamped). When more remain, the `X-Next-Cursor` response header holds the cursor of the next page: pass it back as `cursor`.",
      response: z.array(listedSessionResponse),
      errors: [CORE_ERRORS.INVALID_CURSOR],
    },
  },
  async (ctx) => {
    const withTokens = ctx.auth.options.session.listSessionTokens;
    const { rows, nextCursor } = await ctx.auth.sessions.pageByUser(ctx.session.user.id, {
      limit: clampPageLimit(ctx.query.limit, SESSION_PAGE_LIMITS),
      cursor: ctx.query.cursor,
      withTokens,
    });
    if (nextCursor) ctx.responseHeaders[NEXT_CURSOR_HEADER] = nextCursor;
    return rows.map((s) => toListedSession(s, ctx.session.session.id, withTokens));
  },
);
