import type { Db } from "@gatehouse/core";

const DAY_MS = 86_400_000;

/** The audit-log event types the overview charts (see @gatehouse/audit-log's event-map.ts). */
export const CHARTED_EVENTS = {
  "user.signed_up": "signUps",
  "user.signed_in": "signIns",
  "user.sign_in_failed": "failedSignIns",
} as const;

type Series = (typeof CHARTED_EVENTS)[keyof typeof CHARTED_EVENTS];

/** One UTC day of the overview chart. */
export type DayCounts = { date: string } & Record<Series, number>;

/**
 * Up to this many events in the window are read as narrow rows (type and time) in one query and tallied
 * here; past it, each day and type is counted by the database instead (3 × days indexed counts), so the
 * memory used never grows with the traffic.
 */
export const ROW_BUDGET = 20_000;

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

/** Per-day counts of sign-ups, sign-ins and failed sign-ins from the `auditEvent` table (see ROW_BUDGET). */
export async function countAuditDays(db: Db, now: number, days: number, budget = ROW_BUDGET): Promise<DayCounts[]> {
  const out = emptyDays(now, days);
  const from = new Date(Date.parse(`${out[0]?.date}T00:00:00Z`));
  const types = Object.keys(CHARTED_EVENTS);
  const window = [
    { field: "type", operator: "in" as const, value: types },
    { field: "createdAt", operator: "gte" as const, value: from },
  ];
  const total = await db.count({ model: "auditEvent", where: window });
  if (total === 0) return out;
  if (total <= budget) {
    const rows = await db.findMany<{ type: string; createdAt: unknown }>({
      model: "auditEvent",
      where: window,
      select: ["type", "createdAt"],
      limit: budget,
    });
    const byDate = new Map(out.map((d) => [d.date, d]));
    for (const row of rows) {
      const at = row.createdAt instanceof Date ? row.createdAt : new Date(String(row.createdAt));
      const day = Number.isNaN(at.getTime()) ? undefined : byDate.get(at.toISOString().slice(0, 10));
      const series = CHARTED_EVENTS[row.type as keyof typeof CHARTED_EVENTS];
      if (day && series) day[series] += 1;
    }
    return out;
  }
  // Ten days (thirty counts) at a time: the pool is not flooded with 270 queries at once.
  for (let start = 0; start < out.length; start += 10) {
    await Promise.all(
      out.slice(start, start + 10).flatMap((day) => {
        const begin = new Date(Date.parse(`${day.date}T00:00:00Z`));
        const end = new Date(begin.getTime() + DAY_MS);
        return Object.entries(CHARTED_EVENTS).map(async ([type, series]) => {
          day[series] = await db.count({
            model: "auditEvent",
            where: [
              { field: "type", value: type },
              { field: "createdAt", operator: "gte", value: begin },
              { field: "createdAt", operator: "lt", value: end },
            ],
          });
        });
      }),
    );
  }
  return out;
}
