import { and, eq } from "drizzle-orm";
import {
  advanceSection as advanceSectionRule,
  isPastDeadline,
  questionOpenness,
  type AnswerInput,
  type AttemptResult,
  type AttemptSession,
} from "@adesua/domain";
import type { Db, Queryable, Tx } from "../../db/client";
import { queryPrepared } from "../../db/prepared";
import { commitEvenIfRefused, inOrder } from "../../db/transactions";
import { attempts, type AttemptRow } from "../../db/schema";
import type { Actor } from "../../audit/audit";
import { assertCanStartAttempt, takesPreview } from "../../policies/attempts.policy";
import type { Viewer } from "../../lib/viewer";
import { MY_ATTEMPTS_BY_TOKEN_SQL, MY_ATTEMPTS_SQL, sessionFromRaw, START_QUIZ_BY_TOKEN_SQL, START_QUIZ_SQL } from "./attempt.queries";
import { attemptResult, attemptSession } from "./attempt-result.service";
import { keepLateAnswers, lateAnswersSummary } from "./attempt-late";
import { keyedQuestionsOf } from "./quiz-questions-cache";
import {
  loadGradeInputs,
  lockOwnAttemptByToken,
  lockOwnAttemptWithQuiz,
  quizFromRaw,
  refusal,
  settleAttempt,
  submitAttempt,
  upsertAnswers,
  withUpserted,
  type GradeInputs,
  type Settled,
} from "./attempt-settle";
import type { QuizForAttempt } from "../quizzes/quiz-loaders";
import { insertNewAttempt, type Started } from "./attempt-start-new";

export type { Started };

/**
 * The attempt lifecycle: start or resume, move between sections, read, submit. The database keeps it
 * honest under load: starts are serialised per (quiz, student) by an advisory lock and backed by
 * unique indexes; a submit locks the attempt row and the unique index on submissions.attempt_id; a
 * save (attempt-answers.service.ts) holds the attempt row FOR SHARE so it can never land after the
 * submission that should have counted it (on PostgreSQL; the embedded database's one session runs a submit's
 * transaction to its end before any save, decision 054).
 */

class StartRace extends Error {}

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
  // The quiz and the (quiz, student) lock in one statement; the attempts are then read by a later
  // statement, whose snapshot is taken after the lock is held. The second does not wait for the
  // first's answer to be sent (inOrder): on PGlite's thread the start holds the database one round
  // trip less. When the quiz is refused, the second has only read (and locked) the viewer's own rows.
  // A key-share lock (shared by every start) waits for a question edit holding the row FOR UPDATE,
  // which refuses removals while attempts are open (issue 8, item 7): a start cannot slip past it.
  const [[found], mine] = await inOrder(
    tx,
    () => queryPrepared(tx, "adesua_start_quiz_v1", START_QUIZ_SQL, ["int", "int"], [quizId, viewer.id]),
    () => queryPrepared(tx, "adesua_my_attempts_v1", MY_ATTEMPTS_SQL, ["int", "int"], [quizId, viewer.id]) as Promise<AttemptRow[]>,
  );
  return startLocked(tx, viewer, actor, found, mine, now, opts);
}

/**
 * startOrResumeAttempt for a caller known by a bearer token's hash, whose session its first statement
 * checks (decision 038). Null, having done nothing, when that says no: the caller then authenticates.
 */
export async function startOrResumeByToken(tx: Tx, tokenHash: string, quizId: number, now: Date): Promise<(Started & { viewer: Viewer }) | null> {
  const [[found], mine] = await inOrder(
    tx,
    () => queryPrepared(tx, "adesua_start_quiz_by_token_v1", START_QUIZ_BY_TOKEN_SQL, ["int", "text"], [quizId, tokenHash]),
    () => queryPrepared(tx, "adesua_my_attempts_by_token_v1", MY_ATTEMPTS_BY_TOKEN_SQL, ["int", "text"], [quizId, tokenHash]) as Promise<AttemptRow[]>,
  );
  const session = found && sessionFromRaw(found);
  if (!session) return null;
  return { ...(await startLocked(tx, session.viewer, session.actor, found, mine, now, {})), viewer: session.viewer };
}

