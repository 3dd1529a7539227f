/**
 * Reads an event out of the text of a school circular or notice: the subject line or first heading,
 * the event's date and times as Ghanaian schools write them, a recurrence phrase, and the full text.
 *
 * Dates are recognised by chrono-node's British (day-first) parser; this file adds only the glue
 * schools' letters need: weekday names before day numbers ("from Monday 12th to Friday 16th
 * January"), "2.00 p.m." and en dashes, the document's own date as the reference for year-less
 * dates, and which date is the event's. Decision 013 describes the conventions.
 */
import * as chrono from "chrono-node";
import type { ParsedComponents, ParsedResult } from "chrono-node";
import { SCHOOL_TIME_ZONE, fromWall, parseRecurrence, toWall } from "@adesua/domain/recurrence";

export interface ParsedSchedule {
  /** The subject line ("RE: …", "SUBJECT: …") or the first heading; "" when none. */
  title: string;
  /** The sentence or paragraph that announces the event; "" when none. */
  description: string;
  /** ISO 8601 instant, or null when no date was found. A date without a time starts at 00:00. */
  start: string | null;
  /** ISO 8601 instant, or null when no end was found. Whole days end at 00:00 the day after. */
  end: string | null;
  /** The stored RRULE for a recurrence phrase ("every Friday"), the phrase itself when no start was found, or "". */
  recurrence: string;
  /** The full text. */
  content: string;
}

export interface ParseCircularOptions {
  /** Reference for year-less dates when the document carries no date of its own. */
  now?: Date;
  timeZone?: string;
}

const DAY_MS = 86_400_000;
/** How much of the text (after the title) is searched for dates and times: about ten pages. */
export const MAX_SCANNED = 30_000;
const WEEKDAY = "(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?";
const ADDRESS_LINE = /\b(?:p\.?\s?o\.?\s*box|box\s+\d|post office|tel(?:ephone)?\b|phone|mobile|e-?mail|website|www\.|digital address|gps\b)|@/i;
const SUBJECT_LINE = /^(?:re|subject|subj|topic|title)\s*[:.\-–]\s*(.+)$/i;
const GREETING = /^(?:dear\b|to\b|from\b|attention\b|attn\b|our ref|your ref|ref\b|ref\.|date\b|cc\b)/i;

interface Prepared {
  text: string;
  /** For each index in `text`, the index in the original. */
  origin: number[];
}

/** Rewrites `p` with `re`, keeping the map back to the original text. */
function rewrite(p: Prepared, re: RegExp, to: (m: RegExpExecArray) => string): Prepared {
  let text = "";
  const origin: number[] = [];
  const keep = (from: number, until: number) => {
    for (let i = from; i < until; i++) origin.push(p.origin[i]!);
  };
  let last = 0;
  for (const m of p.text.matchAll(re)) {
    text += p.text.slice(last, m.index);
    keep(last, m.index);
    const out = to(m as RegExpExecArray);
    text += out;
    for (let i = 0; i < out.length; i++) origin.push(p.origin[Math.min(m.index + i, m.index + m[0].length - 1)]!);
    last = m.index + m[0].length;
  }
  text += p.text.slice(last);
  keep(last, p.text.length + 1); // and one past the end
  return { text, origin };
}

/** The text chrono reads: school spellings rewritten into ones it knows. */
function prepare(text: string): Prepared {
  let p: Prepared = { text, origin: [...Array(text.length + 1).keys()] };
  p = rewrite(p, /[–—]/g, () => "-");
  // "Monday 12th to Friday 16th January" → "12th to 16th January": chrono reads that as a range, not with weekdays between.
  p = rewrite(p, new RegExp(`\\b${WEEKDAY},?\\s+(?=\\d{1,2}(?:st|nd|rd|th)?\\b)`, "gi"), () => "");
  // "2.00 p.m." / "10.30am" → "2:00 pm" / "10:30am"
  p = rewrite(p, /\b(\d{1,2})\.(\d{2})(\s?)([ap])\.?m\b\.?/gi, (m) => `${m[1]}:${m[2]}${m[3]}${m[4]}m`);
  p = rewrite(p, /\b([ap])\.m\.?/gi, (m) => `${m[1]}m`);
  return p;
}

