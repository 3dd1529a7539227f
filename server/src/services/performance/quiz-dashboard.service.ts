import { sql, type SQL } from "drizzle-orm";
import {
  performanceRating,
  performanceStatus,
  RATING_HIGH_FROM,
  type QuizDashboard,
  type QuizDashboardQuerySchema,
  type QuizPerformanceRow,
} from "@adesua/domain";
import type { z } from "zod";
import type { Queryable } from "../../db/client";
import { escapeLike } from "../../lib/sql";
import type { Viewer } from "../../lib/viewer";
import { int, iso, num, rowsOf, scopedQuizzes } from "./scope";
import { drainSummaries } from "./summary-backlog";

type Query = z.output<typeof QuizDashboardQuerySchema>;

/** The same rule as performanceStatus (quizTimeStatus, "closed" called "expired") in SQL, for the filter and the sort. */
const statusSql = (now: Date) => {
  const t = sql`${now.toISOString()}::timestamptz`;
  return sql`case when q.open_time is not null and q.open_time > ${t} then 'upcoming' when q.close_time is not null and q.close_time < ${t} then 'expired' else 'active' end`;
};

const SORT_SQL: Record<Query["sortBy"], SQL> = {
  title: sql`r.quiz_title`,
  createdAt: sql`r.created_at`,
  courseTitle: sql`r.course_title`,
  totalStudents: sql`r.total_students`,
  completedAttempts: sql`r.completed_attempts`,
  avgScore: sql`r.avg_score`,
  minScore: sql`r.min_score`,
  maxScore: sql`r.max_score`,
  passRate: sql`r.pass_rate`,
  status: sql`r.status`,
};

type Row = {
  quiz_id: number | null;
  quiz_title: string;
  created_at: unknown;
  course_title: string;
  open_time: unknown;
  close_time: unknown;
  max_attempts: unknown;
  total_students: unknown;
  completed_attempts: unknown;
  avg_score: unknown;
  min_score: unknown;
  max_score: unknown;
  pass_rate: unknown;
};

/**
 * Each quiz's figures, as a CTE `r` over the quizzes matching `where` (decision 023): students with a
 * submission, submissions, and over each student's best graded score the mean, lowest, highest and the
 * share reaching the passing score. Read from the summaries the database keeps (decision 030): the sums
 * from the quiz's shards of quiz_score_shards, the lowest and highest as index probes of
 * quiz_student_scores (quiz_id, best), the passes as a range count on that index (against the quiz's
 * passing score now, so a changed passing score needs no rewrite).
 */
function figuresCte(where: SQL, now: Date): SQL {
  return sql`
    scoped as (
      select q.id, q.title, q.created_at, q.open_time, q.close_time, q.max_attempts, q.passing_score, c.title as course_title, ${statusSql(now)} as status
      from quizzes q join courses c on c.id = q.course_id
      where ${where}
    ),
    per_quiz as (
      select sh.quiz_id, sum(sh.students) as total_students, sum(sh.submissions) as completed_attempts,
             sum(sh.score_sum) as score_sum, sum(sh.scored) as scored
      from quiz_score_shards sh where sh.quiz_id in (select id from scoped)
      group by sh.quiz_id
    ),
    base as (
      select sc.id as quiz_id, sc.title as quiz_title, sc.created_at, sc.course_title, sc.open_time, sc.close_time, sc.max_attempts, sc.status, sc.passing_score,
             coalesce(pq.total_students, 0) as total_students, coalesce(pq.completed_attempts, 0) as completed_attempts,
             round(pq.score_sum / nullif(pq.scored, 0), 2) as avg_score, coalesce(pq.score_sum, 0) as score_sum, coalesce(pq.scored, 0) as scored
      from scoped sc left join per_quiz pq on pq.quiz_id = sc.id
    ),
    -- Not materialised: under a LIMIT the planner computes these probes for the page's rows only (unless the sort needs them).
    r as not materialized (
      select b.*,
             (select min(p.best) from quiz_student_scores p where p.quiz_id = b.quiz_id) as min_score,
             (select max(p.best) from quiz_student_scores p where p.quiz_id = b.quiz_id) as max_score,
             round(100.0 * (select count(*) from quiz_student_scores p where p.quiz_id = b.quiz_id and p.best >= b.passing_score) / nullif(b.scored, 0), 2) as pass_rate
      from base b
    )`;
}

const ROW_COLUMNS = sql`r.quiz_id, r.quiz_title, r.created_at, r.course_title, r.open_time, r.close_time, r.max_attempts,
  r.total_students::int as total_students, r.completed_attempts::int as completed_attempts, r.avg_score::float8 as avg_score,
  r.min_score::float8 as min_score, r.max_score::float8 as max_score, r.pass_rate::float8 as pass_rate`;

