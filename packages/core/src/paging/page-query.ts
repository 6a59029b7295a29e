import { z } from "zod";

/**
 * The query fields every paged listing takes: `limit` (rows per page; above the listing's maximum it is
 * clamped to it, never refused, so better-auth clients asking for "everything" get the first page) and
 * `cursor` (a previous answer's `nextCursor`).
 */
export const pageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe("Rows per page; above the listing's maximum it is clamped to the maximum"),
  cursor: z.string().min(1).max(1024).optional().describe("The previous page's nextCursor; omit for the first page"),
};

/** A listing's page sizes: what it answers without `limit`, and the most it answers with one. */
export interface PageLimits {
  default: number;
  max: number;
}

/** The page size to read: the requested one clamped to 1..max, or the default. */
export function clampPageLimit(requested: number | undefined, limits: PageLimits): number {
  if (requested === undefined) return Math.min(limits.default, limits.max);
  return Math.max(1, Math.min(Math.trunc(requested), limits.max));
}
