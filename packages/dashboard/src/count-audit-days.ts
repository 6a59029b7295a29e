import type { Db } from "@gatehouse-auth/core";

const DAY_MS = 86_400_000;

/** The audit-log event types the overview charts (DAILY_COUNTED_TYPES in @gatehouse-auth/audit-log). */
export const CHARTED_EVENTS = {
  "user.signed_up": "signUps",
  "user.signed_in": "signIns",
  "user.sign_in_failed": "failedSignIns",
} as const;

type Series = (typeof CHARTED_EVENTS)[keyof typeof CHARTED_EVENTS];

/** One UTC day of the overview chart. */
export type DayCounts = { date: string } & Record<Series, number>;

/** The audit log's per-day counters (auditDailyCount in @gatehouse-auth/audit-log), read by id. */
export const DAILY_COUNT_MODEL = "auditDailyCount";

/** `days` UTC days ending today, oldest first, all zero. */
export function emptyDays(now: number, days: number): DayCounts[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) => ({
    date: new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
    signUps: 0,
    signIns: 0,
    failedSignIns: 0,
  }));
}

/**
 * Per-day counts of sign-ups, sign-ins and failed sign-ins: ONE query by primary key for the counter rows
 * the audit log writes beside each event (`${day}|${type}`, at most 3 × 90 of them). Its cost depends on
 * the range only, never on how many events there are; events are never counted at view time.
 */
export async function countAuditDays(db: Db, now: number, days: number): Promise<DayCounts[]> {
  const out = emptyDays(now, days);
  const ids = out.flatMap((d) => Object.keys(CHARTED_EVENTS).map((type) => `${d.date}|${type}`));
  const rows = await db.findMany<{ day: unknown; type: unknown; count: unknown }>({
    model: DAILY_COUNT_MODEL,
    where: [{ field: "id", operator: "in", value: ids }],
    select: ["day", "type", "count"],
    limit: ids.length,
  });
  const byDate = new Map(out.map((d) => [d.date, d]));
  for (const row of rows) {
    const day = byDate.get(String(row.day));
    const series = CHARTED_EVENTS[String(row.type) as keyof typeof CHARTED_EVENTS];
    const count = Number(row.count);
    if (day && series && Number.isFinite(count)) day[series] = count;
  }
  return out;
}
