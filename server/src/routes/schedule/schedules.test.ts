import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { auditLogs, calendarFeedTokens, scheduleEvents } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../../../test/factories";
import { form, pdfBytes, pngBytes } from "../../../test/uploads";
import { buildCircularDocx, buildCircularPdf } from "../../schedule/circular-fixtures";

const t = useTestApp();

const db = () => t.database.db;
const post = (token: string, payload: FormData | object) => call(t.app, { method: "POST", url: "/api/schedules", token, payload: payload as never });
const put = (token: string, id: number, payload: FormData | object) =>
  call(t.app, { method: "PUT", url: `/api/schedules/${id}`, token, payload: payload as never });
const list = (token: string, query: string) => call(t.app, { method: "GET", url: `/api/schedules?${query}`, token });
const cancelOccurrence = (token: string, eventId: number, occurrenceStart: string) =>
  call(t.app, { method: "POST", url: `/api/schedules/${eventId}/exceptions`, token, payload: { occurrenceStart } });
type Entry = { kind: string; id: number; eventId: number | null; quizId: number | null; title: string; start: string; end: string; quizMarker: string | null };

const event = (over: Record<string, unknown> = {}) => ({
  title: "Staff briefing",
  description: "Weekly",
  start: "2027-01-05T09:00:00Z",
  end: "2027-01-05T10:00:00Z",
  recurrence: "",
  courseId: "",
  ...over,
});

