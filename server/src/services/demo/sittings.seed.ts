import { gradeAnswers, passedFor, type GivenAnswer, type GradableQuestion } from "@adesua/domain";
import type { Db } from "../../db/client";
import { attemptAnswers, records, submissions } from "../../db/schema";
import { itemMarksOf } from "../grading/grading.service";

/**
 * The rest of a demo sitting whose attempt row is written: its answers (saved at `savedAt`), its submission graded by
 * the domain's rule and its record (both made at `submittedAt`). The demo's students sit each quiz once, so the
 * record is their first attempt; it is their best unless `isPersonalBest` says otherwise (by default: once scored).
 */
export async function seedSubmission(
  db: Db,
  s: {
    attemptId: number;
    quiz: { id: number; passingScore: number };
    userId: number;
    questions: readonly GradableQuestion[];
    given: GivenAnswer[];
    savedAt: Date;
    submittedAt: Date;
    isPersonalBest?: boolean;
  },
): Promise<void> {
  await db.insert(attemptAnswers).values(s.given.map((a) => ({ attemptId: s.attemptId, ...a, savedAt: s.savedAt })));
  const g = gradeAnswers(s.questions, s.given);
  const [sub] = await db
    .insert(submissions)
    .values({
      attemptId: s.attemptId,
      quizId: s.quiz.id,
      userId: s.userId,
      score: g.score,
      correct: g.correct,
      total: g.total,
      graded: g.graded,
      ungradedAnswers: g.ungradedAnswers,
      itemMarks: itemMarksOf(g),
      createdAt: s.submittedAt,
    })
    .returning({ id: submissions.id });
  await db.insert(records).values({
    userId: s.userId,
    quizId: s.quiz.id,
    submissionId: sub.id,
    score: g.score,
    correct: g.correct,
    total: g.total,
    passed: passedFor(g, s.quiz.passingScore),
    isPersonalBest: s.isPersonalBest ?? g.score !== null,
    userAttempts: 1,
    createdAt: s.submittedAt,
  });
}
