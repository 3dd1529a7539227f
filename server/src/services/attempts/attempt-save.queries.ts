import { sql } from "drizzle-orm";
import { DEADLINE_GRACE_MS } from "@adesua/domain";
import { attempts, questions } from "../../db/schema";
import { HOT_NAMES, liveSession } from "./attempt.queries";

/**
 * The save's statements (the exam's most frequent): alone and batched (group commit, decision 034), for PostgreSQL
 * (with the share lock) and for the embedded database (without), and the explaining path's question lookup. The
 * other statements of the attempt engine are in attempt.queries.ts.
 */
/** Index (in question order) of each given question of the attempt's quiz, in the same query as the attempt. */
export const questionIndexes = (ids: number[]) =>
  sql<{ id: number; index: number }[] | null>`(
    select json_agg(json_build_object('id', x.id, 'index', x.idx))
    from (select q.id, (row_number() over (order by q.position, q.id) - 1)::int as idx from ${questions} q where q.quiz_id = ${attempts.quizId}) x
    where x.id in (${sql.join(
      ids.map((i) => sql`${i}::int`),
      sql`, `,
    )}))`;

/**
 * The saves' row lock on the attempt: a submit's FOR UPDATE waits for a save in flight, and a save that waited sees the
 * submitted attempt and takes nothing. The embedded database runs one statement or transaction at a time (one session,
 * decision 028), so nothing can wait there, and the lock only cost work: it writes the row's lock and its WAL record on
 * every save, about a quarter of a small batch's CPU on the school box (decision 054). Its texts leave it out.
 */
const SHARE_LOCK = "\n    for share of a";

/**
 * The save's attempt with its quiz's timed sections (`ts`), found by its primary key, `lock` included: a subquery kept
 * out of the join (offset 0), so each attempt is looked up by its index. Joined, the batch's plan hashed the
 * requests and scanned the whole attempts table once per batch (jsonb_to_recordset is guessed at 100 rows, and the
 * embedded database never analyses its tables; decision 055), a cost that grows with the school's history.
 */
const ATTEMPT_BY_ID = (id: string, lock: string) =>
  `select a.*, qz.timed_sections as ts from attempts a join quizzes qz on qz.id = a.quiz_id where a.id = ${id} offset 0${lock}`;

/**
 * A lone save's question and its place in the quiz, looked up by its primary key: one row when it is a question of the
 * quiz (none when not: the save is refused), with `idx`, its index in the quiz's order (position, id), counted only
 * when the quiz has timed sections (only they need it). A batch numbers the quiz's questions once for all its saves
 * instead (a window over the quiz; per answer, the lookups cost more in a batch of 16, decision 055).
 */
const QUESTION_PLACE = (questionId: string, quizId: string, ts: string) => `
      select case when jsonb_array_length(${ts}) = 0 then 0 else (
          select count(*) from questions q2 where q2.quiz_id = q.quiz_id and (q2.position, q2.id) < (q.position, q.id))::int end as idx
      from questions q where q.id = ${questionId} and q.quiz_id = ${quizId} offset 0`;

/**
 * The hot path in one statement (no BEGIN/COMMIT round trips): it locks the attempt FOR SHARE (on PostgreSQL;
 * SHARE_LOCK), works out in SQL whether every answer may be saved now (the taker's own attempt, open, before the
 * deadline and the current section's end plus grace, every question in this quiz and in the current
 * section or in none) and upserts them only if so. A single statement is atomic, and the share lock
 * makes a submit wait for it (the embedded database runs them one after the other), so an acknowledged answer is
 * always counted by the submission.
 * Anything else ("not ok") goes to `saveAnswers` below, which explains the refusal or settles.
 * The same checks as `saveAnswers` and `answersSavableNow` (domain rules); the shared SAVE_CASES run
 * through both (sql-rules.test.ts, rules.cases.test.ts), and the HTTP tests exercise both paths.
 * The caller is a user id, or the hash of a bearer token whose session the statement checks itself
 * (decision 038: no session lookup before it); an unknown, ended or refused session is "not ok".
 * Parameters: $1 attempt id, $2 answers as JSON [{question_id, answer}], $3 caller's user id (or null),
 * $4 now, $5 the caller's token hash (or null).
 */
