import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { SCHEDULE_MESSAGES, type ScheduleEvent, type ScheduleForm, type ScheduleOccurrence, type StudentType } from "@adesua/domain";
import { expandEvent, parseRecurrence, RECURRENCE_LIMITS } from "@adesua/domain/recurrence";
import type { Db, Queryable } from "../../db/client";
import { calendarFeedTokens, courses, files, quizzes, scheduleEvents, scheduleExceptions, users, type FileRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { hashToken } from "../../auth/sessions";
import { badRequest, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanEditEvent, assertCanUseCourse, canEditEvent } from "../../policies/schedule.policy";
import { levelQuizSql, QUIZ_ALONE } from "../../policies/quizzes.policy";
import { presentScheduleEvent, QUIZ_MARKER_MS, quizEntry, windowTitle, type QuizWindowRow, type ScheduleEventJoined } from "./schedule.presenter";
import { mockOccurrences, mockPapersInRange, mockSlotTitle } from "../mocks/mock-schedule";
import { buildCalendarFeed, occurrencesOf, type FeedEvent, type FeedQuizWindow } from "../../schedule";
import { insertFileRow, type StoredPdf } from "../files/files.service";

/** Events, their occurrences, quiz windows and the calendar feed (issue 13). */

export const EVENT_NOT_FOUND = "Event not found";
const DAY_MS = 86_400_000;
export { QUIZ_MARKER_MS };

/** Courses a viewer's calendar covers: null = every course (admin). */
function coursesOf(viewer: Viewer): SQL | null {
  if (viewer.role === "admin") return null;
  if (viewer.role === "teacher") return sql`(select ${courses.id} from ${courses} where ${courses.teacherId} = ${viewer.id})`;
  // A student takes part in a course that has published quizzes of their level (decisions 020, 040).
  return sql`(select distinct ${quizzes.courseId} from ${quizzes} where ${levelQuizSql(viewer.studentType, QUIZ_ALONE)})`;
}

/** The events a viewer may see: school-wide ones and those of their courses (admins: all). */
export function eventScope(viewer: Viewer): SQL | undefined {
  const own = coursesOf(viewer);
  if (!own) return undefined;
  return or(isNull(scheduleEvents.courseId), inArray(scheduleEvents.courseId, own));
}

/**
 * The quizzes whose windows a viewer's calendar shows: students their level's published ones (never a draft,
 * decision 040), teachers their courses' (drafts marked), admins all.
 */
function quizScope(viewer: Viewer): SQL | undefined {
  if (viewer.role === "admin") return undefined;
  if (viewer.role === "student") return levelQuizSql(viewer.studentType, QUIZ_ALONE);
  return inArray(quizzes.courseId, coursesOf(viewer)!);
}

function selectEvents(db: Queryable) {
  return db
    .select({
      event: scheduleEvents,
      course: { id: courses.id, title: courses.title, teacherId: courses.teacherId },
      creator: { id: users.id, name: users.name },
      file: { name: files.name, size: files.size },
    })
    .from(scheduleEvents)
    .leftJoin(courses, eq(courses.id, scheduleEvents.courseId))
    .leftJoin(users, eq(users.id, scheduleEvents.createdBy))
    .leftJoin(files, eq(files.id, scheduleEvents.fileId));
}

async function exceptionsOf(db: Queryable, eventIds: readonly number[]): Promise<Map<number, Date[]>> {
  const out = new Map<number, Date[]>();
  if (!eventIds.length) return out;
  const rows = await db
    .select({ eventId: scheduleExceptions.eventId, start: scheduleExceptions.occurrenceStart })
    .from(scheduleExceptions)
    .where(inArray(scheduleExceptions.eventId, [...eventIds]));
  for (const r of rows) out.set(r.eventId, [...(out.get(r.eventId) ?? []), r.start]);
  return out;
}

/** An event the viewer may see (null otherwise: 404, so hidden events are not revealed). */
export async function findVisibleEvent(db: Queryable, viewer: Viewer, id: number): Promise<ScheduleEventJoined | null> {
  const [row] = await selectEvents(db)
    .where(and(eq(scheduleEvents.id, id), eventScope(viewer)))
    .limit(1);
  return row ?? null;
}

export async function loadEvent(db: Queryable, viewer: Viewer, id: number): Promise<ScheduleEvent | null> {
  const row = await findVisibleEvent(db, viewer, id);
  if (!row) return null;
  const ex = await exceptionsOf(db, [row.event.id]);
  return presentScheduleEvent(row, ex.get(row.event.id) ?? [], canEditEvent(viewer, row.event));
}

/**
 * An upper bound of the end of a series' last occurrence, stored for the range index: the event's
 * end for a one-off; the rule's UNTIL (or the 2-year limit) plus the event's length otherwise.
 */
export function seriesEndOf(start: Date, end: Date, rrule: string | null): Date {
  if (!rrule) return end;
  const duration = end.getTime() - start.getTime();
  const until = /UNTIL=(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(rrule);
  const limit = new Date(start);
  limit.setUTCFullYear(limit.getUTCFullYear() + RECURRENCE_LIMITS.maxYears);
  let last = limit.getTime() + 2 * DAY_MS;
  if (until) last = Math.min(last, Date.UTC(+until[1], +until[2] - 1, +until[3], +until[4], +until[5], +until[6]));
  return new Date(last + duration);
}

type EventValues = { title: string; description: string; startAt: Date; endAt: Date; rrule: string | null; seriesEndAt: Date; courseId: number | null };

/** Checks the form against the database and the rules: the course exists and is the teacher's; the recurrence reads. */
async function eventValues(db: Queryable, viewer: Viewer, input: ScheduleForm): Promise<EventValues> {
  const startAt = new Date(input.start);
  const endAt = new Date(input.end);
  let course: { teacherId: number | null } | null = null;
  if (input.courseId !== null) {
    const [found] = await db.select({ teacherId: courses.teacherId }).from(courses).where(eq(courses.id, input.courseId)).limit(1);
    if (!found) throw badRequest("Course not found");
    course = found;
  }
  assertCanUseCourse(viewer, course);
  const rule = parseRecurrence(input.recurrence, startAt);
  if (!rule.ok) throw badRequest(rule.error);
  return {
    title: input.title,
    description: input.description,
    startAt,
    endAt,
    rrule: rule.rrule,
    seriesEndAt: seriesEndOf(startAt, endAt, rule.rrule),
    courseId: input.courseId,
  };
}

export async function createEvent(db: Db, viewer: Viewer, input: ScheduleForm, file: StoredPdf | null, actor: Actor): Promise<ScheduleEvent> {
  return db.transaction(async (tx) => {
    const values = await eventValues(tx, viewer, input);
    const stored = file ? await insertFileRow(tx, file, viewer.id) : null;
    const [row] = await tx
      .insert(scheduleEvents)
      .values({ ...values, createdBy: viewer.id, fileId: stored?.id ?? null })
      .returning({ id: scheduleEvents.id });
    const created = (await loadEvent(tx, { ...viewer, role: "admin" }, row.id))!;
    await recordAudit(tx, { entityType: "schedule_event", entityId: row.id, action: "create", actor, after: created });
    return { ...created, canEdit: true };
  });
}

async function lockVisibleEvent(tx: Queryable, viewer: Viewer, id: number) {
  const [locked] = await tx
    .select()
    .from(scheduleEvents)
    .where(and(eq(scheduleEvents.id, id), eventScope(viewer)))
    .for("update", { of: scheduleEvents })
    .limit(1);
  if (!locked) throw notFound(EVENT_NOT_FOUND);
  return locked;
}

/** PUT /schedules/{id}: every field; the rule is read again against the (new) start. Exceptions that no longer match stay harmlessly. */
export async function updateEvent(db: Db, viewer: Viewer, id: number, input: ScheduleForm, file: StoredPdf | null, actor: Actor): Promise<ScheduleEvent> {
  return db.transaction(async (tx) => {
    const locked = await lockVisibleEvent(tx, viewer, id);
    assertCanEditEvent(viewer, locked);
    const before = (await loadEvent(tx, viewer, id))!;
    const values = await eventValues(tx, viewer, input);
    let fileId = locked.fileId;
    if (file) fileId = (await insertFileRow(tx, file, viewer.id)).id;
    else if (input.removeFile) fileId = null;
    await tx
      .update(scheduleEvents)
      .set({ ...values, fileId, updatedAt: new Date() })
      .where(eq(scheduleEvents.id, id));
    if (locked.fileId !== null && locked.fileId !== fileId) await tx.delete(files).where(eq(files.id, locked.fileId));
    const after = (await loadEvent(tx, viewer, id))!;
    await recordAudit(tx, { entityType: "schedule_event", entityId: id, action: "update", actor, before, after });
    return after;
  });
}

export async function removeEvent(db: Db, viewer: Viewer, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockVisibleEvent(tx, viewer, id);
    assertCanEditEvent(viewer, locked);
    const before = (await loadEvent(tx, viewer, id))!;
    await tx.delete(scheduleEvents).where(eq(scheduleEvents.id, id));
    if (locked.fileId !== null) await tx.delete(files).where(eq(files.id, locked.fileId));
    await recordAudit(tx, { entityType: "schedule_event", entityId: id, action: "delete", actor, before });
  });
}

