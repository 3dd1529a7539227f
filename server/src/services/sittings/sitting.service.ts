import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  buildSittingVersions,
  classLabel,
  sheetKind,
  SITTING_MESSAGES as M,
  type QuestionType,
  type Sitting,
  SittingInputSchema,
  type SittingList,
  type SittingListQuery,
  type StudentType,
} from "@adesua/domain";
import type { z } from "zod";
import type { Db, Queryable } from "../../db/client";
import { courses, questions, quizzes, sittings, sittingScans, users, type SittingRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { sheetLayout } from "../../documents/sittings/layout";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { pageMeta, pageWindow } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { assertCanManageSitting, assertStaffForSittings } from "../../policies/sittings.policy";
import { quizScope, quizScopeSql } from "../../policies/quizzes.policy";
import { loadSittingFor } from "./sitting-load";
import { sittingStudentsWhere } from "./sitting-students";

/**
 * Paper sittings (issue 29, decision 051): a quiz printed for a class with one answer sheet per student. A sitting
 * keeps each version's order of questions and options as printed; scanned sheets (scan-*.service.ts) hang from it.
 */

const MAX_OPTIONS = 5;

type SittingCounts = { students: number; total: number; recorded: number; review: number; refused: number; reading: number };

function presentSitting(s: SittingRow, quiz: { id: number; title: string; studentType: string }, c: SittingCounts): Sitting {
  const v1 = s.versions[0]?.questions ?? [];
  return {
    id: s.id,
    quiz: { id: quiz.id, title: quiz.title, level: quiz.studentType },
    class: classLabel(quiz.studentType as StudentType, s.stream),
    stream: s.stream,
    versions: s.versions.length,
    blankSheets: s.blankSheets,
    students: c.students,
    bubbleQuestions: v1.filter((q) => q.kind === "bubbles").length,
    boxQuestions: v1.filter((q) => q.kind === "box").length,
    scans: { total: c.total, recorded: c.recorded, review: c.review, refused: c.refused, reading: c.reading },
    createdAt: s.createdAt.toISOString(),
  };
}

/** A scan stuck while queued or reading for this long lost its server: it counts (and reads) as refused. */
export const SCAN_STALLED_MS = 10 * 60_000;

/** Counts of a sitting's scans by state, and its named students, computed by the database. */
function countsSql() {
  const stalled = sql`${sittingScans.status} in ('queued','reading') and ${sittingScans.updatedAt} < now() - make_interval(secs => ${SCAN_STALLED_MS / 1000})`;
  const scans = (cond: SQL) => sql<number>`(select count(*) from ${sittingScans} where ${sittingScans.sittingId} = ${sittings.id} and ${cond})`.mapWith(Number);
  return {
    total: scans(sql`true`),
    recorded: scans(sql`${sittingScans.status} = 'recorded'`),
    review: scans(sql`${sittingScans.status} = 'review'`),
    refused: scans(sql`(${sittingScans.status} = 'refused' or (${stalled}))`),
    reading: scans(sql`(${sittingScans.status} in ('queued','reading') and not (${stalled}))`),
    students: sql<number>`(select count(*) from ${users} where ${users.role} = 'student' and ${users.status} = 'active'
      and ${users.studentType} = ${quizzes.studentType} and (${sittings.stream} is null or ${users.stream} = ${sittings.stream}))`.mapWith(Number),
  };
}

const listColumns = () => ({
  sitting: sittings,
  quiz: { id: quizzes.id, title: quizzes.title, studentType: quizzes.studentType },
  ...countsSql(),
});

/** GET /sittings/{id}. */
export async function getSitting(db: Db, viewer: Viewer, id: number): Promise<Sitting> {
  await loadSittingFor(db, viewer, id);
  return presentSittingById(db, id);
}

export async function presentSittingById(db: Queryable, id: number): Promise<Sitting> {
  const [row] = await db.select(listColumns()).from(sittings).innerJoin(quizzes, eq(quizzes.id, sittings.quizId)).where(eq(sittings.id, id));
  if (!row) throw notFound(M.notFound);
  return presentSitting(row.sitting, row.quiz, row);
}

/** GET /sittings: the sittings of quizzes the viewer manages, newest first, paginated in SQL. */
export async function listSittings(db: Db, viewer: Viewer, q: SittingListQuery): Promise<SittingList> {
  assertStaffForSittings(viewer);
  const where = and(quizScopeSql(quizScope(viewer)), q.quizId ? eq(sittings.quizId, q.quizId) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns())
      .from(sittings)
      .innerJoin(quizzes, eq(quizzes.id, sittings.quizId))
      .innerJoin(courses, eq(courses.id, quizzes.courseId))
      .where(where)
      .orderBy(desc(sittings.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(sittings)
      .innerJoin(quizzes, eq(quizzes.id, sittings.quizId))
      .innerJoin(courses, eq(courses.id, quizzes.courseId))
      .where(where),
  ]);
  return { data: rows.map((r) => presentSitting(r.sitting, r.quiz, r)), pagination: pageMeta(q, Number(total)) };
}

type PaperQuestion = { id: number; type: QuestionType; options: string[] };

/** Every question must fit on the sheet: at most 5 options on a bubble row, and the rows on one page. */
function checkFits(qs: readonly PaperQuestion[]): void {
  if (!qs.length) throw badRequest(M.noPaperQuestions);
  const bubbles = qs.filter((q) => sheetKind(q.type) === "bubbles");
  if (bubbles.some((q) => q.options.length > MAX_OPTIONS)) throw badRequest(M.tooManyOptions);
  if (bubbles.length > 100) throw badRequest(M.tooManyBubbles);
  const boxes = qs.length - bubbles.length;
  if (boxes > 20) throw badRequest(M.tooManyBoxes);
  if (!sheetLayout(bubbles.length, boxes)) throw badRequest(M.sheetFull);
}

/** POST /sittings: a printing of a quiz the viewer manages, with its versions made once and stored. */
export async function createSitting(db: Db, viewer: Viewer, input: z.output<typeof SittingInputSchema>, actor: Actor): Promise<Sitting> {
  assertStaffForSittings(viewer);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ quiz: quizzes, courseTeacherId: courses.teacherId })
      .from(quizzes)
      .innerJoin(courses, eq(courses.id, quizzes.courseId))
      .where(eq(quizzes.id, input.quizId))
      .limit(1);
    if (!row) throw notFound(M.quizNotFound);
    try {
      assertCanManageSitting(viewer, { quiz: row.quiz, course: { teacherId: row.courseTeacherId } });
    } catch {
      throw notFound(M.quizNotFound);
    }
    const qs = await tx
      .select({ id: questions.id, type: questions.type, options: questions.options })
      .from(questions)
      .where(eq(questions.quizId, row.quiz.id))
      .orderBy(asc(questions.position), asc(questions.id));
    checkFits(qs);
    const stream = input.stream ?? null;
    const blankSheets = input.blankSheets;
    const [{ n }] = await tx.select({ n: count() }).from(users).where(sittingStudentsWhere(row.quiz.studentType, stream));
    if (Number(n) === 0 && blankSheets === 0) throw badRequest(M.noStudents);
    const versions = buildSittingVersions(
      qs.map((q) => ({ id: q.id, type: q.type, options: q.options.length })),
      input.versions,
      randomInt(2 ** 31),
    );
    const [s] = await tx.insert(sittings).values({ quizId: row.quiz.id, stream, versions, blankSheets, createdBy: viewer.id }).returning();
    await recordAudit(tx, {
      entityType: "sitting",
      entityId: s.id,
      action: "create",
      actor,
      after: { quizId: s.quizId, stream, versions: versions.length, blankSheets },
    });
    return s.id;
  });
  return presentSittingById(db, id);
}

/** DELETE /sittings/{id}: refused once any sheet is recorded (its photo stays with the submission). */
export async function deleteSitting(db: Db, viewer: Viewer, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const { sitting } = await loadSittingFor(tx, viewer, id);
    await tx.execute(sql`select id from ${sittings} where id = ${id} for update`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(sittingScans)
      .where(and(eq(sittingScans.sittingId, id), sql`(${sittingScans.status} = 'recorded' or ${sittingScans.submissionId} is not null)`));
    if (Number(n) > 0) throw conflict(M.hasRecorded);
    await tx.delete(sittings).where(eq(sittings.id, id));
    await recordAudit(tx, { entityType: "sitting", entityId: id, action: "delete", actor, before: { quizId: sitting.quizId, stream: sitting.stream } });
  });
}