describe("POST/PUT/DELETE /api/schedules: who may change what", () => {
  it("lets a teacher create a school-wide event and one for their own course, but not for another teacher's course", async () => {
    const teacher = await signedIn(db(), { role: "teacher", name: "Ama Owusu" });
    const own = await buildCourse(db(), { title: "Own course", teacherId: teacher.user.id });
    const other = await buildCourse(db(), { title: "Other course" });
    const wide = await post(teacher.token, form(event()));
    expect(wide.status).toBe(201);
    expect(wide.body).toMatchObject({
      title: "Staff briefing",
      courseId: null,
      course: null,
      createdBy: { id: teacher.user.id, name: "Ama Owusu" },
      canEdit: true,
      recurrence: "",
    });
    const mine = await post(teacher.token, event({ courseId: own.id }));
    expect(mine.status).toBe(201);
    expect(mine.body.course).toEqual({ id: own.id, title: "Own course" });
    const theirs = await post(teacher.token, event({ courseId: String(other.id) }));
    expect(theirs.status).toBe(403);
    expect(theirs.body.error).toBe("You can only create events for your own courses or school-wide");
    const missing = await post(teacher.token, event({ courseId: 2_000_000_000 }));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("Course not found");
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "schedule_event"), eq(auditLogs.entityId, String(wide.body.id))));
    expect(audit.action).toBe("create");
  });

  it("refuses a student (403) and an anonymous caller (401)", async () => {
    const student = await signedIn(db(), { role: "student" });
    expect((await post(student.token, event())).status).toBe(403);
    expect((await call(t.app, { method: "POST", url: "/api/schedules", payload: event() })).status).toBe(401);
    expect((await call(t.app, { method: "GET", url: "/api/schedules" })).status).toBe(401);
  });

  it("validates title, start, end after start and the recurrence with clear messages", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: " " }, "Title is required"],
      [{ start: "" }, "Start is required"],
      [{ end: "yesterday" }, "End is required"],
      [{ end: "2027-01-05T09:00:00Z" }, "End must be after start"],
      [{ recurrence: "whenever it rains" }, 'Cannot read the recurrence "whenever it rains"'],
      [{ recurrence: "FREQ=HOURLY" }, ""],
      [{ courseId: "abc" }, "Course must be a course id, or empty for school-wide"],
    ];
    for (const [over, message] of cases) {
      const r = await post(teacher.token, form(event(over)));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error, JSON.stringify(over)).toContain(message);
    }
  });

  it("stores plain English as a bounded RRULE and shows the rule it understood", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const r = await post(
      teacher.token,
      event({ start: "2027-01-04T09:00:00Z", end: "2027-01-04T10:00:00Z", recurrence: "weekly on Monday until 1 March 2027" }),
    );
    expect(r.status).toBe(201);
    expect(r.body.recurrence).toMatch(/^FREQ=WEEKLY;.*BYDAY=MO/);
    expect(r.body.recurrence).toContain("UNTIL=20270301T235959Z");
    expect(r.body.recurrenceDescription).toMatch(/Every week on Monday at 9:00 am, until 1 March 2027/);
  });

  it("lets a teacher change and delete only their own events; admins change any", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const a = await signedIn(db(), { role: "teacher" });
    const b = await signedIn(db(), { role: "teacher" });
    const byAdmin = (await post(admin.token, event({ title: "Speech day" }))).body;
    const byA = (await post(a.token, event({ title: "A's club" }))).body;
    expect((await put(b.token, byA.id, event({ title: "Hijacked" }))).status).toBe(403);
    expect((await put(a.token, byAdmin.id, event({ title: "Hijacked" }))).status).toBe(403);
    expect((await call(t.app, { method: "DELETE", url: `/api/schedules/${byAdmin.id}`, token: a.token })).status).toBe(403);
    // b sees A's event as not editable
    expect((await call(t.app, { method: "GET", url: `/api/schedules/${byA.id}`, token: b.token })).body.canEdit).toBe(false);
    const edited = await put(a.token, byA.id, form(event({ title: "A's club (moved)", start: "2027-01-06T09:00:00Z", end: "2027-01-06T11:00:00Z" })));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: "A's club (moved)", start: "2027-01-06T09:00:00.000Z", end: "2027-01-06T11:00:00.000Z" });
    expect((await put(admin.token, byA.id, event({ title: "Admin's fix" }))).body.title).toBe("Admin's fix");
    expect((await call(t.app, { method: "DELETE", url: `/api/schedules/${byA.id}`, token: a.token })).status).toBe(200);
    expect((await call(t.app, { method: "GET", url: `/api/schedules/${byA.id}`, token: a.token })).status).toBe(404);
    expect((await call(t.app, { method: "DELETE", url: `/api/schedules/${byAdmin.id}`, token: admin.token })).status).toBe(200);
    expect((await put(admin.token, 2_000_000_000, event())).status).toBe(404);
  });

  it("hides a course's events from teachers and students outside it (404), and shows them to its students", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const course = await buildCourse(db(), { teacherId: teacher.user.id });
    await buildQuiz(db(), { courseId: course.id, studentType: "jhs2" });
    const created = (await post(teacher.token, event({ courseId: course.id, title: "JHS 2 revision" }))).body;
    const jhs2 = await signedIn(db(), { role: "student", studentType: "jhs2" });
    const jhs3 = await signedIn(db(), { role: "student", studentType: "jhs3" });
    const otherTeacher = await signedIn(db(), { role: "teacher" });
    expect((await call(t.app, { method: "GET", url: `/api/schedules/${created.id}`, token: jhs2.token })).body).toMatchObject({
      title: "JHS 2 revision",
      canEdit: false,
    });
    expect((await call(t.app, { method: "GET", url: `/api/schedules/${created.id}`, token: jhs3.token })).status).toBe(404);
    expect((await call(t.app, { method: "GET", url: `/api/schedules/${created.id}`, token: otherTeacher.token })).status).toBe(404);
    expect((await put(otherTeacher.token, created.id, event())).status).toBe(404);
  });

  it("attaches a PDF or DOCX checked by content, refuses a renamed picture (415), and serves the file", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const withPdf = await post(teacher.token, form(event(), { file: { name: "circular.pdf", bytes: pdfBytes() } }));
    expect(withPdf.status).toBe(201);
    expect(withPdf.body.file).toMatchObject({ name: "circular.pdf" });
    const docx = Buffer.from(await buildCircularDocx(["PTA MEETING", "Friday, 4th December 2026 at 2:00 pm"]));
    const withDocx = await post(teacher.token, form(event(), { file: { name: "letter.docx", bytes: docx, type: "application/octet-stream" } }));
    expect(withDocx.status).toBe(201);
    const picture = await post(teacher.token, form(event(), { file: { name: "evil.pdf", bytes: pngBytes() } }));
    expect(picture.status).toBe(415);
    const download = await call(t.app, { method: "GET", url: `/api/schedules/${withDocx.body.id}/file`, token: teacher.token });
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toContain("wordprocessingml");
    const removed = await put(teacher.token, withPdf.body.id, form({ ...event(), removeFile: "true" }));
    expect(removed.body.file).toBeNull();
    expect((await call(t.app, { method: "GET", url: `/api/schedules/${withPdf.body.id}/file`, token: teacher.token })).status).toBe(404);
  });
});

