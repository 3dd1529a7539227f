/**
 * Recurring events: plain English or RRULE text → a stored RFC 5545 RRULE with a bounded span,
 * a human description of a stored rule, and expansion of an event into occurrences.
 *
 * Imported through `@adesua/domain/recurrence` (not the `rules` entry): it pulls in `rrule`,
 * which only the staff event form and the server need. Decision 013 has the limits and conventions.
 */
import type { Options } from "rrule";
import { SCHOOL_TIME_ZONE, fromWall, toWall } from "./zoned-time";
import {
  RECURRENCE_LIMITS,
  RRule,
  WEEKDAYS,
  bound,
  capWall,
  readRRuleText,
  serialize,
  wallWeekday,
  type ParsedRule,
  type RecurrenceOptions,
} from "./recurrence-rule";
import { describeRecurrence, readEnglish } from "./recurrence-english";

export type RecurrenceResult =
  /** `rrule` is the stored form (`FREQ=…;…`, no `RRULE:` prefix), or null for "does not repeat". */
  { ok: true; rrule: string | null; description: string } | { ok: false; error: string };

/**
 * Reads a recurrence as typed in the event form: empty (no repeat), plain English
 * ("weekly on Monday", "every 2 weeks on Tuesday and Thursday until 20 March 2027", "daily",
 * "every weekday", "monthly on the 1st", "every Friday", "… for 10 weeks", "… 12 times")
 * or RRULE text ("FREQ=WEEKLY;BYDAY=MO", with or without "RRULE:").
 * Returns the bounded RRULE to store and a description of what was understood, or an error.
 */
