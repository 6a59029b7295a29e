// DATETIME has no time zone, and mysql2 converts Dates with the pool's `timezone` setting (local time
// by default, which skips or repeats an hour at DST changes). Writing and reading UTC text ourselves
// makes the stored value and the round-trip independent of how the user configured their pool.

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A Date as the UTC DATETIME(3) literal `YYYY-MM-DD HH:MM:SS.mmm`. */
export function toMysqlDatetime(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`
  );
}

const DATETIME = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?$/;

/** A DATETIME value read as text (see `selectColumn`) back to the instant it was written as, in UTC. */
export function fromMysqlDatetime(text: string): Date | null {
  const m = DATETIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac = "0"] = m;
  const ms = Number(frac.padEnd(3, "0").slice(0, 3));
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms));
}
