import { and, asc, count, eq, lt, sql } from "drizzle-orm";
import {
  advanceSection as advanceSectionRule,
  attemptDeadline,
  attemptStartRefusal,
  DEADLINE_GRACE_MS,
  isPassed,
  isPastDeadline,
  questionOpenness,
  reviewAllowed,
  settleSections,
  type AnswerInput,
  type AttemptResult,
  type AttemptSession,
  type StartRefusal,
  type TimingQuiz,
} from "@adesua/domain";
import type { Db, Queryable, Tx } from "../db/client";
import { attemptAnswers, attempts, courses, questions, quizzes, submissions, users, type AttemptRow, type QuizRow, type SubmissionRow } from "../db/schema";
import { recordAudit, type Actor } from "../audit/audit";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../lib/errors";
import { assertCanStartAttempt, assertOwnsAttempt, takesPreview } from "../policies/attempt.policy";
import type { Viewer } from "../lib/viewer";
import { presentAttemptSession, presentResult, type StudentQuestionRow } from "../presenters/attempt";
import { buildReview, gradeStoredAnswers, loadAttemptAnswers, loadKeyedQuestions, type KeyedQuestion, type StoredAnswer } from "./grading.service";

/**
 * The attempt lifecycle. The database keeps it honest under load: starts are serialised per
 * (quiz, student) by an advisory lock and backed by unique indexes; a submit locks the attempt row
 * and the unique index on submissions.attempt_id; a save holds the attempt row FOR SHARE so it can
 * never land after the submission that should have counted it.
 *
 * An attempt is "settled" whenever it is touched: a section whose time is over ends, and an attempt
 * past its deadline (plus grace) is submitted with its saved answers, stamped with the deadline.
 */

export const ATTEMPT_MESSAGES = {
  quizNotFound: "Quiz not found",
  attemptNotFound: "Attempt not found",
  notOpen: "Quiz is not open yet",
  closed: "Quiz is closed",
  noAttemptsLeft: "No attempts left",
  noTimeLeft: "No time left for this quiz",
  timeUp: "Time is up",
  submitted: "This attempt has already been submitted",
  sectionEnded: "This section has ended",
  sectionNotStarted: "This section has not started yet",
  unknownQuestion: "Unknown question",
  noSections: "This quiz has no timed sections",
} as const;
const M = ATTEMPT_MESSAGES;

const START_REFUSALS: Record<StartRefusal, () => HttpError> = {
  upcoming: () => forbidden(M.notOpen),
  closed: () => forbidden(M.closed),
  maxed: () => conflict(M.noAttemptsLeft),
  timeUsed: () => conflict(M.noTimeLeft),
};

/** Closing an attempt the server did by itself (sweep) has no acting user. */
export const SYSTEM_ACTOR: Actor = { userId: null, impersonatorId: null };

export type QuizForAttempt = QuizRow & { course: { id: number; title: string; teacherId: number | null } };

export async function loadQuizForAttempt(db: Queryable, quizId: number): Promise<QuizForAttempt | null> {
  const [row] = await db
    .select({ quiz: quizzes, course: { id: courses.id, title: courses.title, teacherId: courses.teacherId } })
    .from(quizzes)
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(eq(quizzes.id, quizId))
    .limit(1);
  return row ? { ...row.quiz, course: row.course } : null;
}

const timingOf = (q: QuizRow): TimingQuiz & { openTime: Date | null; maxAttempts: number | null } => ({
  timeLimit: q.timeLimit,
  closeTime: q.closeTime,
  resetTimerOnAttempt: q.resetTimerOnAttempt,
  timedSections: q.timedSections,
  openTime: q.openTime,
  maxAttempts: q.maxAttempts,
});

/**
 * Runs `fn` in a transaction that commits even when `fn` refuses the request with an HttpError: a
 * refusal may come after settling an overdue attempt, and that settlement must stay done. Every
 * function run this way throws its HttpErrors before its own main write, never after it.
 */
export async function touchTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let refusal: HttpError | null = null;
  const out = await db.transaction(async (tx) => {
    try {
      return await fn(tx);
    } catch (e) {
      if (e instanceof HttpError) {
        refusal = e;
        return undefined;
      }
      throw e;
    }
  });
  if (refusal) throw refusal;
  return out as T;
}