function isDateOnlyLine(line: string, ref: Date): boolean {
  if (line.length > 60) return false;
  const prepared = prepare(line.replace(/^date\s*[:.-]?\s*/i, ""))
    .text.replace(/[.,\s]+$/, "")
    .trim();
  const found = chrono.en.GB.parse(prepared, ref);
  return found.length === 1 && found[0]!.start.isCertain("day") && found[0]!.text.length >= prepared.length - 2;
}

function cleanTitle(s: string): string {
  return s
    .replace(/[*_#]+/g, "")
    .replace(/\s+/g, " ")
    .replace(/[.:,;\s]+$/, "")
    .trim();
}

function isHeading(line: string): boolean {
  const letters = line.replace(/[^A-Za-z]/g, "");
  return letters.length >= 3 && line.length <= 120 && letters === letters.toUpperCase();
}

interface Line {
  s: string;
  at: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let at = 0;
  for (const raw of text.split("\n")) {
    const lead = raw.length - raw.trimStart().length;
    lines.push({ s: raw.trim(), at: at + lead });
    at += raw.length + 1;
  }
  return lines;
}

/** Words that head a notice without naming it: the line after them is the title. */
const GENERIC_HEADING = /^(?:notice|circular|memo(?:randum)?|announcement|press release|urgent|important|reminder|information)[\s:!.]*$/i;

interface Located {
  title: string;
  /** Index in the text where the body (after the title line) begins. */
  bodyStart: number;
}

function locateTitle(lines: Line[], now: Date): Located {
  const subject = lines.find((l) => SUBJECT_LINE.test(l.s));
  if (subject) return { title: cleanTitle(SUBJECT_LINE.exec(subject.s)![1]!), bodyStart: subject.at + subject.s.length };
  // Skip the letterhead: everything up to the last address line near the top.
  const nonEmpty = lines.filter((l) => l.s !== "");
  let from = 0;
  nonEmpty.slice(0, 8).forEach((l, i) => {
    if (ADDRESS_LINE.test(l.s)) from = i + 1;
  });
  const candidates: Line[] = [];
  for (const l of nonEmpty.slice(from)) {
    if (candidates.length === 6) break;
    if (!GREETING.test(l.s) && !ADDRESS_LINE.test(l.s) && !GENERIC_HEADING.test(l.s) && !isDateOnlyLine(l.s, now)) candidates.push(l);
  }
  const heading = candidates.find((l) => isHeading(l.s));
  const chosen = heading ?? candidates.slice(0, 3).find((l) => l.s.length <= 80 && !/[.,;]$/.test(l.s) && l.s.split(" ").length <= 12);
  if (!chosen) return { title: "", bodyStart: 0 };
  return { title: cleanTitle(chosen.s), bodyStart: chosen.at + chosen.s.length };
}

/**
 * The document's own date: a date standing alone (or after "Date:") above the title. Below the title a
 * date alone is the event's ("SPORTS DAY / Date: Saturday 5th December / Time: 2pm"), unless other
 * dates follow it (see parseCircular).
 */
function documentDate(lines: Line[], titleEnd: number, now: Date): { result: ParsedResult; line: Line } | null {
  for (const line of lines.filter((l) => l.s !== "" && l.at < titleEnd).slice(0, 15)) {
    if (!isDateOnlyLine(line.s, now)) continue;
    const [result] = chrono.en.GB.parse(prepare(line.s.replace(/^date\s*[:.-]?\s*/i, "")).text, now);
    if (result?.start.isCertain("year")) return { result, line };
  }
  return null;
}

function offsetMinutes(instant: Date, timeZone: string): number {
  return Math.round((toWall(instant, timeZone).getTime() - instant.getTime()) / 60_000);
}

/** The instant of a chrono component's date, at `time` or 00:00, in the zone. */
function instantOf(c: ParsedComponents, timeZone: string, time?: { hour: number; minute: number }): Date {
  const wall = new Date(Date.UTC(c.get("year")!, c.get("month")! - 1, c.get("day")!, time?.hour ?? 0, time?.minute ?? 0));
  return fromWall(wall, timeZone);
}

function timeOf(c: ParsedComponents | undefined): { hour: number; minute: number } | undefined {
  if (!c || !c.isCertain("hour")) return undefined;
  return { hour: c.get("hour")!, minute: c.get("minute") ?? 0 };
}

function sameDay(a: ParsedComponents, b: ParsedComponents): boolean {
  return a.get("year") === b.get("year") && a.get("month") === b.get("month") && a.get("day") === b.get("day");
}

/** The sentence around [from, to) in `text`, whitespace collapsed. Short lines (headings, dates) end sentences too. */
function sentenceAround(text: string, from: number, to: number): string {
  const before = text.slice(0, from);
  const breaks = [
    before.lastIndexOf("\n\n") + 1,
    ...[...before.matchAll(/[.!?:](?=\s+[A-Z(])/g)].map((m) => m.index + 1),
    ...[...before.matchAll(/(?<=^|\n)[^\n]{0,40}\n/g)].map((m) => m.index + m[0].length),
  ];
  const start = Math.max(0, ...breaks);
  const rest = text.slice(to);
  const endMatch = /[.!?](?=\s|$)|\n\s*\n/.exec(rest);
  const end = endMatch ? to + endMatch.index + 1 : text.length;
  return text.slice(start, end).replace(/\s+/g, " ").trim().slice(0, 500);
}

function firstParagraph(body: string): string {
  const paragraphs = body
    .split("\n")
    .filter((line) => !GREETING.test(line.trim()))
    .join("\n")
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p !== "" && !GREETING.test(p));
  return (paragraphs[0] ?? "").slice(0, 500);
}

const DAY_LIST = `${WEEKDAY}s?(?:\\s*(?:,|and|&)\\s*${WEEKDAY}s?)*`;
const RECURRENCE_PHRASE = new RegExp(
  [
    `\\b(?:every|each)\\s+(?:other\\s+)?(?:${DAY_LIST}|week\\s?day|day|week|month|year)\\b`,
    `\\b(?:daily|weekly|fortnightly|monthly)\\b(?:\\s+on\\s+${DAY_LIST})?`,
  ].join("|"),
  "i",
);
const UNTIL_AFTER = /^\s*,?\s*(?:until|till)\s+([^.;\n]+?)(?=[.;\n]|$)/i;

/** Reads a circular's text into the fields of a new event. */
export function parseCircular(raw: string, options: ParseCircularOptions = {}): ParsedSchedule {
  const timeZone = options.timeZone ?? SCHOOL_TIME_ZONE;
  const now = options.now ?? new Date();
  const content = raw
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  const lines = linesOf(content);
  const located = locateTitle(lines, now);
  let docDate = documentDate(lines, located.bodyStart, now);
  // An event is announced near the top: dates are looked for in the first MAX_SCANNED characters only.
  const bodyText = content.slice(located.bodyStart, located.bodyStart + MAX_SCANNED);
  const body = prepare(bodyText);
  const at = (r: ParsedResult) => located.bodyStart + body.origin[r.index]!;
  const read = () => {
    const reference = docDate ? instantOf(docDate.result.start, timeZone, { hour: 12, minute: 0 }) : now;
    const chronoRef = { instant: reference, timezone: offsetMinutes(reference, timeZone) };
    const line = docDate?.line;
    const results = chrono.en.GB.parse(body.text, chronoRef, { forwardDate: true }).filter((r) => !line || at(r) < line.at || at(r) >= line.at + line.s.length);
    return { chronoRef, found: results };
  };
  let { chronoRef, found } = read();
  if (!docDate) {
    // A date alone on a line just below the title, followed by other dates, is the letter's date after all.
    const days = found.filter((r) => r.start.isCertain("day"));
    const line = days.length >= 2 && days[0]!.start.isCertain("year") ? loneDateLine(lines, at(days[0]!), now) : undefined;
    if (line) {
      docDate = { result: days[0]!, line };
      ({ chronoRef, found } = read());
    }
  }
  const dated = found.find((r) => r.start.isCertain("day")) ?? found.find((r) => r.start.isCertain("weekday"));
  const phrase = recurrencePhrase(body.text, chronoRef);

  let start: Date | null = null;
  let end: Date | null = null;
  let recurrence = phrase?.text ?? "";
  let description = firstParagraph(bodyText);
  if (dated) {
    // A time written apart from the date ("on Friday 4th December. Time: 2pm - 4pm") belongs to the nearest date.
    const times = found.filter((r) => r !== dated && !r.start.isCertain("day") && r.start.isCertain("hour"));
    const distance = (r: ParsedResult) => (r.index > dated.index ? r.index - (dated.index + dated.text.length) : dated.index - (r.index + r.text.length));
    const nearTime = times.filter((r) => distance(r) < 200).sort((a, b) => distance(a) - distance(b))[0];
    const startTime = timeOf(dated.start) ?? timeOf(nearTime?.start);
    const lastDay = dated.end && dated.end.isCertain("day") && !sameDay(dated.end, dated.start) ? dated.end : undefined;
    const endTime = timeOf(dated.end) ?? (timeOf(dated.start) ? undefined : timeOf(nearTime?.end));
    start = instantOf(dated.start, timeZone, startTime);
    if (phrase && lastDay) {
      // "every Friday … from 6th November until 11th December": the range bounds the repetition.
      if (!phrase.until) recurrence = `${phrase.text} until ${lastDay.get("day")}/${lastDay.get("month")}/${lastDay.get("year")}`;
      end = endTime ? instantOf(dated.start, timeZone, endTime) : startTime ? null : new Date(start.getTime() + DAY_MS);
    } else if (endTime) end = instantOf(lastDay ?? dated.start, timeZone, endTime);
    else if (lastDay) end = new Date(instantOf(lastDay, timeZone).getTime() + DAY_MS);
    else if (!startTime) end = new Date(start.getTime() + DAY_MS);
    if (end && end <= start) end = null;
    description = sentenceAround(bodyText, body.origin[dated.index]!, body.origin[dated.index + dated.text.length]!);
  }
  if (recurrence && start) {
    const rule = parseRecurrence(recurrence, start, { timeZone });
    const bare = phrase && parseRecurrence(phrase.bare, start, { timeZone });
    // A phrase whose "until" cannot be taken still repeats; the form shows what was understood.
    if (rule.ok && rule.rrule) recurrence = rule.rrule;
    else if (bare && bare.ok && bare.rrule) recurrence = bare.rrule;
  }

  return { title: located.title, description, start: start?.toISOString() ?? null, end: end?.toISOString() ?? null, recurrence, content };
}

function loneDateLine(lines: Line[], index: number, now: Date): Line | undefined {
  return lines
    .filter((l) => l.s !== "")
    .slice(0, 15)
    .find((l) => index >= l.at && index < l.at + l.s.length && isDateOnlyLine(l.s, now));
}

/** "every Friday", "weekly on Monday and Thursday", with an "until …" right after it, as plain English. */
function recurrencePhrase(body: string, chronoRef: { instant: Date; timezone: number }): { text: string; bare: string; until: boolean } | null {
  const m = RECURRENCE_PHRASE.exec(body);
  if (!m) return null;
  const bare = m[0].replace(/\s+/g, " ").replace(/^each\b/i, "every");
  const until = UNTIL_AFTER.exec(body.slice(m.index + m[0].length));
  if (!until) return { text: bare, bare, until: false };
  // "until 11th December" carries no year: chrono resolves it from the reference, written back day first.
  const [last] = chrono.en.GB.parse(until[1]!, chronoRef, { forwardDate: true });
  const date = last?.start.isCertain("day") ? `${last.start.get("day")}/${last.start.get("month")}/${last.start.get("year")}` : until[1]!.trim();
  return { text: `${bare} until ${date}`, bare, until: true };
}
