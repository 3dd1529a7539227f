import { isPastDeadline, type AttemptResult } from "@adesua/domain";
import type { Db } from "../../db/client";
import { queryPrepared } from "../../db/prepared";
import { assertOwnsAttempt, takesPreview } from "../../policies/attempts.policy";
import { ATTEMPT_RAW, HOT_NAMES, sessionFromRaw, SUBMIT_READ_BY_TOKEN_SQL } from "./attempt.queries";
import { finalizeGraded, quizFromRaw, storedAnswersOf } from "./attempt-settle";
import { attemptResult } from "./attempt-result.service";
import { withLateAnswers } from "./attempt.service";
import { keyedQuestionsOf } from "./quiz-questions-cache";

/**
 * A submit in time that carries no answers (the exam's submit burst: every answer was saved as it was given) in two
 * statements and no transaction (decision 053 on PostgreSQL, 056 on PGlite's thread): the attempt, its quiz, the
 * token's session, the saved answers and the student's attempts at the quiz read unlocked; graded here; then FINALIZE.
 * `guarded` (PostgreSQL, where anything may run between the two): FINALIZE_IN_TIME_SQL, which locks the attempt and
 * stores the submission only if the attempt is still open and its answers are still those graded (a save that slipped
 * in between, a parallel submit). Unguarded, the caller holds the database between them (PGlite's thread). The
 * transaction's path (BEGIN, lock, answers, FINALIZE, COMMIT) held a connection over five round trips to a busy app
 * server. `undefined` whenever this path does not apply or its check fails: the caller then submits the usual way,
 * which settles, explains or returns the earlier result exactly as before. Null: the token says no.
 */
export async function submitInTimeByToken(
  db: Db,
  tokenHash: string,
  attemptId: number,
  now: Date,
  guarded: boolean,
): Promise<AttemptResult | null | undefined> {
  const [row] = await queryPrepared(db, HOT_NAMES.submitReadByToken, SUBMIT_READ_BY_TOKEN_SQL, ["int", "text"], [attemptId, tokenHash]);
  if (!row) return undefined;
  const session = sessionFromRaw(row);
  if (!session) return null;
  const attempt = ATTEMPT_RAW.map(row);
  assertOwnsAttempt(session.viewer, attempt);
  const quiz = quizFromRaw(row);
  // A preview, a closed attempt, timed sections or time up: the transaction's path decides.
  if (takesPreview(session.viewer) || attempt.status !== "in_progress" || quiz.timedSections.length || isPastDeadline(attempt.deadline, now)) return undefined;
  const saved = String(row.answers_json);
  const inputs = { keyed: await keyedQuestionsOf(db, quiz), answers: storedAnswersOf(saved) };
  const done = await finalizeGraded(db, attempt, quiz, inputs, { at: now, actor: session.actor, preview: false }, guarded ? saved : null);
  if (!done) return undefined;
  const used = { n: Number(row.m_count), first: (row.m_first as Date | string | null) ?? null };
  return withLateAnswers(db, await attemptResult(db, done.attempt, quiz, false, now, done.graded, used), done.attempt, quiz, now, false);
}