const saveAnswersSql = (lock: string) => `
  with caller as (select coalesce($3::int, (select ls.user_id from ${liveSession("$5::text")} ls)) as id),
  a as (
    select a.id, a.user_id, a.quiz_id, a.status, a.deadline, a.current_section, coalesce(a.section_started_at, a.started_at) as section_started_at, a.ts
    from (${ATTEMPT_BY_ID("$1::int", lock)}) a
  ),
  given as (select g.question_id, g.answer from jsonb_to_recordset($2::jsonb) as g(question_id int, answer text)),
  placed as (
    select g.question_id, g.answer, x.idx,
      (select min(s.ord) - 1 from a, jsonb_array_elements(a.ts) with ordinality as s(v, ord)
        where x.idx between (s.v->>'startIndex')::int and (s.v->>'endIndex')::int) as sec
    from given g
    cross join a
    left join lateral (${QUESTION_PLACE("g.question_id", "a.quiz_id", "a.ts")}) x on true
  ),
  allowed as (
    select (
      a.user_id = (select id from caller)
      and a.status = 'in_progress'
      and (a.deadline is null or $4::timestamptz <= a.deadline + interval '${DEADLINE_GRACE_MS} milliseconds')
      and (
        jsonb_array_length(a.ts) = 0
        or $4::timestamptz <= coalesce(least(
             a.section_started_at + (nullif(greatest((a.ts->a.current_section->>'timeLimit')::int, 0), 0) * interval '1 minute'),
             a.deadline), 'infinity'::timestamptz) + interval '${DEADLINE_GRACE_MS} milliseconds'
      )
      and not exists (select 1 from placed p where p.idx is null or (p.sec is not null and p.sec <> a.current_section))
    ) as ok
    from a
  ),
  ins as (
    insert into attempt_answers (attempt_id, question_id, answer, saved_at)
    select $1::int, p.question_id, p.answer, $4::timestamptz from placed p where (select ok from allowed)
    on conflict (attempt_id, question_id) do update set answer = excluded.answer, saved_at = excluded.saved_at
      where attempt_answers.answer is distinct from excluded.answer
    returning 1
  )
  select (select ok from allowed) as ok, (select count(*) from ins)::int as written`;
export const SAVE_ANSWERS_SQL = saveAnswersSql(SHARE_LOCK);
/** SAVE_ANSWERS_SQL for the embedded database: the same without the row lock (SHARE_LOCK). */
export const SAVE_ANSWERS_EMBEDDED_SQL = saveAnswersSql("");

/**
 * SAVE_ANSWERS_SQL for several saves in one statement (group commit, decision 034; db/group-commit.ts):
 * the same checks and upsert per request, each with its own attempt, caller and time, and one row out
 * per request (`i` as given) with its own `ok`. The batcher never puts two saves of one attempt in a
 * batch: each request locks and writes only its own attempt's rows, so the batch stores exactly what
 * the saves one by one would have. The shared SAVE_CASES run through this too (sql-rules.test.ts).
 * Each request's caller is a user id or a token hash, as in SAVE_ANSWERS_SQL. Each request's verdict and count
 * join rows grouped once (`misplaced`, the count of `ins`), never a scan of every request's rows per request: that
 * doubled the cost per save of a batch of 256, which a busy school box sends (decision 055).
 * Parameter: $1 JSON [{i, attempt_id, user_id, token_hash, at, answers: [{question_id, answer}]}].
 */
