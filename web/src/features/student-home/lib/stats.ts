import { quizTimeStatus } from "@adesua/domain/rules";
import type { QuizListItem, QuizRecord } from "@adesua/domain";

export type HomeStats = { total: number; completed: number; pending: number; averageScore: number | null };

/**
 * The student home's stat cards: Total Quizzes (of the student's level), Completed (distinct quizzes
 * with a record), Pending (the rest) and Average Score (mean of the records' scores, two decimals).
 */
export function homeStats(totalQuizzes: number, records: readonly Pick<QuizRecord, "quizId" | "score">[]): HomeStats {
  const completed = new Set(records.map((r) => r.quizId)).size;
  const scores = records.map((r) => r.score).filter((s): s is number => s !== null && Number.isFinite(s));
  const averageScore = scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : null;
  return { total: totalQuizzes, completed, pending: Math.max(0, totalQuizzes - completed), averageScore };
}

/** The first `n` quizzes whose open/close window contains now, in the list's order (newest first). */
export function availableQuizzes<T extends Pick<QuizListItem, "openTime" | "closeTime">>(quizzes: readonly T[], now: Date, n = 5): T[] {
  return quizzes.filter((q) => quizTimeStatus(q, now) === "active").slice(0, n);
}

/** A quiz counts as Submitted when the server says so or a record of it exists. */
export function submittedIds(quizzes: readonly Pick<QuizListItem, "id" | "hasSubmission">[], records: readonly Pick<QuizRecord, "quizId">[]): Set<number> {
  const ids = new Set(records.map((r) => r.quizId));
  for (const q of quizzes) if (q.hasSubmission) ids.add(q.id);
  return ids;
}