/** Locks one attempt row for a change, with its quiz, in one query; checks it is the viewer's. */
async function lockOwnAttemptWithQuiz(tx: Tx, viewer: Viewer, attemptId: number): Promise<{ attempt: AttemptRow; quiz: QuizForAttempt }> {
  const [row] = await tx
    .select({ attempt: attempts, quiz: quizzes, course: { id: courses.id, title: courses.title, teacherId: courses.teacherId } })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(eq(attempts.id, attemptId))
    .for("update", { of: attempts });
  if (!row) throw notFound(M.attemptNotFound);
  assertOwnsAttempt(viewer, row.attempt);
  return { attempt: row.attempt, quiz: { ...row.quiz, course: row.course } };
}

async function requireQuiz(db: Queryable, quizId: number): Promise<QuizForAttempt> {
  const quiz = await loadQuizForAttempt(db, quizId);
  if (!quiz) throw notFound(M.quizNotFound);
  return quiz;
}

type RawClient = {
  query: (q: unknown, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** node-postgres: a Pool has totalCount, a (pooled) Client has connection. */
  totalCount?: number;
  connection?: unknown;
  /** PGlite itself (not one of its transactions) has waitReady. */
  waitReady?: unknown;
};

/** The driver under a Drizzle database or transaction (node-postgres Pool/Client, PGlite or a PGlite transaction). */
const rawClientOf = (q: Queryable) => (q as unknown as { session: { client: RawClient } }).session.client;

/** PGlite: which statements each instance has PREPAREd (one session per instance; a restart is a new instance). */
const pglitePrepared = new WeakMap<object, Map<string, Promise<unknown>>>();

/** An SQL literal for PGlite's EXECUTE, which takes no bind parameters: integers, or text quoted the standard way. */
function literal(v: unknown): string {
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) throw new Error("only integers may be inlined");
    return String(v);
  }
  if (typeof v !== "string" || v.includes("\0")) throw new Error("only text without NUL may be inlined");
  return `'${v.replace(/'/g, "''")}'`;
}

/**
 * Runs fixed SQL text straight on the driver, parsed and planned once, for the exam's hot paths
 * (saving an answer, submitting): Drizzle's query building was the largest part of the server's CPU
 * there. On PostgreSQL it is a named prepared statement (once per pooled connection). On PGlite
 * outside a transaction it uses PREPARE/EXECUTE, because its protocol path plans every query again
 * and planning in WebAssembly cost five times the work (3.7 ms against 0.7 ms per save); inside a
 * PGlite transaction it is a plain query. `types` are the parameters' SQL types, for PREPARE.
 * Everything else goes through Drizzle.
 */
async function queryPrepared(q: Queryable, name: string, text: string, types: string[], values: unknown[]): Promise<Record<string, unknown>[]> {
  const client = rawClientOf(q);
  if (typeof client.totalCount === "number" || client.connection !== undefined) return (await client.query({ name, text, values })).rows;
  if (client.waitReady === undefined) return (await client.query(text, values)).rows;
  let names = pglitePrepared.get(client);
  if (!names) pglitePrepared.set(client, (names = new Map()));
  let ready = names.get(name);
  if (!ready) {
    ready = client.query(`prepare ${name} (${types.join(", ")}) as ${text}`);
    names.set(name, ready);
    ready.catch(() => names!.delete(name));
  }
  await ready;
  return (await client.query(`execute ${name}(${values.map(literal).join(", ")})`)).rows;
}

/** The quiz's questions with their keys and the attempt's saved answers, in one query. Parameters: $1 quiz, $2 attempt. */
const GRADE_INPUTS_SQL = `
  select
    coalesce((select json_agg(json_build_object('id', q.id, 'text', q.text, 'options', q.options, 'answer', q.answer) order by q.position, q.id)
              from questions q where q.quiz_id = $1::int), '[]'::json) as keyed,
    coalesce((select json_agg(json_build_object('questionId', a.question_id, 'answer', a.answer, 'savedAt', a.saved_at) order by a.question_id)
              from attempt_answers a where a.attempt_id = $2::int), '[]'::json) as answers`;

async function loadGradeInputs(tx: Tx, quizId: number, attemptId: number): Promise<{ keyed: KeyedQuestion[]; answers: StoredAnswer[] }> {
  const [row] = await queryPrepared(tx, "adesua_grade_inputs_v1", GRADE_INPUTS_SQL, ["int", "int"], [quizId, attemptId]);
  const answers = (row.answers as { questionId: number; answer: string; savedAt: string }[]).map((a) => ({ ...a, savedAt: new Date(a.savedAt) }));
  return { keyed: row.keyed as KeyedQuestion[], answers };
}

