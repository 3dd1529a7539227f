import { attempts, quizzes } from "../../db/schema";
import { rawColumns } from "../../db/raw-rows";
import type { Actor } from "../../audit/audit";
import type { Viewer } from "../../lib/viewer";

/**
 * The attempt lifecycle's hot-path SQL text, run through `queryPrepared` (db/prepared.ts): parsed and
 * planned once per connection. Changing a statement's text means changing its prepared name (the _vN
 * suffix where it is used), because PGlite keeps PREPAREd statements per instance.
 */

/**
 * An attempt's saved answers as JSON in question order: the text of migration 0025's adesua_attempt_answers_json, written
 * into the statement (a SQL function with a subquery is planned again on every call; decision 056).
 */
const answersJson = (attempt: string) => `coalesce((select json_agg(json_build_object('questionId', aa.question_id, 'answer', aa.answer,
  'savedAt', aa.saved_at) order by aa.question_id) from attempt_answers aa where aa.attempt_id = ${attempt}), '[]'::json)`;

/** The attempt's saved answers by question, for grading (the keyed questions come from quiz-questions-cache.ts). Parameter: $1 attempt. */
export const GRADE_ANSWERS_SQL = `select ${answersJson("$1::int")} as answers`;

/**
 * Stores a graded submission and its record and closes the attempt, in one statement. The personal
 * best compares with the student's earlier records of the quiz (the statement's snapshot does not
 * see the record it inserts): higher than every earlier score, or the first score; never without one
 * (isPersonalBest in domain/src/rules; the shared PERSONAL_BEST_CASES pin the two together).
 * The submission's audit entry is written by the same statement (what recordAudit would write).
 * Parameters: $1 attempt, $2 quiz, $3 student, $4 score, $5 correct, $6 total, $7 graded,
 * $8 ungraded answers (JSON), $9 time, $10 passed, $11 attempt number, $12 store a submission (not a preview),
 * $13 acting user, $14 impersonating admin, $15 marks per question (JSON, `item_marks`) (FINALIZE_TYPES).
 */
export const FINALIZE_TYPES = [
  "int",
  "int",
  "int",
  "numeric",
  "int",
  "int",
  "boolean",
  "jsonb",
  "timestamptz",
  "boolean",
  "int",
  "boolean",
  "int",
  "int",
  "jsonb",
];
const finalizeSql = (guard: string) => `
  with ${guard ? "ok as (select adesua_lock_open_unchanged($1::int, $16::text) as ok),\n  " : ""}sub as (
    insert into submissions (attempt_id, quiz_id, user_id, score, correct, total, graded, ungraded_answers, created_at, item_marks)
    select $1::int, $2::int, $3::int, $4::numeric, $5::int, $6::int, $7::boolean, $8::jsonb, $9::timestamptz, $15::jsonb where $12::boolean${guard}
    on conflict (attempt_id) do nothing
    returning id
  ),
  rec as (
    insert into records (user_id, quiz_id, submission_id, score, correct, total, passed, is_personal_best, user_attempts, created_at)
    select $3::int, $2::int, sub.id, $4::numeric, $5::int, $6::int, $10::boolean,
      $4::numeric is not null and coalesce($4::numeric > (select max(r.score) from records r where r.user_id = $3::int and r.quiz_id = $2::int), true),
      $11::int, $9::timestamptz
    from sub
    returning id
  ),
  aud as (
    insert into audit_logs (entity_type, entity_id, action, user_id, impersonator_id, after)
    select 'submission', sub.id::text, 'create', $13::int, $14::int,
      jsonb_build_object('attemptId', $1::int, 'quizId', $2::int, 'userId', $3::int, 'score', $4::numeric, 'correct', $5::int, 'total', $6::int, 'graded', $7::boolean)
    from sub
    returning 1
  ),
  att as (update attempts set status = 'submitted', submitted_at = $9::timestamptz where id = $1::int${guard} returning id)
  select (select id from sub) as submission_id, (select count(*) from rec)::int as records, (select count(*) from att)::int as closed`;
export const FINALIZE_SQL = finalizeSql("");

/**
 * FINALIZE_SQL for a submit in time on PostgreSQL without a transaction (decision 053): it stores and closes nothing
 * (closed 0) unless the attempt, locked by migration 0025's adesua_lock_open_unchanged, is still open and its saved
 * answers are still $16 (adesua_attempt_answers_json as read before grading). Parameters: FINALIZE_SQL's and $16.
 */
export const FINALIZE_IN_TIME_SQL = finalizeSql(" and (select ok from ok)");

/**
 * A bearer token's live session with its user (the hash is `token`), when that user may act: what the request hook
 * checks for a "signed-in" route (app.ts: not revoked, not expired, user active, no one-time password still to
 * replace unless an admin impersonates), for the statements that check their session themselves (decision 038).
 */
