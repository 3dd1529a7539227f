/**
 * The assessment benchmark's data (issue 28): one JHS 3 level of 300 students in six streams (A–F, 50 each), nine
 * subjects with their teachers and courses, and
 *  - a mock (bands grading) whose every subject has Paper 1, a closed 40-question quiz sat on devices by all 300
 *    (attempts, 12,000 answers a subject, submissions and records, as the attempt engine leaves them), and Paper 2,
 *    marks out of 100 entered for every student but three (each misses English Paper 2: incomplete, no aggregate);
 *  - two terms with the same scores, one with positions in the class and one in the level: nine subjects, each with
 *    two class components (a class test out of 20, a project out of 30) and an exam out of 100, all entered marks;
 *    attendance, conduct, interest and both remarks for every student, some subject remarks and adjusted class
 *    scores, and both checks of every class (the cards are printable);
 *  - the school's name, address and motto.
 * Set-based SQL, a statement per table (no loop over rows), then VACUUM ANALYZE. Scores follow from a per-student
 * ability and a deterministic hash, so reruns give the same data.
 */
import { sql, type SQL } from "drizzle-orm";
import { DEFAULT_CORE_SUBJECTS } from "@adesua/domain";
import type { Db } from "../server/src/db/client";
import { createSession } from "../server/src/auth/sessions";
import { drainSummaries } from "../server/src/services/performance/summary-backlog";
import { SUBJECTS } from "../server/src/services/demo/bece-questions";

export const ASSESSMENT = {
  students: 300,
  streams: ["A", "B", "C", "D", "E", "F"],
  /** The four core subjects first, then the demo school's other BECE subjects and Ghanaian Language: nine. */
  subjects: [...DEFAULT_CORE_SUBJECTS, ...SUBJECTS.filter((x) => !DEFAULT_CORE_SUBJECTS.includes(x)), "Ghanaian Language"],
  core: DEFAULT_CORE_SUBJECTS.length,
  questions: 40,
} as const;

export type AssessmentContext = {
  adminToken: string;
  mockId: number;
  /** Positions within the class (JHS 3A) and within the level (JHS 3). */
  termClassId: number;
  termLevelId: number;
  classes: string[];
  counts: Record<string, number>;
};

const FIRST = ["Kwame", "Ama", "Kofi", "Akosua", "Yaw", "Abena", "Kwesi", "Efua", "Kojo", "Adwoa"];
const FIRST2 = ["Kwabena", "Afua", "Kwaku", "Yaa", "Fiifi", "Esi", "Nii", "Naa", "Selorm", "Dzifa"];
const LAST = ["Mensah", "Owusu", "Boateng", "Asante", "Appiah", "Amoah", "Osei", "Addo", "Ansah", "Darko", "Agyeman", "Frimpong", "Tetteh", "Quaye", "Nkrumah"];
const arr = (xs: readonly string[]) => sql.raw(`array[${xs.map((s) => `'${s.replace(/'/g, "''")}'`).join(",")}]`);

/** A student's ability in [0.25, 0.95) from their id: the same everywhere below. */
const ABILITY = (id: string) => sql.raw(`(0.25 + ((${id} * 37) % 70) / 100.0)`);
/** A deterministic noise in [-0.2, 0.2] from two ids. */
const NOISE = (a: string, b: string) => sql.raw(`((((${a})::bigint * 7919 + (${b})::bigint * 104729) % 41) - 20) / 100.0`);

