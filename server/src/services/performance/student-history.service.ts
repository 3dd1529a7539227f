import { sql } from "drizzle-orm";
import { isPassed, type StudentHistory, type StudentType } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import type { Viewer } from "../../lib/viewer";
import { int, iso, num, round2, rowsOf, scopedQuizzes, studentInScope } from "./scope";

/** A slope under this many points per quiz, either way, is steady. */
const STEADY_SLOPE = 1;

type HistoryRow = {
  quiz_id: number;
  quiz_title: string;
  course_id: number;
  course_title: string;
  passing_score: unknown;
  best: unknown;
  attempts: unknown;
  first_at: unknown;
};
type SummaryRow = { course_id: number | null; course_title: string | null; average: unknown; quiz_count: unknown; slope: unknown };

/**
 * GET /performance/student/{studentId}: every quiz of the viewer's scope the student submitted, oldest
 * first, with the best graded score; per-course and overall means of those best scores, and the
 * least-squares slope of the best scores in quiz order (regr_slope), all computed by the database.
 * A teacher sees only their courses' quizzes; a student with none there is not found (404, studentInScope).
 */
export async function studentHistory(db: Queryable, viewer: Viewer, studentId: number): Promise<StudentHistory> {
  // Outside a teacher's scope is "not found" (404), as for an unknown id (issue 25 item 7).
  const student = await studentInScope(db, viewer, studentId);
  const scope = scopedQuizzes(viewer);
  const perQuiz = sql`
    select q.id as quiz_id, q.title as quiz_title, c.id as course_id, c.title as course_title, q.passing_score,
           max(s.score) filter (where s.graded) as best, count(*) as attempts, min(s.created_at) as first_at
    from submissions s join quizzes q on q.id = s.quiz_id join courses c on c.id = q.course_id
    where s.user_id = ${studentId} and ${scope}
    group by q.id, c.id`;
  const [history, summary] = await Promise.all([
    rowsOf<HistoryRow>(
      db,
      sql`select h.quiz_id, h.quiz_title, h.course_id, h.course_title, h.passing_score::float8 as passing_score, h.best::float8 as best,
                 h.attempts::int as attempts, h.first_at
          from (${perQuiz}) h order by h.first_at, h.quiz_id`,
    ),
    rowsOf<SummaryRow>(
      db,
      sql`
      with h as (${perQuiz}), o as (select h.*, row_number() over (order by h.first_at, h.quiz_id) as k from h where h.best is not null)
      select o.course_id, min(o.course_title) as course_title, round(avg(o.best), 2)::float8 as average, count(*)::int as quiz_count,
             case when grouping(o.course_id) = 1 then regr_slope(o.best, o.k)::float8 end as slope
      from o group by grouping sets ((o.course_id), ())`,
    ),
  ]);
  const overall = summary.find((s) => s.course_id === null);
  const slope = round2(num(overall?.slope));
  const countsOf = new Map<number, number>();
  for (const h of history) countsOf.set(Number(h.course_id), (countsOf.get(Number(h.course_id)) ?? 0) + 1);
  const averages = new Map(summary.filter((s) => s.course_id !== null).map((s) => [Number(s.course_id), num(s.average)]));
  const courses = [...new Map(history.map((h) => [Number(h.course_id), h.course_title])).entries()]
    .map(([courseId, courseTitle]) => ({ courseId, courseTitle, average: averages.get(courseId) ?? null, quizCount: countsOf.get(courseId) ?? 0 }))
    .sort((a, b) => a.courseTitle.localeCompare(b.courseTitle));
  return {
    // Teachers see students' names and levels only (decision 017, issue 24): the email goes to admins.
    student: {
      id: student.id,
      name: student.name,
      email: viewer.role === "admin" ? student.email : null,
      studentType: (student.studentType as StudentType | null) ?? null,
    },
    history: history.map((h) => {
      const score = num(h.best);
      return {
        quizId: Number(h.quiz_id),
        quizTitle: h.quiz_title,
        courseId: Number(h.course_id),
        courseTitle: h.course_title,
        score,
        attempts: int(h.attempts),
        passed: isPassed(score, Number(h.passing_score)),
        date: iso(h.first_at),
      };
    }),
    courses,
    overall: { average: num(overall?.average), quizCount: history.length },
    trend: { slope, direction: slope === null ? null : slope >= STEADY_SLOPE ? "improving" : slope <= -STEADY_SLOPE ? "declining" : "steady" },
  };
}