export const liveSession = (token: string) => `(
  select s.user_id, s.impersonator_id, u.role, u.student_type from sessions s join users u on u.id = s.user_id
  where s.token_hash = ${token} and s.revoked_at is null and s.expires_at > now()
    and u.status = 'active' and (not u.must_change_password or s.impersonator_id is not null))`;

/** An attempts row as Drizzle would return it (both drivers parse timestamptz into Date). */
export const ATTEMPT_COLUMNS = `id, quiz_id as "quizId", user_id as "userId", attempt_number as "attemptNumber", status, started_at as "startedAt",
  deadline, current_section as "currentSection", section_started_at as "sectionStartedAt", submitted_at as "submittedAt"`;

/** An attempts row and a quizzes row as select items of fixed SQL (db/raw-rows.ts), and their course's three columns. */
export const ATTEMPT_RAW = rawColumns(attempts, "a", "a_");
export const QUIZ_RAW = rawColumns(quizzes, "q", "q_");
const COURSE_OF_QUIZ = `c.id as c_id, c.title as c_title, c.teacher_id as c_teacher_id`;
export const courseFromRaw = (r: Record<string, unknown>) => ({
  id: Number(r.c_id),
  title: String(r.c_title),
  teacherId: r.c_teacher_id == null ? null : Number(r.c_teacher_id),
});

/**
 * The live session of the token whose hash is $2 (`liveSession`), joined as `s` to a statement's one row and selected
 * beside it; every column null when there is none. `sessionFromRaw` reads it back as the viewer and the actor.
 */
const JOIN_SESSION_OF_TOKEN = `left join ${liveSession("$2::text")} s on true`;
const SESSION_OF_TOKEN = `s.user_id as s_user_id, s.impersonator_id as s_impersonator_id, s.role as s_role, s.student_type as s_student_type`;
export const sessionFromRaw = (r: Record<string, unknown>): { viewer: Viewer; actor: Actor } | null => {
  if (r.s_user_id == null) return null;
  const id = Number(r.s_user_id);
  return {
    viewer: { id, role: r.s_role as Viewer["role"], studentType: (r.s_student_type as Viewer["studentType"]) ?? null },
    actor: { userId: id, impersonatorId: r.s_impersonator_id == null ? null : Number(r.s_impersonator_id) },
  };
};

/** An attempt locked for a change, with its quiz and course. Parameter: $1 attempt. */
export const LOCK_ATTEMPT_SQL = `select ${ATTEMPT_RAW.select}, ${QUIZ_RAW.select}, ${COURSE_OF_QUIZ}
  from attempts a join quizzes q on q.id = a.quiz_id join courses c on c.id = q.course_id where a.id = $1::int for update of a`;

/** The attempt $1 with its quiz, course and the session of token hash $2, with `more` select items and `lock`. */
const attemptByToken = (
  more: string,
  lock: string,
  join = "",
) => `select ${ATTEMPT_RAW.select}, ${QUIZ_RAW.select}, ${COURSE_OF_QUIZ}, ${SESSION_OF_TOKEN}${more}
  from attempts a join quizzes q on q.id = a.quiz_id join courses c on c.id = q.course_id ${JOIN_SESSION_OF_TOKEN}${join}
  where a.id = $1::int${lock}`;

/**
 * LOCK_ATTEMPT_SQL for a caller known by a bearer token's hash (decision 038: the submit's statement checks the
 * session, as a save's does): the session's user, role, level and impersonator beside the attempt, all null when the
 * token is not a live session of a user who may act (the checks of SAVE_ANSWERS_SQL's session). Parameters: $1
 * attempt, $2 the token's hash.
 */
export const LOCK_ATTEMPT_BY_TOKEN_SQL = attemptByToken("", " for update of a");

/**
 * The attempt with its quiz, course and the token's session (as LOCK_ATTEMPT_BY_TOKEN_SQL), its saved answers as
 * adesua_attempt_answers_json gives them, and how many attempts its student has at the quiz and the first's start (for
 * the result's "may try again"), unlocked: the read of a submit in time (FINALIZE_IN_TIME_SQL). $1 attempt, $2 token hash.
 */
export const SUBMIT_READ_BY_TOKEN_SQL = attemptByToken(
  `, ${answersJson("a.id")}::text as answers_json, m.n as m_count, m.first as m_first`,
  "",
  `
  cross join lateral (select count(*)::int as n, min(m.started_at) as first from attempts m where m.quiz_id = a.quiz_id and m.user_id = a.user_id) m`,
);

/**
 * A start's quiz with its course, under a key-share lock (which waits for a question edit holding the row FOR UPDATE),
 * and the (quiz, student) advisory lock that serialises starts. Parameters: $1 quiz, $2 student.
 */
export const START_QUIZ_SQL = `select ${QUIZ_RAW.select}, ${COURSE_OF_QUIZ}, pg_advisory_xact_lock($1::int, $2::int) as locked
  from quizzes q join courses c on c.id = q.course_id where q.id = $1::int for key share of q`;

