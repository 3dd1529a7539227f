import { forbidden } from "../lib/errors";
import type { Viewer } from "../lib/viewer";
import { assertCanSeeQuiz, type QuizAccessRow } from "./quizzes.policy";

/**
 * Paper sittings (issue 29, decision 051): printing a quiz with answer sheets, and scanning the sheets back, are the
 * quiz's staff's: an admin for any quiz, a teacher for the quizzes they made or whose course they teach. A student
 * never reaches a print or scan call (403, whatever the sitting); a teacher asking for another teacher's sitting is
 * told it does not exist (404), as for the quiz itself. The photos and the sheets read from them follow the same rule.
 */
export function assertCanManageSitting(viewer: Viewer, quiz: QuizAccessRow): void {
  if (viewer.role === "student") throw forbidden();
  assertCanSeeQuiz(viewer, quiz);
}

/** Checked before any row is read: students are refused every sitting call alike. */
export function assertStaffForSittings(viewer: Viewer): void {
  if (viewer.role === "student") throw forbidden();
}
