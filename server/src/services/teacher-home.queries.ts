import { INSIGHT_RULES, type InsightKind } from "@adesua/domain";

/**
 * The teacher home's SQL (decision 024): fixed texts run as prepared statements (planned once; the
 * CTE chain cost more to plan than to run), with the server's time and the ids of the teacher's quizzes
 * (MY_QUIZ_IDS_SQL first: given as a list, the planner knows how few records they hold and reads them
 * through `records_quiz_user_idx` instead of scanning every record). Everything is
 * aggregated by the database, never row by row in JavaScript.
 *
 * - my_quizzes: the quizzes the teacher set or that belong to their courses (as GET /quizzes).
 * - results: every result on those quizzes (an ungraded one has no score but counts as activity).
 * - per_quiz: per student and quiz, the best score and the latest result's time.
 * - per_student: the average (mean of each quiz's best score, the "standard" strategy), the pass mark
 *   (mean passing score of the same quizzes), the number of quizzes and the last activity.
 * - trend: the student's last three scored results by time, oldest first.
 * - open_attempts: attempts in progress started within the active window (a student sitting a quiz
 *   now is active before any result exists).
 */
const { topAverage, fallingDrop, activeDays } = INSIGHT_RULES;

/** The ids of the teacher's quizzes, $1 the teacher. */
export const MY_QUIZ_IDS_SQL = `
  select coalesce(array_agg(q.id order by q.id), '{}') as ids from quizzes q
  where q.teacher_id = $1 or q.course_id in (select c.id from courses c where c.teacher_id = $1)`;

/** The teacher's quizzes, from the parameter holding their ids. */
const myQuizzes = (ids: string) => `
  my_quizzes as (
    select q.id, q.passing_score::float8 as passing_score, q.close_time from quizzes q where q.id = any(${ids}::int[])
  )`;

const STUDENTS_CTE = `
  with ${myQuizzes("$2")},
  results as (
    select r.user_id, r.quiz_id, r.score::float8 as score, r.created_at
    from records r where r.quiz_id = any($2::int[])
  ),
  per_quiz as (
    select user_id, quiz_id, max(score) as best, max(created_at) as last_at from results group by quiz_id, user_id
  ),
  per_student as (
    select pq.user_id, avg(pq.best) as average, avg(mq.passing_score) filter (where pq.best is not null) as pass_mark,
      count(pq.best) as quiz_count, max(pq.last_at) as last_at
    from per_quiz pq join my_quizzes mq on mq.id = pq.quiz_id
    group by pq.user_id
  ),
  trend as (
    select user_id, array_agg(score order by rn desc) as scores
    from (
      select user_id, score, row_number() over (partition by user_id order by created_at desc) as rn
      from results where score is not null
    ) ranked
    where rn <= 3
    group by user_id
  ),
  open_attempts as (
    select a.user_id, max(a.started_at) as started_at from attempts a
    where a.quiz_id = any($2::int[]) and a.status = 'in_progress' and a.started_at >= $1::timestamptz - interval '${activeDays} days'
    group by a.user_id
  ),
  students as (
    select u.id, u.name, u.student_type,
      round(ps.average::numeric, 2)::float8 as average,
      round(ps.pass_mark::numeric, 2)::float8 as pass_mark,
      coalesce(ps.quiz_count, 0)::int as quiz_count,
      coalesce(t.scores, '{}') as scores,
      greatest(ps.last_at, oa.started_at) as last_activity,
      coalesce(ps.average >= ${topAverage}, false) as top,
      coalesce(ps.average < ps.pass_mark, false) as below,
      coalesce(cardinality(t.scores) = 3 and t.scores[1] > t.scores[2] and t.scores[2] > t.scores[3]
        and t.scores[1] - t.scores[3] >= ${fallingDrop}, false) as falling,
      (ps.last_at >= $1::timestamptz - interval '${activeDays} days' or oa.user_id is not null) as active
    from per_student ps
    full join open_attempts oa on oa.user_id = ps.user_id
    join users u on u.id = coalesce(ps.user_id, oa.user_id) and u.role = 'student'
    left join trend t on t.user_id = ps.user_id
  )`;

/** The three insight counts and the distinct students with a scored result. $1 now, $2 quiz ids. */
export const INSIGHT_COUNTS_SQL = `${STUDENTS_CTE}
  select
    (count(*) filter (where top))::int as top,
    (count(*) filter (where below or falling))::int as support,
    (count(*) filter (where active))::int as active,
    (count(*) filter (where quiz_count > 0))::int as students
  from students`;

const KIND_FILTER: Record<InsightKind, string> = { top: "top", support: "(below or falling)", active: "active" };

/** A page of the students behind one insight, by name, each row carrying the total. $1 now, $2 quiz ids, $3 limit, $4 offset. */
export const insightStudentsSql = (kind: InsightKind) => `${STUDENTS_CTE}
  select id, name, student_type, average, pass_mark, quiz_count, scores, last_activity, below, falling,
    (count(*) over ())::int as total
  from students where ${KIND_FILTER[kind]}
  order by name, id
  limit $3 offset $4`;

/**
 * Everything else on the home in one statement: the stat figures other than the students' (courses,
 * quizzes, active quizzes, submissions to grade, the mean score), up to three quizzes closing in the
 * future (soonest first, with their submissions) and the first three courses by title with their
 * quizzes and the mean of their students' results. $1 teacher, $2 now, $3 quiz ids.
 */
export const TEACHER_OVERVIEW_SQL = `
  with ${myQuizzes("$3")},
  first_courses as (
    select c.id, c.title from courses c where c.teacher_id = $1 order by c.title, c.id limit 3
  )
  select
    (select count(*) from courses c where c.teacher_id = $1)::int as course_count,
    (select count(*) from my_quizzes)::int as total_quizzes,
    (select count(*) from my_quizzes where close_time is null or close_time > $2::timestamptz)::int as active_quizzes,
    (select count(*) from submissions s where s.quiz_id = any($3::int[]) and not s.graded)::int as to_grade,
    (select round(avg(r.score), 1)::float8 from records r join users u on u.id = r.user_id and u.role = 'student'
      where r.quiz_id = any($3::int[])) as average_score,
    (select coalesce(json_agg(d order by d.close_time, d.id), '[]') from (
      select q.id, q.title, c.title as course_title, q.close_time,
        (select count(*) from submissions s where s.quiz_id = q.id)::int as submissions
      from my_quizzes mq join quizzes q on q.id = mq.id join courses c on c.id = q.course_id
      where q.close_time > $2::timestamptz
      order by q.close_time, q.id
      limit 3
    ) d) as deadlines,
    (select coalesce(json_agg(fc order by fc.title, fc.id), '[]') from (
      select fc.id, fc.title,
        (select count(*) from quizzes q where q.course_id = fc.id)::int as quiz_count,
        (select count(r.score) from quizzes q join records r on r.quiz_id = q.id
          join users u on u.id = r.user_id and u.role = 'student' where q.course_id = fc.id)::int as results,
        (select round(avg(r.score), 1)::float8 from quizzes q join records r on r.quiz_id = q.id
          join users u on u.id = r.user_id and u.role = 'student' where q.course_id = fc.id) as average
      from first_courses fc
    ) fc) as courses`;
