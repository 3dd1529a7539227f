/**
 * The schedule's rules and formats, for the schedule routes: recurrence (from `@adesua/domain/recurrence`),
 * expansion of many events into one agenda, circular reading and the iCalendar feed.
 */
import { expandEvent, type ExpandableEvent, type RecurrenceOptions } from "@adesua/domain/recurrence";
import { extractText } from "./extract-text";
import { parseCircular, type ParseCircularOptions, type ParsedSchedule } from "./parse-circular";

export { describeRecurrence, expandEvent, parseRecurrence, RECURRENCE_LIMITS, SCHOOL_TIME_ZONE } from "@adesua/domain/recurrence";
export { extractText, sniffDocument, UnreadableDocumentError, UnsupportedDocumentError } from "./extract-text";
export { parseCircular, type ParsedSchedule, type ParseCircularOptions } from "./parse-circular";
export { buildCalendarFeed, type FeedEvent, type FeedMockPaper, type FeedOptions, type FeedQuizWindow } from "./ical";

/** A circular file (PDF or DOCX bytes) read into event fields. Throws UnsupportedDocumentError or UnreadableDocumentError. */
export async function parseCircularFile(bytes: Uint8Array, options: ParseCircularOptions = {}): Promise<ParsedSchedule> {
  return parseCircular(await extractText(bytes), options);
}

export interface AgendaEntry<T> {
  event: T;
  start: Date;
  end: Date;
}

/**
 * Every occurrence of `events` that overlaps [from, to), ordered by start. A row whose stored rule
 * cannot be read (it never should: rules are checked when saved) shows as its first occurrence
 * rather than hiding the rest of the calendar.
 */
export function occurrencesOf<T extends ExpandableEvent>(
  events: readonly T[],
  range: { from: Date; to: Date },
  options: RecurrenceOptions = {},
): AgendaEntry<T>[] {
  const out: AgendaEntry<T>[] = [];
  for (const event of events) {
    let occurrences;
    try {
      occurrences = expandEvent(event, range, options);
    } catch {
      occurrences = expandEvent({ ...event, rrule: null }, range, options);
    }
    for (const o of occurrences) out.push({ event, start: o.start, end: o.end });
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}
