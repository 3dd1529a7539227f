import { sql, type SQL } from "drizzle-orm";
import { GRADING_MESSAGES as M } from "@adesua/domain";
import { courses, quizzes } from "../db/schema";
import { forbidden } from "../lib/errors";
import type { Viewer } from "../lib/viewer";
import { canSeeQuiz, type QuizAccessRow } from "./quizzes.policy";

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

/** The SQL filter of the lists: a teacher's quizzes (theirs or of a course they teach); nothing for admins. Needs `quizzes` and `courses` joined. */
export function gradingScopeCondition(viewer: Viewer): SQL | undefined {
  if (viewer.role === "admin") return undefined;
  if (viewer.role !== "teacher") return sql`false`;
  return sql`(${quizzes.teacherId} = ${viewer.id} or ${courses.teacherId} = ${viewer.id})`;
}