/**
 * Stores a graded submission and its record and closes the attempt, in one statement. The personal
 * best compares with the student's earlier records of the quiz (the statement's snapshot does not
 * see the record it inserts): higher than every earlier score, or the first score; never without one.
 * Parameters: $1 attempt, $2 quiz, $3 student, $4 score, $5 correct, $6 total, $7 graded,
 * $8 ungraded answers (JSON), $9 time, $10 passed, $11 attempt number, $12 store a submission (not a preview).
 */
const FINALIZE_SQL = `
  with sub as (
    insert into submissions (attempt_id, quiz_id, user_id, score, correct, total, graded, ungraded_answers, created_at)
    select $1::int, $2::int, $3::int, $4::numeric, $5::int, $6::int, $7::boolean, $8::jsonb, $9::timestamptz where $12::boolean
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
  att as (update attempts set status = 'submitted', submitted_at = $9::timestamptz where id = $1::int returning id)
  select (select id from sub) as submission_id, (select count(*) from rec)::int as records, (select count(*) from att)::int as closed`;

/** An attempts row as Drizzle would return it (both drivers parse timestamptz into Date). */
const ATTEMPT_COLUMNS = `id, quiz_id as "quizId", user_id as "userId", attempt_number as "attemptNumber", status, started_at as "startedAt",
  deadline, current_section as "currentSection", section_started_at as "sectionStartedAt", submitted_at as "submittedAt"`;

/** A student's attempts at a quiz, locked. Parameters: $1 quiz, $2 student. */
const MY_ATTEMPTS_SQL = `select ${ATTEMPT_COLUMNS} from attempts where quiz_id = $1::int and user_id = $2::int order by attempt_number for update`;

/**
 * A new open attempt; nothing when a unique index refuses it (a parallel start won).
 * Parameters: $1 quiz, $2 student, $3 number, $4 start, $5 deadline, $6 section start.
 */
const INSERT_ATTEMPT_SQL = `
  insert into attempts (quiz_id, user_id, attempt_number, status, started_at, deadline, current_section, section_started_at)
  values ($1::int, $2::int, $3::int, 'in_progress', $4::timestamptz, $5::timestamptz, 0, $6::timestamptz)
  on conflict do nothing
  returning ${ATTEMPT_COLUMNS}`;

type SubmitOptions = { at: Date; actor: Actor; preview: boolean };

/**
 * What `submitAttempt` just stored and graded, keyed by the closed attempt row it returns, so the
 * result of that same request needs no second read (the submit burst at the end of an exam).
 */
const justSubmitted = new WeakMap<AttemptRow, { submission: SubmissionRow | null; keyed: KeyedQuestion[]; answers: StoredAnswer[] }>();

/**
 * Submits a locked, open attempt: grades its saved answers, stores one submission and one record
 * (none for a staff preview) and closes it. A submitted attempt is returned unchanged.
 */
export async function submitAttempt(tx: Tx, attempt: AttemptRow, quiz: QuizRow, opts: SubmitOptions): Promise<AttemptRow> {
  if (attempt.status !== "in_progress") return attempt;
  const { keyed, answers } = await loadGradeInputs(tx, quiz.id, attempt.id);
  const g = gradeStoredAnswers(keyed, answers);
  const [r] = await queryPrepared(
    tx,
    "adesua_finalize_v1",
    FINALIZE_SQL,
    ["int", "int", "int", "numeric", "int", "int", "boolean", "jsonb", "timestamptz", "boolean", "int", "boolean"],
    [
      attempt.id,
      quiz.id,
      attempt.userId,
      g.score,
      g.correct,
      g.total,
      g.graded,
      JSON.stringify(g.ungradedAnswers),
      opts.at.toISOString(),
      g.graded ? isPassed(g.score, quiz.passingScore) : null,
      attempt.attemptNumber,
      !opts.preview,
    ],
  );
  let stored: SubmissionRow | null = null;
  if (r.submission_id != null) {
    stored = {
      id: Number(r.submission_id),
      attemptId: attempt.id,
      quizId: quiz.id,
      userId: attempt.userId,
      score: g.score,
      correct: g.correct,
      total: g.total,
      graded: g.graded,
      ungradedAnswers: g.ungradedAnswers,
      createdAt: opts.at,
    };
    await recordAudit(tx, {
      entityType: "submission",
      entityId: stored.id,
      action: "create",
      actor: opts.actor,
      after: { attemptId: attempt.id, quizId: quiz.id, userId: attempt.userId, score: g.score, correct: g.correct, total: g.total, graded: g.graded },
    });
  }
  const closed: AttemptRow = { ...attempt, status: "submitted", submittedAt: opts.at };
  if (opts.preview || stored) justSubmitted.set(closed, { submission: stored, keyed, answers });
  return closed;
}

