import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { call, createTestApp, type TestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../../../test/factories";

/**
 * Issue 25 item 9: the iCalendar feed, fetched over HTTP, is RFC 5545 text: every content line ends with
 * CRLF, END:VCALENDAR included (§3.1, §3.4), no line is longer than 75 octets, and an independent parser
 * (ical.js) reads its events, recurrences with exceptions, and quiz windows.
 */

let t: TestApp;
let feed: string;
let ids: { quiz: number; shortQuiz: number; lesson: number; skipped: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const teacher = await signedIn(db, { role: "teacher" });
  const course = await buildCourse(db, { teacherId: teacher.user.id, title: "Mathematics ƐƆ" });
  const day = 86_400_000;
  const { quiz } = await buildQuiz(db, {
    courseId: course.id,
    title: "Long window",
    openTime: new Date(Date.now() + day),
    closeTime: new Date(Date.now() + 10 * day),
  });
  const { quiz: shortQuiz } = await buildQuiz(db, {
    courseId: course.id,
    title: "Class test",
    openTime: new Date(Date.now() + 2 * day),
    closeTime: new Date(Date.now() + 2 * day + 3600_000),
  });
  const start = new Date(Date.now() + 2 * day);
  start.setUTCHours(9, 0, 0, 0);
  const form = {
    title: "Weekly lesson with a very long title that must be folded across several content lines of the feed",
    description: "Bring your exercise books;\nwe start at nine, sharp.",
    start: start.toISOString(),
    end: new Date(start.getTime() + 3600_000).toISOString(),
    recurrence: "weekly",
    courseId: course.id,
  };
  const lesson = await call(t.app, { method: "POST", url: "/api/schedules", token: teacher.token, payload: form });
  expect(lesson.status).toBe(201);
  const skipped = new Date(start.getTime() + 7 * day).toISOString();
  await call(t.app, { method: "POST", url: `/api/schedules/${lesson.body.id}/exceptions`, token: teacher.token, payload: { occurrenceStart: skipped } });
  ids = { quiz: quiz.id, shortQuiz: shortQuiz.id, lesson: lesson.body.id, skipped };
  const made = await call(t.app, { method: "POST", url: "/api/schedules/feed-token", token: teacher.token });
  const res = await call(t.app, { method: "GET", url: new URL(made.body.url).pathname });
  expect(res.status).toBe(200);
  feed = res.raw;
}, 60_000);
afterAll(() => t?.close());

describe("the iCalendar feed is RFC 5545 text (issue 25 item 9)", () => {
  it("ends with END:VCALENDAR and CRLF, and ends every line with CRLF", () => {
    expect(feed.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(feed.endsWith("END:VCALENDAR\r\n")).toBe(true);
    // No bare LF and no bare CR anywhere.
    expect(feed.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("folds lines at 75 octets (a continuation line starts with a space)", () => {
    const lines = feed.split("\r\n").slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
  });

  it("is read by ical.js: the recurring lesson with its exception, and both kinds of quiz window", () => {
    const vcal = new ICAL.Component(ICAL.parse(feed));
    for (const tz of vcal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
    const events = vcal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    const lesson = events.find((e) => e.uid.startsWith(`event-${ids.lesson}@`))!;
    expect(lesson.summary).toContain("Weekly lesson with a very long title");
    expect(lesson.description).toContain("Bring your exercise books;\nwe start at nine, sharp.");
    expect(lesson.isRecurring()).toBe(true);
    const it = lesson.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next && starts.length < 4; next = it.next()) starts.push(next.toJSDate().toISOString());
    expect(starts).toHaveLength(4);
    expect(starts).not.toContain(ids.skipped);
    expect(new Date(starts[1]).getTime() - new Date(starts[0]).getTime()).toBe(14 * 86_400_000);

    const uids = events.map((e) => e.uid);
    expect(uids).toContain(`quiz-${ids.shortQuiz}-window@${uids.find((u) => u.startsWith(`quiz-${ids.shortQuiz}-`))!.split("@")[1]}`);
    const opens = events.find((e) => e.uid.startsWith(`quiz-${ids.quiz}-opens@`))!;
    const closes = events.find((e) => e.uid.startsWith(`quiz-${ids.quiz}-closes@`))!;
    expect(opens.summary).toBe("Quiz opens: Long window (Mathematics ƐƆ)");
    expect(closes.summary).toBe("Quiz closes: Long window (Mathematics ƐƆ)");
    expect(closes.endDate.toJSDate().getTime()).toBeGreaterThan(opens.startDate.toJSDate().getTime());
  });
});
