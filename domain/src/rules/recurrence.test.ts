import { describe, expect, it } from "vitest";
import { RECURRENCE_LIMITS, describeRecurrence, expandEvent, parseRecurrence, readDayFirstDate } from "./recurrence";
import { fromWall, toWall, wallTime } from "./zoned-time";

// Tuesday 26 January 2027, 2:00 pm in Accra (UTC+0).
const START = new Date("2027-01-26T14:00:00Z");

function rule(text: string, start = START): string {
  const r = parseRecurrence(text, start);
  if (!r.ok) throw new Error(`expected "${text}" to parse: ${r.error}`);
  return r.rrule!;
}

describe("parseRecurrence: plain English to a stored RRULE", () => {
  it.each([
    ["weekly on Monday", "FREQ=WEEKLY;BYDAY=MO;UNTIL=20290126T140000Z"],
    ["every 2 weeks on Tuesday and Thursday until 20 March 2027", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270320T235959Z"],
    ["daily", "FREQ=DAILY;UNTIL=20290126T140000Z"],
    ["Every day", "FREQ=DAILY;UNTIL=20290126T140000Z"],
    ["every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20290126T140000Z"],
    ["Monday through Friday until 26 February 2027", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20270226T235959Z"],
    ["monthly on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20290126T140000Z"],
    ["the 15th of every month", "FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20290126T140000Z"],
    ["monthly on the last Friday", "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20290126T140000Z"],
    ["every Friday", "FREQ=WEEKLY;BYDAY=FR;UNTIL=20290126T140000Z"],
    ["every other Friday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;UNTIL=20290126T140000Z"],
    ["fortnightly on Wednesday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;UNTIL=20290126T140000Z"],
    ["weekly", "FREQ=WEEKLY;BYDAY=TU;UNTIL=20290126T140000Z"], // the start's weekday
    ["every mon, wed & fri until 28/02/2027", "FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20270228T235959Z"],
    ["every 3 days 10 times", "FREQ=DAILY;INTERVAL=3;COUNT=10"],
    ["weekly on Tuesday for 10 weeks", "FREQ=WEEKLY;BYDAY=TU;UNTIL=20270406T135959Z"],
    ["yearly", "FREQ=YEARLY;UNTIL=20290126T140000Z"],
  ])("reads %j", (text, expected) => {
    expect(rule(text)).toBe(expected);
  });

  it("passes valid RRULE text through, with or without the RRULE: prefix, bounding an open rule", () => {
    expect(rule("RRULE:FREQ=WEEKLY;BYDAY=MO,WE")).toBe("FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20290126T140000Z");
    expect(rule("FREQ=DAILY;COUNT=5")).toBe("FREQ=DAILY;COUNT=5");
    expect(rule("freq=monthly;bymonthday=1;until=20270601")).toBe("FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20270601T235959Z");
  });

  it("treats empty text as no recurrence", () => {
    expect(parseRecurrence("", START)).toEqual({ ok: true, rrule: null, description: "Does not repeat" });
    expect(parseRecurrence(null, START)).toEqual({ ok: true, rrule: null, description: "Does not repeat" });
  });

  it.each([
    ["every blue moon", /Cannot read the recurrence "every blue moon"\. Try "weekly on Monday"/],
    ["weekly until 40 March 2027", /Cannot read the end date/],
    ["daily until 1 January 2030", /must end within 2 years/],
    ["weekly until 1 January 2027", /ends before the event starts/],
    ["FREQ=MINUTELY", /FREQ=DAILY, WEEKLY, MONTHLY or YEARLY/],
    ["FREQ=WEEKLY;FOO=1", /not valid: Unknown RRULE property 'FOO'/],
    ["FREQ=DAILY;COUNT=1001", /at most 1,000 occurrences/],
    ["FREQ=WEEKLY;COUNT=200", /must end within 2 years/],
    ["FREQ=DAILY;COUNT=3;UNTIL=20270301T000000Z", /both COUNT and UNTIL/],
    ["DTSTART:20270101T000000Z\nRRULE:FREQ=DAILY", /only the rule/],
  ])("refuses %j with a clear message", (text, message) => {
    const r = parseRecurrence(text, START);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it("refuses a rule that would repeat more than the limit within its span", () => {
    const r = parseRecurrence("FREQ=DAILY;BYHOUR=8,12,16", START);
    expect(r).toEqual({ ok: false, error: `The recurrence would repeat more than 1,000 times: give it an earlier end` });
    expect(RECURRENCE_LIMITS.maxOccurrences).toBe(1000);
  });
});

describe("describeRecurrence: the rule it understood", () => {
  it.each([
    ["every 2 weeks on Tuesday and Thursday until 20 March 2027", "Every 2 weeks on Tuesday and Thursday at 2:00 pm, until 20 March 2027"],
    ["every weekday", "Every weekday (Monday to Friday) at 2:00 pm, until 26 January 2029"],
    ["monthly on the 1st", "Every month on the 1st at 2:00 pm, until 26 January 2029"],
    ["monthly on the first Monday", "Every month on the first Monday at 2:00 pm, until 26 January 2029"],
    ["every 3 days 10 times", "Every 3 days at 2:00 pm, 10 times"],
  ])("%j → %j", (text, description) => {
    const r = parseRecurrence(text, START);
    expect(r).toMatchObject({ ok: true, description });
    expect(describeRecurrence(r.ok ? r.rrule : null, START)).toBe(description);
  });

  it("describes the wall clock of the given zone", () => {
    const stored = rule("weekly on Monday until 1 March 2027");
    expect(describeRecurrence(stored, START, { timeZone: "Europe/Paris" })).toMatch(/^Every week on Monday at 3:00 pm/);
  });
});

describe("expandEvent", () => {
  // Monday 25 January 2027, 8:00–9:30 in Accra.
  const lesson = { start: new Date("2027-01-25T08:00:00Z"), end: new Date("2027-01-25T09:30:00Z") };

  it("expands a weekly rule across a month boundary, leaving out a cancelled occurrence", () => {
    const rrule = rule("weekly on Monday", lesson.start);
    const occurrences = expandEvent(
      { ...lesson, rrule, exceptions: [new Date("2027-02-08T08:00:00Z")] },
      { from: new Date("2027-01-20T00:00:00Z"), to: new Date("2027-02-23T00:00:00Z") },
    );
    expect(occurrences.map((o) => [o.start.toISOString(), o.end.toISOString()])).toEqual([
      ["2027-01-25T08:00:00.000Z", "2027-01-25T09:30:00.000Z"],
      ["2027-02-01T08:00:00.000Z", "2027-02-01T09:30:00.000Z"],
      ["2027-02-15T08:00:00.000Z", "2027-02-15T09:30:00.000Z"],
      ["2027-02-22T08:00:00.000Z", "2027-02-22T09:30:00.000Z"],
    ]);
  });

  it("keeps [from, to) half open and includes an occurrence still running at from", () => {
    const rrule = rule("daily 5 times", lesson.start);
    const at = (iso: string) => new Date(iso);
    const starts = (from: string, to: string) => expandEvent({ ...lesson, rrule }, { from: at(from), to: at(to) }).map((o) => o.start.toISOString());
    expect(starts("2027-01-26T09:00:00Z", "2027-01-27T08:00:00Z")).toEqual(["2027-01-26T08:00:00.000Z"]);
    expect(starts("2027-01-26T09:30:00Z", "2027-01-27T08:00:01Z")).toEqual(["2027-01-27T08:00:00.000Z"]);
    expect(starts("2027-01-01T00:00:00Z", "2027-12-31T00:00:00Z")).toHaveLength(5);
  });

  it("skips months without the day (monthly on the 31st) and crosses year ends", () => {
    const start = new Date("2026-10-31T10:00:00Z");
    const occurrences = expandEvent(
      { start, end: new Date("2026-10-31T11:00:00Z"), rrule: rule("monthly on the 31st", start) },
      { from: new Date("2026-10-01T00:00:00Z"), to: new Date("2027-04-01T00:00:00Z") },
    );
    expect(occurrences.map((o) => o.start.toISOString().slice(0, 10))).toEqual(["2026-10-31", "2026-12-31", "2027-01-31", "2027-03-31"]);
  });

  it("returns a one-off event only when it overlaps the range", () => {
    expect(expandEvent(lesson, { from: new Date("2027-01-25T09:00:00Z"), to: new Date("2027-01-26T00:00:00Z") })).toHaveLength(1);
    expect(expandEvent(lesson, { from: new Date("2027-01-25T09:30:00Z"), to: new Date("2027-01-26T00:00:00Z") })).toHaveLength(0);
    expect(expandEvent({ ...lesson, exceptions: [lesson.start] }, { from: new Date("2027-01-01"), to: new Date("2027-02-01") })).toHaveLength(0);
  });

  it("stops an unbounded stored rule two years after its start, and never yields more than the occurrence limit", () => {
    const daily = expandEvent({ ...lesson, rrule: "FREQ=DAILY" }, { from: new Date("2027-01-01"), to: new Date("2040-01-01") });
    expect(daily.at(-1)!.start.toISOString()).toBe("2029-01-25T08:00:00.000Z");
    expect(daily).toHaveLength(732);
    const thriceDaily = expandEvent({ ...lesson, rrule: "FREQ=DAILY;BYHOUR=8,12,16" }, { from: new Date("2027-01-01"), to: new Date("2040-01-01") });
    expect(thriceDaily).toHaveLength(RECURRENCE_LIMITS.maxOccurrences);
  });

  it("jumps near the range without changing a single occurrence (checked against walking from the series' start)", () => {
    const starts = [new Date("2027-01-25T08:00:00Z"), new Date("2027-01-31T23:30:00Z"), new Date("2027-03-31T10:00:00Z")];
    const rules = [
      "daily",
      "every 3 days",
      "every weekday",
      "weekly",
      "every 2 weeks on Tuesday and Thursday",
      "every 3 weeks on Monday, Wednesday and Sunday",
      "monthly",
      "monthly on the 31st",
      "every 2 months on the last Friday",
      "monthly on the first Monday",
      "yearly",
      "FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=SU,SA",
      "FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=8,14",
      "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
      "FREQ=YEARLY;BYMONTH=3,9",
      "FREQ=WEEKLY;BYDAY=MO;COUNT=30",
    ];
    const ranges = [
      ["2027-01-01", "2027-03-01"],
      ["2027-06-10", "2027-07-20"],
      ["2028-02-27", "2028-03-03"],
      ["2028-11-01", "2029-06-01"],
    ].map(([from, to]) => ({ from: new Date(`${from}T00:00:00Z`), to: new Date(`${to}T00:00:00Z`) }));
    let compared = 0;
    for (const start of starts) {
      for (const text of rules) {
        const r = parseRecurrence(text, start);
        if (!r.ok) throw new Error(`${text}: ${r.error}`);
        const event = { start, end: new Date(start.getTime() + 5400_000), rrule: r.rrule, exceptions: [] };
        for (const range of ranges) {
          const fast = expandEvent(event, range).map((o) => o.start.toISOString());
          const walked = expandEvent(event, range, { fromSeriesStart: true }).map((o) => o.start.toISOString());
          expect(fast, `${text} from ${start.toISOString()} in ${range.from.toISOString()}`).toEqual(walked);
          compared += walked.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1500);
  });

  it("follows the wall clock of the zone it is given (9:00 in London stays 9:00 across daylight saving)", () => {
    const tz = "Europe/London";
    const start = fromWall(wallTime(2027, 3, 22, 9), tz); // Monday 22 March 2027, GMT
    const rrule = parseRecurrence("weekly on Monday", start, { timeZone: tz });
    expect(rrule.ok).toBe(true);
    const occurrences = expandEvent(
      { start, end: new Date(start.getTime() + 3600_000), rrule: rrule.ok ? rrule.rrule : null },
      { from: new Date("2027-03-20T00:00:00Z"), to: new Date("2027-04-06T00:00:00Z") },
      { timeZone: tz },
    );
    expect(occurrences.map((o) => o.start.toISOString())).toEqual(["2027-03-22T09:00:00.000Z", "2027-03-29T08:00:00.000Z", "2027-04-05T08:00:00.000Z"]);
    expect(occurrences.map((o) => toWall(o.start, tz).getUTCHours())).toEqual([9, 9, 9]);
  });
});

describe("readDayFirstDate", () => {
  it.each([
    ["20 March 2027", [2027, 3, 20]],
    ["20th March, 2027", [2027, 3, 20]],
    ["Saturday, 20th of March 2027", [2027, 3, 20]],
    ["March 20, 2027", [2027, 3, 20]],
    ["05/12/2026", [2026, 12, 5]],
    ["2027-03-20", [2027, 3, 20]],
    ["31 April 2027", null],
    ["29/02/2027", null],
    ["soon", null],
  ])("%j → %j", (text, expected) => {
    expect(readDayFirstDate(text)).toEqual(expected);
  });
});