/**
 * START_QUIZ_SQL for a caller known by a bearer token's hash (decision 038): the session's user, role, level and
 * impersonator beside the quiz (null when the token is not a live session of a user who may act, and then no
 * advisory lock is taken). Parameters: $1 quiz, $2 the token's hash.
 */
export const START_QUIZ_BY_TOKEN_SQL = `select ${QUIZ_RAW.select}, ${COURSE_OF_QUIZ}, ${SESSION_OF_TOKEN},
    pg_advisory_xact_lock($1::int, s.user_id) as locked
  from quizzes q join courses c on c.id = q.course_id ${JOIN_SESSION_OF_TOKEN}
  where q.id = $1::int for key share of q`;

/** MY_ATTEMPTS_SQL for the user of a token's live session (START_QUIZ_BY_TOKEN_SQL's). Parameters: $1 quiz, $2 the token's hash. */
export const MY_ATTEMPTS_BY_TOKEN_SQL = `select ${ATTEMPT_COLUMNS} from attempts
  where quiz_id = $1::int and user_id = (select s.user_id from ${liveSession("$2::text")} s) order by attempt_number for update`;

/** A student's attempts at a quiz, locked. Parameters: $1 quiz, $2 student. */
export const MY_ATTEMPTS_SQL = `select ${ATTEMPT_COLUMNS} from attempts where quiz_id = $1::int and user_id = $2::int order by attempt_number for update`;

/**
 * A start on PostgreSQL with nothing to settle (decision 053), in one statement outside a transaction: the quiz, the
 * token's live session (null columns when there is none) and what the start rules need of the caller's attempts at
 * it: how many, the first's start, the highest number, whether one is open. Parameters: $1 quiz, $2 the token's hash.
 */
export const START_NEW_BY_TOKEN_SQL = `select ${QUIZ_RAW.select}, ${COURSE_OF_QUIZ}, ${SESSION_OF_TOKEN},
    m.n as m_count, m.first as m_first, m.last as m_last, m.open as m_open
  from quizzes q join courses c on c.id = q.course_id ${JOIN_SESSION_OF_TOKEN}
  cross join lateral (
    select count(*)::int as n, min(a.started_at) as first, max(a.attempt_number) as last,
      coalesce(bool_or(a.status = 'in_progress'), false) as open
    from attempts a where a.quiz_id = q.id and a.user_id = s.user_id
  ) m
  where q.id = $1::int`;

/**
 * INSERT_ATTEMPT_SQL for START_NEW_BY_TOKEN_SQL's start: only while the quiz's questions are still version $7. Its
 * key-share lock waits for a question edit that holds the quiz row, and then sees the edit's new version: nothing is
 * inserted, as when a unique index refuses it, and the start takes the transaction's path.
 * Parameters: as INSERT_ATTEMPT_SQL's, and $7 the questions' version the start read.
 */
export const INSERT_NEW_ATTEMPT_SQL = `
  insert into attempts (quiz_id, user_id, attempt_number, status, started_at, deadline, current_section, section_started_at)
  select q.id, $2::int, $3::int, 'in_progress', $4::timestamptz, $5::timestamptz, 0, $6::timestamptz
  from quizzes q where q.id = $1::int and q.questions_version = $7::int for key share
  on conflict do nothing
  returning ${ATTEMPT_COLUMNS}`;

/**
 * A new open attempt; nothing when a unique index refuses it (a parallel start won).
 * Parameters: $1 quiz, $2 student, $3 number, $4 start, $5 deadline, $6 section start.
 */
export const INSERT_ATTEMPT_SQL = `
  insert into attempts (quiz_id, user_id, attempt_number, status, started_at, deadline, current_section, section_started_at)
  values ($1::int, $2::int, $3::int, 'in_progress', $4::timestamptz, $5::timestamptz, 0, $6::timestamptz)
  on conflict do nothing
  returning ${ATTEMPT_COLUMNS}`;

/**
 * The prepared-statement names of the exam's hot statements, used by their callers and by the warm-up that prepares
 * them on every kept PostgreSQL connection (attempt-warm.ts): node-postgres refuses a name given two texts, so both
 * take the name from here and the text from the constant above.
 */
export const HOT_NAMES = {
  startNewByToken: "adesua_start_new_by_token_v1",
  insertNewAttempt: "adesua_insert_new_attempt_v1",
  saveAnswers: "adesua_save_answers_v3",
  saveAnswersBatch: "adesua_save_answers_batch_v4",
  saveAnswersEmbedded: "adesua_save_answers_embedded_v2",
  saveAnswersBatchEmbedded: "adesua_save_answers_batch_embedded_v3",
  lockAttemptByToken: "adesua_lock_attempt_by_token_v1",
  gradeAnswers: "adesua_grade_answers_v2",
  finalize: "adesua_finalize_v3",
  finalizeInTime: "adesua_finalize_in_time_v1",
  submitReadByToken: "adesua_submit_read_by_token_v2",
} as const;
