import { and, asc, eq, lt } from "drizzle-orm";
import { DEADLINE_GRACE_MS } from "@adesua/domain";
import type { Db } from "../../db/client";
import { attempts, users, type QuizRow } from "../../db/schema";
import { submitAttempt, SYSTEM_ACTOR } from "./attempt-settle";
import { requireQuiz } from "../quizzes/quiz-loaders";

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