/**
 * Lets time act on a locked attempt: past its deadline it is submitted (stamped with the deadline);
 * sections whose time is over end, and after the last one the attempt is submitted.
 */
export async function settleAttempt(tx: Tx, attempt: AttemptRow, quiz: QuizRow, now: Date, actor: Actor, preview: boolean): Promise<AttemptRow> {
  if (attempt.status !== "in_progress") return attempt;
  if (attempt.deadline && isPastDeadline(attempt.deadline, now)) {
    return submitAttempt(tx, attempt, quiz, { at: attempt.deadline, actor, preview });
  }
  if (!quiz.timedSections.length) return attempt;
  const s = settleSections(
    quiz.timedSections,
    { currentSection: attempt.currentSection, sectionStartedAt: attempt.sectionStartedAt ?? attempt.startedAt },
    attempt.deadline,
    now,
  );
  if (s.finished) return submitAttempt(tx, attempt, quiz, { at: s.finishedAt ?? now, actor, preview });
  if (s.currentSection === attempt.currentSection) return attempt;
  const [row] = await tx
    .update(attempts)
    .set({ currentSection: s.currentSection, sectionStartedAt: s.sectionStartedAt })
    .where(eq(attempts.id, attempt.id))
    .returning();
  return row;
}

class StartRace extends Error {}

export type Started = {
  attempt: AttemptRow;
  quiz: QuizForAttempt;
  created: boolean;
  /** An overdue open attempt this call submitted before deciding (null when there was none). */
  finalized: AttemptRow | null;
};

/**
 * Starts an attempt, or resumes the student's open one. Serialised per (quiz, student) by an
 * advisory lock; the unique indexes are the backstop (a lost race is retried and resumes).
 */
export async function startOrResumeAttempt(
  tx: Tx,
  viewer: Viewer,
  quizId: number,
  now: Date,
  actor: Actor,
  opts: { stopAfterFinalize?: boolean } = {},
): Promise<Started> {
  // The quiz and the (quiz, student) lock in one round trip; the attempts are then read by a later
  // statement, whose snapshot is taken after the lock is held.
  const [found] = await tx
    .select({
      quiz: quizzes,
      course: { id: courses.id, title: courses.title, teacherId: courses.teacherId },
      locked: sql<unknown>`pg_advisory_xact_lock(${quizId}::int, ${viewer.id}::int)`,
    })
    .from(quizzes)
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(eq(quizzes.id, quizId));
  if (!found) throw notFound(M.quizNotFound);
  const quiz: QuizForAttempt = { ...found.quiz, course: found.course };
  assertCanStartAttempt(viewer, { studentType: quiz.studentType, teacherId: quiz.teacherId, courseTeacherId: quiz.course.teacherId });
  const preview = takesPreview(viewer);
  const mine = (await queryPrepared(tx, "adesua_my_attempts_v1", MY_ATTEMPTS_SQL, ["int", "int"], [quizId, viewer.id])) as AttemptRow[];
  const open = mine.find((a) => a.status === "in_progress");
  let finalized: AttemptRow | null = null;
  if (open) {
    const settled = await settleAttempt(tx, open, quiz, now, actor, preview);
    if (settled.status === "in_progress") return { attempt: settled, quiz, created: false, finalized: null };
    finalized = settled;
    if (opts.stopAfterFinalize) return { attempt: settled, quiz, created: false, finalized };
  }
  const first = mine[0]?.startedAt ?? null;
  if (!preview) {
    // Refusing keeps the settlement above: touchTransaction commits before answering.
    const refusal = attemptStartRefusal(timingOf(quiz), { count: mine.length, firstStartedAt: first }, now);
    if (refusal) throw START_REFUSALS[refusal]();
  }
  const deadline = attemptDeadline(timingOf(quiz), now, first, { ignoreCloseTime: preview });
  const [row] = (await queryPrepared(
    tx,
    "adesua_insert_attempt_v1",
    INSERT_ATTEMPT_SQL,
    ["int", "int", "int", "timestamptz", "timestamptz", "timestamptz"],
    [
      quizId,
      viewer.id,
      (mine.at(-1)?.attemptNumber ?? 0) + 1,
      now.toISOString(),
      deadline?.toISOString() ?? null,
      quiz.timedSections.length ? now.toISOString() : null,
    ],
  )) as AttemptRow[];
  if (!row) throw new StartRace();
  return { attempt: row, quiz, created: true, finalized: null };
}

