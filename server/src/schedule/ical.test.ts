import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { expandEvent, parseRecurrence } from "@adesua/domain/recurrence";
import { QUIZ_MARKER_MS, buildCalendarFeed, type FeedEvent, type FeedQuizWindow } from "./ical";

const NOW = new Date("2026-11-22T08:00:00Z");

function mustRule(text: string, start: Date, timeZone?: string): string {
  const r = parseRecurrence(text, start, { timeZone });
  if (!r.ok || !r.rrule) throw new Error(`"${text}" did not parse`);
  return r.rrule;
}

/** Parses a feed with ical.js, registering its VTIMEZONE, and returns the calendar and its events by UID. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  const events = new Map(calendar.getAllSubcomponents("vevent").map((c) => [String(c.getFirstPropertyValue("uid")), new ICAL.Event(c)]));
  return { calendar, events };
}

/** Occurrence starts a calendar app would show for an event, up to `until`. */
function occurrenceStarts(event: ICAL.Event, until: Date): string[] {
  const it = event.iterator();
  const out: string[] = [];
  for (let next = it.next(); next && out.length < 200; next = it.next()) {
    const d = next.toJSDate();
    if (d >= until) break;
    out.push(d.toISOString());
  }
  return out;
}

describe("buildCalendarFeed", () => {
  const lessonStart = new Date("2027-01-25T08:00:00Z"); // Monday
  const lesson: FeedEvent = {
    id: 12,
    title: "Mathematics: fractions, decimals; ratios",
    description: "Bring a ruler.\nRoom 4",
    start: lessonStart,
    end: new Date("2027-01-25T09:30:00Z"),
    rrule: mustRule("weekly on Monday until 1 March 2027", lessonStart),
    exceptions: [new Date("2027-02-08T08:00:00Z")],
    courseName: "Mathematics JHS 2",
    updatedAt: new Date("2026-11-20T10:11:12Z"),
  };
  const pta: FeedEvent = { id: 3, title: "PTA General Meeting", start: new Date("2026-12-04T14:00:00Z"), end: new Date("2026-12-04T16:00:00Z") };
  const windows: FeedQuizWindow[] = [
    {
      quizId: 7,
      title: "Fractions quiz",
      courseName: "Mathematics JHS 2",
      opensAt: new Date("2027-01-26T09:00:00Z"),
      closesAt: new Date("2027-01-26T10:00:00Z"),
    },
    { quizId: 8, title: "Mock science", opensAt: new Date("2027-01-11T08:00:00Z"), closesAt: new Date("2027-01-15T17:00:00Z") },
    { quizId: 9, title: "Essay", opensAt: null, closesAt: new Date("2027-02-01T17:00:00Z") },
    { quizId: 10, title: "Practice", opensAt: new Date("2027-02-02T08:00:00Z"), closesAt: null },
    { quizId: 11, title: "Always open", opensAt: null, closesAt: null },
  ];
  const text = buildCalendarFeed({ events: [lesson, pta], quizWindows: windows }, { name: "Adesua: Ama Owusu", now: NOW });

  it("is a VCALENDAR with the school's VTIMEZONE, CRLF lines and every event", () => {
    const { calendar, events } = parseFeed(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(String(calendar.getFirstPropertyValue("prodid"))).toContain("Adesua");
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("Africa/Accra");
    expect(text.split("\r\n").length).toBeGreaterThan(40);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    expect([...events.keys()].sort()).toEqual(
      [
        "event-12@adesua.local",
        "event-3@adesua.local",
        "quiz-7-window@adesua.local",
        "quiz-8-opens@adesua.local",
        "quiz-8-closes@adesua.local",
        "quiz-9-closes@adesua.local",
        "quiz-10-opens@adesua.local",
      ].sort(),
    );
    for (const c of calendar.getAllSubcomponents("vevent")) {
      expect(c.getFirstProperty("dtstamp")?.toICALString()).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
      expect(c.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("Africa/Accra");
    }
  });

  it("carries a one-off event's title, times and escaped text intact", () => {
    const { events } = parseFeed(text);
    const e = events.get("event-3@adesua.local")!;
    expect(e.summary).toBe("PTA General Meeting");
    expect(e.startDate.toJSDate().toISOString()).toBe("2026-12-04T14:00:00.000Z");
    expect(e.endDate.toJSDate().toISOString()).toBe("2026-12-04T16:00:00.000Z");
    expect(e.isRecurring()).toBe(false);
    expect(e.description).toBe("School-wide");
    const l = events.get("event-12@adesua.local")!;
    expect(l.summary).toBe("Mathematics: fractions, decimals; ratios");
    expect(l.description).toBe("Bring a ruler.\nRoom 4\n\nCourse: Mathematics JHS 2");
  });

  it("carries the recurrence and its exception: a calendar app expands it as the server does", () => {
    const { events } = parseFeed(text);
    const e = events.get("event-12@adesua.local")!;
    expect(e.isRecurring()).toBe(true);
    expect(e.component.getFirstPropertyValue("rrule")?.toString()).toBe("FREQ=WEEKLY;BYDAY=MO;UNTIL=20270301T235959Z");
    const exdate = e.component.getFirstPropertyValue("exdate") as ICAL.Time;
    expect(exdate.toJSDate().toISOString()).toBe("2027-02-08T08:00:00.000Z");
    const fromApp = occurrenceStarts(e, new Date("2027-12-31T00:00:00Z"));
    const fromServer = expandEvent(lesson, { from: new Date("2027-01-01T00:00:00Z"), to: new Date("2027-12-31T00:00:00Z") }).map((o) => o.start.toISOString());
    expect(fromApp).toEqual(fromServer);
    expect(fromApp).toEqual([
      "2027-01-25T08:00:00.000Z",
      "2027-02-01T08:00:00.000Z",
      "2027-02-15T08:00:00.000Z",
      "2027-02-22T08:00:00.000Z",
      "2027-03-01T08:00:00.000Z",
    ]);
  });

  it("shows a short quiz window as one event, a long one as opens/closes markers, one bound as one marker, none not at all", () => {
    const { events } = parseFeed(text);
    const span = (uid: string) => {
      const e = events.get(uid)!;
      return [e.summary, e.startDate.toJSDate().toISOString(), e.endDate.toJSDate().toISOString()];
    };
    expect(span("quiz-7-window@adesua.local")).toEqual(["Quiz: Fractions quiz (Mathematics JHS 2)", "2027-01-26T09:00:00.000Z", "2027-01-26T10:00:00.000Z"]);
    expect(events.get("quiz-7-window@adesua.local")!.description).toBe("Open from 26 January 2027, 9:00 am to 26 January 2027, 10:00 am.");
    const marker = QUIZ_MARKER_MS;
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(span("quiz-8-opens@adesua.local")).toEqual([
      "Quiz opens: Mock science",
      "2027-01-11T08:00:00.000Z",
      iso(Date.parse("2027-01-11T08:00:00Z") + marker),
    ]);
    expect(span("quiz-8-closes@adesua.local")).toEqual([
      "Quiz closes: Mock science",
      iso(Date.parse("2027-01-15T17:00:00Z") - marker),
      "2027-01-15T17:00:00.000Z",
    ]);
    expect(span("quiz-9-closes@adesua.local")).toEqual(["Quiz closes: Essay", iso(Date.parse("2027-02-01T17:00:00Z") - marker), "2027-02-01T17:00:00.000Z"]);
    expect(span("quiz-10-opens@adesua.local")[0]).toBe("Quiz opens: Practice");
    expect([...events.values()].some((e) => e.summary.includes("Always open"))).toBe(false);
  });

  it("writes a zone with daylight saving correctly: the app expands 9:00 London lessons to the right instants", () => {
    const tz = "Europe/London";
    const start = new Date("2027-03-22T09:00:00Z"); // Monday 9:00 GMT
    const event: FeedEvent = {
      id: 1,
      title: "Assembly",
      start,
      end: new Date("2027-03-22T09:30:00Z"),
      rrule: mustRule("weekly on Monday for 3 weeks", start, tz),
      exceptions: [],
    };
    // 00:30 on the morning the clocks go forward (01:00 GMT): still GMT.
    const early: FeedEvent = { id: 2, title: "Early", start: new Date("2027-03-28T00:30:00Z"), end: new Date("2027-03-28T02:00:00Z") };
    const feed = buildCalendarFeed({ events: [event, early], quizWindows: [] }, { name: "London", now: NOW, timeZone: tz });
    expect(feed).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20270328T010000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\nEND:DAYLIGHT");
    expect(feed).toContain("BEGIN:STANDARD\r\nDTSTART:20271031T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\nEND:STANDARD");
    const { events } = parseFeed(feed);
    const e = events.get("event-2@adesua.local")!;
    expect([e.startDate.toJSDate().toISOString(), e.endDate.toJSDate().toISOString()]).toEqual(["2027-03-28T00:30:00.000Z", "2027-03-28T02:00:00.000Z"]);
    const fromApp = occurrenceStarts(events.get("event-1@adesua.local")!, new Date("2028-01-01T00:00:00Z"));
    expect(fromApp).toEqual(["2027-03-22T09:00:00.000Z", "2027-03-29T08:00:00.000Z", "2027-04-05T08:00:00.000Z"]);
    expect(fromApp).toEqual(expandEvent(event, { from: start, to: new Date("2028-01-01T00:00:00Z") }, { timeZone: tz }).map((o) => o.start.toISOString()));
  });

  it("is a valid empty calendar when the user has nothing scheduled", () => {
    const { calendar, events } = parseFeed(buildCalendarFeed({ events: [], quizWindows: [] }, { name: "Empty", now: NOW }));
    expect(calendar.name).toBe("vcalendar");
    expect(events.size).toBe(0);
  });
});
