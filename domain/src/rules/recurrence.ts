/**
 * Recurring events: plain English or RRULE text → a stored RFC 5545 RRULE with a bounded span,
 * a human description of a stored rule, and expansion of an event into occurrences.
 *
 * Imported through `@adesua/domain/recurrence` (not the `rules` entry): it pulls in `rrule`,
 * which only the staff event form and the server need. Decision 013 has the limits and conventions.
 */
import * as rruleModule from "rrule";
import type { Options, Weekday } from "rrule";
import { SCHOOL_TIME_ZONE, formatWallClock, formatWallDate, fromWall, toWall, wallTime } from "./zoned-time";

// rrule ships a UMD bundle as `main` and ESM as `module`: under Node's ESM loader the names live on
// `default`, under a bundler they are named exports. This reads both.
const rrule = ((rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule) as typeof rruleModule;
const { RRule } = rrule;

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

export type RecurrenceResult =
  /** `rrule` is the stored form (`FREQ=…;…`, no `RRULE:` prefix), or null for "does not repeat". */
  { ok: true; rrule: string | null; description: string } | { ok: false; error: string };

const FREQUENCIES = new Set<number>([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);
const WEEKDAYS: readonly Weekday[] = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const MONTH_WORDS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] as const;
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  other: 2,
};
const ORDINAL_WORDS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, last: -1 };

const READ_HELP = 'Try "weekly on Monday", "every 2 weeks on Tuesday and Thursday until 20 March 2027", "daily", "every weekday" or "monthly on the 1st".';

/** The weekday index (0 = Monday) in the zone's wall clock: rrule's numbering. */
function wallWeekday(wall: Date): number {
  return (wall.getUTCDay() + 6) % 7;
}

function dayOf(word: string): number | null {
  const w = word.replace(/\.$/, "");
  if (w.length < 3) return null;
  for (let i = 0; i < DAY_NAMES.length; i++) {
    const name = DAY_NAMES[i]!;
    if (name.startsWith(w) || name.startsWith(w.replace(/s$/, "")) || w === `${name}s`) return i;
  }
  return null;
}

function dayList(text: string): number[] | null {
  const words = text.split(/\s*(?:,|\band\b|\/|\+)\s*/).filter(Boolean);
  if (words.length === 0) return null;
  const days: number[] = [];
  for (const w of words) {
    const d = dayOf(w);
    if (d === null) return null;
    if (!days.includes(d)) days.push(d);
  }
  return days.sort((a, b) => a - b);
}

function countOf(word: string | undefined): number | null {
  if (word === undefined) return 1;
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word] ?? null;
}

function ordinalOf(word: string): number | null {
  const m = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(word);
  if (m) return Number(m[1]);
  return ORDINAL_WORDS[word] ?? null;
}

function monthOf(word: string): number | null {
  const w = word.replace(/\.$/, "");
  if (w.length < 3) return null;
  const i = MONTH_WORDS.findIndex((m) => w.startsWith(m));
  if (i < 0) return null;
  const full = new Date(Date.UTC(2000, i, 1)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" }).toLowerCase();
  return full.startsWith(w) || w === "sept" ? i + 1 : null;
}

/**
 * A calendar date written day first ("20 March 2027", "20th March, 2027", "20/03/2027",
 * "Friday 20 March 2027"), month first in words ("March 20, 2027") or ISO ("2027-03-20").
 * Returns [year, month 1–12, day] or null.
 */
export function readDayFirstDate(text: string): [number, number, number] | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/, "")
    .replace(/\.$/, "");
  let y: number, mo: number | null, d: number;
  let m = /^(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+([a-z]+\.?),?\s+(\d{4})$/.exec(t);
  if (m) [d, mo, y] = [Number(m[1]), monthOf(m[2]!), Number(m[3])];
  else if ((m = /^([a-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(t))) [mo, d, y] = [monthOf(m[1]!), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t))) [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t))) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else return null;
  if (mo === null || mo < 1 || mo > 12 || d < 1) return null;
  const probe = wallTime(y, mo, d);
  if (probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null; // 31 April, 29 February 2027
  return [y, mo, d];
}

interface Draft {
  freq: number;
  interval?: number;
  byweekday?: Weekday[];
  bymonthday?: number[];
}

