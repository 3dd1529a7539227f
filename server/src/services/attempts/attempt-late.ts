import { and, eq, inArray, sql } from "drizzle-orm";
import { LATE_ANSWERS, type AnswerInput, type LateAnswersSummary } from "@adesua/domain";
import type { Queryable, Tx } from "../../db/client";
import { attemptAnswers, lateAnswers } from "../../db/schema";
import { HttpError } from "../../lib/errors";

/**
 * The student's side of late answers (decision 044), apart from the teacher's (late-answers.service.ts) so that the
 * attempt procedures on PGlite's thread load no grading code: keeping answers that arrive after an attempt's time was
 * up, and how they stand for the student's result. The save's hot path never comes here: only a save the
 * one-statement path refused whose explaining path found the attempt closed by time (attempt-answers.service.ts), and
 * a submit that arrives after the time (attempt.service.ts).
 */

/**
 * Keeps the late answers of a closed attempt, in the caller's transaction (which holds the attempt row FOR UPDATE).
 * `answers` must be of the attempt's quiz. An answer equal to what already counts for its question is not late (a
 * resend of a save that was stored in time). A resend replaces a late answer still waiting; one the teacher has decided
 * stays as decided, and a different answer for it is refused (409) with nothing kept. Answers how many of `answers`
 * are kept as late answers (0: all of them already count).
 */
export async function keepLateAnswers(tx: Tx, attemptId: number, answers: readonly AnswerInput[], now: Date): Promise<number> {
  if (!answers.length) return 0;
  const ids = answers.map((a) => a.questionId);
  const [counted, earlier] = await Promise.all([
    tx
      .select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.answer })
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attemptId), inArray(attemptAnswers.questionId, ids))),
    tx
      .select({ questionId: lateAnswers.questionId, answer: lateAnswers.answer, decision: lateAnswers.decision })
      .from(lateAnswers)
      .where(and(eq(lateAnswers.attemptId, attemptId), inArray(lateAnswers.questionId, ids))),
  ]);
  const countedBy = new Map(counted.map((c) => [c.questionId, c.answer]));
  const decidedBy = new Map(earlier.filter((e) => e.decision !== null).map((e) => [e.questionId, e.answer]));
  const late = answers.filter((a) => countedBy.get(a.questionId) !== a.answer);
  if (!late.length) return 0;
  if (late.some((a) => decidedBy.has(a.questionId) && decidedBy.get(a.questionId) !== a.answer)) {
    throw new HttpError(409, LATE_ANSWERS.decided).withCode(LATE_ANSWERS.decidedCode);
  }
  const waiting = late.filter((a) => !decidedBy.has(a.questionId));
  if (waiting.length) {
    await tx
      .insert(lateAnswers)
      .values(waiting.map((a) => ({ attemptId, questionId: a.questionId, answer: a.answer, givenAt: a.givenAt ? new Date(a.givenAt) : null, receivedAt: now })))
      .onConflictDoUpdate({
        target: [lateAnswers.attemptId, lateAnswers.questionId],
        set: { answer: sql`excluded.answer`, givenAt: sql`excluded.given_at`, receivedAt: sql`excluded.received_at` },
        // A later resend replaces a late answer still waiting; the same answer again changes nothing (its first times stay).
        setWhere: sql`${lateAnswers.decision} is null and ${lateAnswers.answer} is distinct from excluded.answer`,
      });
  }
  return late.length;
}

/** How a submitted attempt's late answers stand (the student's result); null when it has none. */
export async function lateAnswersSummary(db: Queryable, attemptId: number): Promise<LateAnswersSummary | null> {
  const rows = await db
    .select({ decision: lateAnswers.decision, n: sql<number>`count(*)::int` })
    .from(lateAnswers)
    .where(eq(lateAnswers.attemptId, attemptId))
    .groupBy(lateAnswers.decision);
  if (!rows.length) return null;
  const of = (d: string | null) => Number(rows.find((r) => r.decision === d)?.n ?? 0);
  return { pending: of(null), accepted: of("accepted"), left: of("left") };
}
