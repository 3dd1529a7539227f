/**
 * Recurring events, the rule itself: reading stored or typed RRULE text, writing it back with UNTIL in UTC,
 * and the span limits (decision 013). The plain-English side is recurrence-english.ts; the entry point,
 * `@adesua/domain/recurrence`, is recurrence.ts.
 */
import * as rruleModule from "rrule";
import type { Options, Weekday } from "rrule";
import { SCHOOL_TIME_ZONE, fromWall, toWall, wallTime } from "./zoned-time";

// rrule ships a UMD bundle as `main` and ESM as `module`: under Node's ESM loader the names live on
// `default`, under a bundler they are named exports. This reads both.
const rrule = ((rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule) as typeof rruleModule;
export const { RRule } = rrule;

/** How far a rule may reach: no series expands forever. */
export const RECURRENCE_LIMITS = {
  /** The last occurrence starts at most this many years after the event's start. */
  maxYears: 2,
  /** At most this many occurrences in a series (the start included). */
  maxOccurrences: 1000,
} as const;

export interface RecurrenceOptions {
  /** IANA zone whose wall clock the rule follows (weekdays, "until" dates). Default Africa/Accra. */
  timeZone?: string;
}

const FREQUENCIES = new Set<number>([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);
export const WEEKDAYS: readonly Weekday[] = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
export const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** The weekday index (0 = Monday) in the zone's wall clock: rrule's numbering. */
export function wallWeekday(wall: Date): number {
  return (wall.getUTCDay() + 6) % 7;
}

export function addWallUnits(wall: Date, n: number, unit: string): Date {
  const d = new Date(wall);
  if (unit.startsWith("day")) d.setUTCDate(d.getUTCDate() + n);
  else if (unit.startsWith("week")) d.setUTCDate(d.getUTCDate() + 7 * n);
  else if (unit.startsWith("month")) d.setUTCMonth(d.getUTCMonth() + n);
  else d.setUTCFullYear(d.getUTCFullYear() + n);
  return d;
}

/** The latest instant a series may reach: start + maxYears, in wall time. */
export function capWall(startWall: Date): Date {
  return addWallUnits(startWall, RECURRENCE_LIMITS.maxYears, "year");
}

export interface ParsedRule {
  options: Partial<Options>;
  /** UNTIL as a wall time in the zone (inclusive), if any. */
  untilWall: Date | null;
}

/** Reads stored or typed RRULE text. Throws an Error with a readable message. */
export function readRRuleText(text: string, timeZone: string): ParsedRule {
  const body = text.trim().replace(/^RRULE:/i, "");
  if (/(^|[;\n])\s*(DTSTART|TZID)/i.test(body) || /\n/.test(body)) {
    throw new Error("Give only the rule (FREQ=…); the event's start sets when it begins");
  }
  let options: Partial<Options>;
  try {
    options = RRule.parseString(body);
  } catch (e) {
    throw new Error(`The recurrence rule is not valid: ${(e as Error).message}`, { cause: e });
  }
  if (options.freq === undefined || options.freq === null || !FREQUENCIES.has(options.freq)) {
    throw new Error("The recurrence rule needs FREQ=DAILY, WEEKLY, MONTHLY or YEARLY");
  }
  if (options.count != null && options.until != null) throw new Error("A recurrence rule cannot have both COUNT and UNTIL");
  if (options.count != null && options.count < 1) throw new Error("COUNT must be at least 1");
  if (options.interval != null && options.interval < 1) throw new Error("INTERVAL must be at least 1");
  let untilWall: Date | null = null;
  if (options.until) {
    const raw = /UNTIL=(\d{8})(T\d{6})?(Z)?/i.exec(body);
    if (raw && !raw[2]) {
      // A date-only UNTIL includes that whole day.
      const u = options.until;
      untilWall = wallTime(u.getUTCFullYear(), u.getUTCMonth() + 1, u.getUTCDate(), 23, 59, 59);
    } else if (raw && !raw[3]) {
      untilWall = options.until; // floating: already the zone's wall clock
    } else {
      untilWall = toWall(options.until, timeZone);
    }
  }
  delete options.until;
  delete options.dtstart;
  delete options.tzid;
  return { options, untilWall };
}

export function serialize(rule: ParsedRule, timeZone: string): string {
  const until = rule.untilWall ? fromWall(rule.untilWall, timeZone) : undefined;
  return RRule.optionsToString({ ...rule.options, ...(until ? { until } : {}) }).replace(/^RRULE:/, "");
}

/** An RRule whose times are wall times in the zone, starting at the event's start. */
export function wallRule(rule: ParsedRule, startWall: Date): InstanceType<typeof RRule> {
  return new RRule({ ...rule.options, dtstart: startWall, until: rule.untilWall ?? null, tzid: null });
}

/** Applies the span limits; returns an error message or null. Adds UNTIL when the rule has no end. */
export function bound(rule: ParsedRule, startWall: Date): string | null {
  const cap = capWall(startWall);
  if (rule.options.count != null) {
    if (rule.options.count > RECURRENCE_LIMITS.maxOccurrences) {
      return `A recurrence can have at most ${RECURRENCE_LIMITS.maxOccurrences.toLocaleString("en-GB")} occurrences`;
    }
  } else if (rule.untilWall) {
    if (rule.untilWall < startWall) return "The recurrence ends before the event starts";
    if (rule.untilWall > cap) return `The recurrence must end within ${RECURRENCE_LIMITS.maxYears} years of the event's start`;
  } else {
    rule.untilWall = cap;
  }
  // Without times of day (BYHOUR, …) a series repeats at most once a day, so an end within 2 years keeps it
  // under the occurrence limit without expanding it: that keeps the form's live reading cheap.
  const subDaily = (["byhour", "byminute", "bysecond"] as const).some((k) => {
    const v = rule.options[k];
    return v != null && !(Array.isArray(v) && v.length === 0);
  });
  if (rule.options.count == null && !subDaily && 2 * 366 <= RECURRENCE_LIMITS.maxOccurrences) return null;
  let n = 0;
  let last = null as Date | null;
  wallRule(rule, startWall).all((d) => {
    n++;
    last = d;
    return n <= RECURRENCE_LIMITS.maxOccurrences;
  });
  if (n > RECURRENCE_LIMITS.maxOccurrences) {
    return `The recurrence would repeat more than ${RECURRENCE_LIMITS.maxOccurrences.toLocaleString("en-GB")} times: give it an earlier end`;
  }
  if (last !== null && last > cap) return `The recurrence must end within ${RECURRENCE_LIMITS.maxYears} years of the event's start`;
  if (n === 0 && rule.options.count != null) return "The recurrence never occurs";
  return null;
}

/** True when `stored` reads as a stored rule (used to check rows and feed input). */
export function isStoredRRule(stored: string): boolean {
  try {
    readRRuleText(stored, SCHOOL_TIME_ZONE);
    return true;
  } catch {
    return false;
  }
}

/** A stored rule's parts for an iCalendar writer: the RRULE value with UNTIL in UTC. */
export function storedRuleForCalendar(stored: string, timeZone: string = SCHOOL_TIME_ZONE): string {
  return serialize(readRRuleText(stored, timeZone), timeZone);
}