async function startLocked(
  tx: Tx,
  viewer: Viewer,
  actor: Actor,
  found: Record<string, unknown> | undefined,
  mine: AttemptRow[],
  now: Date,
  opts: { stopAfterFinalize?: boolean },
): Promise<Started> {
  if (!found) throw refusal(404, "quizNotFound");
  const quiz = quizFromRaw(found);
  assertCanStartAttempt(viewer, { studentType: quiz.studentType, teacherId: quiz.teacherId, courseTeacherId: quiz.course.teacherId, status: quiz.status });
  const preview = takesPreview(viewer);
  const open = mine.find((a) => a.status === "in_progress");
  let finalized: Settled | null = null;
  if (open) {
    const settled = await settleAttempt(tx, open, quiz, now, actor, preview);
    if (settled.attempt.status === "in_progress") return { attempt: settled.attempt, quiz, created: false, finalized: null };
    finalized = settled;
    if (opts.stopAfterFinalize) return { attempt: settled.attempt, quiz, created: false, finalized };
  }
  // Refusing keeps the settlement above: commitEvenIfRefused commits before answering.
  const earlier = { count: mine.length, firstStartedAt: mine[0]?.startedAt ?? null, lastNumber: mine.at(-1)?.attemptNumber ?? 0 };
  const row = await insertNewAttempt(tx, viewer, quiz, earlier, preview, now);
  if (!row) throw new StartRace();
  return { attempt: row, quiz, created: true, finalized: null };
}

/**
 * POST /quizzes/{id}/attempts. An overdue open attempt is submitted first (exactly as the sweep would
 * have done); then the window and the attempt limit decide whether a new one starts.
 */
export async function startAttempt(db: Db, viewer: Viewer, quizId: number, now: Date, actor: Actor): Promise<Started> {
  return retryingStartRace(() => commitEvenIfRefused(db, (tx) => startOrResumeAttempt(tx, viewer, quizId, now, actor)));
}

