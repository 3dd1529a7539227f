import { eq } from "drizzle-orm";
import { isPastDeadline, questionOpenness, settleSections, type AnswerInput } from "@adesua/domain";
import type { Db, Tx } from "../../db/client";
import { commitEvenIfRefused } from "../../db/transactions";
import { attempts, quizzes, type AttemptRow, type QuizRow } from "../../db/schema";
import type { Actor } from "../../audit/audit";
import { assertOwnsAttempt, takesPreview } from "../../policies/attempts.policy";
import type { Viewer } from "../../lib/viewer";
import { questionIndexes } from "./attempt-save.queries";
import { saveAnswersGrouped, type SaveCaller } from "./attempt-save-batch";
import { refusal, settleAttempt, upsertAnswers } from "./attempt-settle";
import { keepLateAnswers } from "./attempt-late";

/** What a save did: stored the answers in the attempt, or (after its time was up) kept them as late answers. */
export type SaveOutcome = { saved: number; savedAt: Date } | { kept: number; savedAt: Date };

/**
 * Saving answers during an attempt (PUT /attempts/{id}/answers): the one-statement fast path
 * (SAVE_ANSWERS_SQL, group-committed with the saves waiting beside it: attempt-save-batch.ts), and the
 * locked path that explains a refusal or lets time act first.
 */

export async function saveAnswersFast(
  db: Db,
  who: Viewer | { tokenHash: string },
  attemptId: number,
  answers: readonly AnswerInput[],
  now: Date,
): Promise<{ saved: number; savedAt: Date } | "slow"> {
  const caller: SaveCaller = "tokenHash" in who ? { tokenHash: who.tokenHash } : { userId: who.id };
  const { ok } = await saveAnswersGrouped(db, { attemptId, caller, answers, now });
  return ok ? { saved: answers.length, savedAt: now } : "slow";
}

/** PUT /attempts/{id}/answers: the one-statement fast path, then the locked path that explains a refusal or settles. */
export async function saveAnswersSettling(db: Db, viewer: Viewer, attemptId: number, answers: readonly AnswerInput[], now: Date, actor: Actor) {
  const fast = await saveAnswersFast(db, viewer, attemptId, answers, now);
  if (fast !== "slow") return fast;
  return saveAnswersLocked(db, viewer, attemptId, answers, now, actor);
}

/** The explaining path alone (a save whose token-checked fast path said no, once the session is known good). */
export function saveAnswersLocked(db: Db, viewer: Viewer, attemptId: number, answers: readonly AnswerInput[], now: Date, actor: Actor) {
  return commitEvenIfRefused(db, (tx) => saveAnswers(tx, viewer, attemptId, answers, now, actor));
}

/**
 * The explaining path of a save, when the one-statement path said no: it locks the attempt FOR
 * UPDATE (with its quiz and where each given question sits, in the same query), lets time act on it
 * (which may submit it or end sections), then either saves or refuses with the exact reason. Saving
 * the same answer again writes nothing. After the attempt's time was up, answers that do not already count are kept
 * as late answers for the teacher (decision 044).
 */
export async function saveAnswers(tx: Tx, viewer: Viewer, attemptId: number, answers: readonly AnswerInput[], now: Date, actor: Actor): Promise<SaveOutcome> {
  const ids = answers.map((a) => a.questionId);
  const [row] = (await tx
    .select({ attempt: attempts, quiz: quizzes, found: questionIndexes(ids) })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(eq(attempts.id, attemptId))
    .for("update", { of: attempts })) as {
    attempt: AttemptRow;
    quiz: QuizRow;
    found: { id: number; index: number }[] | null;
  }[];
  if (!row) throw refusal(404, "attemptNotFound");
  const { attempt, quiz } = row;
  assertOwnsAttempt(viewer, attempt);
  const sections = quiz.timedSections;
  let status = attempt.status;
  let currentSection = attempt.currentSection;
  if (status === "in_progress") {
    const overdue = isPastDeadline(attempt.deadline, now);
    const moved =
      sections.length > 0 &&
      settleSections(sections, { currentSection, sectionStartedAt: attempt.sectionStartedAt ?? attempt.startedAt }, attempt.deadline, now).currentSection !==
        currentSection;
    if (overdue || moved) {
      const settled = await settleAttempt(tx, attempt, quiz, now, actor, takesPreview(viewer));
      status = settled.attempt.status;
      currentSection = settled.attempt.currentSection;
    }
  }
  const index = new Map((row.found ?? []).map((f) => [f.id, f.index]));
  if (status !== "in_progress") {
    const timeUp = isPastDeadline(attempt.deadline, now);
    // Answers that arrive after the time was up (a phone that was offline) are kept for the teacher, never dropped
    // (decision 044). Answers that already count are not late: with nothing else, the save is refused as before.
    if (timeUp && !takesPreview(viewer)) {
      if (ids.some((id) => !index.has(id))) throw refusal(400, "unknownQuestion");
      const kept = await keepLateAnswers(tx, attemptId, answers, now);
      if (kept) return { kept, savedAt: now };
    }
    throw timeUp ? refusal(409, "timeUp") : refusal(409, "submitted");
  }
  if (ids.some((id) => !index.has(id))) throw refusal(400, "unknownQuestion");
  if (sections.length) {
    for (const id of ids) {
      const o = questionOpenness(sections, currentSection, index.get(id)!);
      if (o === "ended") throw refusal(409, "sectionEnded");
      if (o === "upcoming") throw refusal(409, "sectionNotStarted");
    }
  }
  await upsertAnswers(tx, attemptId, answers, now);
  return { saved: answers.length, savedAt: now };
}
