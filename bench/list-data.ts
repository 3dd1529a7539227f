/**
 * The list benchmarks' data (list-bench.ts, browse-bench.ts): 500 courses (8 subjects, 40 teachers),
 * 10,000 quizzes over the three levels with 10 questions each, students spread over the levels, and
 * attempts by the first JHS 2 student on a seventh of their quizzes. Set-based SQL, then VACUUM ANALYZE.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../server/src/db/client";
import { SUBJECTS } from "../server/src/services/demo/bece-questions";

export const COURSES = 500;
export const QUIZZES = 10_000;
export const QUESTIONS_PER_QUIZ = 10;

/** Bulk data in a handful of set-based statements. */
export async function fillLists(db: Db, students = 300): Promise<{ studentId: number }> {
  await db.execute(sql`
    insert into users (name, email, role)
    select 'Teacher ' || g, 'teacher' || g || '@bench.school', 'teacher' from generate_series(1, 40) g`);
  await db.execute(sql`
    insert into users (name, email, role, student_type)
    select 'Student ' || g, 'student' || g || '@bench.school', 'student', 'jhs' || (1 + g % 3) from generate_series(1, ${students}) g`);
  // The demo school's eight BECE subjects.
  const subjects = SUBJECTS;
  await db.execute(sql`
    insert into courses (title, description, teacher_id)
    select (${sql.raw(`array[${subjects.map((s) => `'${s}'`).join(",")}]`)})[1 + g % 8] || ' ' || lpad(g::text, 3, '0'),
           'Lessons and past questions for group ' || g || ', term ' || (1 + g % 3),
           (select id from users where email = 'teacher' || (1 + g % 40) || '@bench.school')
    from generate_series(1, ${COURSES}) g`);
  await db.execute(sql`
    insert into quizzes (title, course_id, teacher_id, student_type, open_time, close_time, time_limit, max_attempts, timed_sections)
    select 'Quiz ' || g, c.id, c.teacher_id, 'jhs' || (1 + g % 3),
           now() + ((g % 30) - 20) * interval '1 day', now() + ((g % 30) - 10) * interval '1 day',
           case when g % 4 = 0 then null else 30 end, case when g % 5 = 0 then null else 3 end, '[]'::jsonb
    from generate_series(1, ${QUIZZES}) g
    join (select id, teacher_id, row_number() over (order by id) - 1 as n from courses) c on c.n = g % ${COURSES}`);
  await db.execute(sql`
    insert into questions (quiz_id, position, text, options, answer)
    select q.id, p, 'Question ' || p || ' of quiz ' || q.id, '["A","B","C","D"]'::jsonb, 'A'
    from quizzes q cross join generate_series(0, ${QUESTIONS_PER_QUIZ - 1}) p`);
  const [{ id: studentId }] = (await db.execute<{ id: number }>(sql`select id from users where role = 'student' and student_type = 'jhs2' order by id limit 1`))
    .rows;
  // The student has attempted some quizzes of their level, so the per-row counts find rows.
  await db.execute(sql`
    insert into attempts (quiz_id, user_id, attempt_number, status)
    select q.id, ${studentId}, 1, 'submitted' from quizzes q where q.student_type = 'jhs2' and q.id % 7 = 0`);
  // The steady state of a live database, where autovacuum has run: statistics and the visibility
  // map (which lets counts use index-only scans) are up to date.
  await db.execute(sql`vacuum analyze`);
  return { studentId };
}
