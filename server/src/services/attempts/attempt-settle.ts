import { eq, sql } from "drizzle-orm";
import { ATTEMPT_ERROR_CODES, ATTEMPT_MESSAGES, passedFor, isPastDeadline, settleSections, type AnswerInput, type AttemptRefusal } from "@adesua/domain";
import type { Queryable, Tx } from "../../db/client";
import { queryPrepared } from "../../db/prepared";
import { attemptAnswers, attempts, type AttemptRow, type QuizRow, type SubmissionRow } from "../../db/schema";
import type { Actor } from "../../audit/audit";
import { HttpError } from "../../lib/errors";
import { assertOwnsAttempt } from "../../policies/attempts.policy";
import type { Viewer } from "../../lib/viewer";
import { gradeStoredAnswers, itemMarksOf, type KeyedQuestion, type StoredAnswer } from "../grading/grading.service";
import {
  ATTEMPT_RAW,
  courseFromRaw,
  FINALIZE_IN_TIME_SQL,
  FINALIZE_SQL,
  FINALIZE_TYPES,
  GRADE_ANSWERS_SQL,
  HOT_NAMES,
  LOCK_ATTEMPT_BY_TOKEN_SQL,
  LOCK_ATTEMPT_SQL,
  QUIZ_RAW,
  sessionFromRaw,
} from "./attempt.queries";
import { keyedQuestionsOf } from "./quiz-questions-cache";
import type { QuizForAttempt } from "../quizzes/quiz-loaders";

/**
 * The core of the attempt lifecycle, shared by starting, saving, submitting, reading and the sweep:
 * loading and locking an attempt with its quiz, letting time act on it (settling), and submitting it.
 *
 * An attempt is "settled" whenever it is touched: a section whose time is over ends, and an attempt
 * past its deadline (plus grace) is submitted with its saved answers, stamped with the deadline.
 */

/** A refusal of the attempt engine: the shared text (domain constants) and its stable code. */
export const refusal = (status: number, key: AttemptRefusal) => new HttpError(status, ATTEMPT_MESSAGES[key]).withCode(ATTEMPT_ERROR_CODES[key]);

/** Closing an attempt the server did by itself (sweep) has no acting user. */
export const SYSTEM_ACTOR: Actor = { userId: null, impersonatorId: null };

/** A quiz with its course from a row of fixed SQL selecting QUIZ_RAW and the course's columns (the attempt lock, the start). */
export const quizFromRaw = (row: Record<string, unknown>): QuizForAttempt => ({ ...QUIZ_RAW.map(row), course: courseFromRaw(row) });

/** Locks one attempt row for a change, with its quiz, in one query; checks it is the viewer's. */
export async function lockOwnAttemptWithQuiz(tx: Tx, viewer: Viewer, attemptId: number): Promise<{ attempt: AttemptRow; quiz: QuizForAttempt }> {
  const [row] = await queryPrepared(tx, "adesua_lock_attempt_v1", LOCK_ATTEMPT_SQL, ["int"], [attemptId]);
  if (!row) throw refusal(404, "attemptNotFound");
  const attempt = ATTEMPT_RAW.map(row);
  assertOwnsAttempt(viewer, attempt);
  return { attempt, quiz: quizFromRaw(row) };
}

/**
 * lockOwnAttemptWithQuiz for a caller known only by a bearer token's hash, whose session the same
 * statement checks (decision 038). Null when that says no (no live session of a user who may act) or
 * the attempt does not exist: the caller then authenticates the usual way, which refuses or explains.
 */
export async function lockOwnAttemptByToken(
  tx: Tx,
  tokenHash: string,
  attemptId: number,
): Promise<{ attempt: AttemptRow; quiz: QuizForAttempt; viewer: Viewer; actor: Actor } | null> {
  const [row] = await queryPrepared(tx, HOT_NAMES.lockAttemptByToken, LOCK_ATTEMPT_BY_TOKEN_SQL, ["int", "text"], [attemptId, tokenHash]);
  const session = row && sessionFromRaw(row);
  if (!session) return null;
  const attempt = ATTEMPT_RAW.map(row);
  assertOwnsAttempt(session.viewer, attempt);
  return { attempt, quiz: quizFromRaw(row), ...session };
}

/** What grading reads: the quiz's keyed questions in order, and the attempt's saved answers by question. */
export type GradeInputs = { keyed: KeyedQuestion[]; answers: StoredAnswer[] };

export async function loadGradeInputs(tx: Tx, quiz: QuizRow, attemptId: number): Promise<GradeInputs> {
  const keyed = await keyedQuestionsOf(tx, quiz);
  const [row] = await queryPrepared(tx, HOT_NAMES.gradeAnswers, GRADE_ANSWERS_SQL, ["int"], [attemptId]);
  return { keyed, answers: storedAnswersOf(row.answers) };
}

/** Saved answers as GRADE_ANSWERS_SQL or adesua_attempt_answers_json give them (JSON, or its text). */
export function storedAnswersOf(json: unknown): StoredAnswer[] {
  const raw = typeof json === "string" ? JSON.parse(json) : json;
  return (raw as { questionId: number; answer: string; savedAt: string }[]).map((a) => ({ ...a, savedAt: new Date(a.savedAt) }));
}

