import { eq, sql, type SQL } from "drizzle-orm";
import type { PerformanceOverride, PerformanceStrategy, StudentPerformanceList, StudentPerformanceQuerySchema } from "@adesua/domain";
import type { z } from "zod";
import type { Db, Queryable } from "../../db/client";
import { performanceOverrides, users } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { notFound } from "../../lib/errors";
import { escapeLike } from "../../lib/sql";
import { pageMeta, pageWindow } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { PERFORMANCE_MESSAGES } from "@adesua/domain";
import { int, iso, num, rowsOf, SCOPE_ROW_COLUMNS, scopedQuizzes } from "./scope";
import { drainSummaries } from "./summary-backlog";

type Query = z.output<typeof StudentPerformanceQuerySchema>;

/**
 * The strategy's final score over a student's best graded score per quiz (decision 023), from the sums kept per
 * (student, course, quiz teacher) in student_scope_scores (decision 036), or per student in student_totals (decision 037): standard the mean, highest the best,
 * weighted the mean weighted by each quiz's number of questions. The same exact numeric quotients as avg().
 */
const STRATEGY_SQL: Record<PerformanceStrategy, SQL> = {
  standard: sql`round(sum(ss.best_sum) / sum(ss.quizzes), 2)`,
  highest: sql`max(ss.best_max)`,
  weighted: sql`round(sum(ss.weighted_sum) / nullif(sum(ss.questions), 0), 2)`,
};

const SORT_SQL = { name: sql`r.name`, finalScore: sql`r.final`, quizCount: sql`r.quiz_count` } as const;

type Row = { user_id: number; name: string; computed: unknown; quiz_count: unknown; override: unknown; remark: string | null; total: unknown };

/**
 * GET /performance/students: one row per student with a graded submission in the viewer's quizzes,
 * filtered, sorted and paged in SQL over the kept sums (a few rows per student, not every submission);
 * the quiz and course titles are read for the page's students only.
 */
export async function listStudentPerformance(db: Db, viewer: Viewer, q: Query): Promise<StudentPerformanceList> {
  await drainSummaries(db);
  const scope = scopedQuizzes(viewer, q.courseId);
  const rowScope = scopedQuizzes(viewer, q.courseId, SCOPE_ROW_COLUMNS);
  // An admin over every course: each student's rows already summed, one per student (decision 037).
  const sums = viewer.role === "admin" && q.courseId === undefined ? sql`student_totals` : sql`student_scope_scores`;
  const where: SQL[] = [sql`r.computed is not null`];
  if (q.search) where.push(sql`r.name ilike ${`%${escapeLike(q.search)}%`}`);
  if (q.minScore !== undefined) where.push(sql`r.final >= ${q.minScore}`);
  if (q.maxScore !== undefined) where.push(sql`r.final <= ${q.maxScore}`);
  const dir = q.sortOrder === "desc" ? sql`desc` : sql`asc`;
  const { limit, offset } = pageWindow(q);
  // By name without a score filter (the screen's first view), the page's students are chosen first and only
  // their scores computed: the school's other students are only counted (an index probe each).
  const byName = q.sortBy === "name" && q.minScore === undefined && q.maxScore === undefined;
  const nameFilter = q.search ? sql`and u.name ilike ${`%${escapeLike(q.search)}%`}` : sql``;
  const rows = await rowsOf<Row>(
    db,
    sql`
    with ${
      byName
        ? sql`listed as (
      select u.id, u.name from users u
      where u.role = 'student' ${nameFilter}
        and exists (select 1 from ${sums} ss where ss.user_id = u.id and ${rowScope})
    ),
    page as materialized (select l.id from listed l order by l.name ${dir}, l.id limit ${limit} offset ${offset}),`
        : sql``
    }
    per_user as (
      select ss.user_id, ${STRATEGY_SQL[q.strategy]} as computed, sum(ss.quizzes)::int as quiz_count
      from ${sums} ss
      where ${rowScope}${byName ? sql` and ss.user_id in (select id from page)` : sql``}
      group by ss.user_id
    ),
    r as (
      select u.id as user_id, u.name, p.computed, p.quiz_count, o.final_score as override, o.remark,
             coalesce(o.final_score, p.computed) as final
      from per_user p join users u on u.id = p.user_id
      left join performance_overrides o on o.user_id = p.user_id
    )
    select r.user_id, r.name, r.computed::float8 as computed, r.quiz_count, r.override::float8 as override, r.remark,
           ${byName ? sql`(select count(*) from listed)::int` : sql`(count(*) over ())::int`} as total
    from r where ${sql.join(where, sql` and `)}
    order by ${SORT_SQL[q.sortBy]} ${dir}, r.name ${dir}, r.user_id
    ${byName ? sql`` : sql`limit ${limit} offset ${offset}`}`,
  );
  let total = rows.length ? int(rows[0].total) : 0;
  if (!rows.length && q.page > 1) {
    // Past the last page: count separately (rare).
    total = (await listStudentPerformance(db, viewer, { ...q, page: 1, limit: 1 })).pagination.total;
  }
  const titles = await pageTitles(
    db,
    scope,
    rows.map((r) => Number(r.user_id)),
  );
  return {
    data: rows.map((r) => {
      const t = titles.get(Number(r.user_id));
      const computed = num(r.computed) ?? 0;
      const override = num(r.override);
      return {
        name: r.name,
        userId: Number(r.user_id),
        quizTitles: t?.quizzes ?? [],
        courseTitles: t?.courses ?? [],
        quizCount: int(r.quiz_count),
        finalScore: override ?? computed,
        computedScore: computed,
        overridden: override !== null,
        remark: override !== null ? (r.remark ?? "") : null,
      };
    }),
    pagination: pageMeta(q, total),
  };
}

