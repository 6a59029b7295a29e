import { NEXT_CURSOR_HEADER, clampPageLimit, findPage } from "@gatehouse-auth/core";
import type { AuthContext, Page, PageSpec } from "@gatehouse-auth/core";

/** Every organization listing's page sizes: 100 without `limit`, and never more (a larger one is clamped). */
export const ORGANIZATION_PAGE_LIMITS = { default: 100, max: 100 } as const;

/** A listing's paging input as its query gives it. */
export interface PageInput {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** One keyset page (oldest first unless `spec.sortBy` says otherwise) of an organization listing. */
export function readPage<T>(
  auth: AuthContext,
  spec: Omit<PageSpec, "limit" | "cursor" | "sortBy"> & { sortBy?: PageSpec["sortBy"] },
  input: PageInput,
): Promise<Page<T>> {
  return findPage<T>(auth, {
    ...spec,
    sortBy: spec.sortBy ?? { field: "createdAt", direction: "asc" },
    limit: clampPageLimit(input.limit, ORGANIZATION_PAGE_LIMITS),
    cursor: input.cursor,
  });
}

/**
 * A page for a listing whose answer is a bare array (better-auth's shape): the rows, with the next page's
 * cursor in the `X-Next-Cursor` response header when more remain.
 */
export async function readArrayPage<T>(
  ctx: { auth: AuthContext; responseHeaders: Record<string, string> },
  spec: Omit<PageSpec, "limit" | "cursor" | "sortBy"> & { sortBy?: PageSpec["sortBy"] },
  input: PageInput,
): Promise<T[]> {
  const { rows, nextCursor } = await readPage<T>(ctx.auth, spec, input);
  if (nextCursor) ctx.responseHeaders[NEXT_CURSOR_HEADER] = nextCursor;
  return rows;
}
