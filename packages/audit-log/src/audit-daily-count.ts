import type { Db, Schema } from "@gatehouse-auth/core";
import { UniqueConstraintError } from "@gatehouse-auth/core";

/**
 * The event types counted per UTC day as they are written, for charts (the dashboard's overview) that
 * must not count events at view time: reading `days × types` small rows costs the same at a hundred events
 * as at ten million.
 */
export const DAILY_COUNTED_TYPES: ReadonlySet<string> = new Set([
  "user.signed_up",
  "user.signed_in",
  "user.sign_in_failed",
]);

/**
 * One row per UTC day and counted type. The id is `${day}|${type}` (see dailyCountId), so the row is found
 * and created by primary key: no extra index, and two processes creating the same day's row collide on it
 * instead of writing two rows.
 */
export const auditDailyCountSchema: Schema = {
  auditDailyCount: {
    fields: {
      // Indexed for the cleanup job, which deletes the days past retention (ISO days sort as time does).
      day: { type: "string", maxLength: 10, index: true },
      type: { type: "string", maxLength: 64 },
      count: { type: "number" },
    },
  },
};

/** The counter row's id for a UTC day (`YYYY-MM-DD`) and an event type. */
export const dailyCountId = (day: string, type: string) => `${day}|${type}`;

/**
 * Adds one to the day's counter of `type`: one UPDATE when the row exists (every event but the day's
 * first), else an INSERT; if another process inserted it first, the UPDATE again. Atomic on every
 * adapter (`count = count + 1` in the statement), so concurrent events are all counted.
 */
export async function bumpDailyCount(db: Db, type: string, at: Date): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  const id = dailyCountId(day, type);
  const bump = () =>
    db.updateMany({
      model: "auditDailyCount",
      where: [{ field: "id", value: id }],
      update: {},
      increment: { count: 1 },
    });
  if ((await bump()) > 0) return;
  try {
    await db.create({ model: "auditDailyCount", data: { id, day, type, count: 1 } });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    await bump();
  }
}