export function parseRecurrence(text: string | null | undefined, start: Date, options: RecurrenceOptions = {}): RecurrenceResult {
  const timeZone = options.timeZone ?? SCHOOL_TIME_ZONE;
  const raw = (text ?? "").trim();
  if (raw === "" || /^(?:none|never|does not repeat|no repeat|once)$/i.test(raw)) {
    return { ok: true, rrule: null, description: "Does not repeat" };
  }
  if (Number.isNaN(start.getTime())) return { ok: false, error: "Set the event's start before its recurrence" };
  const startWall = toWall(start, timeZone);
  let rule: ParsedRule;
  if (/FREQ=/i.test(raw) || /^(?:RRULE|DTSTART|EXDATE)/i.test(raw)) {
    try {
      rule = readRRuleText(raw.toUpperCase(), timeZone);
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  } else {
    const english = readEnglish(raw, startWall);
    if ("error" in english) return { ok: false, error: english.error };
    rule = english;
  }
  const problem = bound(rule, startWall);
  if (problem) return { ok: false, error: problem };
  const stored = serialize(rule, timeZone);
  return { ok: true, rrule: stored, description: describeRecurrence(stored, start, { timeZone }) };
}

export interface ExpandableEvent {
  start: Date;
  end: Date;
  /** Stored RRULE (`FREQ=…`), or null/empty for a one-off event. */
  rrule?: string | null;
  /** Starts of cancelled occurrences (EXDATE). */
  exceptions?: readonly Date[];
}

export interface Occurrence {
  start: Date;
  end: Date;
}

export interface ExpandOptions extends RecurrenceOptions {
  /** Walk the rule from the series' start instead of jumping near the range (slower; the tests' reference). */
  fromSeriesStart?: boolean;
}

const has = (v: unknown) => v != null && !(Array.isArray(v) && v.length === 0);

/**
 * A later DTSTART that yields the same occurrences from `notBefore` on, so a long series is not walked
 * from its beginning (rrule cannot jump; walking two years of a daily rule costs milliseconds per event).
 * The parts rrule would take from DTSTART are written out first, then DTSTART moves by whole periods
 * (INTERVAL days, weeks, months or years), which keeps every period boundary where it was.
 */
function fastForward(options: Partial<Options>, startWall: Date, notBefore: Date): { options: Partial<Options>; dtstart: Date } {
  const o: Partial<Options> = { ...options };
  const interval = o.interval ?? 1;
  const freq = o.freq!;
  if (freq === RRule.WEEKLY && !has(o.byweekday)) o.byweekday = [WEEKDAYS[wallWeekday(startWall)]!];
  if (freq === RRule.MONTHLY && !has(o.byweekday) && !has(o.bymonthday)) o.bymonthday = [startWall.getUTCDate()];
  if (freq === RRule.YEARLY && !has(o.byweekday) && !has(o.bymonthday) && !has(o.byyearday) && !has(o.byweekno) && !has(o.bymonth)) {
    o.bymonth = [startWall.getUTCMonth() + 1];
    o.bymonthday = [startWall.getUTCDate()];
  } else if (freq === RRule.YEARLY && has(o.bymonth) && !has(o.byweekday) && !has(o.bymonthday) && !has(o.byyearday) && !has(o.byweekno)) {
    o.bymonthday = [startWall.getUTCDate()];
  }
  if (!has(o.byhour)) o.byhour = [startWall.getUTCHours()];
  if (!has(o.byminute)) o.byminute = [startWall.getUTCMinutes()];
  if (!has(o.bysecond)) o.bysecond = [startWall.getUTCSeconds()];
  const gap = notBefore.getTime() - startWall.getTime();
  if (gap <= 0) return { options: o, dtstart: startWall };
  const y = startWall.getUTCFullYear();
  const m = startWall.getUTCMonth();
  const midnight = Date.UTC(y, m, startWall.getUTCDate());
  let dtstart: Date;
  if (freq === RRule.DAILY || freq === RRule.WEEKLY) {
    const periodDays = interval * (freq === RRule.WEEKLY ? 7 : 1);
    const periods = Math.max(0, Math.floor(gap / (periodDays * 86_400_000)) - 1);
    // One period short of the range: the days of that period before the new DTSTART lie before the range.
    dtstart = new Date(midnight + periods * periodDays * 86_400_000);
  } else {
    const monthsPerPeriod = interval * (freq === RRule.YEARLY ? 12 : 1);
    const gapMonths = (notBefore.getUTCFullYear() - y) * 12 + (notBefore.getUTCMonth() - m);
    const periods = Math.max(0, Math.floor(gapMonths / monthsPerPeriod) - 1);
    const monthIndex = m + periods * monthsPerPeriod;
    dtstart = new Date(Date.UTC(y, freq === RRule.YEARLY ? monthIndex - m : monthIndex, 1));
  }
  return dtstart <= startWall ? { options: o, dtstart: startWall } : { options: o, dtstart };
}

/**
 * The occurrences of an event that overlap [from, to), in order, each with its own start and end
 * (same duration as the event). The event's own start is always the first occurrence (RFC 5545),
 * cancelled starts are left out, no series reaches past `maxYears` after its start, and no call
 * yields more than `maxOccurrences` of one series.
 */
export function expandEvent(event: ExpandableEvent, range: { from: Date; to: Date }, options: ExpandOptions = {}): Occurrence[] {
  const timeZone = options.timeZone ?? SCHOOL_TIME_ZONE;
  const duration = Math.max(0, event.end.getTime() - event.start.getTime());
  const cancelled = new Set((event.exceptions ?? []).map((d) => d.getTime()));
  const overlaps = (s: number) => s < range.to.getTime() && (s + duration > range.from.getTime() || (duration === 0 && s >= range.from.getTime()));
  const out: Occurrence[] = [];
  const add = (s: number) => {
    if (overlaps(s) && !cancelled.has(s) && (out.length === 0 || out[out.length - 1]!.start.getTime() < s)) {
      out.push({ start: new Date(s), end: new Date(s + duration) });
    }
  };
  add(event.start.getTime());
  if (!event.rrule) return out;

  const rule = readRRuleText(event.rrule, timeZone);
  const startWall = toWall(event.start, timeZone);
  const cap = capWall(startWall);
  const untilWall = rule.untilWall && rule.untilWall < cap ? rule.untilWall : cap;
  // An occurrence that started before `from` may still be running at `from` (a day's margin for zone shifts).
  const firstWall = new Date(toWall(new Date(range.from.getTime() - duration), timeZone).getTime() - 86_400_000);
  const lastWall = toWall(range.to, timeZone);
  const walk = rule.options.count == null && !options.fromSeriesStart;
  const { options: ruleOptions, dtstart } = walk ? fastForward(rule.options, startWall, firstWall) : { options: rule.options, dtstart: startWall };
  const rrule = new RRule({ ...ruleOptions, dtstart, until: untilWall, tzid: null });
  let seen = 0;
  rrule.all((wall) => {
    seen++;
    if (wall >= lastWall || out.length >= RECURRENCE_LIMITS.maxOccurrences || seen > RECURRENCE_LIMITS.maxOccurrences * 3) return false;
    if (wall >= firstWall && wall > startWall) add(fromWall(wall, timeZone).getTime());
    return true;
  });
  return out;
}

export { RECURRENCE_LIMITS, isStoredRRule, storedRuleForCalendar, type RecurrenceOptions } from "./recurrence-rule";
export { describeRecurrence, readDayFirstDate } from "./recurrence-english";
export { SCHOOL_TIME_ZONE, isTimeZone, toWall, fromWall, wallTime, formatWallDate, formatWallClock } from "./zoned-time";
