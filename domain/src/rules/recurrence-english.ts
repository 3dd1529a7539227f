/**
 * Recurring events in plain English, both ways: reading what a teacher types ("every 2 weeks on Tuesday
 * and Thursday until 20 March 2027") into a rule, and describing a stored rule in the zone's wall clock.
 */
import type { Options, Weekday } from "rrule";
import { SCHOOL_TIME_ZONE, formatWallClock, formatWallDate, toWall, wallTime } from "./zoned-time";
import { DAY_NAMES, RRule, WEEKDAYS, addWallUnits, readRRuleText, wallWeekday, type ParsedRule, type RecurrenceOptions } from "./recurrence-rule";

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

export function readEnglish(raw: string, startWall: Date): ParsedRule | { error: string } {
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
