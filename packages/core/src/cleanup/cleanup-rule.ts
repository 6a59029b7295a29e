/**
 * Rows of one table that have outlived their use, for the cleanup job (`auth.api.cleanup()`,
 * `npx gatehouse-auth cleanup`): every row whose `field` is below `before(now)` is deleted, in batches.
 * `field` must be indexed (the job selects each batch in `field` order): a date or a number column, or a
 * text column whose values sort as their time does (an ISO day such as `2026-11-27`).
 */
export interface CleanupRule {
  /** The model (as the schema names it). */
  model: string;
  /** The indexed date, number or ISO-text field that says when a row has expired. */
  field: string;
  /** The cutoff for a run at `now` (ms since the epoch): a Date, number or string, as the field's type. */
  before: (now: number) => Date | number | string;
  /**
   * Told which rows this run deleted, batch by batch (at most the batch size each), with the fields in
   * `select` (and `id`). With it set, each row of a batch is deleted by its id on its own, so a row taken
   * by another runner at the same moment is reported by that runner alone: never twice, never lost.
   * Must not throw (a failure would stop the run, with the rows already gone).
   */
  onDeleted?: { select: string[]; notify: (rows: Record<string, unknown>[]) => Promise<void> };
}

/** What a cleanup run deleted: a count per model, every model of every rule present (0 when none). */
export interface CleanupResult {
  deleted: Record<string, number>;
}