/**
 * POST /quizzes/{id}/attempts. An overdue open attempt is submitted first (exactly as the sweep would
 * have done); then the window and the attempt limit decide whether a new one starts.
 */
export async function startAttempt(db: Db, viewer: Viewer, quizId: number, now: Date, actor: Actor): Promise<Started> {
  return retryingStartRace(() => touchTransaction(db, (tx) => startOrResumeAttempt(tx, viewer, quizId, now, actor)));
}

/** A start that lost a race to the unique indexes runs again, and then resumes the winner's attempt. */
export async function retryingStartRace<T>(fn: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof StartRace && i < 3) continue;
      throw e;
    }
  }
}

type SaveRow = {
  id: number;
  userId: number;
  quizId: number;
  status: string;
  deadline: Date | null;
  currentSection: number;
  sectionStartedAt: Date | null;
  startedAt: Date;
  timedSections: QuizRow["timedSections"];
  found: { id: number; index: number }[] | null;
};

/** Index (in question order) of each given question of the attempt's quiz, in the same query as the attempt. */
const questionIndexes = (ids: number[]) =>
  sql<{ id: number; index: number }[] | null>`(
    select json_agg(json_build_object('id', x.id, 'index', x.idx))
    from (select q.id, (row_number() over (order by q.position, q.id) - 1)::int as idx from ${questions} q where q.quiz_id = ${attempts.quizId}) x
    where x.id in (${sql.join(
      ids.map((i) => sql`${i}::int`),
      sql`, `,
    )}))`;

/**
 * The explaining path of a save, when the one-statement path said no: it locks the attempt FOR
 * UPDATE, lets time act on it (which may submit it or end sections), then either saves or refuses
 * with the exact reason. Saving the same answer again writes nothing.
 */
export async function saveAnswers(
  tx: Tx,
  viewer: Viewer,
  attemptId: number,
  answers: readonly AnswerInput[],
  now: Date,
  actor: Actor,
): Promise<{ saved: number; savedAt: Date }> {
  const ids = answers.map((a) => a.questionId);
  const [row] = (await tx
    .select({
      id: attempts.id,
      userId: attempts.userId,
      quizId: attempts.quizId,
      status: attempts.status,
      deadline: attempts.deadline,
      currentSection: attempts.currentSection,
      sectionStartedAt: attempts.sectionStartedAt,
      startedAt: attempts.startedAt,
      timedSections: quizzes.timedSections,
      found: questionIndexes(ids),
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(eq(attempts.id, attemptId))
    .for("update", { of: attempts })) as SaveRow[];
  if (!row) throw notFound(M.attemptNotFound);
  assertOwnsAttempt(viewer, row);
  const sections = row.timedSections;
  let status = row.status;
  let currentSection = row.currentSection;
  if (status === "in_progress") {
    const overdue = isPastDeadline(row.deadline, now);
    const moved =
      sections.length > 0 &&
      settleSections(sections, { currentSection, sectionStartedAt: row.sectionStartedAt ?? row.startedAt }, row.deadline, now).currentSection !==
        currentSection;
    if (overdue || moved) {
      const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId));
      const quiz = await requireQuiz(tx, row.quizId);
      const settled = await settleAttempt(tx, attempt, quiz, now, actor, takesPreview(viewer));
      status = settled.status;
      currentSection = settled.currentSection;
    }
  }
  if (status !== "in_progress") throw conflict(isPastDeadline(row.deadline, now) ? M.timeUp : M.submitted);
  const index = new Map((row.found ?? []).map((f) => [f.id, f.index]));
  if (ids.some((id) => !index.has(id))) throw badRequest(M.unknownQuestion);
  if (sections.length) {
    for (const id of ids) {
      const o = questionOpenness(sections, currentSection, index.get(id)!);
      if (o === "ended") throw conflict(M.sectionEnded);
      if (o === "upcoming") throw conflict(M.sectionNotStarted);
    }
  }
  await upsertAnswers(tx, attemptId, answers, now);
  return { saved: answers.length, savedAt: now };
}