function presentRow(r: Row, now: Date): QuizPerformanceRow {
  const avgScore = num(r.avg_score);
  return {
    quizId: Number(r.quiz_id),
    quizTitle: r.quiz_title,
    createdAt: iso(r.created_at),
    courseTitle: r.course_title,
    totalStudents: int(r.total_students),
    completedAttempts: int(r.completed_attempts),
    avgScore,
    minScore: num(r.min_score),
    maxScore: num(r.max_score),
    passRate: num(r.pass_rate),
    maxAttempts: num(r.max_attempts),
    status: performanceStatus({ openTime: r.open_time as Date | null, closeTime: r.close_time as Date | null }, now),
    performanceRating: performanceRating(avgScore),
  };
}

/**
 * The status filter as plain range conditions (the same rule as statusSql and statusCondition), so the
 * planner estimates the quizzes it keeps: a CASE expression compared with a value is guessed at one row.
 */
function statusWhere(status: "active" | "expired" | "upcoming", now: Date): SQL {
  const t = sql`${now.toISOString()}::timestamptz`;
  if (status === "upcoming") return sql`q.open_time > ${t}`;
  if (status === "expired") return sql`(q.open_time is null or q.open_time <= ${t}) and q.close_time < ${t}`;
  return sql`(q.open_time is null or q.open_time <= ${t}) and (q.close_time is null or q.close_time >= ${t})`;
}

/** The WHERE of the dashboard's filters, on quizzes `q` and their courses `c`. */
function dashboardWhere(viewer: Viewer, q: Query, now: Date): SQL {
  const where: SQL[] = [scopedQuizzes(viewer, q.courseId)];
  if (q.searchTitle) where.push(sql`q.title ilike ${`%${escapeLike(q.searchTitle)}%`}`);
  if (q.status) where.push(statusWhere(q.status, now));
  if (q.dateFrom) where.push(sql`q.created_at >= ${`${q.dateFrom}T00:00:00Z`}::timestamptz`);
  if (q.dateTo) where.push(sql`q.created_at < ${`${q.dateTo}T00:00:00Z`}::timestamptz + interval '1 day'`);
  return sql.join(where, sql` and `);
}

type SummaryRow = Row & { total_quizzes: unknown; total_attempts: unknown; average_score: unknown; high_quizzes: unknown };

/**
 * GET /performance/dashboard: one query. The summary row is always there (a page past the end is
 * empty but still counts); the page's rows join it, sorted and paged in SQL.
 */
export async function quizDashboard(db: Queryable, viewer: Viewer, q: Query, now: Date): Promise<QuizDashboard> {
  const dir = q.sortOrder === "desc" ? sql`desc` : sql`asc`;
  const offset = (q.page - 1) * q.limit;
  await drainSummaries(db);
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`
    with ${figuresCte(dashboardWhere(viewer, q, now), now)},
    summary as (
      select count(*)::int as total_quizzes, coalesce(sum(r.completed_attempts), 0)::int as total_attempts,
             (round(sum(r.score_sum) / nullif(sum(r.scored), 0), 2))::float8 as average_score,
             count(*) filter (where r.avg_score >= ${RATING_HIGH_FROM})::int as high_quizzes
      from base r
    )
    select s.*, p.* from summary s left join lateral (
      select ${ROW_COLUMNS} from r
      order by ${SORT_SQL[q.sortBy]} ${dir} nulls last, r.quiz_title ${dir}, r.quiz_id
      limit ${q.limit} offset ${offset}
    ) p on true`,
  );
  const s = rows[0];
  const totalItems = int(s.total_quizzes);
  return {
    data: rows.filter((r) => r.quiz_id !== null).map((r) => presentRow(r, now)),
    summary: {
      totalQuizzes: totalItems,
      totalCompletedAttempts: int(s.total_attempts),
      averageScore: num(s.average_score),
      highPerformanceQuizzes: int(s.high_quizzes),
    },
    pagination: { currentPage: q.page, itemsPerPage: q.limit, totalItems, totalPages: Math.ceil(totalItems / q.limit) },
  };
}

/** The dashboard rows of chosen quizzes in the viewer's scope, by title (for the export). */
export async function quizPerformanceRows(db: Queryable, viewer: Viewer, quizIds: readonly number[], now: Date): Promise<QuizPerformanceRow[]> {
  await drainSummaries(db);
  const rows = await rowsOf<Row>(
    db,
    sql`with ${figuresCte(sql`${scopedQuizzes(viewer)} and q.id in ${quizIds}`, now)}
    select ${ROW_COLUMNS} from r order by r.quiz_title, r.quiz_id`,
  );
  return rows.map((r) => presentRow(r, now));
}
