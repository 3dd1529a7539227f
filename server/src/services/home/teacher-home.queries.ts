import { INSIGHT_RULES, type InsightKind } from "@adesua/domain";
import { taughtQuizText } from "../../policies/quizzes.policy";

/**
 * The teacher home's SQL (decision 024): fixed texts run as prepared statements (planned once; the
 * CTE chain cost more to plan than to run), with the server's time and the ids of the teacher's quizzes
 * (MY_QUIZ_IDS_SQL first: given as a list, the planner knows how few records they hold and reads them
 * through `records_quiz_user_idx` instead of scanning every record). Everything is
 * aggregated by the database, never row by row in JavaScript.
 *
 * - my_quizzes: the quizzes the teacher set or that belong to their courses (the quiz policy's teacher-quiz rule, as GET /quizzes).
 * - per_student: from the kept sums over records (decision 036): the average (mean of each quiz's best score, the
 *   "standard" strategy), the pass mark (mean passing score of the same quizzes), the number of quizzes, the last
 *   activity (an ungraded result has no score but counts) and the last three scored results, newest first (the
 *   service shows them oldest first).
 * - open_attempts: attempts in progress started within the active window (a student sitting a quiz
 *   now is active before any result exists).
 */
const { topAverage, fallingDrop, activeDays } = INSIGHT_RULES;

/** The ids of the teacher's quizzes, $1 the teacher. */
export const MY_QUIZ_IDS_SQL = `
  select coalesce(array_agg(q.id order by q.id), '{}') as ids from quizzes q
  where ${taughtQuizText("$1", "q")}`;

/** The teacher's quizzes, from the parameter holding their ids. */
const myQuizzes = (ids: string) => `
  my_quizzes as (
    select q.id, q.passing_score::float8 as passing_score, q.close_time, q.status from quizzes q where q.id = any(${ids}::int[])
  )`;

/**
 * The teacher's students from the sums the database keeps per (student, teacher) over records (student_teacher_results,
 * decision 036): one row per student of the teacher, over the same quizzes as MY_QUIZ_IDS_SQL.
 */
const studentsCte = (teacher: string) => `
  with per_student as (
    select s.user_id, s.best_sum / nullif(s.quizzes, 0) as average, s.pass_sum / nullif(s.quizzes, 0) as pass_mark,
      s.quizzes as quiz_count, s.last_at, s.recent::float8[] as scores
    from student_teacher_results s where s.teacher_id = ${teacher}
  ),
  open_attempts as (
    select a.user_id, max(a.started_at) as started_at from attempts a
    where a.quiz_id = any($2::int[]) and a.status = 'in_progress' and a.started_at >= $1::timestamptz - interval '${activeDays} days'
    group by a.user_id
  ),
  students as (
    select u.id, u.name, u.student_type,
      round(ps.average, 2)::float8 as average,
      round(ps.pass_mark, 2)::float8 as pass_mark,
      coalesce(ps.quiz_count, 0)::int as quiz_count,
      coalesce(ps.scores, '{}') as scores,
      greatest(ps.last_at, oa.started_at) as last_activity,
      coalesce(ps.average >= ${topAverage}, false) as top,
      coalesce(ps.average < ps.pass_mark, false) as below,
      coalesce(cardinality(ps.scores) = 3 and ps.scores[3] > ps.scores[2] and ps.scores[2] > ps.scores[1]
        and ps.scores[3] - ps.scores[1] >= ${fallingDrop}, false) as falling,
      (ps.last_at >= $1::timestamptz - interval '${activeDays} days' or oa.user_id is not null) as active
    from per_student ps
    full join open_attempts oa on oa.user_id = ps.user_id
    join users u on u.id = coalesce(ps.user_id, oa.user_id) and u.role = 'student'
  )`;

/** The three insight counts and the distinct students with a scored result. $1 now, $2 quiz ids, $3 teacher. */
export const INSIGHT_COUNTS_SQL = `${studentsCte("$3::int")}
  select
    (count(*) filter (where top))::int as top,
    (count(*) filter (where below or falling))::int as support,
    (count(*) filter (where active))::int as active,
    (count(*) filter (where quiz_count > 0))::int as students
  from students`;

const KIND_FILTER: Record<InsightKind, string> = { top: "top", support: "(below or falling)", active: "active" };

/** A page of the students behind one insight, by name, each row carrying the total. $1 now, $2 quiz ids, $3 limit, $4 offset, $5 teacher. */
export const insightStudentsSql = (kind: InsightKind) => `${studentsCte("$5::int")}
  select id, name, student_type, average, pass_mark, quiz_count, scores, last_activity, below, falling,
    (count(*) over ())::int as total
  from students where ${KIND_FILTER[kind]}
  order by name, id
  limit $3 offset $4`;

/**
 * Everything else on the home in one statement: the stat figures other than the students' (courses,
 * quizzes, active quizzes, submissions to grade, the mean score), up to three quizzes closing in the
 * future (soonest first, with their submissions) and the first three courses by title with their
 * quizzes and the mean of their students' results. Active quizzes and deadlines are what students face: a draft
 * counts only in the total (decision 040). $1 teacher, $2 now, $3 quiz ids. The mean score over all the
 * teacher's results comes from the kept sums per (student, teacher) (decision 036).
 */
export const TEACHER_OVERVIEW_SQL = `
  with ${myQuizzes("$3")},
  first_courses as (
    select c.id, c.title from courses c where c.teacher_id = $1 order by c.title, c.id limit 3
  )
  select
    (select count(*) from courses c where c.teacher_id = $1)::int as course_count,
    (select count(*) from my_quizzes)::int as total_quizzes,
    (select count(*) from my_quizzes where status = 'published' and (close_time is null or close_time > $2::timestamptz))::int as active_quizzes,
    (select count(*) from submissions s where s.quiz_id = any($3::int[]) and not s.graded)::int as to_grade,
    (select round(sum(s.score_sum) / nullif(sum(s.scored), 0), 1)::float8 from student_teacher_results s
      join users u on u.id = s.user_id and u.role = 'student' where s.teacher_id = $1) as average_score,
    (select coalesce(json_agg(d order by d.close_time, d.id), '[]') from (
      select q.id, q.title, c.title as course_title, q.close_time,
        (select count(*) from submissions s where s.quiz_id = q.id)::int as submissions
      from my_quizzes mq join quizzes q on q.id = mq.id join courses c on c.id = q.course_id
      where q.close_time > $2::timestamptz and q.status = 'published'
      order by q.close_time, q.id
      limit 3
    ) d) as deadlines,
    (select coalesce(json_agg(fc order by fc.title, fc.id), '[]') from (
      select fc.id, fc.title,
        (select count(*) from quizzes q where q.course_id = fc.id)::int as quiz_count,
        cr.results, cr.average
      from first_courses fc
      cross join lateral (
        select count(r.score)::int as results, round(avg(r.score), 1)::float8 as average
        from quizzes q join records r on r.quiz_id = q.id join users u on u.id = r.user_id and u.role = 'student'
        where q.course_id = fc.id
      ) cr
    ) fc) as courses`;
