import type { BankSection, PracticeResult, PracticeSummary } from "@adesua/domain";
import type { PracticeResultRow } from "../../db/schema";
import type { PracticeAnswerRow } from "../../db/schema-practice";

/** A stored answer's marks earned: as stored, or for older rows (single answers worth 1) by right or wrong; null when not marked. */
const earnedOf = (a: PracticeAnswerRow): number | null => (a.earned !== undefined ? a.earned : a.correctAnswer === null ? null : a.correct ? 1 : 0);

/** The marks of a stored practice, over the questions it marked. */
function practiceMarks(r: PracticeResultRow): { earned: number; available: number } {
  let earned = 0;
  let available = 0;
  for (const a of r.answers) {
    const e = earnedOf(a);
    if (e === null) continue;
    earned += e;
    available += a.available ?? 1;
  }
  return { earned: Math.round(earned * 100) / 100, available: Math.round(available * 100) / 100 };
}

export function presentPracticeSummary(r: PracticeResultRow): PracticeSummary {
  return {
    id: r.id,
    year: r.year,
    subject: r.subject,
    section: r.section as BankSection,
    score: r.score,
    total: r.total,
    percentage: r.percentage,
    ...practiceMarks(r),
    timeTakenSeconds: r.timeTakenSeconds,
    retryOf: r.retryOf,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A finished practice: only ever for its own student, after it was submitted, so keys and schemes are theirs to see. */
export function presentPracticeResult(r: PracticeResultRow): PracticeResult {
  return {
    ...presentPracticeSummary(r),
    results: r.answers.map((a) => {
      const earned = earnedOf(a);
      return {
        questionId: a.questionId,
        answer: a.answer,
        correctAnswer: a.correctAnswer,
        correct: a.correct,
        type: a.type ?? "single",
        available: a.available ?? 1,
        earned,
        marked: earned !== null,
        key: a.key !== undefined ? a.key : a.correctAnswer,
        answerText: a.answer === null ? null : (a.answerText ?? a.answer),
        scheme: a.scheme ?? null,
        parts: a.parts ?? [],
      };
    }),
    wrongQuestionIds: r.answers.filter((a) => a.correctAnswer !== null && !a.correct).map((a) => a.questionId),
  };
}
