/**
 * A user's calendar feed as iCalendar (RFC 5545): school events (one-off and recurring, with
 * cancelled occurrences as EXDATE) and quiz windows, in the school's time zone with its VTIMEZONE.
 * Written with ical-generator; the VTIMEZONE comes from `Intl` so any IANA zone works. Times are
 * handed over as `TZDate`s: given a plain Date, ical-generator writes the *server process's* local
 * clock under the calendar's TZID, which is only right when the server runs in that zone.
 * Decision 013 explains how quiz windows appear.
 */
import { TZDate } from "@date-fns/tz";
import ical from "ical-generator";
import { SCHOOL_TIME_ZONE, formatWallClock, formatWallDate, fromWall, storedRuleForCalendar, toWall } from "@adesua/domain/recurrence";

export interface FeedEvent {
  id: string | number;
  title: string;
  description?: string | null;
  start: Date;
  end: Date;
  /** Stored RRULE (`FREQ=…`), or null for a one-off event. */
  rrule?: string | null;
  /** Starts of cancelled occurrences. */
  exceptions?: readonly Date[];
  /** The course's name, or null for a school-wide event. */
  courseName?: string | null;
  updatedAt?: Date;
}

export interface FeedQuizWindow {
  quizId: string | number;
  title: string;
  courseName?: string | null;
  opensAt: Date | null;
  closesAt: Date | null;
  updatedAt?: Date;
}

/** A paper of a mock examination (issue 28): one timed event. */
export interface FeedMockPaper {
  paperId: string | number;
  /** "JHS 3 First Mock: Mathematics Paper 1". */
  title: string;
  start: Date;
  end: Date;
  updatedAt?: Date;
}

export interface FeedOptions {
  /** The calendar's name as calendar apps show it, e.g. "Adesua: Ama Owusu". */
  name: string;
  timeZone?: string;
  /** DTSTAMP for rows without `updatedAt`, and the span of the VTIMEZONE. Default: now. */
  now?: Date;
  /** Right-hand side of every UID. */
  uidDomain?: string;
}

/** A window at most this long is one event; a longer one becomes an "opens" and a "closes" marker. */
export const QUIZ_WINDOW_AS_ONE_EVENT_MS = 24 * 3600_000;
/** Length of the marker events for a window's opening or closing. */
export const QUIZ_MARKER_MS = 15 * 60_000;

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, "0");
}

