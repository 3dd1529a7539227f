import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import type { Viewer } from "../../lib/viewer";

const QUIZ_COLUMNS = { course: sql`q.course_id`, teacher: sql`q.teacher_id` };
/** The same scope over student_scope_scores `ss` (decision 036), whose rows are whole (course, quiz teacher) groups of quizzes. */
export const SCOPE_ROW_COLUMNS = { course: sql`ss.course_id`, teacher: sql`ss.quiz_teacher` };

/**
 * The quizzes a viewer's performance figures cover, as a condition on the quizzes row `q` (decision
 * 023): admins every quiz, optionally one course; teachers the quizzes they made or whose course they
 * teach, whatever course they ask for (the spec hides the filter from them). Students never get here.
 * `cols` names the course and teacher columns when the condition is on another table (SCOPE_ROW_COLUMNS).
 */
export function scopedQuizzes(viewer: Viewer, courseId?: number, cols: { course: SQL; teacher: SQL } = QUIZ_COLUMNS): SQL {
  if (viewer.role === "admin") return courseId === undefined ? sql`true` : sql`${cols.course} = ${courseId}`;
  if (viewer.role === "teacher") return sql`(${cols.teacher} = ${viewer.id} or ${cols.course} in (select id from courses where teacher_id = ${viewer.id}))`;
  return sql`false`;
}

/** Rows of a raw query, typed (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Queryable, q: SQL): Promise<T[]> {
  return (await db.execute(q)).rows as T[];
}

/** A number from a driver value (numeric and bigint come back as text from node-postgres); null stays null. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const int = (v: unknown): number => Number(v ?? 0);
/** An ISO instant from a driver value (Date or text). */
export const iso = (v: unknown): string => new Date(v as string | Date).toISOString();

/** Two decimals, as every score is shown. */
export const round2 = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);
