/** Decision 041: when a student may see their score at a quiz. */

/**
 * Whether a student's score at this quiz is withheld now (decision 041): with `after_close`, until the
 * close time has passed or the teacher has released the answers (which tell the score anyway). A quiz
 * that never closes and keeps its answers keeps its scores hidden. The SQL reads (lists, records,
 * home figures) apply the same rule: scoreHiddenSql in server/src/services/quizzes/quiz.service.ts.
 */
export function scoreHiddenFor(quiz: { showScore: string; closeTime: Date | string | null; answersReleasedAt: Date | string | null }, now: Date): boolean {
  if (quiz.showScore !== "after_close") return false;
  if (quiz.answersReleasedAt != null) return false;
  return quiz.closeTime == null || new Date(quiz.closeTime).getTime() >= now.getTime();
}
