/**
 * A school's history for the grading, performance and administration benchmarks (issues 12 and 14):
 * 2,000 students (jhs1–jhs3), 10 teachers, 40 courses, 200 closed quizzes of 40 questions, and
 * 100,000 submissions with every answer (4,000,000 attempt answers), their records, 20,000 practice
 * results and 100,000 audit log rows. Set-based SQL only: a few statements, no loop over rows.
 *
 * The answers are made, not random: each student has an ability, each question a difficulty, and a
 * deterministic hash of (attempt, question) decides whether the answer is right, so reruns give the
 * same data. Two questions of every quiz are wrongly keyed: the strongest students pick another option
 * than the key (what item analysis must flag); one question of every tenth quiz has no key (ungraded).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../server/src/db/client";
import { createSession } from "../../server/src/auth/sessions";
import { hashPassword } from "../../server/src/auth/passwords";

export const HISTORY = {
  students: 2_000,
  teachers: 10,
  courses: 40,
  quizzes: 200,
  questionsPerQuiz: 40,
  /** Each student sits 3 in 4 of the quizzes of their level: 2,000 × ~66.7 × 0.75 ≈ 100,000. */
  password: "history-bench",
} as const;

export type HistoryContext = {
  adminId: number;
  teacherId: number;
  studentId: number;
  /** A quiz and a course of the bench teacher (teacher 1), with submissions. */
  quizId: number;
  courseId: number;
  /** Bearer tokens made directly in the database (valid 30 days). */
  tokens: { admin: string; teacher: string; student: string };
  counts: Record<string, number>;
};

const SUBJECTS = ["Mathematics", "English Language", "Integrated Science", "Social Studies", "Computing", "French", "Career Technology", "RME"];

