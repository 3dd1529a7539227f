import { sql } from "drizzle-orm";
import { performanceStatus, SCORE_BANDS, type QuizPerformanceDetails, type StudentType } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import type { QuizJoined } from "../../presenters/quiz";
import { int, iso, num, rowsOf } from "./scope";
import { itemAnalysis } from "./item-analysis.service";

type StudentRow = {
  user_id: number;
  name: string;
  email: string | null;
  student_type: string | null;
  score: unknown;
  correct: unknown;
  total: unknown;
  attempts: unknown;
  last_attempt: unknown;
};

/**
 * Each student's best submission of a quiz (graded before ungraded, then the highest score, then the
 * latest), with their number of attempts and the time of the last one; by name. One row per student
 * who submitted: a class, not the school (bounded by the quiz's level).
 */
export async function quizStudents(db: Queryable, quizId: number): Promise<QuizPerformanceDetails["students"]> {
  const rows = await rowsOf<StudentRow>(
    db,
    sql`
    select b.user_id, u.name, u.email, u.student_type, b.score::float8 as score, b.correct, b.total, b.attempts::int as attempts, b.last_attempt
    from (
      select distinct on (s.user_id) s.user_id, s.score, s.correct, s.total,
             count(*) over w as attempts, max(s.created_at) over w as last_attempt
      from submissions s where s.quiz_id = ${quizId}
      window w as (partition by s.user_id)
      order by s.user_id, s.graded desc, s.score desc nulls last, s.id desc
    ) b join users u on u.id = b.user_id
    order by u.name, u.id`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    studentName: r.name,
    studentType: (r.student_type as StudentType | null) ?? null,
    score: num(r.score),
    correct: int(r.correct),
    total: int(r.total),
    attempts: int(r.attempts),
    lastAttempt: iso(r.last_attempt),
    email: r.email,
  }));
}

type StatsRow = { total_students: unknown; average: unknown; highest: unknown; lowest: unknown; pass_rate: unknown; bands: unknown };

/** The quiz's statistics and score distribution over each student's best graded score, in one query. */
async function quizStatistics(db: Queryable, quizId: number, passingScore: number) {
  const [r] = await rowsOf<StatsRow>(
    db,
    sql`
    with per_student as (
      select s.user_id, max(s.score) filter (where s.graded) as best from submissions s where s.quiz_id = ${quizId} group by s.user_id
    )
    select count(*)::int as total_students, round(avg(best), 2)::float8 as average, max(best)::float8 as highest, min(best)::float8 as lowest,
           round(100.0 * count(*) filter (where best >= ${passingScore}) / nullif(count(best), 0), 2)::float8 as pass_rate,
           (select coalesce(json_agg(json_build_array(band, n)), '[]'::json) from (
              select least(floor(best / 10), 9)::int as band, count(*)::int as n from per_student where best is not null group by 1
           ) b) as bands
    from per_student`,
  );
  const raw = (typeof r.bands === "string" ? JSON.parse(r.bands) : r.bands) as [number, number][];
  const counts = new Map(raw.map(([band, n]) => [Number(band), Number(n)]));
  return {
    statistics: {
      totalStudents: int(r.total_students),
      averageScore: num(r.average),
      highestScore: num(r.highest),
      lowestScore: num(r.lowest),
      passRate: num(r.pass_rate),
    },
    distribution: SCORE_BANDS.map((b, i) => ({ band: b.label, from: b.from, count: counts.get(i) ?? 0 })),
  };
}

/** GET /performance/quiz-details/{id}: the caller has checked the viewer may see this quiz. */
export async function quizPerformanceDetails(db: Queryable, quiz: QuizJoined, now: Date): Promise<QuizPerformanceDetails> {
  const q = quiz.quiz;
  const passingScore = Number(q.passingScore);
  const [students, stats, items] = await Promise.all([quizStudents(db, q.id), quizStatistics(db, q.id, passingScore), itemAnalysis(db, q.id)]);
  return {
    quiz: {
      id: q.id,
      title: q.title,
      course: quiz.course.title,
      courseId: quiz.course.id,
      timeLimit: q.timeLimit,
      maxAttempts: q.maxAttempts,
      passingScore,
      status: performanceStatus(q, now),
    },
    ...stats,
    students,
    itemAnalysis: { method: "upper-lower-27", students: items.students, groupSize: items.groupSize },
    items: items.items,
  };
}
