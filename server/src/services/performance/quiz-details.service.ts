import { performanceStatus, SCORE_BANDS, type QuizPerformanceDetails, type StudentType } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import type { QuizJoined } from "../quizzes/quiz.presenter";
import { queryPrepared } from "../../db/prepared";
import { int, num } from "./scope";
import { itemAnalysis } from "./item-analysis.service";

// Named statements (planned once per connection): planning these cost as much as running them (~1–2 ms).
const QUIZ_STUDENTS_SQL = `
    select b.user_id, u.name, u.email, u.student_type, b.score::float8 as score, b.correct, b.total, b.attempts::int as attempts,
           (b.last_attempt at time zone 'UTC')::text as last_attempt
    from (
      select distinct on (s.user_id) s.user_id, s.score, s.correct, s.total,
             count(*) over w as attempts, max(s.created_at) over w as last_attempt
      from submissions s where s.quiz_id = $1
      window w as (partition by s.user_id)
      order by s.user_id, s.graded desc, s.score desc nulls last, s.id desc
    ) b join users u on u.id = b.user_id
    order by u.name, u.id`;

const QUIZ_STATISTICS_SQL = `
    with per_student as (
      select s.user_id, max(s.score) filter (where s.graded) as best from submissions s where s.quiz_id = $1 group by s.user_id
    )
    select count(*)::int as total_students, round(avg(best), 2)::float8 as average, max(best)::float8 as highest, min(best)::float8 as lowest,
           round(100.0 * count(*) filter (where best >= $2) / nullif(count(best), 0), 2)::float8 as pass_rate,
           (select coalesce(json_agg(json_build_array(band, n)), '[]'::json) from (
              select least(floor(best / 10), 9)::int as band, count(*)::int as n from per_student where best is not null group by 1
           ) b) as bands
    from per_student`;

/** A student's best result on a quiz as the details query answers it (the export's detail rows share these columns). */
export type StudentRow = {
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
 * A UTC timestamp's text (`YYYY-MM-DD HH:MM:SS[.ffffff]`, as PostgreSQL writes `timestamp` in the ISO date style the drivers assume too) in ISO form with milliseconds,
 * as Date#toISOString writes it: 500 rows a call, where parsing each into a Date and back cost ~1 ms of the server's thread.
 */
export function utcIso(text: string): string {
  const [date, time] = text.split(" ");
  const [hms, frac = ""] = time.split(".");
  return `${date}T${hms}.${(frac + "000").slice(0, 3)}Z`;
}

/**
 * Each student's best submission of a quiz (graded before ungraded, then the highest score, then the
 * latest), with their number of attempts and the time of the last one; by name. One row per student
 * who submitted: a class, not the school (bounded by the quiz's level).
 */
export async function quizStudents(db: Queryable, quizId: number, emails = false): Promise<QuizPerformanceDetails["students"]> {
  const rows = (await queryPrepared(db, "adesua_quiz_students_v1", QUIZ_STUDENTS_SQL, ["int"], [quizId])) as StudentRow[];
  return rows.map((r) => ({
    userId: Number(r.user_id),
    studentName: r.name,
    studentType: (r.student_type as StudentType | null) ?? null,
    score: num(r.score),
    correct: int(r.correct),
    total: int(r.total),
    attempts: int(r.attempts),
    lastAttempt: utcIso(r.last_attempt as string),
    // Teachers see students' names and levels only (decision 017, issue 24): the email goes to admins.
    email: emails ? r.email : null,
  }));
}

type StatsRow = { total_students: unknown; average: unknown; highest: unknown; lowest: unknown; pass_rate: unknown; bands: unknown };

/** The quiz's statistics and score distribution over each student's best graded score, in one query. */
async function quizStatistics(db: Queryable, quizId: number, passingScore: number) {
  const [r] = (await queryPrepared(db, "adesua_quiz_statistics_v1", QUIZ_STATISTICS_SQL, ["int", "numeric"], [quizId, String(passingScore)])) as StatsRow[];
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

/**
 * GET /performance/quiz-details/{id}: the caller has checked the viewer may see this quiz. Students' emails only for
 * an admin viewer (`viewer.role`); a teacher gets null.
 */
export async function quizPerformanceDetails(db: Queryable, quiz: QuizJoined, now: Date, viewer: { role: string }): Promise<QuizPerformanceDetails> {
  const q = quiz.quiz;
  const passingScore = Number(q.passingScore);
  const [students, stats, items] = await Promise.all([
    quizStudents(db, q.id, viewer.role === "admin"),
    quizStatistics(db, q.id, passingScore),
    itemAnalysis(db, q.id),
  ]);
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