/** POST /schedules/{id}/exceptions (cancel = true) and DELETE (cancel = false): one occurrence of the series. */
export async function setException(db: Db, viewer: Viewer, id: number, occurrenceStart: Date, cancel: boolean, actor: Actor): Promise<ScheduleEvent> {
  return db.transaction(async (tx) => {
    const locked = await lockVisibleEvent(tx, viewer, id);
    assertCanEditEvent(viewer, locked);
    const at = occurrenceStart.getTime();
    const matches = expandEvent({ start: locked.startAt, end: locked.endAt, rrule: locked.rrule }, { from: occurrenceStart, to: new Date(at + 1) }).some(
      (o) => o.start.getTime() === at,
    );
    if (!matches) throw badRequest(SCHEDULE_MESSAGES.notAnOccurrence);
    if (cancel) await tx.insert(scheduleExceptions).values({ eventId: id, occurrenceStart }).onConflictDoNothing();
    else await tx.delete(scheduleExceptions).where(and(eq(scheduleExceptions.eventId, id), eq(scheduleExceptions.occurrenceStart, occurrenceStart)));
    await tx.update(scheduleEvents).set({ updatedAt: new Date() }).where(eq(scheduleEvents.id, id));
    await recordAudit(tx, {
      entityType: "schedule_event",
      entityId: id,
      action: "update",
      actor,
      before: { cancelledOccurrence: cancel ? null : occurrenceStart.toISOString() },
      after: { cancelledOccurrence: cancel ? occurrenceStart.toISOString() : null },
    });
    return (await loadEvent(tx, viewer, id))!;
  });
}

