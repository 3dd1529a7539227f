import { and, eq, sql } from "drizzle-orm";
import { SITTING_MESSAGES as M, type Scan } from "@adesua/domain";
import type { Db, Tx } from "../../db/client";
import { attemptAnswers, attempts, sittingScans, submissions, users, type QuizRow, type SittingRow, type SittingScanRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { conflict } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { submitAttempt, upsertAnswers } from "../attempts/attempt-settle";
import { regradeSubmission } from "../grading/regrade.service";
import { answersOf, teacherMarksOf, unsettledCount } from "./scan-rows";
import { assertSettleable, lockScan, presentScanById, sheetQuestions } from "./scan.service";
import { loadSittingFor } from "./sitting-load";

/**
 * Recording a settled sheet (issue 29, decision 051): it becomes the student's submission of the quiz exactly as an
 * online submit makes one. Its answers are saved in the quiz's own encoding (the option texts) on an attempt of the
 * sitting, and graded by the same `submitAttempt` (submission, record, personal best, item marks, audit), so records,
 * item analysis, performance, gradebooks and Fix key re-grading include it. Scanning the same sheet again replaces the
 * answers of that attempt and re-grades its one submission: never a second one. Written boxes without a key carry the
 * teacher's marks as a teacher's marking does (`submissions.marks`, graded by `gradeWithTeacher`).
 */

/** The name of a student's other submission of the quiz (online, or from another sitting), or null. */
export async function submittedElsewhere(tx: Tx, quizId: number, studentId: number, sittingId: number): Promise<string | null> {
  const [row] = await tx
    .select({ name: users.name })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .leftJoin(attempts, eq(attempts.id, submissions.attemptId))
    .where(and(eq(submissions.quizId, quizId), eq(submissions.userId, studentId), sql`${attempts.sittingId} is distinct from ${sittingId}`))
    .limit(1);
  return row?.name ?? null;
}

type RecordContext = { sitting: SittingRow; quiz: QuizRow; actor: Actor; now: Date; confirm: boolean };

/**
 * Records a locked, settled scan in the caller's transaction. 409 while rows are unsettled, without a student, or when
 * the student has a submission of the quiz from elsewhere and `confirm` is not set. Answers the submission's id.
 */
export async function recordLockedScan(tx: Tx, scan: SittingScanRow, ctx: RecordContext): Promise<number> {
  const { sitting, quiz, actor, now } = ctx;
  if (unsettledCount(scan.rows) > 0) throw conflict(M.unsettled);
  if (scan.studentId === null) throw conflict(M.noStudent);
  const studentId = scan.studentId;
  // The (quiz, student) lock an online start takes: attempt numbers and the sitting's one attempt per student are
  // decided one at a time (two scans of one sheet recorded at once, or a start beside a record).
  await tx.execute(sql`select pg_advisory_xact_lock(${quiz.id}::int, ${studentId}::int)`);
  const version = sitting.versions.find((v) => v.version === scan.version);
  if (!version) throw conflict(M.notOurSheet);
  const elsewhere = await submittedElsewhere(tx, quiz.id, studentId, sitting.id);
  if (elsewhere !== null && !ctx.confirm) throw conflict(M.alreadySubmitted.replace("{name}", elsewhere));

  const byId = await sheetQuestions(tx, quiz.id);
  const answers = answersOf(version, scan.rows, byId);
  const marks = teacherMarksOf(scan.rows, byId);

  const [existing] = await tx
    .select()
    .from(attempts)
    .where(and(eq(attempts.sittingId, sitting.id), eq(attempts.userId, studentId)))
    .for("update");
  let attempt = existing;
  if (!attempt) {
    // Paper is not limited by the quiz's attempts (the teacher chose to record it): the next number, already closed
    // (so a student's open online attempt is untouched), submitted below as an online submit is.
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${attempts.attemptNumber}), 0) + 1`.mapWith(Number) })
      .from(attempts)
      .where(and(eq(attempts.quizId, quiz.id), eq(attempts.userId, studentId)));
    [attempt] = await tx
      .insert(attempts)
      .values({ quizId: quiz.id, userId: studentId, attemptNumber: next, status: "submitted", startedAt: now, submittedAt: now, sittingId: sitting.id })
      .returning();
  } else {
    await tx.delete(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id));
  }
  await upsertAnswers(tx, attempt.id, answers, now);

  let [submission] = await tx.select().from(submissions).where(eq(submissions.attemptId, attempt.id)).for("update");
  if (!submission) {
    const done = await submitAttempt(tx, { ...attempt, status: "in_progress" }, quiz, { at: now, actor, preview: false });
    const id = done.graded?.submission?.id;
    [submission] = await tx
      .select()
      .from(submissions)
      .where(eq(submissions.id, id ?? -1))
      .for("update");
    if (!submission) throw conflict(M.alreadyRecorded);
  }
  if (existing || marks.length) {
    // The teacher's marks of the boxes replace their earlier ones; marks given on the grading screen stay.
    const boxIds = new Set(scan.rows.filter((r) => r.kind === "box").map((r) => r.questionId));
    const kept = (submission.marks ?? []).filter((m) => !boxIds.has(m.questionId));
    const merged = [...kept, ...marks];
    const [withMarks] = await tx
      .update(submissions)
      .set({
        marks: merged.length ? merged : null,
        ...(marks.length ? { gradedBy: actor.userId, gradedAt: now } : {}),
      })
      .where(eq(submissions.id, submission.id))
      .returning();
    submission = await regradeSubmission(tx, withMarks, quiz);
  }
  await tx
    .update(sittingScans)
    .set({ status: "recorded", submissionId: submission.id, error: null, updatedAt: sql`now()` })
    .where(eq(sittingScans.id, scan.id));
  await recordAudit(tx, {
    entityType: "sitting_scan",
    entityId: scan.id,
    action: existing ? "update" : "create",
    actor,
    after: {
      sittingId: sitting.id,
      studentId,
      attemptId: attempt.id,
      submissionId: submission.id,
      score: submission.score,
      replaced: Boolean(existing),
      confirmed: elsewhere !== null,
    },
  });
  return submission.id;
}

/** POST /sittings/{id}/scans/{scanId}/record. */
export async function recordScan(db: Db, viewer: Viewer, sittingId: number, scanId: number, confirm: boolean, actor: Actor, now: Date): Promise<Scan> {
  return db.transaction(async (tx) => {
    const { sitting, quiz } = await loadSittingFor(tx, viewer, sittingId);
    const scan = await lockScan(tx, sittingId, scanId);
    assertSettleable(scan);
    await recordLockedScan(tx, scan, { sitting, quiz, actor, now, confirm });
    return presentScanById(tx, sittingId, scan.id);
  });
}