async function upsertAnswers(tx: Tx, attemptId: number, answers: readonly AnswerInput[], now: Date): Promise<void> {
  if (!answers.length) return;
  await tx
    .insert(attemptAnswers)
    .values(answers.map((a) => ({ attemptId, questionId: a.questionId, answer: a.answer, savedAt: now })))
    .onConflictDoUpdate({
      target: [attemptAnswers.attemptId, attemptAnswers.questionId],
      set: { answer: sql`excluded.answer`, savedAt: sql`excluded.saved_at` },
      // Idempotent: the same answer again changes nothing (not even savedAt).
      setWhere: sql`${attemptAnswers.answer} is distinct from excluded.answer`,
    });
}

/**
 * The hot path in one statement (no BEGIN/COMMIT round trips): it locks the attempt FOR SHARE, works
 * out in SQL whether every answer may be saved now (the taker's own attempt, open, before the
 * deadline and the current section's end plus grace, every question in this quiz and in the current
 * section or in none) and upserts them only if so. A single statement is atomic, and the share lock
 * makes a submit wait for it, so an acknowledged answer is always counted by the submission.
 * Anything else ("not ok") goes to `saveAnswers` below, which explains the refusal or settles.
 * The same checks as `saveAnswers`; the tests exercise both paths.
 * Parameters: $1 attempt id, $2 answers as JSON [{question_id, answer}], $3 caller's user id, $4 now.
 */
