import { notFound } from "../lib/errors";
import { canSeeQuiz } from "./quizzes.policy";

import type { Viewer } from "../lib/viewer";

/**
 * Teachers and admins may try a quiz they can see: a preview, outside the open/close window and the
 * attempt limit, that leaves no submission or record (so it never shows in grading or performance).
 */
export const takesPreview = (viewer: Viewer) => viewer.role !== "student";

/** What a quiz needs for the decision: its level, its creator and its course's teacher. */
export type AttemptQuizRow = { studentType: string; teacherId: number | null; courseTeacherId: number | null; status?: string };

/**
 * Whoever may see a quiz may start it (students their own level; teachers the quizzes they made or
 * whose course they teach, as a preview; admins any). Others get "not found", so the quiz's
 * existence is not revealed. The rule itself is quizzes.policy's canSeeQuiz.
 */
export function assertCanStartAttempt(viewer: Viewer, quiz: AttemptQuizRow): void {
  const ok = canSeeQuiz(viewer, {
    quiz: { studentType: quiz.studentType, teacherId: quiz.teacherId, status: quiz.status },
    course: { teacherId: quiz.courseTeacherId },
  });
  if (!ok) throw notFound("Quiz not found");
}

/** An attempt belongs to its taker alone: nobody else may read, save or submit it, or learn it exists. */
export function assertOwnsAttempt(viewer: Viewer, attempt: { userId: number }): void {
  if (attempt.userId !== viewer.id) throw notFound("Attempt not found");
}
