import { forbidden, notFound } from "../lib/errors";
import type { Viewer } from "../lib/viewer";

/**
 * Whose records a viewer may list on GET /records: students only their own; teachers a student's
 * (and then only the records of quizzes they manage: `recordScope`); admins anyone's. `target` is the user named by ?userId= (null when that user does not exist).
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