describe("GET /api/schedules: range, expansion, exceptions, quiz windows", () => {
  it("expands a weekly event across a month boundary and leaves out a cancelled occurrence", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const course = await buildCourse(db(), { teacherId: teacher.user.id, title: "Range course" });
    const weekly = (
      await post(
        teacher.token,
        event({ title: "Range lesson", courseId: course.id, start: "2027-03-19T14:00:00Z", end: "2027-03-19T15:30:00Z", recurrence: "weekly on Friday" }),
      )
    ).body;
    const r = await list(teacher.token, "from=2027-03-15&to=2027-04-17&includeQuizzes=false");
    expect(r.status).toBe(200);
    const mine = (r.body.data as Entry[]).filter((e) => e.eventId === weekly.id);
    expect(mine.map((e) => e.start)).toEqual([
      "2027-03-19T14:00:00.000Z",
      "2027-03-26T14:00:00.000Z",
      "2027-04-02T14:00:00.000Z",
      "2027-04-09T14:00:00.000Z",
      "2027-04-16T14:00:00.000Z",
    ]);
    expect(mine[2]).toMatchObject({ kind: "event", id: weekly.id, end: "2027-04-02T15:30:00.000Z", title: "Range lesson" });

    const cancel = await cancelOccurrence(teacher.token, weekly.id, "2027-04-02T14:00:00.000Z");
    expect(cancel.status).toBe(200);
    expect(cancel.body.exceptions).toEqual(["2027-04-02T14:00:00.000Z"]);
    const after = ((await list(teacher.token, "from=2027-03-15&to=2027-04-17&includeQuizzes=false")).body.data as Entry[]).filter(
      (e) => e.eventId === weekly.id,
    );
    expect(after.map((e) => e.start)).toEqual(["2027-03-19T14:00:00.000Z", "2027-03-26T14:00:00.000Z", "2027-04-09T14:00:00.000Z", "2027-04-16T14:00:00.000Z"]);

    const notOne = await cancelOccurrence(teacher.token, weekly.id, "2027-04-03T14:00:00Z");
    expect(notOne.status).toBe(400);
    expect(notOne.body.error).toBe("That is not an occurrence of this event");
    const other = await signedIn(db(), { role: "teacher" });
    expect((await cancelOccurrence(other.token, weekly.id, "2027-03-26T14:00:00Z")).status).toBe(404);
    const restored = await call(t.app, {
      method: "DELETE",
      url: `/api/schedules/${weekly.id}/exceptions?occurrenceStart=2027-04-02T14:00:00.000Z`,
      token: teacher.token,
    });
    expect(restored.body.exceptions).toEqual([]);
  });

  it("includes an event already running at `from`, and nothing outside the range", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const e = (await post(admin.token, event({ title: "Overlap check", start: "2028-05-31T22:00:00Z", end: "2028-06-01T02:00:00Z" }))).body;
    const inside = (await list(admin.token, "from=2028-06-01T00:00:00Z&to=2028-06-02T00:00:00Z")).body.data as Entry[];
    expect(inside.some((x) => x.eventId === e.id)).toBe(true);
    const outside = (await list(admin.token, "from=2028-06-01T02:00:00Z&to=2028-06-02T00:00:00Z")).body.data as Entry[];
    expect(outside.some((x) => x.eventId === e.id)).toBe(false);
  });

  it("refuses a bad or too long range with 400", async () => {
    const u = await signedIn(db());
    expect((await list(u.token, "from=2027-02-01&to=2027-01-01")).body.error).toBe("to must be after from");
    expect((await list(u.token, "from=2027-01-01&to=2029-01-01")).body.error).toBe("The range can be at most 400 days");
    expect((await list(u.token, "from=soon")).status).toBe(400);
  });

  it("shows students their level's quiz windows and the school-wide events; staff their courses' quizzes", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const teacher = await signedIn(db(), { role: "teacher" });
    const course = await buildCourse(db(), { teacherId: teacher.user.id, title: "Window course" });
    const { quiz } = await buildQuiz(db(), {
      courseId: course.id,
      studentType: "jhs3",
      title: "Fractions",
      openTime: new Date("2029-02-01T08:00:00Z"),
      closeTime: new Date("2029-02-01T10:00:00Z"),
    });
    const { quiz: closesOnly } = await buildQuiz(db(), {
      courseId: course.id,
      studentType: "jhs3",
      title: "Essay",
      closeTime: new Date("2029-02-03T17:00:00Z"),
    });
    await buildQuiz(db(), { studentType: "jhs1", title: "Other level", openTime: new Date("2029-02-01T08:00:00Z") });
    const wide = (await post(admin.token, event({ title: "Sports day", start: "2029-02-02T08:00:00Z", end: "2029-02-02T15:00:00Z" }))).body;
    const student = await signedIn(db(), { role: "student", studentType: "jhs3" });
    const seen = (await list(student.token, "from=2029-01-31&to=2029-02-05")).body.data as Entry[];
    expect(seen.map((e) => [e.kind, e.title])).toEqual([
      ["quiz", "Quiz: Fractions"],
      ["event", "Sports day"],
      ["quiz", "Quiz closes: Essay"],
    ]);
    expect(seen[0]).toMatchObject({ quizId: quiz.id, start: "2029-02-01T08:00:00.000Z", end: "2029-02-01T10:00:00.000Z", quizMarker: "window" });
    expect(seen[2]).toMatchObject({ quizId: closesOnly.id, start: "2029-02-03T16:45:00.000Z", end: "2029-02-03T17:00:00.000Z", quizMarker: "closes" });
    expect(seen[1].eventId).toBe(wide.id);
    const teacherSees = (await list(teacher.token, "from=2029-01-31&to=2029-02-05")).body.data as Entry[];
    expect(teacherSees.filter((e) => e.kind === "quiz").map((e) => e.quizId)).toEqual([quiz.id, closesOnly.id]);
    const otherTeacher = await signedIn(db(), { role: "teacher" });
    expect(((await list(otherTeacher.token, "from=2029-01-31&to=2029-02-05")).body.data as Entry[]).filter((e) => e.kind === "quiz")).toEqual([]);
    expect(((await list(student.token, "from=2029-01-31&to=2029-02-05&includeQuizzes=false")).body.data as Entry[]).map((e) => e.kind)).toEqual(["event"]);
  });

  it("defaults to the next 60 days", async () => {
    const u = await signedIn(db());
    const r = await list(u.token, "");
    expect(r.status).toBe(200);
    expect(Date.parse(r.body.to) - Date.parse(r.body.from)).toBe(60 * 86_400_000);
  });
});