/** POST /quizzes/{id}/attempts with the session checked by the start's own statements; null when they say no. */
export async function startAttemptByToken(db: Db, tokenHash: string, quizId: number, now: Date): Promise<(Started & { viewer: Viewer }) | null> {
  return retryingStartRace(() => commitEvenIfRefused(db, (tx) => startOrResumeByToken(tx, tokenHash, quizId, now)));
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

/**
 * A submit that arrives after the attempt's time was up (a phone that was offline at the deadline) carries the answers
 * still waiting on it: they are kept as late answers for the teacher (decision 044), those of questions no longer in
 * the quiz left out (nothing to grade them against; the submit must still answer). Nothing for a preview or an attempt
 * the student ended in time. Answers how many were kept.
 */
async function keepLateFromSubmit(tx: Tx, attempt: AttemptRow, quiz: QuizForAttempt, answers: readonly AnswerInput[], now: Date, preview: boolean) {
  if (!answers.length || preview || !isPastDeadline(attempt.deadline, now)) return 0;
  const inQuiz = new Set((await keyedQuestionsOf(tx, quiz)).map((q) => q.id));
  return keepLateAnswers(
    tx,
    attempt.id,
    answers.filter((a) => inQuiz.has(a.questionId)),
    now,
  );
}

/**
 * Saves the answers a submit carries where they are still accepted (open section, before the
 * deadline) and submits. Answers for unknown questions are refused; answers after the time was up are
 * kept as late answers (keepLateFromSubmit); those of an ended section are left out. The
 * keyed questions and saved answers are read once, and serve both the check and the grading.
 */
async function saveAndSubmit(
  tx: Tx,
  attempt: AttemptRow,
  quiz: QuizForAttempt,
  answers: readonly AnswerInput[],
  now: Date,
  actor: Actor,
  preview: boolean,
): Promise<Settled & { lateKept?: number }> {
  const settled = await settleAttempt(tx, attempt, quiz, now, actor, preview);
  if (settled.attempt.status !== "in_progress") return { ...settled, lateKept: await keepLateFromSubmit(tx, settled.attempt, quiz, answers, now, preview) };
  let inputs: GradeInputs | undefined;
  if (answers.length) {
    const read = await loadGradeInputs(tx, quiz, settled.attempt.id);
    const index = new Map(read.keyed.map((q, i) => [q.id, i]));
    if (answers.some((a) => !index.has(a.questionId))) throw refusal(400, "unknownQuestion");
    const open = answers.filter((a) => questionOpenness(quiz.timedSections, settled.attempt.currentSection, index.get(a.questionId)!) === "open");
    await upsertAnswers(tx, settled.attempt.id, open, now);
    inputs = { keyed: read.keyed, answers: withUpserted(read.answers, open, now) };
  }
  return submitAttempt(tx, settled.attempt, quiz, { at: now, actor, preview, inputs });
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
  return submitLocked(tx, viewer, attempt, quiz, answers, now, actor);
}

/**
 * submitOwnAttempt for a caller known by a bearer token's hash, whose session the lock's statement
 * checks (decision 038). Null, having done nothing, when that says no or the attempt does not exist.
 */
export async function submitOwnAttemptByToken(
  tx: Tx,
  tokenHash: string,
  attemptId: number,
  answers: readonly AnswerInput[],
  now: Date,
): Promise<AttemptResult | null> {
  const locked = await lockOwnAttemptByToken(tx, tokenHash, attemptId);
  return locked && submitLocked(tx, locked.viewer, locked.attempt, locked.quiz, answers, now, locked.actor);
}

async function submitLocked(tx: Tx, viewer: Viewer, attempt: AttemptRow, quiz: QuizForAttempt, answers: readonly AnswerInput[], now: Date, actor: Actor) {
  const preview = takesPreview(viewer);
  const done = await saveAndSubmit(tx, attempt, quiz, answers, now, actor, preview);
  return withLateAnswers(tx, await attemptResult(tx, done.attempt, quiz, preview, now, done.graded), done.attempt, quiz, now, preview);
}

/**
 * The result as the student's screens need it besides its grade: when the correct answers will appear (while the
 * review is withheld), and its late answers (decision 044), read only for an attempt whose time was up before now: a
 * submit in time (the exam's submit burst) reads nothing more.
 */
export async function withLateAnswers(
  db: Queryable,
  result: AttemptResult,
  attempt: AttemptRow,
  quiz: QuizForAttempt,
  now: Date,
  preview: boolean,
): Promise<AttemptResult> {
  const out = result.review ? result : { ...result, answersWhen: answersWhen(quiz) };
  if (preview || !isPastDeadline(attempt.deadline, now)) return out;
  const late = await lateAnswersSummary(db, attempt.id);
  return late ? { ...out, lateAnswers: late } : out;
}

/** When a withheld review will appear, by the quiz's settings (reviewAllowed's rule, decision 016). */
function answersWhen(quiz: QuizForAttempt): NonNullable<AttemptResult["answersWhen"]> {
  const at = quiz.closeTime ? quiz.closeTime.toISOString() : null;
  if (quiz.showAnswers === "after_last_attempt" && quiz.practice) return { when: "last_attempt", at };
  if (quiz.showAnswers === "never" || at === null) return { when: "teacher", at: null };
  return { when: "close", at };
}

/** POST /submissions/{quizId}/submit: submits the open attempt, starting one when there is none. */
export async function submitForQuiz(tx: Tx, viewer: Viewer, quizId: number, answers: readonly AnswerInput[], now: Date, actor: Actor): Promise<AttemptResult> {
  const started = await startOrResumeAttempt(tx, viewer, quizId, now, actor, { stopAfterFinalize: true });
  const preview = takesPreview(viewer);
  // An open attempt that had run out was just submitted by this call: that is the result.
  if (started.finalized) await keepLateFromSubmit(tx, started.finalized.attempt, started.quiz, answers, now, preview);
  const done = started.finalized ?? (await saveAndSubmit(tx, started.attempt, started.quiz, answers, now, actor, preview));
  return withLateAnswers(tx, await attemptResult(tx, done.attempt, started.quiz, preview, now, done.graded), done.attempt, started.quiz, now, preview);
}

/** An attempt's session with its result's late answers (GET /attempts/{id}): see withLateAnswers. */
export async function sessionWithLateAnswers(
  db: Queryable,
  session: AttemptSession,
  attempt: AttemptRow,
  quiz: QuizForAttempt,
  now: Date,
  preview: boolean,
): Promise<AttemptSession> {
  return session.result ? { ...session, result: await withLateAnswers(db, session.result, attempt, quiz, now, preview) } : session;
}

/** An attempt as a screen shows it, with what this call graded when it submitted it. */
export type AttemptNow = Settled & { quiz: QuizForAttempt };

/** POST /attempts/{id}/sections/next: ends the section the student leaves; after the last one, submits. */
export async function moveToNextSection(tx: Tx, viewer: Viewer, attemptId: number, fromSection: number, now: Date, actor: Actor): Promise<AttemptNow> {
  const { attempt, quiz } = await lockOwnAttemptWithQuiz(tx, viewer, attemptId);
  const preview = takesPreview(viewer);
  const settled = await settleAttempt(tx, attempt, quiz, now, actor, preview);
  if (settled.attempt.status !== "in_progress") return { ...settled, quiz };
  if (!quiz.timedSections.length) throw refusal(400, "noSections");
  const current = settled.attempt;
  const a = advanceSectionRule(
    quiz.timedSections,
    { currentSection: current.currentSection, sectionStartedAt: current.sectionStartedAt ?? current.startedAt },
    current.deadline,
    now,
    fromSection,
  );
  if (!a.moved) return { ...settled, quiz };
  if (a.finished) return { ...(await submitAttempt(tx, current, quiz, { at: a.finishedAt ?? now, actor, preview })), quiz };
  const [row] = await tx
    .update(attempts)
    .set({ currentSection: a.currentSection, sectionStartedAt: a.sectionStartedAt, deadline: a.deadline })
    .where(eq(attempts.id, current.id))
    .returning();
  return { attempt: row, graded: null, quiz };
}

/**
 * GET /quizzes/{id}/attempts/{number}: the viewer's attempt with that number (what the attempt page's
 * address carries), then as GET /attempts/{id}. Another student's attempts are simply not found.
 */
export async function readOwnAttemptByNumber(tx: Tx, viewer: Viewer, quizId: number, attemptNumber: number, now: Date, actor: Actor): Promise<AttemptNow> {
  const [row] = await tx
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, viewer.id), eq(attempts.attemptNumber, attemptNumber)))
    .limit(1);
  if (!row) throw refusal(404, "attemptNotFound");
  return readOwnAttempt(tx, viewer, row.id, now, actor);
}