/** An event's attached file: undefined when the event is not visible, null when it has none. */
export async function eventFile(db: Queryable, viewer: Viewer, id: number): Promise<FileRow | null | undefined> {
  const [row] = await db
    .select({ file: files })
    .from(scheduleEvents)
    .leftJoin(files, eq(files.id, scheduleEvents.fileId))
    .where(and(eq(scheduleEvents.id, id), eventScope(viewer)))
    .limit(1);
  return row ? row.file : undefined;
}

type Range = { from: Date; to: Date };

/** The visible events whose series overlaps the range (through schedule_events_range_idx), with their exceptions. */
async function eventsInRange(db: Queryable, viewer: Viewer, range: Range) {
  const rows = await selectEvents(db)
    .where(and(lt(scheduleEvents.startAt, range.to), gt(scheduleEvents.seriesEndAt, range.from), eventScope(viewer)))
    .orderBy(asc(scheduleEvents.startAt), asc(scheduleEvents.id));
  const ex = await exceptionsOf(
    db,
    rows.filter((r) => r.event.rrule).map((r) => r.event.id),
  );
  return rows.map((r) => ({ ...r, start: r.event.startAt, end: r.event.endAt, rrule: r.event.rrule, exceptions: ex.get(r.event.id) ?? [] }));
}

/** Quizzes with a bound whose window (or marker) may overlap the range; computed from the quizzes, never copied. */
async function quizWindowsInRange(db: Queryable, viewer: Viewer, range: Range | null): Promise<QuizWindowRow[]> {
  const inRange = range
    ? and(
        or(isNull(quizzes.openTime), lt(quizzes.openTime, new Date(range.to.getTime() + QUIZ_MARKER_MS))),
        or(isNull(quizzes.closeTime), gt(quizzes.closeTime, new Date(range.from.getTime() - QUIZ_MARKER_MS))),
      )
    : undefined;
  return db
    .select({
      id: quizzes.id,
      title: quizzes.title,
      openTime: quizzes.openTime,
      closeTime: quizzes.closeTime,
      courseId: quizzes.courseId,
      courseTitle: courses.title,
      updatedAt: quizzes.updatedAt,
      status: quizzes.status,
    })
    .from(quizzes)
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(and(or(isNotNull(quizzes.openTime), isNotNull(quizzes.closeTime)), inRange, quizScope(viewer)))
    .orderBy(asc(quizzes.id))
    .limit(2000);
}

