import { sql, type SQL } from "drizzle-orm";
import { GRADING_MESSAGES as M } from "@adesua/domain";
import { forbidden, notFound } from "../lib/errors";
import type { Viewer } from "../lib/viewer";
import { canSeeQuiz, taughtQuizSql, type QuizAccessRow } from "./quizzes.policy";

/**
 * Grading, grade edits and the records admin (decision 022): teachers for the quizzes they manage
 * (their own, or of a course they teach: the quiz scope), admins for all, students never. A quiz
 * outside a teacher's courses is refused (403), not hidden: submission and record ids reveal nothing.
 */
export function assertCanGradeQuiz(viewer: Viewer, quiz: QuizAccessRow, message: string = M.ownCoursesOnly): void {
  if (viewer.role === "admin") return;
  if (viewer.role !== "teacher") throw forbidden();
  if (!canSeeQuiz(viewer, quiz)) throw forbidden(message);
}

/** The same rule for the records admin, with its own wording. */
export const assertCanKeepRecordsOf = (viewer: Viewer, quiz: QuizAccessRow) => assertCanGradeQuiz(viewer, quiz, M.recordOwnCoursesOnly);

/**
 * The SQL filter of the lists: a teacher's quizzes (theirs or of a course they teach: the quiz policy's teacher-quiz
 * rule); nothing for admins. Needs `quizzes` and `courses` joined.
 */
export function gradingScopeCondition(viewer: Viewer): SQL | undefined {
  if (viewer.role === "admin") return undefined;
  if (viewer.role !== "teacher") return sql`false`;
  return taughtQuizSql(viewer.id);
}

/**
 * Whose records a viewer may list on GET /records: students only their own; teachers a student's
 * (and then only the records of quizzes they manage: `recordsOnlyOfTeacher`); admins anyone's. `target` is the user named by ?userId= (null when that user does not exist).
 */
export function assertCanListRecordsOf(viewer: Viewer, targetId: number, target: { role: string } | null): void {
  if (targetId === viewer.id) return;
  if (viewer.role === "student") throw forbidden("You can only see your own records");
  if (!target) throw notFound("User not found");
  if (viewer.role === "teacher" && target.role !== "student") throw forbidden("Teachers can only see students' records");
}

/** Teachers reading a student's records see those of their own quizzes only (decision 017). */
export function recordsOnlyOfTeacher(viewer: Viewer, targetId: number): number | null {
  return viewer.role === "teacher" && targetId !== viewer.id ? viewer.id : null;
}
