import { and, count, desc, eq, ilike, sql } from "drizzle-orm";
import { GRADING_MESSAGES as M, type AdminRecord, type PageMeta } from "@adesua/domain";
import type { Db, Queryable, Tx } from "../../db/client";
import { attempts, courses, quizzes, records, submissions, users, type RecordRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { escapeLike } from "../../lib/sql";
import { pageWithCount } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { assertCanKeepRecordsOf, gradingScopeCondition } from "../../policies/grading.policy";
import { presentAdminRecord } from "./record.presenter";
import { loadQuizForAttempt, type QuizForAttempt } from "../quizzes/quiz-loaders";
import { recomputeRecords } from "./records-recompute.service";
import { applyTeacherGrade, lockSubmission, removeSubmission, type LockedSubmission } from "./submission-grading.service";

/**
 * The records admin (issue 14; decision 022): every record a teacher or admin may keep, records
 * entered by hand, and edits that keep passed and personal best true for that student and quiz.
 * A record made from a submission is the same grade as the submission: its score changes through the
 * submission's grade, and deleting it deletes the submission.
 */

type Ctx = { viewer: Viewer; actor: Actor; now: Date };
export type RecordForm = { userId: number; quizId: number; score: number };

const adminQuery = (db: Queryable) =>
  db
    .select({
      record: records,
      quiz: { id: quizzes.id, title: quizzes.title, maxAttempts: quizzes.maxAttempts },
      course: { id: courses.id, title: courses.title },
      user: { id: users.id, name: users.name, email: users.email, studentType: users.studentType, stream: users.stream },
      onPaper: sql<boolean>`exists (select 1 from ${submissions} join ${attempts} on ${attempts.id} = ${submissions.attemptId}
        where ${submissions.id} = ${records.submissionId} and ${attempts.sittingId} is not null)`,
    })
    .from(records)
    .innerJoin(quizzes, eq(quizzes.id, records.quizId))
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .innerJoin(users, eq(users.id, records.userId));

/** GET /records/all: newest first, filtered by student and quiz, in the viewer's scope. */
export async function listAllRecords(
  db: Db,
  viewer: Viewer,
  q: { page: number; limit: number; userId?: number; quizId?: number; search?: string },
): Promise<{ data: AdminRecord[]; pagination: PageMeta }> {
  const cond = and(
    gradingScopeCondition(viewer),
    q.userId ? eq(records.userId, q.userId) : undefined,
    q.quizId ? eq(records.quizId, q.quizId) : undefined,
    q.search ? ilike(users.name, `%${escapeLike(q.search)}%`) : undefined,
  );
  const { rows, meta } = await pageWithCount(
    q,
    (w) => adminQuery(db).where(cond).orderBy(desc(records.createdAt), desc(records.id)).limit(w.limit).offset(w.offset),
    async () =>
      (
        await db
          .select({ total: count() })
          .from(records)
          .innerJoin(quizzes, eq(quizzes.id, records.quizId))
          .innerJoin(courses, eq(courses.id, quizzes.courseId))
          .innerJoin(users, eq(users.id, records.userId))
          .where(cond)
      )[0].total,
  );
  return { data: rows.map((r) => presentAdminRecord(r, viewer)), pagination: meta };
}

async function loadAdminRecord(db: Queryable, viewer: Viewer, id: number): Promise<AdminRecord> {
  const [row] = await adminQuery(db).where(eq(records.id, id)).limit(1);
  if (!row) throw notFound(M.recordNotFound);
  return presentAdminRecord(row, viewer);
}

/**
 * Locks a record (and first its submission, in the order grading locks them) with its quiz; 404 when
 * there is none; 403 outside the viewer's quizzes.
 */
async function lockRecord(tx: Tx, viewer: Viewer, id: number): Promise<{ record: RecordRow; linked: LockedSubmission | null }> {
  const [peek] = await tx.select({ submissionId: records.submissionId }).from(records).where(eq(records.id, id));
  if (!peek) throw notFound(M.recordNotFound);
  const linked = peek.submissionId !== null ? await lockSubmission(tx, peek.submissionId) : null;
  const [record] = await tx.select().from(records).where(eq(records.id, id)).for("update");
  if (!record) throw notFound(M.recordNotFound);
  const quiz = (await loadQuizForAttempt(tx, record.quizId))!;
  assertCanKeepRecordsOf(viewer, { quiz, course: quiz.course });
  return { record, linked: linked && linked.submission.id === record.submissionId ? linked : null };
}

/** GET /records/{id}. */
export async function getRecord(db: Db, viewer: Viewer, id: number): Promise<AdminRecord> {
  const found = await loadAdminRecord(db, viewer, id);
  const quiz = (await loadQuizForAttempt(db, found.quizId))!;
  assertCanKeepRecordsOf(viewer, { quiz, course: quiz.course });
  return found;
}

/** The form's quiz (which the viewer must keep records of) and student (a student). */
async function checkForm(tx: Tx, viewer: Viewer, input: RecordForm): Promise<QuizForAttempt> {
  if (viewer.role !== "teacher" && viewer.role !== "admin") throw forbidden();
  const quiz = await loadQuizForAttempt(tx, input.quizId);
  if (!quiz) throw badRequest(M.quizNotFound);
  assertCanKeepRecordsOf(viewer, { quiz, course: quiz.course });
  const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw badRequest(M.userNotFound);
  if (user.role !== "student") throw badRequest(M.notAStudent);
  return quiz;
}

const snapshot = (r: Pick<RecordRow, "userId" | "quizId" | "score" | "passed" | "isPersonalBest" | "submissionId">) => ({
  userId: r.userId,
  quizId: r.quizId,
  score: r.score,
  passed: r.passed,
  isPersonalBest: r.isPersonalBest,
  submissionId: r.submissionId,
});

async function reread(tx: Tx, id: number): Promise<RecordRow> {
  const [row] = await tx.select().from(records).where(eq(records.id, id));
  return row;
}

/** POST /records: a record entered by hand, numbered as the student's next attempt at the quiz. */
export async function createRecord(db: Db, input: RecordForm, ctx: Ctx): Promise<AdminRecord> {
  return db.transaction(async (tx) => {
    await checkForm(tx, ctx.viewer, input);
    const [row] = await tx
      .insert(records)
      .values({
        userId: input.userId,
        quizId: input.quizId,
        score: input.score,
        correct: 0,
        total: 0,
        passed: null,
        isPersonalBest: false,
        userAttempts: sql`(select coalesce(max(${records.userAttempts}), 0) + 1 from ${records} where ${records.userId} = ${input.userId} and ${records.quizId} = ${input.quizId})`,
        createdAt: ctx.now,
      })
      .returning();
    await recomputeRecords(tx, { quizId: input.quizId, userId: input.userId });
    await recordAudit(tx, { entityType: "record", entityId: row.id, action: "create", actor: ctx.actor, after: snapshot(await reread(tx, row.id)) });
    return loadAdminRecord(tx, ctx.viewer, row.id);
  });
}

/**
 * PUT /records/{id}. A record entered by hand takes the new student, quiz and score (both the old and
 * the new student-and-quiz are recomputed). A record made from a submission keeps its student and
 * quiz (409 otherwise); its score becomes the submission's final score.
 */
export async function updateRecord(db: Db, id: number, input: RecordForm, ctx: Ctx): Promise<AdminRecord> {
  return db.transaction(async (tx) => {
    const { record, linked } = await lockRecord(tx, ctx.viewer, id);
    await checkForm(tx, ctx.viewer, input);
    if (linked) {
      if (record.userId !== input.userId || record.quizId !== input.quizId) throw conflict(M.linkedRecordKeepsOwner);
      await applyTeacherGrade(tx, linked, { finalScore: input.score }, { ...ctx, action: "update" });
    } else {
      await tx.update(records).set({ userId: input.userId, quizId: input.quizId, score: input.score }).where(eq(records.id, id));
      await recomputeRecords(tx, { quizId: record.quizId, userId: record.userId });
      if (record.quizId !== input.quizId || record.userId !== input.userId) await recomputeRecords(tx, { quizId: input.quizId, userId: input.userId });
    }
    await recordAudit(tx, {
      entityType: "record",
      entityId: id,
      action: "update",
      actor: ctx.actor,
      before: snapshot(record),
      after: snapshot(await reread(tx, id)),
    });
    return loadAdminRecord(tx, ctx.viewer, id);
  });
}

/** DELETE /records/{id}: a record made from a submission goes with its submission (one grade). */
export async function deleteRecord(db: Db, id: number, ctx: Omit<Ctx, "now">): Promise<void> {
  await db.transaction(async (tx) => {
    const { record, linked } = await lockRecord(tx, ctx.viewer, id);
    if (linked) {
      await removeSubmission(tx, linked, ctx.actor);
    } else {
      await tx.delete(records).where(eq(records.id, id));
      await recomputeRecords(tx, { quizId: record.quizId, userId: record.userId });
    }
    await recordAudit(tx, { entityType: "record", entityId: id, action: "delete", actor: ctx.actor, before: snapshot(record) });
  });
}