/** GET /attempts/{id}: the attempt as it stands now (settled first, so a reload never shows an expired timer). */
export async function readOwnAttempt(tx: Tx, viewer: Viewer, attemptId: number, now: Date, actor: Actor): Promise<AttemptNow> {
  const { attempt, quiz } = await lockOwnAttemptWithQuiz(tx, viewer, attemptId);
  return { ...(await settleAttempt(tx, attempt, quiz, now, actor, takesPreview(viewer))), quiz };
}

/** POST /submissions/{quizId}/submit, committed even when refused (a settlement stays done), run again after a start race. */
export async function submitForQuizCommitted(
  db: Db,
  viewer: Viewer,
  quizId: number,
  answers: readonly AnswerInput[],
  now: Date,
  actor: Actor,
): Promise<AttemptResult> {
  return retryingStartRace(() => commitEvenIfRefused(db, (tx) => submitForQuiz(tx, viewer, quizId, answers, now, actor)));
}

/**
 * GET /attempts/{id}, GET /quizzes/{id}/attempts/{number}, POST /attempts/{id}/sections/next: `step` settles
 * the viewer's attempt in a transaction that commits even when it refuses; the answer is its session with
 * the result's late answers.
 */
export async function ownAttemptSession(db: Db, viewer: Viewer, now: Date, step: (tx: Tx) => Promise<AttemptNow>): Promise<AttemptSession> {
  const { attempt, quiz, graded } = await commitEvenIfRefused(db, step);
  const preview = takesPreview(viewer);
  return sessionWithLateAnswers(db, await attemptSession(db, attempt, quiz, preview, now, { graded }), attempt, quiz, now, preview);
}
