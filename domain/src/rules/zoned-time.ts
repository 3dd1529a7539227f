/**
 * Wall-clock time in a named time zone, with nothing but `Intl` (works in Node and every browser).
 *
 * A "wall" Date is a floating time: its UTC fields hold the clock on the wall in the zone
 * (the convention `rrule` expects for zone-aware expansion). `toWall` and `fromWall` convert
 * between real instants and wall times.
 */

/** The school's time zone (Ghana: UTC+0 all year, no daylight saving). */
export const SCHOOL_TIME_ZONE = "Africa/Accra";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws a RangeError for an unknown zone, which is what a caller passing a bad zone should see.
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at `instant`, as a floating Date (read it with getUTC*). */
export function toWall(instant: Date, timeZone: string): Date {
  const fields: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") fields[p.type] = Number(p.value);
  }
  return new Date(Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!, instant.getUTCMilliseconds()));
}

/**
 * The instant at which the wall clock in `timeZone` shows `wall`.
 * In a daylight-saving gap the later offset wins; in an overlap the first occurrence.
 */
export function fromWall(wall: Date, timeZone: string): Date {
  const guess = wall.getTime();
  const offset1 = toWall(new Date(guess), timeZone).getTime() - guess;
  let t = guess - offset1;
  const offset2 = toWall(new Date(t), timeZone).getTime() - t;
  if (offset2 !== offset1) t = guess - offset2;
  return new Date(t);
}

/** A wall time from its fields (month 1–12). */
export function wallTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** "20 March 2027": the day-first date Ghanaian schools write, for a wall time. */
export function formatWallDate(wall: Date): string {
  return `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

/** "2:00 pm" for a wall time. */
export function formatWallClock(wall: Date): string {
  const h = wall.getUTCHours();
  const m = String(wall.getUTCMinutes()).padStart(2, "0");
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? "am" : "pm"}`;
}

export const MONTH_NAMES: readonly string[] = MONTHS;