/** The titles of the quizzes (and their courses) counted for each student of a page: at most 20 students. */
async function pageTitles(db: Db, scope: SQL, userIds: number[]): Promise<Map<number, { quizzes: string[]; courses: string[] }>> {
  if (!userIds.length) return new Map();
  const rows = await rowsOf<{ user_id: number; quizzes: string[] | string; courses: string[] | string }>(
    db,
    sql`
    select p.user_id, to_json(array_agg(distinct q.title order by q.title)) as quizzes,
           to_json(array_agg(distinct c.title order by c.title)) as courses
    from quiz_student_scores p join quizzes q on q.id = p.quiz_id join courses c on c.id = q.course_id
    where p.user_id in ${userIds} and p.best is not null and ${scope}
    group by p.user_id`,
  );
  // As JSON, not text[]: the drivers parse JSON natively, arrays character by character (a profile showed 2.6 ms a page).
  const list = (v: string[] | string) => (typeof v === "string" ? (JSON.parse(v) as string[]) : v);
  return new Map(rows.map((r) => [Number(r.user_id), { quizzes: list(r.quizzes), courses: list(r.courses) }]));
}

/** POST /performance/students/{userId}/override (admin only): sets or replaces the student's final score, audited. */
export async function overrideFinalScore(db: Db, userId: number, input: { finalScore: number; remark: string }, actor: Actor): Promise<PerformanceOverride> {
  return db.transaction(async (tx) => {
    const [student] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
    if (!student || student.role !== "student") throw notFound(PERFORMANCE_MESSAGES.studentNotFound);
    const [before] = await tx.select().from(performanceOverrides).where(eq(performanceOverrides.userId, userId)).for("update");
    const now = new Date();
    const values = { finalScore: input.finalScore, remark: input.remark, overriddenBy: actor.userId, updatedAt: now };
    const [row] = await tx
      .insert(performanceOverrides)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: performanceOverrides.userId, set: values })
      .returning();
    await recordAudit(tx, {
      entityType: "performance",
      entityId: userId,
      action: "override",
      actor,
      before: before ? { finalScore: before.finalScore, remark: before.remark } : null,
      after: { finalScore: row.finalScore, remark: row.remark, computedScore: await computedStandardScore(tx, userId) },
    });
    return { userId: row.userId, finalScore: Number(row.finalScore), remark: row.remark, overriddenBy: row.overriddenBy, updatedAt: iso(row.updatedAt) };
  });
}

/** The standard strategy's score of one student over every quiz (the audit entry keeps it beside the override). */
export async function computedStandardScore(db: Queryable, userId: number): Promise<number | null> {
  const [r] = await rowsOf<{ v: unknown }>(
    db,
    sql`select round(avg(best), 2)::float8 as v from (select max(score) as best from submissions where user_id = ${userId} and graded and score is not null group by quiz_id) b`,
  );
  return num(r?.v);
}