describe("POST /api/schedules/parse", () => {
  const parse = (token: string, payload?: FormData) => call(t.app, { method: "POST", url: "/api/schedules/parse", token, payload: payload as never });

  it("reads a DOCX circular into event fields", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const bytes = Buffer.from(
      await buildCircularDocx([
        "ADESUA JHS",
        "P.O. Box 12, Kumasi",
        "RE: PTA MEETING",
        "All parents are invited to the PTA meeting on Friday, 4th December 2026 at 2:00 pm – 4:00 pm.",
      ]),
    );
    const r = await parse(teacher.token, form({}, { file: { name: "pta.docx", bytes, type: "application/octet-stream" } }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: "PTA MEETING", start: "2026-12-04T14:00:00.000Z", end: "2026-12-04T16:00:00.000Z", recurrence: "" });
    expect(r.body.content).toContain("All parents are invited");
  });

  it("reads a PDF circular, with a recurrence phrase", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const bytes = Buffer.from(
      buildCircularPdf(["SUBJECT: EXTRA CLASSES", "Extra classes hold every Friday at 3pm from 6th November 2026 until 11th December 2026."]),
    );
    const r = await parse(admin.token, form({}, { file: { name: "x.pdf", bytes } }));
    expect(r.status).toBe(200);
    expect(r.body.title).toBe("EXTRA CLASSES");
    expect(r.body.start).toBe("2026-11-06T15:00:00.000Z");
    expect(r.body.recurrence).toMatch(/^FREQ=WEEKLY;.*BYDAY=FR/);
  });

  it("answers 400 without a file, 415 for other types, 400 for a damaged PDF, 403 for a student", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    expect((await parse(teacher.token, form({}))).body).toEqual({ error: "Select a file to parse" });
    expect((await parse(teacher.token)).body).toEqual({ error: "Select a file to parse" });
    const png = await parse(teacher.token, form({}, { file: { name: "a.pdf", bytes: pngBytes() } }));
    expect(png.status).toBe(415);
    const zip = await parse(teacher.token, form({}, { file: { name: "a.docx", bytes: Buffer.from("PK\x03\x04 not really a zip", "latin1") } }));
    expect(zip.status).toBe(415);
    const broken = await parse(teacher.token, form({}, { file: { name: "a.pdf", bytes: Buffer.from("%PDF-1.7\n garbage \u0000\u0001 no xref", "latin1") } }));
    expect(broken.status).toBe(400);
    const student = await signedIn(db(), { role: "student" });
    expect((await parse(student.token, form({}, { file: { name: "a.pdf", bytes: pdfBytes() } }))).status).toBe(403);
  });
});

