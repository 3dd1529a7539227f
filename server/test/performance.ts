import { and, count, eq } from "drizzle-orm";
import { gradeAnswers, isPassed } from "@adesua/domain";
import type { Db } from "../src/db/client";
import { attemptAnswers, attempts, records, submissions, type QuestionRow, type QuizRow } from "../src/db/schema";

/**
 * A finished attempt as the attempt service leaves it: the attempt, its saved answers (null: left
 * blank), the submission graded by the domain rule and its record. Answers are given per question in
 * the quiz's order.
 */
export async function buildSubmission(
  db: Db,
  quiz: Pick<QuizRow, "id" | "passingScore">,
  qs: readonly QuestionRow[],
  userId: number,
  answers: readonly (string | null)[],
  at = new Date(),
) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(attempts)
    .where(and(eq(attempts.quizId, quiz.id), eq(attempts.userId, userId)));
  const [attempt] = await db
    .insert(attempts)
    .values({ quizId: quiz.id, userId, attemptNumber: n + 1, status: "submitted", startedAt: at, submittedAt: at })
    .returning();
  const given = qs.flatMap((q, i) => (answers[i] == null ? [] : [{ attemptId: attempt.id, questionId: q.id, answer: answers[i]!, savedAt: at }]));
  if (given.length) await db.insert(attemptAnswers).values(given);
  const g = gradeAnswers(qs, given);
  const [submission] = await db
    .insert(submissions)
    .values({
      attemptId: attempt.id,
      quizId: quiz.id,
      userId,
      score: g.score,
      correct: g.correct,
      total: g.total,
      graded: g.graded,
      ungradedAnswers: g.ungradedAnswers,
      createdAt: at,
    })
    .returning();
  await db.insert(records).values({
    userId,
    quizId: quiz.id,
    submissionId: submission.id,
    score: g.score,
    correct: g.correct,
    total: g.total,
    passed: g.graded ? isPassed(g.score, Number(quiz.passingScore)) : null,
    isPersonalBest: true,
    userAttempts: n + 1,
    createdAt: at,
  });
  return submission;
}

/** A submission with a given score and no saved answers (an import, or a teacher's grade), for score arithmetic. */
export async function buildScore(db: Db, quizId: number, userId: number, score: number | null, opts: { graded?: boolean; at?: Date } = {}) {
  const [s] = await db
    .insert(submissions)
    .values({ quizId, userId, score, correct: 0, total: 1, graded: opts.graded ?? score !== null, createdAt: opts.at ?? new Date() })
    .returning();
  return s;
}

/** A finished attempt with every question answered with its key. */
export const buildRightSubmission = (db: Db, quiz: Pick<QuizRow, "id" | "passingScore">, qs: readonly QuestionRow[], userId: number, at?: Date) =>
  buildSubmission(
    db,
    quiz,
    qs,
    userId,
    qs.map((q) => q.answer),
    at,
  );