/** The body of a plain-English rule (without its "until"/"for" ending) as rrule options, or null. */
function readBody(body: string, startWall: Date): Draft | null {
  const N = "(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|other)";
  const b = body.replace(/^(?:repeats?|repeating|recurs?|recurring)\s+/, "").replace(/^every\s*day$/, "daily");
  let m: RegExpExecArray | null;

  if (/^(?:daily|each day|every day)$/.test(b)) return { freq: RRule.DAILY };
  if ((m = new RegExp(`^every ${N} days?$`).exec(b))) {
    const n = countOf(m[1]);
    return n ? { freq: RRule.DAILY, interval: n } : null;
  }
  if (/^(?:(?:every|each) )?(?:week ?days?|school ?days?)$/.test(b) || /^(?:every |each )?mon(?:day)?s? (?:to|-|through|till) fri(?:day)?s?$/.test(b)) {
    return { freq: RRule.WEEKLY, byweekday: WEEKDAYS.slice(0, 5) };
  }
  if ((m = new RegExp(`^(weekly|every week|each week|fortnightly|biweekly|every ${N} weeks?)(?: on (.+))?$`).exec(b))) {
    const n = m[1] === "fortnightly" || m[1] === "biweekly" ? 2 : m[2] ? countOf(m[2]) : 1;
    const days = m[3] === undefined ? [wallWeekday(startWall)] : dayList(m[3]);
    if (!n || !days) return null;
    return { freq: RRule.WEEKLY, interval: n, byweekday: days.map((d) => WEEKDAYS[d]!) };
  }
  if ((m = new RegExp(`^(?:(?:every|each|on)(?: ${N})? )?([a-z.,/&+ ]+?)(?: weekly)?$`).exec(b))) {
    const n = countOf(m[1]);
    const days = dayList(m[2]!);
    if (n && days) return { freq: RRule.WEEKLY, interval: n, byweekday: days.map((d) => WEEKDAYS[d]!) };
  }
  if ((m = new RegExp(`^(?:monthly|every month|each month|every ${N} months?)(?: on (?:the )?(.+?))?$`).exec(b))) {
    const n = countOf(m[1]);
    if (!n) return null;
    return monthlyOn(m[2], n, startWall);
  }
  if ((m = /^(?:on )?(?:the )?(.+?) of (?:every|each|the) month$/.exec(b))) return monthlyOn(m[1], 1, startWall);
  if (/^(?:yearly|annually|every year|each year)$/.test(b)) return { freq: RRule.YEARLY };
  if ((m = new RegExp(`^every ${N} years?$`).exec(b))) {
    const n = countOf(m[1]);
    return n ? { freq: RRule.YEARLY, interval: n } : null;
  }
  return null;
}

function monthlyOn(tail: string | undefined, interval: number, startWall: Date): Draft | null {
  if (tail === undefined) return { freq: RRule.MONTHLY, interval, bymonthday: [startWall.getUTCDate()] };
  const words = tail.replace(/\s+day$/, "").split(" ");
  if (words.length === 1) {
    const n = ordinalOf(words[0]!);
    if (n === null || n === 0 || n > 31) return null;
    return { freq: RRule.MONTHLY, interval, bymonthday: [n] };
  }
  if (words.length === 2) {
    const n = ordinalOf(words[0]!);
    const d = dayOf(words[1]!);
    if (n === null || d === null || n === 0 || n > 5) return null;
    return { freq: RRule.MONTHLY, interval, byweekday: [WEEKDAYS[d]!.nth(n)] };
  }
  return null;
}

function addWallUnits(wall: Date, n: number, unit: string): Date {
  const d = new Date(wall);
  if (unit.startsWith("day")) d.setUTCDate(d.getUTCDate() + n);
  else if (unit.startsWith("week")) d.setUTCDate(d.getUTCDate() + 7 * n);
  else if (unit.startsWith("month")) d.setUTCMonth(d.getUTCMonth() + n);
  else d.setUTCFullYear(d.getUTCFullYear() + n);
  return d;
}

/** The latest instant a series may reach: start + maxYears, in wall time. */
function capWall(startWall: Date): Date {
  return addWallUnits(startWall, RECURRENCE_LIMITS.maxYears, "year");
}

interface ParsedRule {
  options: Partial<Options>;
  /** UNTIL as a wall time in the zone (inclusive), if any. */
  untilWall: Date | null;
}

