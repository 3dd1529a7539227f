import { and, count, eq, sql } from "drizzle-orm";
import { attemptStartRefusal, passedFor, reviewAllowed, scoreHiddenFor, type AttemptResult, type AttemptSession } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { attempts, submissions, type AttemptRow, type QuizRow, type SubmissionRow } from "../../db/schema";
import { presentAttemptSession, presentResult } from "./attempt.presenter";
import { studentQuestionsVersioned } from "./quiz-questions-cache";
import type { JustGraded } from "./attempt-settle";
import { timingOf, type QuizForAttempt } from "../quizzes/quiz-loaders";
import { buildReview, gradeStoredAnswers, loadAttemptAnswers, loadKeyedQuestions } from "../grading/grading.service";

/**
 * The result of a submitted attempt. The per-question review (with the correct answers) is included
 * only under the answer-release rule (`reviewAllowed`, decision 016); staff previews always get it.
 * Score and right/wrong count are there unless the quiz shows scores only after it closes and has not closed
 * (scoreHiddenFor, decision 041; never for staff previews): then the result says only "Submitted". `graded` is
 * what the same request just stored and graded, when it submitted the attempt: nothing is read again. `used`: the
 * student's attempts at the quiz (how many, the first's start), when the caller has read them already.
 */
export async function attemptResult(
  db: Queryable,
  attempt: AttemptRow,
  quiz: QuizRow,
  preview: boolean,
  now: Date,
  graded: JustGraded | null = null,
  used: { n: number; first: Date | string | null } | null = null,
): Promise<AttemptResult> {
  // An attempt just submitted is the student's latest (one open at a time, numbered max + 1): its
  // number is the count, and the first start matters only for a timer shared by all attempts.
  const countFromNumber = graded && quiz.resetTimerOnAttempt;
  const [[submission], [mine]] = await Promise.all([
    graded
      ? [graded.submission ?? undefined]
      : (db.select().from(submissions).where(eq(submissions.attemptId, attempt.id)).limit(1) as Promise<SubmissionRow[]>),
    used
      ? [used]
      : countFromNumber
        ? [{ n: attempt.attemptNumber, first: null }]
        : db
            .select({ n: count(), first: sql<Date | string | null>`min(${attempts.startedAt})` })
            .from(attempts)
            .where(and(eq(attempts.quizId, quiz.id), eq(attempts.userId, attempt.userId))),
  ]);
  const firstStartedAt = mine.first ? new Date(mine.first) : null;
  const refusal = preview ? null : attemptStartRefusal(timingOf(quiz), { count: mine.n, firstStartedAt }, now);
  const scoreHidden = !preview && scoreHiddenFor(quiz, now);
  const showReview = !scoreHidden && (preview || reviewAllowed(quiz, refusal, now));
  let computed: { score: number | null; correct: number; total: number; graded: boolean } | null = null;
  let review = null;
  if (showReview || !submission) {
    const [keyed, answers] = graded ? [graded.keyed, graded.answers] : await Promise.all([loadKeyedQuestions(db, quiz.id), loadAttemptAnswers(db, attempt.id)]);
    const g = gradeStoredAnswers(keyed, answers);
    computed = { score: g.score, correct: g.correct, total: g.total, graded: g.graded };
    if (showReview) review = buildReview(keyed, answers, g);
  }
  return presentResult({
    attempt,
    quiz,
    submission: submission ?? null,
    computed,
    passed: passedFor(submission ?? computed!, quiz.passingScore),
    canAttemptAgain: refusal === null,
    review,
    scoreHidden,
  });
}

/** The whole screen state of an attempt: questions without keys, saved answers, and the result once submitted. */
export async function attemptSession(
  db: Queryable,
  attempt: AttemptRow,
  quiz: QuizForAttempt,
  preview: boolean,
  now: Date,
  opts: { isNew?: boolean; graded?: JustGraded | null } = {},
): Promise<AttemptSession> {
  return (await attemptSessionParts(db, attempt, quiz, preview, now, opts)).session;
}

/**
 * attemptSession with the version of the quiz's questions it holds (`questions_version`: a quiz's questions, as a
 * student sees them, are the same at one version). With `questionsHeld` equal to that version, the caller holds those
 * questions already: the session's `questions` are left empty (`questionsLeftOut`) for the caller to fill in.
 */
export async function attemptSessionParts(
  db: Queryable,
  attempt: AttemptRow,
  quiz: QuizForAttempt,
  preview: boolean,
  now: Date,
  opts: { isNew?: boolean; graded?: JustGraded | null; questionsHeld?: number | null } = {},
): Promise<{ session: AttemptSession; questionsVersion: number; questionsLeftOut: boolean }> {
  const [qs, answers] = await Promise.all([
    // Only the columns a student may see: the key is never read here.
    studentQuestionsVersioned(db, quiz),
    opts.isNew ? [] : loadAttemptAnswers(db, attempt.id),
  ]);
  const questionsLeftOut = opts.questionsHeld != null && opts.questionsHeld === qs.version;
  const result = attempt.status === "submitted" ? await attemptResult(db, attempt, quiz, preview, now, opts.graded ?? null) : null;
  const session = presentAttemptSession({ attempt, quiz, preview, questions: questionsLeftOut ? [] : qs.student, answers, result, now });
  return { session, questionsVersion: qs.version, questionsLeftOut };
}