/** "20270125T080000" from a Date's UTC fields. */
function utcFields(d: Date): string {
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** "20270125T080000": an instant's wall clock in the zone, as iCalendar local time. */
function localStamp(instant: Date, timeZone: string): string {
  return utcFields(toWall(instant, timeZone));
}

/** "26 January 2027, 9:00 am" in the zone. */
function readable(instant: Date, timeZone: string): string {
  const w = toWall(instant, timeZone);
  return `${formatWallDate(w)}, ${formatWallClock(w)}`;
}

function offsetMinutes(instant: Date, timeZone: string): number {
  return Math.round((toWall(instant, timeZone).getTime() - instant.getTime()) / 60_000);
}

function offsetText(minutes: number): string {
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
}

/**
 * VTIMEZONE for `timeZone` covering [fromYear, toYear]: one STANDARD/DAYLIGHT component per offset
 * change found by `Intl` (a fixed-offset zone such as Africa/Accra has a single STANDARD component).
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string {
  const from = Date.UTC(fromYear, 0, 1);
  const to = Date.UTC(toYear + 1, 0, 1);
  const first = offsetMinutes(new Date(from), timeZone);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  const component = (kind: "STANDARD" | "DAYLIGHT", at: number, before: number, after: number) => {
    lines.push(
      `BEGIN:${kind}`,
      // DTSTART is the local time just before the change, in the offset it changes from.
      `DTSTART:${utcFields(new Date(at + before * 60_000))}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(after)}`,
      `END:${kind}`,
    );
  };
  component("STANDARD", from, first, first);
  let previous = first;
  for (let day = from + 86_400_000; day <= to; day += 86_400_000) {
    const offset = offsetMinutes(new Date(day), timeZone);
    if (offset === previous) continue;
    // Narrow the change down to the minute.
    let lo = day - 86_400_000;
    let hi = day;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(new Date(mid), timeZone) === previous) lo = mid;
      else hi = mid;
    }
    component(offset > previous ? "DAYLIGHT" : "STANDARD", hi, previous, offset);
    previous = offset;
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}

/** The feed's text: a VCALENDAR with every event, recurrence, exception and quiz window. */
export function buildCalendarFeed(
  input: { events: readonly FeedEvent[]; quizWindows: readonly FeedQuizWindow[]; mockPapers?: readonly FeedMockPaper[] },
  options: FeedOptions,
): string {
  const timeZone = options.timeZone ?? SCHOOL_TIME_ZONE;
  const now = options.now ?? new Date();
  const uidDomain = options.uidDomain ?? "adesua.local";
  const year = toWall(now, timeZone).getUTCFullYear();
  const zoned = (d: Date) => new TZDate(d.getTime(), timeZone);
  const calendar = ical({
    name: options.name,
    prodId: { company: "Adesua", product: "Schedule", language: "EN" },
    timezone: { name: timeZone, generator: (tz) => vtimezone(tz, year - 1, year + 3) },
    ttl: 3600,
  });

  for (const e of input.events) {
    const event = calendar.createEvent({
      id: `event-${e.id}@${uidDomain}`,
      summary: e.title,
      description: [e.description ?? "", e.courseName ? `Course: ${e.courseName}` : "School-wide"].filter(Boolean).join("\n\n"),
      start: zoned(e.start),
      end: zoned(e.end),
      timezone: timeZone,
      stamp: zoned(e.updatedAt ?? now),
      categories: [{ name: e.courseName ?? "School-wide" }],
    });
    if (e.rrule) {
      // ical-generator writes a multi-line string as given: the RRULE (UNTIL in UTC) and the EXDATEs in the event's zone.
      const rows = [`RRULE:${storedRuleForCalendar(e.rrule, timeZone)}`];
      if (e.exceptions?.length) rows.push(`EXDATE;TZID=${timeZone}:${e.exceptions.map((d) => localStamp(d, timeZone)).join(",")}`);
      event.repeating(rows.join("\n"));
    }
  }

  for (const q of input.quizWindows) {
    const course = q.courseName ? ` (${q.courseName})` : "";
    const base = { timezone: timeZone, stamp: zoned(q.updatedAt ?? now), categories: [{ name: "Quiz" }] };
    const { opensAt, closesAt } = q;
    if (opensAt && closesAt && closesAt.getTime() - opensAt.getTime() <= QUIZ_WINDOW_AS_ONE_EVENT_MS && closesAt > opensAt) {
      calendar.createEvent({
        ...base,
        id: `quiz-${q.quizId}-window@${uidDomain}`,
        summary: `Quiz: ${q.title}${course}`,
        description: `Open from ${readable(opensAt, timeZone)} to ${readable(closesAt, timeZone)}.`,
        start: zoned(opensAt),
        end: zoned(closesAt),
      });
      continue;
    }
    if (opensAt) {
      calendar.createEvent({
        ...base,
        id: `quiz-${q.quizId}-opens@${uidDomain}`,
        summary: `Quiz opens: ${q.title}${course}`,
        start: zoned(opensAt),
        end: zoned(new Date(opensAt.getTime() + QUIZ_MARKER_MS)),
      });
    }
    if (closesAt) {
      calendar.createEvent({
        ...base,
        id: `quiz-${q.quizId}-closes@${uidDomain}`,
        summary: `Quiz closes: ${q.title}${course}`,
        start: zoned(new Date(closesAt.getTime() - QUIZ_MARKER_MS)),
        end: zoned(closesAt),
      });
    }
  }
  for (const m of input.mockPapers ?? [])
    calendar.createEvent({
      id: `mock-paper-${m.paperId}@${uidDomain}`,
      summary: m.title,
      start: zoned(m.start),
      end: zoned(m.end),
      timezone: timeZone,
      stamp: zoned(m.updatedAt ?? now),
      categories: [{ name: "Mock examination" }],
    });
  // ical-generator writes DTSTAMP in the calendar's zone without "Z"; RFC 5545 wants it in UTC.
  const text = calendar.toString().replace(/^DTSTAMP:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\r$/gm, (_m, y, mo, d, h, mi, sec) => {
    const wall = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)));
    return `DTSTAMP:${utcFields(fromWall(wall, timeZone))}Z\r`;
  });
  return withCrlfLines(text);
}

/**
 * RFC 5545 §3.1: every content line ends with CRLF, the last (END:VCALENDAR) included (issue 25 item 9).
 * ical-generator ends the text without one, and writes a multi-line RRULE/EXDATE with a bare LF; text values
 * never hold a raw line break (they are escaped as \n), so every LF left is a line end.
 */
export function withCrlfLines(text: string): string {
  const crlf = text.replace(/\r?\n|\r/g, "\r\n");
  return crlf.endsWith("\r\n") ? crlf : `${crlf}\r\n`;
}