/** Reads stored or typed RRULE text. Throws an Error with a readable message. */
function readRRuleText(text: string, timeZone: string): ParsedRule {
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

function serialize(rule: ParsedRule, timeZone: string): string {
  const until = rule.untilWall ? fromWall(rule.untilWall, timeZone) : undefined;
  return RRule.optionsToString({ ...rule.options, ...(until ? { until } : {}) }).replace(/^RRULE:/, "");
}

/** An RRule whose times are wall times in the zone, starting at the event's start. */
function wallRule(rule: ParsedRule, startWall: Date): InstanceType<typeof RRule> {
  return new RRule({ ...rule.options, dtstart: startWall, until: rule.untilWall ?? null, tzid: null });
}

/** Applies the span limits; returns an error message or null. Adds UNTIL when the rule has no end. */
function bound(rule: ParsedRule, startWall: Date): string | null {
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

function readEnglish(raw: string, startWall: Date): ParsedRule | { error: string } {
  let body = raw
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[–—]/g, "-")
    .replace(/\s+/g, " ")
    .replace(/[.\s]+$/, "")
    .trim();
  let untilWall: Date | null = null;
  let count: number | undefined;
  let m: RegExpExecArray | null;
  if ((m = /^(.*?)[\s,]+(?:until|till|til|up to|ending(?: on)?|ends?(?: on)?)\s+(.+)$/.exec(body))) {
    const date = readDayFirstDate(m[2]!);
    if (!date) return { error: `Cannot read the end date "${m[2]}": write it like 20 March 2027 or 20/03/2027` };
    untilWall = wallTime(date[0], date[1], date[2], 23, 59, 59);
    body = m[1]!;
  } else if ((m = /^(.*?)[\s,]+(?:for\s+)?(\d+)\s+(?:times|occurrences|sessions|lessons|meetings)$/.exec(body))) {
    count = Number(m[2]);
    body = m[1]!;
  } else if ((m = /^(.*?)[\s,]+for\s+(\d+|[a-z]+)\s+(days?|weeks?|months?|years?)$/.exec(body))) {
    const n = countOf(m[2]);
    if (!n || m[2] === "other") return { error: `Cannot read "${m[2]} ${m[3]}"` };
    untilWall = new Date(addWallUnits(startWall, n, m[3]!).getTime() - 1000);
    body = m[1]!;
  }
  const draft = readBody(body.replace(/,$/, "").trim(), startWall);
  if (!draft) return { error: `Cannot read the recurrence "${raw}". ${READ_HELP}` };
  const options: Partial<Options> = { freq: draft.freq };
  if (draft.interval && draft.interval > 1) options.interval = draft.interval;
  if (draft.byweekday) options.byweekday = draft.byweekday;
  if (draft.bymonthday) options.bymonthday = draft.bymonthday;
  if (count !== undefined) options.count = count;
  return { options, untilWall };
}

const ORDINAL_NAMES: Record<number, string> = { 1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", [-1]: "last" };

function nth(n: number): string {
  if (n === -1) return "last day";
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${s}`;
}

function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function weekdayIndex(w: Weekday | number | string): number {
  if (typeof w === "number") return w;
  if (typeof w === "string") return ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].indexOf(w);
  return w.weekday;
}

function titleDay(i: number): string {
  const name = DAY_NAMES[i]!;
  return name[0]!.toUpperCase() + name.slice(1);
}

/**
 * "Every 2 weeks on Tuesday and Thursday at 2:00 pm, until 20 March 2027": what a stored rule means,
 * in the zone's wall clock. Falls back to rrule's own English for rules the form never writes.
 */
export function describeRecurrence(stored: string | null | undefined, start: Date, options: RecurrenceOptions = {}): string {
  if (!stored) return "Does not repeat";
  const timeZone = options.timeZone ?? SCHOOL_TIME_ZONE;
  const rule = readRRuleText(stored, timeZone);
  const o = rule.options;
  const startWall = toWall(start, timeZone);
  const interval = o.interval ?? 1;
  const days = (Array.isArray(o.byweekday) ? o.byweekday : o.byweekday != null ? [o.byweekday] : []) as (Weekday | number | string)[];
  const monthDays = Array.isArray(o.bymonthday) ? o.bymonthday : o.bymonthday != null ? [o.bymonthday] : [];
  const extra = ["bymonth", "bysetpos", "byyearday", "byweekno", "byhour", "byminute", "bysecond", "byeaster"].some((k) => {
    const v = (o as Record<string, unknown>)[k];
    return v != null && !(Array.isArray(v) && v.length === 0);
  });
  let text: string;
  const every = (unit: string) => (interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`);
  const hasNth = days.some((d) => typeof d === "object" && d.n);
  if (extra || (o.freq !== RRule.MONTHLY && hasNth) || (o.freq === RRule.DAILY && (days.length || monthDays.length))) {
    const t = new RRule({ ...o, dtstart: startWall, until: rule.untilWall ?? null }).toText();
    return t[0]!.toUpperCase() + t.slice(1); // rrule's English already names the end
  } else if (o.freq === RRule.DAILY) {
    text = every("day");
  } else if (o.freq === RRule.WEEKLY) {
    const idx = (days.length ? days.map(weekdayIndex) : [wallWeekday(startWall)]).sort((a, b) => a - b);
    text = interval === 1 && idx.join() === "0,1,2,3,4" ? "Every weekday (Monday to Friday)" : `${every("week")} on ${joinNames(idx.map(titleDay))}`;
  } else if (o.freq === RRule.MONTHLY) {
    if (days.length && hasNth) {
      const d = days[0] as Weekday;
      text = `${every("month")} on the ${ORDINAL_NAMES[d.n!] ?? nth(d.n!)} ${titleDay(d.weekday)}`;
    } else {
      const md = monthDays.length ? monthDays : [startWall.getUTCDate()];
      text = `${every("month")} on the ${joinNames(md.map(nth))}`;
    }
  } else {
    text = `${every("year")} on ${formatWallDate(startWall).replace(/ \d{4}$/, "")}`;
  }
  text += ` at ${formatWallClock(startWall)}`;
  if (o.count) text += `, ${o.count} time${o.count === 1 ? "" : "s"}`;
  else if (rule.untilWall) text += `, until ${formatWallDate(rule.untilWall)}`;
  return text;
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

export { SCHOOL_TIME_ZONE, isTimeZone, toWall, fromWall, wallTime, formatWallDate, formatWallClock } from "./zoned-time";
