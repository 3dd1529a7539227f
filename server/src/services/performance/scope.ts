import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import type { Viewer } from "../../lib/viewer";
import { PERFORMANCE_MESSAGES } from "@adesua/domain";
import { notFound } from "../../lib/errors";
import { taughtQuizSql } from "../../policies/quizzes.policy";

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
  if (viewer.role === "teacher") return taughtQuizSql(viewer.id, { teacherId: cols.teacher, courseId: cols.course });
  return sql`false`;
}

export type ScopedStudent = { id: number; name: string; email: string | null; studentType: string | null };

/**
 * A student as a staff member may look at them (issue 25 item 7): admins any student; a teacher only one who has
 * submitted a quiz of theirs (scopedQuizzes: made by them, or of a course they teach), the students they see.
 * Anyone else (no such user, not a student, or a student outside the teacher's scope) is "Student not found"
 * (404), the same answer, so a teacher learns neither the name and level of another student nor whether the id
 * exists. GET /performance/student/{id} and GET /reports/student-performance/{userId} both start here.
 */
export async function studentInScope(db: Queryable, viewer: Viewer, studentId: number): Promise<ScopedStudent> {
  const [row] = await rowsOf<{ id: number; name: string; email: string | null; student_type: string | null }>(
    db,
    sql`select u.id, u.name, u.email, u.student_type from users u
        where u.id = ${studentId} and u.role = 'student'
          and ${
            viewer.role === "admin"
              ? sql`true`
              : sql`exists (select 1 from submissions s join quizzes q on q.id = s.quiz_id where s.user_id = u.id and ${scopedQuizzes(viewer)})`
          }`,
  );
  if (!row) throw notFound(PERFORMANCE_MESSAGES.studentNotFound);
  return { id: Number(row.id), name: row.name, email: row.email, studentType: row.student_type };
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
