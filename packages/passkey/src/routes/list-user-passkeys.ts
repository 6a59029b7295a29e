import {
  CORE_ERRORS,
  NEXT_CURSOR_HEADER,
  clampPageLimit,
  defineEndpoint,
  findPage,
  pageQuery,
} from "@gatehouse-auth/core";
import { z } from "zod";
import type { PasskeyRow } from "../passkey-record.js";
import { publicPasskey } from "../passkey-record.js";
import { passkeyResponse } from "./passkey-response.js";

/** list-user-passkeys' page sizes: 100 without `limit`, never more (a larger `limit` is clamped). */
export const PASSKEY_PAGE_LIMITS = { default: 100, max: 100 } as const;

/**
 * GET /passkey/list-user-passkeys: a page of the signed-in user's passkeys (never anyone else's), oldest
 * first. The answer stays an array (better-auth's shape): the next page's cursor is the `X-Next-Cursor` header.
 */
export const listUserPasskeys = defineEndpoint(
  {
    method: "GET",
    path: "/passkey/list-user-passkeys",
    query: z.object(pageQuery),
    session: "required",
    openapi: {
      summary: "List your passkeys",
      description:
        "Oldest first, at most 100 a page (a larger `limit` is clamped). When more remain, the `X-Next-Cursor` response header holds the next page's cursor: pass it back as `cursor`.",
      response: z.array(passkeyResponse),
      errors: [CORE_ERRORS.INVALID_CURSOR],
    },
  },
  async (ctx) => {
    const userId = ctx.session.user.id;
    const { rows, nextCursor } = await findPage<PasskeyRow>(ctx.auth, {
      listing: `passkeys:${userId}`,
      model: "passkey",
      where: [{ field: "userId", value: userId }],
      sortBy: { field: "createdAt", direction: "asc" },
      limit: clampPageLimit(ctx.query.limit, PASSKEY_PAGE_LIMITS),
      cursor: ctx.query.cursor,
    });
    if (nextCursor) ctx.responseHeaders[NEXT_CURSOR_HEADER] = nextCursor;
    return rows.map(publicPasskey);
  },
);
