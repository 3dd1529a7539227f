import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../../lib/viewer";
import { quizColumnsOf, taughtQuizSql } from "../../policies/quizzes.policy";

/**
 * Which quizzes a report covers, as a condition on the aliases `q` (quizzes) and `c` (courses):
 * admins every quiz; teachers the quizzes they made or whose course they teach (as GET /quizzes).
 */
export function quizScopeSql(viewer: Viewer): SQL {
  if (viewer.role === "admin") return sql`true`;
  return taughtQuizSql(viewer.id, quizColumnsOf("q", "c"));
}

/** Which courses a report covers (alias `c`): admins all; teachers those they teach or set quizzes in. */
export function courseScopeSql(viewer: Viewer): SQL {
  if (viewer.role === "admin") return sql`true`;
  return sql`(c.teacher_id = ${viewer.id} or exists (select 1 from quizzes tq where tq.course_id = c.id and tq.teacher_id = ${viewer.id}))`;
}

/**
 * Whose practice a report counts (alias `p` for practice_results): admins everyone's; teachers only
 * the students who took one of their quizzes (the students they see, decision 017), in the subjects
 * of the courses they teach.
 */
export function practiceScopeSql(viewer: Viewer): SQL {
  if (viewer.role === "admin") return sql`true`;
  return sql`(p.user_id in (select s.user_id from submissions s join quizzes q on q.id = s.quiz_id join courses c on c.id = q.course_id where ${quizScopeSql(viewer)})
    and lower(trim(p.subject)) in (select lower(trim(c.title)) from courses c where ${courseScopeSql(viewer)}))`;
}

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const round2 = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100);