describe("calendar feed", () => {
  it("makes a private token, serves the owner's events, exceptions and quiz windows as iCalendar, and 404s once revoked", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const course = await buildCourse(db(), { teacherId: teacher.user.id, title: "Feed course" });
    const { quiz } = await buildQuiz(db(), {
      courseId: course.id,
      title: "Feed quiz",
      openTime: new Date(Date.now() + 86_400_000),
      closeTime: new Date(Date.now() + 90_000_000),
    });
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const weekly = (
      await post(
        teacher.token,
        event({
          title: "Feed lesson",
          courseId: course.id,
          start: start.toISOString(),
          end: new Date(start.getTime() + 3600_000).toISOString(),
          recurrence: "weekly",
        }),
      )
    ).body;
    const second = new Date(start.getTime() + 7 * 86_400_000).toISOString();
    await cancelOccurrence(teacher.token, weekly.id, second);

    expect((await call(t.app, { method: "GET", url: "/api/schedules/feed-token", token: teacher.token })).body).toEqual({ exists: false, createdAt: null });
    const made = await call(t.app, { method: "POST", url: "/api/schedules/feed-token", token: teacher.token });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/^http:\/\/[^/]+\/api\/schedules\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(made.body.webcalUrl).toMatch(/^webcal:\/\//);
    const token = /feed\/([^/]+)\.ics$/.exec(made.body.url)![1];
    const [stored] = await db().select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, teacher.user.id));
    expect(stored.tokenHash).not.toContain(token);
    expect((await call(t.app, { method: "GET", url: "/api/schedules/feed-token", token: teacher.token })).body.exists).toBe(true);

    const path = new URL(made.body.url).pathname;
    const feed = await call(t.app, { method: "GET", url: path });
    expect(feed.status).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    const vcal = new ICAL.Component(ICAL.parse(feed.raw));
    const vevents = vcal.getAllSubcomponents("vevent");
    const lesson = vevents.find((v) => v.getFirstPropertyValue("summary") === "Feed lesson")!;
    expect(lesson).toBeTruthy();
    expect(String(lesson.getFirstPropertyValue("rrule"))).toContain("FREQ=WEEKLY");
    const exdate = lesson.getFirstPropertyValue("exdate") as unknown as ICAL.Time;
    expect(exdate.toJSDate().toISOString()).toBe(second);
    const quizEvent = vevents.find((v) => String(v.getFirstPropertyValue("uid")).startsWith(`quiz-${quiz.id}-`));
    expect(quizEvent).toBeTruthy();
    expect(String(quizEvent!.getFirstPropertyValue("summary"))).toContain("Feed quiz");
    expect(vcal.getFirstSubcomponent("vtimezone")!.getFirstPropertyValue("tzid")).toBe("Africa/Accra");

    const again = await call(t.app, { method: "POST", url: "/api/schedules/feed-token", token: teacher.token });
    expect((await call(t.app, { method: "GET", url: path })).status).toBe(404);
    expect((await call(t.app, { method: "GET", url: new URL(again.body.url).pathname })).status).toBe(200);
    await call(t.app, { method: "DELETE", url: "/api/schedules/feed-token", token: teacher.token });
    expect((await call(t.app, { method: "GET", url: new URL(again.body.url).pathname })).status).toBe(404);
    expect((await call(t.app, { method: "GET", url: "/api/schedules/feed/nonsense" })).status).toBe(404);
    expect((await call(t.app, { method: "POST", url: "/api/schedules/feed-token" })).status).toBe(401);
  });

  it("gives a student's feed only what their calendar shows", async () => {
    const student = await signedIn(db(), { role: "student", studentType: "jhs2" });
    const { quiz: mine } = await buildQuiz(db(), { studentType: "jhs2", title: "Mine", openTime: new Date(Date.now() + 86_400_000) });
    const { quiz: theirs } = await buildQuiz(db(), { studentType: "jhs3", title: "Theirs", openTime: new Date(Date.now() + 86_400_000) });
    const made = await call(t.app, { method: "POST", url: "/api/schedules/feed-token", token: student.token });
    const feed = await call(t.app, { method: "GET", url: new URL(made.body.url).pathname });
    expect(feed.raw).toContain(`quiz-${mine.id}-`);
    expect(feed.raw).not.toContain(`quiz-${theirs.id}-`);
  });
});

it("keeps the event table's range bound right for one-off and repeating events", async () => {
  const admin = await signedIn(db(), { role: "admin" });
  const r = (await post(admin.token, event({ start: "2027-01-04T09:00:00Z", end: "2027-01-04T10:00:00Z", recurrence: "weekly until 1 February 2027" }))).body;
  const [row] = await db().select().from(scheduleEvents).where(eq(scheduleEvents.id, r.id));
  expect(row.seriesEndAt.toISOString()).toBe("2027-02-02T00:59:59.000Z");
});
