import {
  presentStudentTypeFields,
  presentTypeFields,
  type BankQuestion,
  type BankSection,
  type PracticeResult,
  type PracticeSummary,
  type StudentBankQuestion,
} from "@adesua/domain";
import type { PracticeResultRow, QuestionRow } from "../../db/schema";

const placeOf = (q: QuestionRow) => ({
  id: q.id,
  position: q.position,
  text: q.text,
  options: q.options,
  year: q.year!,
  subject: q.subject!,
  section: q.section as BankSection,
  topic: q.topic,
  imageCount: q.imageFileIds.length,
});

/** A bank question for students: built field by field, so `answer`, keys and schemes cannot leak in. */
export function presentStudentBankQuestion(q: QuestionRow): StudentBankQuestion {
  return { ...placeOf(q), ...presentStudentTypeFields(q) };
}

/** A bank question for teachers and admins: with its key and its type's fields. */
export function presentBankQuestion(q: QuestionRow): BankQuestion {
  return { ...placeOf(q), answer: q.answer, ...presentTypeFields(q) };
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
    timeTakenSeconds: r.timeTakenSeconds,
    retryOf: r.retryOf,
    createdAt: r.createdAt.toISOString(),
  };
}

export function presentPracticeResult(r: PracticeResultRow): PracticeResult {
  return {
    ...presentPracticeSummary(r),
    results: r.answers.map((a) => ({ questionId: a.questionId, answer: a.answer, correctAnswer: a.correctAnswer, correct: a.correct })),
    wrongQuestionIds: r.answers.filter((a) => a.correctAnswer !== null && !a.correct).map((a) => a.questionId),
  };
}