export async function seedAssessment(db: Db, log: (m: string) => void = () => {}): Promise<AssessmentContext> {
  const step = async <T extends Record<string, unknown>>(label: string, q: SQL) => {
    const t0 = performance.now();
    const r = await db.execute<T>(q);
    log(`  ${label}: ${Math.round(performance.now() - t0)} ms`);
    return r.rows;
  };
  const S = ASSESSMENT.subjects.length;
  const students = sql.raw(`(select id, stream from users where email like 'jhs3.%@assessment.bench')`);

  await step(
    "users",
    sql`
    insert into users (name, email, role, student_type, stream)
    select 'Head Teacher', 'admin@assessment.bench', 'admin', null, null
    union all
    select 'Teacher of ' || (${arr(ASSESSMENT.subjects)})[g], 'teacher.' || g || '@assessment.bench', 'teacher', null, null from generate_series(1, ${S}) g
    union all
    select (case when g % 2 = 0 then ${arr(FIRST)} else ${arr(FIRST2)} end)[1 + (g / 2) % 10] || ' ' || (${arr(LAST)})[1 + (g / 20) % 15],
           'jhs3.' || g || '@assessment.bench', 'student', 'jhs3', chr(65 + g % 6)
    from generate_series(0, ${ASSESSMENT.students - 1}) g`,
  );
  await step(
    "courses",
    sql`
    insert into courses (title, description, teacher_id)
    select (${arr(ASSESSMENT.subjects)})[g] || ' JHS 3', 'Assessment benchmark course ' || g, u.id
    from generate_series(1, ${S}) g join users u on u.email = 'teacher.' || g || '@assessment.bench'`,
  );
  // Paper 1 of every subject: a closed quiz of 40 questions (eight strands of five), sat ten days ago.
  await step(
    "quizzes",
    sql`
    insert into quizzes (title, course_id, teacher_id, student_type, open_time, close_time, time_limit, max_attempts, show_score)
    select 'JHS 3 Second Mock: ' || (${arr(ASSESSMENT.subjects)})[g] || ' Paper 1', c.id, c.teacher_id, 'jhs3',
           now() - interval '10 days' + g * interval '1 day', now() - interval '10 days' + g * interval '1 day' + interval '2 hours', 60, 1, 'after_close'
    from generate_series(1, ${S}) g join courses c on c.description = 'Assessment benchmark course ' || g`,
  );
  const quizzesOfBench = sql.raw(`(select q.* from quizzes q join courses c on c.id = q.course_id where c.description like 'Assessment benchmark course %')`);
  await step(
    "questions",
    sql`
    insert into questions (quiz_id, position, text, options, answer, section, topic)
    select q.id, p, 'Question ' || (p + 1) || ' of ' || q.title, '["Option A","Option B","Option C","Option D"]'::jsonb,
           'Option ' || chr(65 + (p + q.id) % 4), 'A', 'Strand ' || (1 + p / 5)
    from ${quizzesOfBench} q cross join generate_series(0, ${ASSESSMENT.questions - 1}) p`,
  );
  await step(
    "attempts",
    sql`
    insert into attempts (quiz_id, user_id, attempt_number, status, started_at, deadline, submitted_at)
    select q.id, s.id, 1, 'submitted', q.open_time, q.open_time + interval '60 minutes', q.open_time + (40 + s.id % 20) * interval '1 minute'
    from ${quizzesOfBench} q cross join ${students} s`,
  );
  // Right when the hash falls under ability − difficulty + 0.25; otherwise the option after the key (or two after).
  await step(
    "attempt answers",
    sql`
    insert into attempt_answers (attempt_id, question_id, answer, saved_at)
    select a.id, qu.id,
      case when ((a.id::bigint * 2654435761 + qu.id::bigint * 40503) % 1000) / 1000.0 < ${ABILITY("a.user_id")} - ((qu.id * 13) % 40) / 100.0 + 0.25
           then qu.answer
           else 'Option ' || chr(65 + (qu.position + qu.quiz_id + 1 + (a.id + qu.id) % 3) % 4) end,
      a.submitted_at
    from attempts a join questions qu on qu.quiz_id = a.quiz_id
    where a.quiz_id in (select id from ${quizzesOfBench} x)`,
  );
  await step(
    "submissions",
    sql`
    insert into submissions (attempt_id, quiz_id, user_id, score, correct, total, graded, created_at)
    select a.id, a.quiz_id, a.user_id, round(100.0 * count(*) filter (where aa.answer = qu.answer) / count(*), 2),
           count(*) filter (where aa.answer = qu.answer), count(*), true, a.submitted_at
    from attempts a join attempt_answers aa on aa.attempt_id = a.id join questions qu on qu.id = aa.question_id
    where a.quiz_id in (select id from ${quizzesOfBench} x)
    group by a.id`,
  );
  await step(
    "records",
    sql`
    insert into records (user_id, quiz_id, submission_id, score, correct, total, passed, is_personal_best, user_attempts, created_at)
    select s.user_id, s.quiz_id, s.id, s.score, s.correct, s.total, s.score >= q.passing_score, true, 1, s.created_at
    from submissions s join ${quizzesOfBench} q on q.id = s.quiz_id`,
  );

  // The mock: nine subjects (the first four core), Paper 1 the quiz, Paper 2 marks out of 100, a week of papers.
  const [mock] = await step<{ id: number }>(
    "mock",
    sql`insert into mocks (title, student_type, grading) values ('JHS 3 Second Mock, March 2027', 'jhs3', 'bands') returning id`,
  );
  await step(
    "mock subjects",
    sql`
    insert into mock_subjects (mock_id, name, core, course_id, position)
    select ${mock.id}, (${arr(ASSESSMENT.subjects)})[g], g <= ${ASSESSMENT.core}, c.id, g - 1
    from generate_series(1, ${S}) g join courses c on c.description = 'Assessment benchmark course ' || g`,
  );
  await step(
    "mock papers",
    sql`
    insert into mock_papers (mock_id, subject_id, name, kind, quiz_id, out_of, weight, starts_at, duration_minutes, position)
    select ${mock.id}, ms.id, 'Paper ' || p, case when p = 1 then 'quiz' else 'marks' end,
           case when p = 1 then q.id end, case when p = 1 then 40 else 100 end, 50,
           timestamptz '2027-03-08 08:00+00' + (ms.position / 2) * interval '1 day' + ((ms.position % 2) * 2 + p - 1) * interval '150 minutes',
           case when p = 1 then 60 else 120 end, p - 1
    from mock_subjects ms join quizzes q on q.course_id = ms.course_id cross join generate_series(1, 2) p
    where ms.mock_id = ${mock.id}`,
  );
  await step(
    "mock marks (Paper 2)",
    sql`
    insert into mock_marks (paper_id, student_id, mark)
    select p.id, s.id, round(100 * least(1, greatest(0, ${ABILITY("s.id")} + ${NOISE("s.id", "p.id")})))
    from mock_papers p join mock_subjects ms on ms.id = p.subject_id cross join ${students} s
    where p.mock_id = ${mock.id} and p.kind = 'marks'
      and not (ms.name = 'English Language' and s.id % 100 = 7)`,
  );

  // Two terms with the same scores: positions within the class, and within the level.
  const termIds: number[] = [];
  for (const scope of ["class", "level"] as const) {
    const [term] = await step<{ id: number }>(
      `term (${scope})`,
      sql`
      insert into terms (name, number, starts_on, ends_on, next_term_begins, class_weight, exam_weight, position_scope, attendance_days)
      values (${scope === "class" ? "First Term 2026/27" : "First Term 2026/27 (level positions)"}, 1, '2026-09-08', '2026-12-18', '2027-01-12', 30, 70, ${scope}, 70)
      returning id`,
    );
    termIds.push(term.id);
    await step(
      "term subjects",
      sql`
      insert into term_subjects (term_id, student_type, name, course_id, position)
      select ${term.id}, 'jhs3', (${arr(ASSESSMENT.subjects)})[g], c.id, g - 1
      from generate_series(1, ${S}) g join courses c on c.description = 'Assessment benchmark course ' || g`,
    );
    await step(
      "term components",
      sql`
      insert into term_components (subject_id, part, kind, name, out_of, weight, position)
      select ts.id, x.part, 'marks', x.name, x.out_of, 1, x.pos
      from term_subjects ts cross join (values ('class', 'Class Test', 20, 0), ('class', 'Project', 30, 1), ('exam', 'End of Term Examination', 100, 2))
        as x(part, name, out_of, pos)
      where ts.term_id = ${term.id}`,
    );
    await step(
      "term marks",
      sql`
      insert into term_marks (component_id, student_id, mark)
      select tc.id, s.id, round(tc.out_of * least(1, greatest(0, ${ABILITY("s.id")} + ${NOISE("s.id", "ts.position * 3 + tc.position")})) * 2) / 2
      from term_components tc join term_subjects ts on ts.id = tc.subject_id cross join ${students} s
      where ts.term_id = ${term.id}`,
    );
    // A remark written over the grade's for one student in seven; a class score adjusted (with its reason) for one in 50.
    await step(
      "term subject students",
      sql`
      insert into term_subject_students (subject_id, student_id, class_score_adjusted, adjust_reason, remark)
      select ts.id, s.id, case when s.id % 50 = 3 then 25 end, case when s.id % 50 = 3 then 'Project marked again after moderation' end,
             case when s.id % 7 = 0 then 'Shows steady improvement' end
      from term_subjects ts cross join ${students} s
      where ts.term_id = ${term.id} and (s.id % 7 = 0 or s.id % 50 = 3)`,
    );
    await step(
      "term students",
      sql`
      insert into term_students (term_id, student_id, present, conduct, interest, teacher_remark, head_remark)
      select ${term.id}, s.id, 70 - s.id % 9,
             (array['Very good','Good','Satisfactory','Respectful'])[1 + s.id % 4],
             (array['Football','Reading','Music and drama','Science club','Art'])[1 + s.id % 5],
             (array['Hardworking and attentive in class.','Participates well in class.','Can do better with more effort.','Punctual and neat.'])[1 + s.id % 4],
             (array['An excellent term''s work. Keep it up.','Good work. Aim higher next term.','A fair performance. More effort is needed.'])[1 + s.id % 3]
      from ${students} s`,
    );
    await step(
      "term checks",
      sql`
      insert into term_checks (term_id, class_name, role)
      select ${term.id}, 'JHS 3' || st, r from unnest(${arr(ASSESSMENT.streams)}) st cross join (values ('class_teacher'), ('head_teacher')) as x(r)`,
    );
  }
  await step(
    "school",
    sql`
    insert into settings (id, school_name, school_address, school_motto) values (1, 'Adesua Model JHS', 'P.O. Box 123, Kumasi, Ashanti Region', 'Knowledge is light')
    on conflict (id) do update set school_name = excluded.school_name, school_address = excluded.school_address, school_motto = excluded.school_motto`,
  );
  // PGlite: the triggers left the 2,700 submissions' summaries in the backlog (decision 038); a school's server has
  // drained them long before anyone opens the results, so the bench does it here rather than in the first call.
  const t = performance.now();
  await drainSummaries(db);
  log(`  summaries drained: ${Math.round(performance.now() - t)} ms`);
  await step("vacuum analyze", sql`vacuum analyze`);

  const [admin] = (await db.execute<{ id: number }>(sql`select id from users where email = 'admin@assessment.bench'`)).rows;
  const { token } = await createSession(db, Number(admin.id), 24 * 3600_000);
  const counts: Record<string, number> = {};
  for (const t of ["attempt_answers", "submissions", "mock_marks", "term_marks", "term_students"]) {
    counts[t] = Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(t)}`)).rows[0].n);
  }
  return {
    adminToken: token,
    mockId: Number(mock.id),
    termClassId: termIds[0],
    termLevelId: termIds[1],
    classes: ASSESSMENT.streams.map((s) => `JHS 3${s}`),
    counts,
  };
}