/** Whether the database already holds the history (a reused database skips the fill). */
export async function isSeeded(database: Database): Promise<boolean> {
  try {
    const r = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where email = 'teacher1@history.bench'`);
    return r.rows[0].n > 0;
  } catch {
    return false;
  }
}

export async function seedHistory(database: Database, log: (m: string) => void = () => {}): Promise<void> {
  const db = database.db;
  const step = async (label: string, q: ReturnType<typeof sql>) => {
    const t0 = performance.now();
    await db.execute(q);
    log(`  ${label}: ${Math.round(performance.now() - t0)} ms`);
  };
  const hash = await hashPassword(HISTORY.password);
  await step(
    "users",
    sql`
    insert into users (name, email, role, student_type, password_hash, created_at)
    select 'Admin ' || g, 'admin' || g || '@history.bench', 'admin', null, ${hash}, now() - interval '400 days' from generate_series(1, 2) g
    union all
    select 'Teacher ' || g, 'teacher' || g || '@history.bench', 'teacher', null, ${hash}, now() - interval '400 days' from generate_series(1, ${HISTORY.teachers}) g
    union all
    select (array['Kwame','Ama','Kofi','Akosua','Yaw','Abena','Kwesi','Efua','Kojo','Adwoa'])[1 + g % 10] || ' ' ||
           (array['Mensah','Owusu','Boateng','Asante','Appiah','Amoah','Osei','Addo','Ansah','Darko','Agyeman','Frimpong'])[1 + (g / 10) % 12] || ' ' || g,
           'student' || g || '@history.bench', 'student', 'jhs' || (1 + g % 3), ${hash}, now() - interval '400 days'
    from generate_series(1, ${HISTORY.students}) g`,
  );
  await step(
    "courses",
    sql`
    insert into courses (title, description, teacher_id)
    select (${sql.raw(`array[${SUBJECTS.map((s) => `'${s}'`).join(",")}]`)})[1 + (g - 1) % 8] || ' JHS ' || (1 + g % 3) || ' ' || chr(65 + (g - 1) / 24),
           'Course ' || g || ' of the history benchmark',
           (select id from users where email = 'teacher' || (1 + (g - 1) / 4) || '@history.bench')
    from generate_series(1, ${HISTORY.courses}) g`,
  );
  // Five quizzes a course, closed between 1 and 200 days ago; the quiz's level is its course's.
  await step(
    "quizzes",
    sql`
    insert into quizzes (title, course_id, teacher_id, student_type, open_time, close_time, time_limit, max_attempts, passing_score, created_at)
    select c.title || ' — Test ' || k, c.id, c.teacher_id, 'jhs' || (1 + c.n % 3),
           now() - ((c.n * 5 + k) % 200 + 1) * interval '1 day' - interval '2 hours',
           now() - ((c.n * 5 + k) % 200 + 1) * interval '1 day',
           30, 3, 50, now() - ((c.n * 5 + k) % 200 + 10) * interval '1 day'
    from (select id, title, teacher_id, row_number() over (order by id) as n from courses where description like 'Course % of the history benchmark') c
    cross join generate_series(1, ${HISTORY.quizzes / HISTORY.courses}) k`,
  );
  // Keys rotate over the four options; positions 7 and 23 are the wrongly keyed ones (see the answers);
  // position 39 of every tenth quiz has no key.
  await step(
    "questions",
    sql`
    insert into questions (quiz_id, position, text, options, answer, section)
    select q.id, p, 'Question ' || (p + 1) || ' of ' || q.title,
           '["Option A","Option B","Option C","Option D"]'::jsonb,
           case when p = 39 and q.id % 10 = 0 then null else 'Option ' || chr(65 + (p + q.id) % 4) end,
           case when p < 30 then 'A' else 'B' end
    from quizzes q join courses c on c.id = q.course_id
    cross join generate_series(0, ${HISTORY.questionsPerQuiz - 1}) p
    where c.description like 'Course % of the history benchmark'`,
  );
  await step(
    "attempts",
    sql`
    insert into attempts (quiz_id, user_id, attempt_number, status, started_at, deadline, submitted_at)
    select q.id, u.id, 1, 'submitted', q.open_time + (u.id % 60) * interval '1 minute', q.open_time + (u.id % 60 + 30) * interval '1 minute',
           q.open_time + (u.id % 60 + 5 + u.id % 20) * interval '1 minute'
    from users u
    join (select q.*, row_number() over (partition by q.student_type order by q.id) as n
          from quizzes q join courses c on c.id = q.course_id where c.description like 'Course % of the history benchmark') q
      on q.student_type = u.student_type and (q.n + u.id) % 4 <> 0
    where u.email like 'student%@history.bench'`,
  );
  // ability in [0.2, 1.0) per student, difficulty in [0, 0.5) per question; r is a hash in [0, 1).
  // The two wrongly keyed questions: students of ability ≥ 0.7 pick the option after the key.
  await step(
    "attempt answers",
    sql`
    insert into attempt_answers (attempt_id, question_id, answer, saved_at)
    select a.id, qu.id,
      case
        when qu.position in (7, 23) and (0.2 + (a.user_id * 37 % 80) / 100.0) >= 0.7
          then 'Option ' || chr(65 + (qu.position + qu.quiz_id + 1) % 4)
        when ((a.id::bigint * 2654435761 + qu.id::bigint * 40503) % 1000) / 1000.0
             < (0.2 + (a.user_id * 37 % 80) / 100.0) - ((qu.id * 13 % 50) / 100.0) + 0.3
          then coalesce(qu.answer, 'Option A')
        else 'Option ' || chr(65 + (qu.position + qu.quiz_id + 1 + ((a.id + qu.id) % 3)) % 4)
      end,
      a.submitted_at
    from attempts a join questions qu on qu.quiz_id = a.quiz_id
    join users u on u.id = a.user_id
    where u.email like 'student%@history.bench'`,
  );
  await step(
    "submissions",
    sql`
    insert into submissions (attempt_id, quiz_id, user_id, score, correct, total, graded, ungraded_answers, created_at)
    select a.id, a.quiz_id, a.user_id,
           case when bool_or(qu.answer is null) then null else round(100.0 * count(*) filter (where aa.answer = qu.answer) / count(*), 2) end,
           count(*) filter (where aa.answer = qu.answer), count(*),
           not bool_or(qu.answer is null),
           coalesce(jsonb_agg(jsonb_build_object('questionId', qu.id, 'answer', aa.answer)) filter (where qu.answer is null), '[]'::jsonb),
           a.submitted_at
    from attempts a join attempt_answers aa on aa.attempt_id = a.id join questions qu on qu.id = aa.question_id
    join users u on u.id = a.user_id
    where u.email like 'student%@history.bench'
    group by a.id`,
  );
  await step(
    "records",
    sql`
    insert into records (user_id, quiz_id, submission_id, score, correct, total, passed, is_personal_best, user_attempts, created_at)
    select s.user_id, s.quiz_id, s.id, s.score, s.correct, s.total, case when s.score is null then null else s.score >= q.passing_score end, true, 1, s.created_at
    from submissions s join quizzes q on q.id = s.quiz_id join users u on u.id = s.user_id
    where u.email like 'student%@history.bench'`,
  );
  await step(
    "practice results",
    sql`
    insert into practice_results (user_id, year, subject, section, score, total, percentage, time_taken_seconds, answers, created_at)
    select u.id, 2015 + g % 9, (${sql.raw(`array[${SUBJECTS.map((s) => `'${s}'`).join(",")}]`)})[1 + (u.id + g) % 8], 'A',
           (u.id * 7 + g * 3) % 41, 40, round(100.0 * ((u.id * 7 + g * 3) % 41) / 40, 2), 600 + g * 10, '[]'::jsonb,
           now() - (g * 9 % 180) * interval '1 day'
    from users u cross join generate_series(1, 10) g
    where u.email like 'student%@history.bench'`,
  );
  await step(
    "audit logs",
    sql`
    insert into audit_logs (entity_type, entity_id, action, user_id, before, after, created_at)
    select (array['Quiz','Course','User','Record','Submission'])[1 + g % 5], (1 + g % 5000)::text,
           (array['CREATE','UPDATE','DELETE','UPDATE'])[1 + g % 4],
           (select id from users where email = 'teacher' || (1 + g % ${HISTORY.teachers}) || '@history.bench'),
           case when g % 4 = 0 then null else jsonb_build_object('score', g % 100) end,
           case when g % 4 = 2 then null else jsonb_build_object('score', (g + 7) % 100) end,
           now() - (g % 100000) * interval '5 minutes'
    from generate_series(1, 100000) g`,
  );
  // The steady state of a live database, where autovacuum has run.
  await step("vacuum analyze", sql`vacuum analyze`);
}

/** Ids and fresh tokens for the runner (the app need not be running). */
export async function historyContext(database: Database): Promise<HistoryContext> {
  const db = database.db;
  const one = async (q: ReturnType<typeof sql>) => Number((await db.execute<{ id: number }>(q)).rows[0].id);
  const adminId = await one(sql`select id from users where email = 'admin1@history.bench'`);
  const teacherId = await one(sql`select id from users where email = 'teacher1@history.bench'`);
  const studentId = await one(sql`select id from users where email = 'student3@history.bench'`);
  const courseId = await one(sql`select min(id) as id from courses where teacher_id = ${teacherId}`);
  const quizId = await one(sql`select min(id) as id from quizzes where course_id = ${courseId}`);
  const ttl = 30 * 24 * 3600 * 1000;
  const tokens = {
    admin: (await createSession(db, adminId, ttl)).token,
    teacher: (await createSession(db, teacherId, ttl)).token,
    student: (await createSession(db, studentId, ttl)).token,
  };
  const counts: Record<string, number> = {};
  for (const t of ["users", "quizzes", "questions", "attempts", "attempt_answers", "submissions", "records", "practice_results", "audit_logs"]) {
    counts[t] = Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(t)}`)).rows[0].n);
  }
  return { adminId, teacherId, studentId, quizId, courseId, tokens, counts };
}