const SAVE_ANSWERS_SQL = `
  with a as (
    select a.id, a.user_id, a.quiz_id, a.status, a.deadline, a.current_section, coalesce(a.section_started_at, a.started_at) as section_started_at, qz.timed_sections as ts
    from attempts a join quizzes qz on qz.id = a.quiz_id
    where a.id = $1::int
    for share of a
  ),
  given as (select g.question_id, g.answer from jsonb_to_recordset($2::jsonb) as g(question_id int, answer text)),
  placed as (
    select g.question_id, g.answer, x.idx,
      (select min(s.ord) - 1 from a, jsonb_array_elements(a.ts) with ordinality as s(v, ord)
        where x.idx between (s.v->>'startIndex')::int and (s.v->>'endIndex')::int) as sec
    from given g
    left join (
      select q.id, (row_number() over (order by q.position, q.id) - 1)::int as idx
      from questions q where q.quiz_id = (select quiz_id from a)
    ) x on x.id = g.question_id
  ),
  allowed as (
    select (
      a.user_id = $3::int
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

export async function saveAnswersFast(
  db: Db,
  viewer: Viewer,
  attemptId: number,
  answers: readonly AnswerInput[],
  now: Date,
): Promise<{ saved: number; savedAt: Date } | "slow"> {
  const given = JSON.stringify(answers.map((a) => ({ question_id: a.questionId, answer: a.answer })));
  const rows = await queryPrepared(
    db,
    "adesua_save_answers_v1",
    SAVE_ANSWERS_SQL,
    ["int", "jsonb", "int", "timestamptz"],
    [attemptId, given, viewer.id, now.toISOString()],
  );
  return rows[0]?.ok === true ? { saved: answers.length, savedAt: now } : "slow";
}

/** PUT /attempts/{id}/answers: the one-statement fast path, then the locked path that explains a refusal or settles. */
export async function saveAnswersSettling(db: Db, viewer: Viewer, attemptId: number, answers: readonly AnswerInput[], now: Date, actor: Actor) {
  const fast = await saveAnswersFast(db, viewer, attemptId, answers, now);
  if (fast !== "slow") return fast;
  return touchTransaction(db, (tx) => saveAnswers(tx, viewer, attemptId, answers, now, actor));
}

/**
 * Saves the answers a submit carries where they are still accepted (open section, before the
 * deadline) and submits. Answers for unknown questions are refused; late ones are left out.
 */
async function saveAndSubmit(
  tx: Tx,
  attempt: AttemptRow,
  quiz: QuizForAttempt,
  answers: readonly AnswerInput[],
  now: Date,
  actor: Actor,
  preview: boolean,
): Promise<AttemptRow> {
  const settled = await settleAttempt(tx, attempt, quiz, now, actor, preview);
  if (settled.status !== "in_progress") return settled;
  if (answers.length) {
    const keyed = await loadKeyedQuestions(tx, quiz.id);
    const index = new Map(keyed.map((q, i) => [q.id, i]));
    if (answers.some((a) => !index.has(a.questionId))) throw badRequest(M.unknownQuestion);
    const open = answers.filter((a) => questionOpenness(quiz.timedSections, settled.currentSection, index.get(a.questionId)!) === "open");
    await upsertAnswers(tx, settled.id, open, now);
  }
  return submitAttempt(tx, settled, quiz, { at: now, actor, preview });
}

/** POST /attempts/{id}/submit. Exactly one submission per attempt; a repeated submit returns the same result. */
export async function submitOwnAttempt(
  tx: Tx,
  viewer: Viewer,
  attemptId: number,
  answers: readonly AnswerInput[],
  now: Date,
  actor: Actor,
): Promise<AttemptResult> {
  const { attempt, quiz } = await lockOwnAttemptWithQuiz(tx, viewer, attemptId);
  const preview = takesPreview(viewer);
  const done = await saveAndSubmit(tx, attempt, quiz, answers, now, actor, preview);
  return attemptResult(tx, done, quiz, preview, now);
}

/** POST /submissions/{quizId}/submit: submits the open attempt, starting one when there is none. */
export async function submitForQuiz(tx: Tx, viewer: Viewer, quizId: number, answers: readonly AnswerInput[], now: Date, actor: Actor): Promise<AttemptResult> {
  const started = await startOrResumeAttempt(tx, viewer, quizId, now, actor, { stopAfterFinalize: true });
  const preview = takesPreview(viewer);
  // An open attempt that had run out was just submitted by this call: that is the result.
  const done = started.finalized ?? (await saveAndSubmit(tx, started.attempt, started.quiz, answers, now, actor, preview));
  return attemptResult(tx, done, started.quiz, preview, now);
}

/** POST /attempts/{id}/sections/next: ends the section the student leaves; after the last one, submits. */
export async function moveToNextSection(
  tx: Tx,
  viewer: Viewer,
  attemptId: number,
  fromSection: number,
  now: Date,
  actor: Actor,
): Promise<{ attempt: AttemptRow; quiz: QuizForAttempt }> {
  const { attempt, quiz } = await lockOwnAttemptWithQuiz(tx, viewer, attemptId);
  const preview = takesPreview(viewer);
  const settled = await settleAttempt(tx, attempt, quiz, now, actor, preview);
  if (settled.status !== "in_progress") return { attempt: settled, quiz };
  if (!quiz.timedSections.length) throw badRequest(M.noSections);
  const a = advanceSectionRule(
    quiz.timedSections,
    { currentSection: settled.currentSection, sectionStartedAt: settled.sectionStartedAt ?? settled.startedAt },
    settled.deadline,
    now,
    fromSection,
  );
  if (!a.moved) return { attempt: settled, quiz };
  if (a.finished) return { attempt: await submitAttempt(tx, settled, quiz, { at: a.finishedAt ?? now, actor, preview }), quiz };
  const [row] = await tx
    .update(attempts)
    .set({ currentSection: a.currentSection, sectionStartedAt: a.sectionStartedAt, deadline: a.deadline })
    .where(eq(attempts.id, settled.id))
    .returning();
  return { attempt: row, quiz };
}

/** GET /attempts/{id}: the attempt as it stands now (settled first, so a reload never shows an expired timer). */
export async function readOwnAttempt(
  tx: Tx,
  viewer: Viewer,
  attemptId: number,
  now: Date,
  actor: Actor,
): Promise<{ attempt: AttemptRow; quiz: QuizForAttempt }> {
  const { attempt, quiz } = await lockOwnAttemptWithQuiz(tx, viewer, attemptId);
  return { attempt: await settleAttempt(tx, attempt, quiz, now, actor, takesPreview(viewer)), quiz };
}

/**
 * The result of a submitted attempt. The per-question review (with the correct answers) is included
 * only when the student can no longer attempt the quiz; staff previews always get it.
 */
export async function attemptResult(db: Queryable, attempt: AttemptRow, quiz: QuizRow, preview: boolean, now: Date): Promise<AttemptResult> {
  const fresh = justSubmitted.get(attempt);
  // An attempt just submitted is the student's latest (one open at a time, numbered max + 1): its
  // number is the count, and the first start matters only for a timer shared by all attempts.
  const countFromNumber = fresh && quiz.resetTimerOnAttempt;
  const [[submission], [used]] = await Promise.all([
    fresh ? [fresh.submission ?? undefined] : (db.select().from(submissions).where(eq(submissions.attemptId, attempt.id)).limit(1) as Promise<SubmissionRow[]>),
    countFromNumber
      ? [{ n: attempt.attemptNumber, first: null }]
      : db
          .select({ n: count(), first: sql<Date | string | null>`min(${attempts.startedAt})` })
          .from(attempts)
          .where(and(eq(attempts.quizId, quiz.id), eq(attempts.userId, attempt.userId))),
  ]);
  const firstStartedAt = used.first ? new Date(used.first) : null;
  const refusal = preview ? null : attemptStartRefusal(timingOf(quiz), { count: used.n, firstStartedAt }, now);
  const showReview = preview || reviewAllowed(refusal);
  let computed: { score: number | null; correct: number; total: number; graded: boolean; passed: boolean | null } | null = null;
  let review = null;
  if (showReview || !submission) {
    const [keyed, answers] = fresh ? [fresh.keyed, fresh.answers] : await Promise.all([loadKeyedQuestions(db, quiz.id), loadAttemptAnswers(db, attempt.id)]);
    const g = gradeStoredAnswers(keyed, answers);
    computed = { score: g.score, correct: g.correct, total: g.total, graded: g.graded, passed: g.graded ? isPassed(g.score, quiz.passingScore) : null };
    if (showReview) review = buildReview(keyed, answers, g);
  }
  const graded = submission ? submission.graded : computed!.graded;
  const score = submission ? submission.score : computed!.score;
  return presentResult({
    attempt,
    quiz,
    submission: submission ?? null,
    computed,
    passed: graded ? isPassed(score, quiz.passingScore) : null,
    canAttemptAgain: refusal === null,
    review,
  });
}

/** A quiz's questions as a student may see them (no key column), in order. Parameter: $1 quiz. */
const STUDENT_QUESTIONS_SQL = `select id, text, options from questions where quiz_id = $1::int order by position, id`;

/** The whole screen state of an attempt: questions without keys, saved answers, and the result once submitted. */
export async function attemptSession(
  db: Queryable,
  attempt: AttemptRow,
  quiz: QuizForAttempt,
  preview: boolean,
  now: Date,
  isNew = false,
): Promise<AttemptSession> {
  const [qs, answers] = await Promise.all([
    // Only the columns a student may see: the key is never read here.
    queryPrepared(db, "adesua_student_questions_v1", STUDENT_QUESTIONS_SQL, ["int"], [quiz.id]) as Promise<StudentQuestionRow[]>,
    isNew ? [] : loadAttemptAnswers(db, attempt.id),
  ]);
  const result = attempt.status === "submitted" ? await attemptResult(db, attempt, quiz, preview, now) : null;
  return presentAttemptSession({ attempt, quiz, preview, questions: qs, answers, result, now });
}

/**
 * The sweep: submits open attempts whose deadline (plus grace) has passed, stamped with their
 * deadline. Rows are claimed with FOR UPDATE SKIP LOCKED in small batches, so several servers can run
 * it at once and a student touching their attempt at the same moment is never blocked for long.
 */
export async function finalizeOverdueAttempts(db: Db, now: Date, batchSize = 20): Promise<number> {
  const cutoff = new Date(now.getTime() - DEADLINE_GRACE_MS);
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ attempt: attempts, role: users.role })
        .from(attempts)
        .innerJoin(users, eq(users.id, attempts.userId))
        .where(and(eq(attempts.status, "in_progress"), lt(attempts.deadline, cutoff)))
        .orderBy(asc(attempts.deadline))
        .limit(batchSize)
        .for("update", { of: attempts, skipLocked: true });
      const quizCache = new Map<number, QuizRow>();
      for (const r of rows) {
        let quiz = quizCache.get(r.attempt.quizId);
        if (!quiz) {
          quiz = await requireQuiz(tx, r.attempt.quizId);
          quizCache.set(quiz.id, quiz);
        }
        await submitAttempt(tx, r.attempt, quiz, { at: r.attempt.deadline!, actor: SYSTEM_ACTOR, preview: r.role !== "student" });
      }
      return rows.length;
    });
    total += n;
    if (n < batchSize) return total;
  }
}