/** GET /schedules: the viewer's occurrences and quiz windows overlapping [from, to), in start order. */
export async function listOccurrences(db: Db, viewer: Viewer, range: Range, includeQuizzes: boolean): Promise<ScheduleOccurrence[]> {
  const [events, quizRows, mocks] = await Promise.all([
    eventsInRange(db, viewer, range),
    includeQuizzes ? quizWindowsInRange(db, viewer, range) : [],
    mockOccurrences(db, viewer, range),
  ]);
  const out: ScheduleOccurrence[] = occurrencesOf(events, range).map(({ event, start, end }) => ({
    key: `event-${event.event.id}-${start.toISOString()}`,
    kind: "event",
    id: event.event.id,
    eventId: event.event.id,
    quizId: null,
    title: event.event.title,
    start: start.toISOString(),
    end: end.toISOString(),
    allDay: false,
    courseId: event.event.courseId,
    courseTitle: event.course?.title ?? null,
    recurring: !!event.event.rrule,
    quizMarker: null,
    canEdit: canEditEvent(viewer, event.event),
  }));
  for (const q of quizRows) {
    const entry = quizEntry(q);
    if (Date.parse(entry.start) < range.to.getTime() && Date.parse(entry.end) > range.from.getTime()) out.push(entry);
  }
  return [...out, ...mocks].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.key.localeCompare(b.key));
}

// ---- calendar feed tokens ----

/** POST /schedules/feed-token: a new secret (the previous one stops working). Only its hash is stored. */
export async function createFeedToken(db: Db, userId: number, actor: Actor): Promise<{ token: string; createdAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    await tx.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
    const [row] = await tx
      .insert(calendarFeedTokens)
      .values({ userId, tokenHash: hashToken(token) })
      .returning();
    await recordAudit(tx, { entityType: "calendar_feed_token", entityId: row.id, action: "create", actor });
    return { token, createdAt: row.createdAt };
  });
}

export async function feedTokenStatus(db: Queryable, userId: number): Promise<{ exists: boolean; createdAt: string | null }> {
  const [row] = await db.select({ createdAt: calendarFeedTokens.createdAt }).from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId)).limit(1);
  return { exists: !!row, createdAt: row ? row.createdAt.toISOString() : null };
}

export async function revokeFeedToken(db: Db, userId: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId)).returning({ id: calendarFeedTokens.id });
    if (gone.length) await recordAudit(tx, { entityType: "calendar_feed_token", entityId: gone[0].id, action: "delete", actor });
  });
}

/** How far back a feed reaches: calendar apps keep what they already have, so a year of history is plenty. */
const FEED_HISTORY_MS = 365 * DAY_MS;

/** GET /schedules/feed/{token}.ics: the owner's calendar, or null for an unknown or revoked token. */
export async function calendarFeedFor(db: Db, token: string, now: Date, uidDomain: string): Promise<string | null> {
  const [owner] = await db
    .select({ id: users.id, name: users.name, role: users.role, studentType: users.studentType })
    .from(calendarFeedTokens)
    .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
    .where(eq(calendarFeedTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!owner) return null;
  const viewer: Viewer = { id: owner.id, role: owner.role as Viewer["role"], studentType: (owner.studentType as StudentType | null) ?? null };
  const since = new Date(now.getTime() - FEED_HISTORY_MS);
  const rows = await selectEvents(db)
    .where(and(gt(scheduleEvents.seriesEndAt, since), eventScope(viewer)))
    .orderBy(asc(scheduleEvents.startAt), asc(scheduleEvents.id))
    .limit(5000);
  const ex = await exceptionsOf(
    db,
    rows.filter((r) => r.event.rrule).map((r) => r.event.id),
  );
  const events: FeedEvent[] = rows.map((r) => ({
    id: r.event.id,
    title: r.event.title,
    description: r.event.description,
    start: r.event.startAt,
    end: r.event.endAt,
    rrule: r.event.rrule,
    exceptions: ex.get(r.event.id) ?? [],
    courseName: r.course?.title ?? null,
    updatedAt: r.event.updatedAt,
  }));
  const quizRows = await quizWindowsInRange(db, viewer, { from: since, to: new Date(now.getTime() + 3 * 365 * DAY_MS) });
  const quizWindows: FeedQuizWindow[] = quizRows.map((q) => ({
    quizId: q.id,
    title: windowTitle(q),
    courseName: q.courseTitle,
    opensAt: q.openTime,
    closesAt: q.closeTime,
    updatedAt: q.updatedAt,
  }));
  const mockPapers = (await mockPapersInRange(db, viewer, { from: since, to: new Date(now.getTime() + 3 * 365 * DAY_MS) })).map((m) => ({
    ...m,
    title: mockSlotTitle(m),
  }));
  return buildCalendarFeed({ events, quizWindows, mockPapers }, { name: `Adesua: ${owner.name}`, now, uidDomain });
}
