import { and, asc, count, eq, inArray } from "drizzle-orm";
import { gradeWithTeacher } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { attemptAnswers, attempts, submissions, type SubmissionRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { conflict } from "../../lib/errors";
import { itemMarksOf, loadAttemptAnswers, loadKeyedQuestions, teacherGradeOf, type StoredAnswer } from "./grading.service";
import { recomputeRecords } from "./records-recompute.service";

export const STUDENTS_TAKING_QUIZ = "Students are taking this quiz; change the questions after their attempts end";

/**
 * Refuses to remove or replace questions while any attempt at the quiz is open (issue 8, item 7):
 * their saved answers would go with the questions. The caller holds the quiz row FOR UPDATE; a start
 * inserts its attempt under a key-share lock on the same row (the start's select and the attempts
 * foreign key), so a start racing this edit is either seen here or waits until the edit commits.
 */
export async function assertNoRemovalDuringAttempts(tx: Queryable, quizId: number, removes: boolean): Promise<void> {
  if (!removes) return;
  const [open] = await tx
    .select({ n: count() })
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), eq(attempts.status, "in_progress")));
  if (open.n > 0) throw conflict(STUDENTS_TAKING_QUIZ);
}

/**
 * Re-grades every submission of a quiz and its records after its questions or keys changed, in the
 * caller's transaction: score, right count and graded, keeping a teacher's marks and final score
 * (`gradeWithTeacher`: a key added later wins over a mark; decision 022). Records follow through
 * `recomputeRecords` (passed, personal best). Saved answers are never touched.
 * Audited as one "regrade" entry when any grade changed. Answers how many submissions changed.
 */
export async function regradeQuiz(tx: Queryable, quiz: { id: number; passingScore: number }, actor: Actor): Promise<number> {
  const subs = await tx.select().from(submissions).where(eq(submissions.quizId, quiz.id)).orderBy(asc(submissions.id));
  if (!subs.length) return 0;
  const keyed = await loadKeyedQuestions(tx, quiz.id);
  const attemptIds = subs.map((s) => s.attemptId).filter((id): id is number => id !== null);
  const saved = attemptIds.length
    ? await tx
        .select({ attemptId: attemptAnswers.attemptId, questionId: attemptAnswers.questionId, answer: attemptAnswers.answer, savedAt: attemptAnswers.savedAt })
        .from(attemptAnswers)
        .where(inArray(attemptAnswers.attemptId, attemptIds))
    : [];
  const byAttempt = new Map<number, StoredAnswer[]>();
  for (const a of saved) byAttempt.set(a.attemptId, [...(byAttempt.get(a.attemptId) ?? []), a]);
  const changes: { submissionId: number; before: number | null; after: number | null }[] = [];
  for (const s of subs) {
    // A submission whose attempt is gone keeps its grade: there is nothing to grade it from.
    if (s.attemptId === null) continue;
    const g = gradeWithTeacher(keyed, byAttempt.get(s.attemptId) ?? [], teacherGradeOf(s));
    const itemMarks = itemMarksOf(g);
    const sameMarks = JSON.stringify(s.itemMarks ?? null) === JSON.stringify(itemMarks);
    const same = s.score === g.score && s.correct === g.correct && s.total === g.total && s.graded === g.graded;
    if (same && sameMarks) continue;
    // Marks per question (item analysis) follow every key change, even one that leaves the score as it was.
    if (!same) changes.push({ submissionId: s.id, before: s.score, after: g.score });
    await tx
      .update(submissions)
      .set({ score: g.score, correct: g.correct, total: g.total, graded: g.graded, ungradedAnswers: g.ungradedAnswers, itemMarks })
      .where(eq(submissions.id, s.id));
  }
  if (!changes.length) return 0;
  await recomputeRecords(tx, { quizId: quiz.id });
  await recordAudit(tx, {
    entityType: "quiz",
    entityId: quiz.id,
    action: "regrade",
    actor,
    after: { regraded: changes.length, changes: changes.slice(0, 100) },
  });
  return changes.length;
}

/**
 * Re-grades one submission from its attempt's saved answers, in the caller's transaction, as `regradeQuiz` does for a
 * whole quiz: keys, plus the teacher's marks or final score (`gradeWithTeacher`), records following through
 * `recomputeRecords`. Used when late answers are accepted (decision 044); the caller audits. Answers the row after.
 */
export async function regradeSubmission(tx: Queryable, s: SubmissionRow, quiz: { id: number; passingScore: number }): Promise<SubmissionRow> {
  if (s.attemptId === null) return s;
  const [keyed, answers] = await Promise.all([loadKeyedQuestions(tx, quiz.id), loadAttemptAnswers(tx, s.attemptId)]);
  const g = gradeWithTeacher(keyed, answers, teacherGradeOf(s));
  const [after] = await tx
    .update(submissions)
    .set({ score: g.score, correct: g.correct, total: g.total, graded: g.graded, ungradedAnswers: g.ungradedAnswers, itemMarks: itemMarksOf(g) })
    .where(eq(submissions.id, s.id))
    .returning();
  await recomputeRecords(tx, { quizId: quiz.id, userId: s.userId });
  return after;
}
