import { eq } from "drizzle-orm";
import {
  gradeWithTeacher,
  GRADING_MESSAGES as M,
  MARK_MESSAGES,
  type GradeOutcome,
  type SubmissionItem,
  type TeacherGrade,
  type TeacherMark,
} from "@adesua/domain";
import type { Db, Tx } from "../../db/client";
import { courses, quizzes, records, submissions, type SubmissionRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanGradeQuiz } from "../../policies/grading.policy";
import { courseOfQuiz, type QuizForAttempt } from "../quizzes/quiz-loaders";
import { itemMarksOf, loadAttemptAnswers, loadKeyedQuestions } from "./grading.service";
import { recomputeRecords } from "./records-recompute.service";
import { loadSubmissionItem } from "./submission-list.service";

export type LockedSubmission = { submission: SubmissionRow; quiz: QuizForAttempt };

/** Locks a submission (FOR UPDATE) with its quiz and course; 404 when there is none. Checks nothing else. */
export async function lockSubmission(tx: Tx, id: number): Promise<LockedSubmission> {
  const [row] = await tx
    .select({ submission: submissions, quiz: quizzes, course: courseOfQuiz })
    .from(submissions)
    .innerJoin(quizzes, eq(quizzes.id, submissions.quizId))
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(eq(submissions.id, id))
    .for("update", { of: submissions });
  if (!row) throw notFound(M.submissionNotFound);
  return { submission: row.submission, quiz: { ...row.quiz, course: row.course } };
}

/** What the audit trail keeps of a grade: before and after every change. */
const gradeSnapshot = (s: Pick<SubmissionRow, "score" | "correct" | "total" | "graded" | "manualScore" | "marks" | "userId" | "quizId">) => ({
  userId: s.userId,
  quizId: s.quizId,
  score: s.score,
  correct: s.correct,
  total: s.total,
  graded: s.graded,
  finalScore: s.manualScore,
  marks: s.marks,
});

/**
 * Marks must name questions of this quiz without a key, once each, give at most the question's marks, and cover
 * every answer to such a question.
 */
function checkMarks(marks: readonly TeacherMark[], auto: GradeOutcome): void {
  const keyless = new Map<number, { available: number; number: number }>();
  auto.perQuestion.forEach((p, i) => {
    if (p.correct === null) keyless.set(p.questionId, { available: p.available, number: i + 1 });
  });
  const seen = new Set<number>();
  for (const m of marks) {
    const q = keyless.get(m.questionId);
    if (!q) throw badRequest(M.markNotKeyless);
    if (seen.has(m.questionId)) throw badRequest(M.markDuplicate);
    if (typeof m.marks === "number" && m.marks > q.available + 1e-9) throw badRequest(MARK_MESSAGES.aboveQuestion(q.number, q.available));
    seen.add(m.questionId);
  }
  if (auto.ungradedAnswers.some((a) => !seen.has(a.questionId))) throw badRequest(M.markMissing);
}

/** A teacher's grade: a final score, or marks for the answers to questions without a key. */
type GradeInput = { finalScore: number } | { marks: TeacherMark[] };
type GradeContext = { viewer: Viewer; actor: Actor; now: Date; action: "grade" | "update" };

/**
 * Sets a teacher's grade on a locked submission (decision 022) and brings the student's records of
 * the quiz in line (`recomputeRecords`): a final score, or marks for the answers to questions without
 * a key. It replaces any earlier grade. Audited with before and after, as `action`.
 */
export async function applyTeacherGrade(tx: Tx, locked: LockedSubmission, grade: GradeInput, ctx: GradeContext): Promise<void> {
  const s = locked.submission;
  let teacher: TeacherGrade;
  let g: GradeOutcome;
  if (s.attemptId === null) {
    // The attempt (and so the saved answers) is gone: only a final score can grade it.
    if (!("finalScore" in grade)) throw badRequest("This submission's answers are no longer kept; give a final score instead");
    teacher = { finalScore: grade.finalScore, marks: null };
    const earned = (s.itemMarks ?? []).reduce((sum, m) => sum + (m.earned ?? 0), 0);
    const available = (s.itemMarks ?? []).reduce((sum, m) => sum + m.available, 0);
    g = {
      score: grade.finalScore,
      correct: s.correct,
      total: s.total,
      earned,
      available,
      graded: true,
      ungradedAnswers: s.ungradedAnswers,
      perQuestion: (s.itemMarks ?? []).map((m) => ({ ...m, correct: m.earned === null ? null : m.earned >= m.available })),
    };
  } else {
    const [keyed, answers] = await Promise.all([loadKeyedQuestions(tx, s.quizId), loadAttemptAnswers(tx, s.attemptId)]);
    if ("marks" in grade) checkMarks(grade.marks, gradeWithTeacher(keyed, answers, null));
    teacher = "marks" in grade ? { finalScore: null, marks: grade.marks } : { finalScore: grade.finalScore, marks: null };
    g = gradeWithTeacher(keyed, answers, teacher);
  }
  const [after] = await tx
    .update(submissions)
    .set({
      score: g.score,
      correct: g.correct,
      total: g.total,
      graded: g.graded,
      ungradedAnswers: g.ungradedAnswers,
      manualScore: teacher.finalScore,
      marks: teacher.marks ? [...teacher.marks] : null,
      ...(g.perQuestion.length ? { itemMarks: itemMarksOf(g) } : {}),
      gradedBy: ctx.viewer.id,
      gradedAt: ctx.now,
    })
    .where(eq(submissions.id, s.id))
    .returning();
  await recomputeRecords(tx, { quizId: s.quizId, userId: s.userId });
  await recordAudit(tx, {
    entityType: "submission",
    entityId: s.id,
    action: ctx.action,
    actor: ctx.actor,
    before: gradeSnapshot(s),
    after: gradeSnapshot(after),
  });
}

/** PUT /submissions/{id}/grade and PUT /submissions/{id}: a teacher's grade, answered as the Grades Management row. */
export async function gradeSubmission(db: Db, id: number, grade: GradeInput, ctx: GradeContext): Promise<SubmissionItem> {
  return db.transaction(async (tx) => {
    const locked = await lockSubmission(tx, id);
    assertCanGradeQuiz(ctx.viewer, { quiz: locked.quiz, course: locked.quiz.course });
    await applyTeacherGrade(tx, locked, grade, ctx);
    return loadSubmissionItem(tx, id);
  });
}

/**
 * Removes a locked submission and the record made from it (one grade: decision 022), then brings the
 * student's other records of the quiz in line. The attempt stays (it still counts as used). Audited.
 */
export async function removeSubmission(tx: Tx, locked: LockedSubmission, actor: Actor): Promise<void> {
  const s = locked.submission;
  const gone = await tx.delete(records).where(eq(records.submissionId, s.id)).returning({ id: records.id });
  await tx.delete(submissions).where(eq(submissions.id, s.id));
  await recomputeRecords(tx, { quizId: s.quizId, userId: s.userId });
  await recordAudit(tx, {
    entityType: "submission",
    entityId: s.id,
    action: "delete",
    actor,
    before: { ...gradeSnapshot(s), recordIds: gone.map((r) => r.id) },
  });
}

/** DELETE /submissions/{id}. */
export async function deleteSubmission(db: Db, id: number, viewer: Viewer, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockSubmission(tx, id);
    assertCanGradeQuiz(viewer, { quiz: locked.quiz, course: locked.quiz.course });
    await removeSubmission(tx, locked, actor);
  });
}
