import { eq } from "drizzle-orm";
import { ATTEMPT_ERROR_CODES, ATTEMPT_MESSAGES, type TimingQuiz } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { courses, quizzes, type QuizRow } from "../../db/schema";
import { HttpError } from "../../lib/errors";

/**
 * The quiz as attempts, grading and quizzes read it for an attempt: the row with its course (id, title,
 * teacher), and the timing fields the attempt rules take. Moved out of attempts/attempt-settle.ts, which
 * every one of those areas imported for them (issue 26).
 */

export type QuizForAttempt = QuizRow & { course: { id: number; title: string; teacherId: number | null } };

/** The course columns an attempt's screens need, selected beside the quiz. */
export const courseOfQuiz = { id: courses.id, title: courses.title, teacherId: courses.teacherId };

export async function loadQuizForAttempt(db: Queryable, quizId: number): Promise<QuizForAttempt | null> {
  const [row] = await db
    .select({ quiz: quizzes, course: courseOfQuiz })
    .from(quizzes)
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(eq(quizzes.id, quizId))
    .limit(1);
  return row ? { ...row.quiz, course: row.course } : null;
}

/** loadQuizForAttempt, or the attempt engine's 404 (its text and code, `quizNotFound`). */
export async function requireQuiz(db: Queryable, quizId: number): Promise<QuizForAttempt> {
  const quiz = await loadQuizForAttempt(db, quizId);
  if (!quiz) throw new HttpError(404, ATTEMPT_MESSAGES.quizNotFound).withCode(ATTEMPT_ERROR_CODES.quizNotFound);
  return quiz;
}

export const timingOf = (q: QuizRow): TimingQuiz & { openTime: Date | null; maxAttempts: number | null } => ({
  timeLimit: q.timeLimit,
  closeTime: q.closeTime,
  resetTimerOnAttempt: q.resetTimerOnAttempt,
  timedSections: q.timedSections,
  openTime: q.openTime,
  maxAttempts: q.maxAttempts,
});