/**
 * What a submit just stored and graded, handed back with the closed attempt so the result of that
 * same request needs no second read (the submit burst at the end of an exam).
 */
export type JustGraded = { submission: SubmissionRow | null; keyed: KeyedQuestion[]; answers: StoredAnswer[] };

/** An attempt after time acted on it; `graded` is set when this very call submitted it. */
export type Settled = { attempt: AttemptRow; graded: JustGraded | null };

type SubmitOptions = { at: Date; actor: Actor; preview: boolean; inputs?: GradeInputs };

/**
 * Submits a locked, open attempt: grades its saved answers (or `inputs`, when the caller already read
 * them), stores one submission and one record (none for a staff preview) and closes it. A submitted
 * attempt is returned unchanged.
 */
export async function submitAttempt(tx: Tx, attempt: AttemptRow, quiz: QuizRow, opts: SubmitOptions): Promise<Settled> {
  if (attempt.status !== "in_progress") return { attempt, graded: null };
  const inputs = opts.inputs ?? (await loadGradeInputs(tx, quiz, attempt.id));
  return (await finalizeGraded(tx, attempt, quiz, inputs, opts, null))!;
}

/**
 * Grades `inputs` and stores the submission, its record and audit entry and closes the attempt (FINALIZE). With
 * `unchangedSince` (PostgreSQL, no transaction: the attempt read unlocked, decision 053) only while the attempt is
 * still open and its saved answers are still that text (adesua_attempt_answers_json): null, having changed nothing,
 * when they are not.
 */
export async function finalizeGraded(
  q: Queryable,
  attempt: AttemptRow,
  quiz: QuizRow,
  inputs: GradeInputs,
  opts: SubmitOptions,
  unchangedSince: string | null,
): Promise<Settled | null> {
  const { keyed, answers } = inputs;
  const g = gradeStoredAnswers(keyed, answers);
  const guarded = unchangedSince !== null;
  const params = [
    attempt.id,
    quiz.id,
    attempt.userId,
    g.score,
    g.correct,
    g.total,
    g.graded,
    JSON.stringify(g.ungradedAnswers),
    opts.at.toISOString(),
    passedFor(g, quiz.passingScore),
    attempt.attemptNumber,
    !opts.preview,
    opts.actor.userId,
    opts.actor.impersonatorId,
    JSON.stringify(itemMarksOf(g)),
  ];
  const [r] = guarded
    ? await queryPrepared(q, HOT_NAMES.finalizeInTime, FINALIZE_IN_TIME_SQL, [...FINALIZE_TYPES, "text"], [...params, unchangedSince])
    : await queryPrepared(q, HOT_NAMES.finalize, FINALIZE_SQL, FINALIZE_TYPES, params);
  if (guarded && Number(r.closed) === 0) return null;
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
      manualScore: null,
      marks: null,
      itemMarks: itemMarksOf(g),
      gradedBy: null,
      gradedAt: null,
      createdAt: opts.at,
    };
  }
  const closed: AttemptRow = { ...attempt, status: "submitted", submittedAt: opts.at };
  return { attempt: closed, graded: opts.preview || stored ? { submission: stored, keyed, answers } : null };
}

/**
 * Lets time act on a locked attempt: past its deadline it is submitted (stamped with the deadline);
 * sections whose time is over end, and after the last one the attempt is submitted.
 */
export async function settleAttempt(tx: Tx, attempt: AttemptRow, quiz: QuizRow, now: Date, actor: Actor, preview: boolean): Promise<Settled> {
  if (attempt.status !== "in_progress") return { attempt, graded: null };
  if (attempt.deadline && isPastDeadline(attempt.deadline, now)) {
    return submitAttempt(tx, attempt, quiz, { at: attempt.deadline, actor, preview });
  }
  if (!quiz.timedSections.length) return { attempt, graded: null };
  const s = settleSections(
    quiz.timedSections,
    { currentSection: attempt.currentSection, sectionStartedAt: attempt.sectionStartedAt ?? attempt.startedAt },
    attempt.deadline,
    now,
  );
  if (s.finished) return submitAttempt(tx, attempt, quiz, { at: s.finishedAt ?? now, actor, preview });
  if (s.currentSection === attempt.currentSection) return { attempt, graded: null };
  const [row] = await tx
    .update(attempts)
    .set({ currentSection: s.currentSection, sectionStartedAt: s.sectionStartedAt })
    .where(eq(attempts.id, attempt.id))
    .returning();
  return { attempt: row, graded: null };
}

export async function upsertAnswers(tx: Tx, attemptId: number, answers: readonly AnswerInput[], now: Date): Promise<void> {
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

/** The saved answers after `upsertAnswers(written)`, worked out without reading them again. */
export function withUpserted(stored: readonly StoredAnswer[], written: readonly AnswerInput[], now: Date): StoredAnswer[] {
  const byQuestion = new Map(stored.map((a) => [a.questionId, a]));
  for (const w of written) {
    const before = byQuestion.get(w.questionId);
    if (!before || before.answer !== w.answer) byQuestion.set(w.questionId, { questionId: w.questionId, answer: w.answer, savedAt: now });
  }
  return [...byQuestion.values()].sort((a, b) => a.questionId - b.questionId);
}