const saveAnswersBatchSql = (lock: string) => `
  with req as (
    select r.i, r.attempt_id, coalesce(r.user_id, (select ls.user_id from ${liveSession("r.token_hash")} ls)) as user_id, r.at, r.answers
    from jsonb_to_recordset($1::jsonb) as r(i int, attempt_id int, user_id int, token_hash text, at timestamptz, answers jsonb)
  ),
  a as (
    select req.i, req.user_id as caller, req.at, a.id, a.user_id, a.quiz_id, a.status, a.deadline, a.current_section,
      coalesce(a.section_started_at, a.started_at) as section_started_at, a.ts
    from req cross join lateral (${ATTEMPT_BY_ID("req.attempt_id", lock)}) a
  ),
  given as (select req.i, g.question_id, g.answer from req, jsonb_to_recordset(req.answers) as g(question_id int, answer text)),
  x as (
    select q.quiz_id, q.id, (row_number() over (partition by q.quiz_id order by q.position, q.id) - 1)::int as idx
    from questions q where q.quiz_id in (select quiz_id from a)
  ),
  placed as (
    select g.i, a.id as attempt_id, a.at, g.question_id, g.answer, x.idx, a.current_section,
      (select min(s.ord) - 1 from jsonb_array_elements(a.ts) with ordinality as s(v, ord)
        where x.idx between (s.v->>'startIndex')::int and (s.v->>'endIndex')::int) as sec
    from given g
    join a on a.i = g.i
    left join x on x.quiz_id = a.quiz_id and x.id = g.question_id
  ),
  misplaced as (
    select p.i, bool_or(p.idx is null or (p.sec is not null and p.sec <> p.current_section)) as any
    from placed p group by p.i
  ),
  allowed as (
    select a.i, (
      a.user_id = a.caller
      and a.status = 'in_progress'
      and (a.deadline is null or a.at <= a.deadline + interval '${DEADLINE_GRACE_MS} milliseconds')
      and (
        jsonb_array_length(a.ts) = 0
        or a.at <= coalesce(least(
             a.section_started_at + (nullif(greatest((a.ts->a.current_section->>'timeLimit')::int, 0), 0) * interval '1 minute'),
             a.deadline), 'infinity'::timestamptz) + interval '${DEADLINE_GRACE_MS} milliseconds'
      )
      and not coalesce(m.any, false)
    ) as ok
    from a left join misplaced m on m.i = a.i
  ),
  ins as (
    insert into attempt_answers (attempt_id, question_id, answer, saved_at)
    select p.attempt_id, p.question_id, p.answer, p.at from placed p join allowed w on w.i = p.i where w.ok
    on conflict (attempt_id, question_id) do update set answer = excluded.answer, saved_at = excluded.saved_at
      where attempt_answers.answer is distinct from excluded.answer
    returning attempt_id
  )
  select req.i, coalesce(w.ok, false) as ok, coalesce(c.n, 0)::int as written
  from req left join allowed w on w.i = req.i
    left join (select ins.attempt_id, count(*) as n from ins group by ins.attempt_id) c on c.attempt_id = req.attempt_id
  order by req.i`;
export const SAVE_ANSWERS_BATCH_SQL = saveAnswersBatchSql(SHARE_LOCK);
/** SAVE_ANSWERS_BATCH_SQL for the embedded database: the same without the row lock (SHARE_LOCK). */
export const SAVE_ANSWERS_BATCH_EMBEDDED_SQL = saveAnswersBatchSql("");
/**
 * The save's statements, alone and batched, by database, as their callers prepare them (name and text together): the
 * embedded database's take no row lock (SHARE_LOCK, decision 054).
 */
export const saveStatements = (embedded: boolean) =>
  embedded
    ? {
        one: { name: HOT_NAMES.saveAnswersEmbedded, text: SAVE_ANSWERS_EMBEDDED_SQL },
        batch: { name: HOT_NAMES.saveAnswersBatchEmbedded, text: SAVE_ANSWERS_BATCH_EMBEDDED_SQL },
      }
    : { one: { name: HOT_NAMES.saveAnswers, text: SAVE_ANSWERS_SQL }, batch: { name: HOT_NAMES.saveAnswersBatch, text: SAVE_ANSWERS_BATCH_SQL } };
