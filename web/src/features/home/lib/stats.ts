import { quizTimeStatus } from "@adesua/domain/rules";
import type { QuizListItem, StudentSummary } from "@adesua/domain";

export type HomeStats = { total: number; completed: number; pending: number; averageScore: number | null };

/**
 * The student home's stat cards from the server's summary: Total Quizzes (of the student's level),
 * Completed (distinct quizzes with a record), Pending (the rest) and Average Score (mean of the
 * records' scores, two decimals). Zeros when it could not be loaded (spec: dashboard failures show zeros).
 */
export function homeStats(summary: StudentSummary | undefined): HomeStats {
  if (!summary) return { total: 0, completed: 0, pending: 0, averageScore: null };
  return { total: summary.totalQuizzes, completed: summary.completed, pending: summary.pending, averageScore: summary.averageScore };
}

/** The first `n` quizzes whose open/close window contains now, in the list's order (in progress first, then closing soonest). */
export function availableQuizzes<T extends Pick<QuizListItem, "openTime" | "closeTime">>(quizzes: readonly T[], now: Date, n = 5): T[] {
  return quizzes.filter((q) => quizTimeStatus(q, now) === "active").slice(0, n);
}

/** A quiz counts as Submitted when the server says the student has a submission of it (every record comes from one). */
export function submittedIds(quizzes: readonly Pick<QuizListItem, "id" | "hasSubmission">[]): Set<number> {
  return new Set(quizzes.filter((q) => q.hasSubmission).map((q) => q.id));
}
