import { asc, eq, sql } from "drizzle-orm";
import {
  correctAnswerText,
  describeKey,
  gradeAnswers,
  presentStudentTypeFields,
  type Equation,
  type GradeOutcome,
  type QuestionDetails,
  type QuestionType,
  type ReviewItem,
  type TeacherGrade,
} from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { attemptAnswers, questions, type SubmissionRow } from "../../db/schema";

/** A question with its key: stays on the server except inside a review the student is allowed to see. */
export type KeyedQuestion = {
  id: number;
  text: string;
  options: string[];
  answer: string | null;
  type: QuestionType;
  marks: number;
  details: QuestionDetails;
  equations: Equation[];
  imageCount?: number;
};
export type StoredAnswer = { questionId: number; answer: string; savedAt: Date };

/** The quiz's questions in order, with their keys (for grading and review only). */
export async function loadKeyedQuestions(db: Queryable, quizId: number): Promise<KeyedQuestion[]> {
  return db
    .select({
      id: questions.id,
      text: questions.text,
      options: questions.options,
      answer: questions.answer,
      type: questions.type,
      marks: questions.marks,
      details: questions.details,
      equations: questions.equations,
      imageCount: sql<number>`jsonb_array_length(${questions.imageFileIds})`.mapWith(Number),
    })
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position), asc(questions.id));
}

export async function loadAttemptAnswers(db: Queryable, attemptId: number): Promise<StoredAnswer[]> {
  return db
    .select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.answer, savedAt: attemptAnswers.savedAt })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId))
    .orderBy(asc(attemptAnswers.questionId));
}

/** Grades stored answers: by text or letter, out of the questions that have a key. */
export function gradeStoredAnswers(qs: readonly KeyedQuestion[], answers: readonly StoredAnswer[]): GradeOutcome {
  return gradeAnswers(qs, answers);
}

/** Per-question review: the student's answer, right or wrong, and the correct option's text. */
export function buildReview(qs: readonly KeyedQuestion[], answers: readonly StoredAnswer[], outcome: GradeOutcome): ReviewItem[] {
  const given = new Map(answers.map((a) => [a.questionId, a.answer]));
  const verdict = new Map(outcome.perQuestion.map((p) => [p.questionId, p]));
  return qs.map((q, index) => ({
    questionId: q.id,
    index,
    text: q.text,
    options: q.options,
    ...presentStudentTypeFields(q),
    yourAnswer: given.get(q.id) ?? null,
    correct: verdict.get(q.id)?.correct ?? null,
    earned: verdict.get(q.id)?.earned ?? null,
    correctAnswer: q.type === "single" || !q.type ? correctAnswerText(q.answer, q.options) : describeKey(q),
    imageCount: q.imageCount ?? 0,
  }));
}

/** Marks per question as stored with a submission (`item_marks`): what item analysis reads for every type. */
export function itemMarksOf(outcome: GradeOutcome): { questionId: number; earned: number | null; available: number }[] {
  return outcome.perQuestion.map((p) => ({ questionId: p.questionId, earned: p.earned, available: p.available }));
}

/** A teacher's part of a submission's grade (decision 022); null when it was graded automatically only. */
export function teacherGradeOf(s: Pick<SubmissionRow, "manualScore" | "marks">): TeacherGrade | null {
  return s.manualScore === null && s.marks === null ? null : { finalScore: s.manualScore, marks: s.marks };
}
