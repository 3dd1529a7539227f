import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import type { Viewer } from "../../lib/viewer";
import { courseScopeSql, quizScopeSql } from "./report-scope";

/** Every aggregate here is computed by the database (design habit 13); JavaScript only shapes the rows. */

export type QuizAnalyticsRow = {
  total: number;
  graded: number;
  average: string | null;
  highest: string | null;
  lowest: string | null;
  passed: number;
  students: number;
};

/** One quiz's submissions: how many, the mean, highest and lowest graded score, and how many passed. */
export async function quizAnalyticsFigures(db: Queryable, quizId: number): Promise<QuizAnalyticsRow> {
  const res = await db.execute<QuizAnalyticsRow>(sql`
    select count(*)::int as total, count(s.score)::int as graded, round(avg(s.score), 2)::text as average,
           max(s.score)::text as highest, min(s.score)::text as lowest,
           (count(*) filter (where s.score >= q.passing_score))::int as passed, count(distinct s.user_id)::int as students
    from submissions s join quizzes q on q.id = s.quiz_id where s.quiz_id = ${quizId}`);
  return res.rows[0];
}

/** Graded submissions of a quiz per ten-point band (0–9, …, 80–89, 90–100). */
export async function quizScoreBands(db: Queryable, quizId: number): Promise<{ band: number; n: number }[]> {
  const res = await db.execute<{ band: number; n: number }>(sql`
    select least(floor(s.score / 10), 9)::int as band, count(*)::int as n
    from submissions s where s.quiz_id = ${quizId} and s.score is not null group by 1 order by 1`);
  return res.rows.map((r) => ({ band: Number(r.band), n: Number(r.n) }));
}

export type StudentRecordRow = { quiz_title: string; course_title: string; score: string | null; passed: boolean | null; created_at: Date | string };

/** A student's records (newest first), only of the viewer's quizzes for a teacher. */
export async function studentRecordRows(db: Queryable, viewer: Viewer, userId: number): Promise<StudentRecordRow[]> {
  const res = await db.execute<StudentRecordRow>(sql`
    select q.title as quiz_title, c.title as course_title, r.score::text as score, r.passed, r.created_at
    from records r join quizzes q on q.id = r.quiz_id join courses c on c.id = q.course_id
    where r.user_id = ${userId} and ${quizScopeSql(viewer)}
    order by r.created_at desc, r.id desc limit 1000`);
  return res.rows;
}

export type EngagementRow = { course_title: string; quizzes: number; submissions: number; students: number; average: string | null };

/** Per course: its quizzes, their submissions, distinct students and mean score; most submissions first. */
export async function courseEngagementRows(db: Queryable, viewer: Viewer): Promise<EngagementRow[]> {
  const res = await db.execute<EngagementRow>(sql`
    select c.title as course_title, count(distinct q.id)::int as quizzes, count(s.id)::int as submissions,
           count(distinct s.user_id)::int as students, round(avg(s.score), 2)::text as average
    from courses c
    left join quizzes q on q.course_id = c.id and ${quizScopeSql(viewer)}
    left join submissions s on s.quiz_id = q.id
    where ${courseScopeSql(viewer)}
    group by c.id, c.title order by count(s.id) desc, c.title, c.id`);
  return res.rows;
}

export type AtRiskRow = {
  user_id: number;
  name: string;
  level: string | null;
  /** The class within the level ("B" of "JHS 1B"). */
  stream: string | null;
  n: number;
  average: string;
  pass_mark: string;
  s1: string | null;
  s2: string | null;
  s3: string | null;
};

/**
 * Students at risk: their mean graded record is below the mean pass mark of the quizzes they took,
 * or their last three scores fall (each lower than the one before). A teacher's report counts only
 * records of their quizzes. Lowest mean first.
 */
export async function studentsAtRiskRows(db: Queryable, viewer: Viewer): Promise<AtRiskRow[]> {
  const res = await db.execute<AtRiskRow>(sql`
    with graded as (
      select r.user_id, r.score, q.passing_score,
             row_number() over (partition by r.user_id order by r.created_at desc, r.id desc) as rn
      from records r join quizzes q on q.id = r.quiz_id join courses c on c.id = q.course_id
      where r.score is not null and ${quizScopeSql(viewer)}
    ), agg as (
      select user_id, count(*)::int as n, round(avg(score), 2) as average, round(avg(passing_score), 2) as pass_mark,
             max(score) filter (where rn = 1) as s1, max(score) filter (where rn = 2) as s2, max(score) filter (where rn = 3) as s3
      from graded group by user_id
    )
    select a.user_id, u.name, u.student_type as level, u.stream, a.n, a.average::text as average, a.pass_mark::text as pass_mark,
           a.s1::text as s1, a.s2::text as s2, a.s3::text as s3
    from agg a join users u on u.id = a.user_id
    where u.role = 'student' and (a.average < a.pass_mark or (a.s3 is not null and a.s1 < a.s2 and a.s2 < a.s3))
    order by a.average asc, u.name, a.user_id limit 2000`);
  return res.rows;
}
