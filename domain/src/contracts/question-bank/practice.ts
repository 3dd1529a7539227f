/**
 * Practice of past questions (issue 11; decision 019). Server-graded: the student's browser never holds
 * the keys while practising; the answers come back only for the questions just finished. Practice never
 * creates a quiz, an attempt or a submission. Every path is under /api; any signed-in user may practise,
 * results are per user.
 *
 *   POST /practice        PracticeInput `{ questionIds, answers: [{ questionId, answer }], timeTakenSeconds?, retryOf? }`
 *                         → PracticeResult (201): score, total, percentage (marks earned / available on the auto-marked
 *                         questions), earned, available, per question its type, marks, earned, the key described, and for
 *                         written answers (not marked in practice) the marking scheme to compare with; wrongQuestionIds
 *                         400 bad body / "Choose between 1 and 200 questions to practise"; 404 "Some of these questions are not in the question bank"
 *   GET  /practice        ?page=&limit=&subject= → PracticeHistory: the caller's results (newest first, paginated) and per-subject summary
 *   GET  /practice/{id}   → PracticeResult (the caller's own; 404 otherwise)
 *
 * "Retry the ones I got wrong": GET /questions?... is not needed — the screen takes `wrongQuestionIds`, shows
 * those questions (it already has their texts) and POSTs a new practice with `retryOf` = the result's id.
 */
import { z } from "zod";
import { BANK_LIMITS, BANK_MESSAGES } from "../../constants";
import { ANSWER_MAX_LENGTH } from "../attempts";
import { PageMetaSchema, pageQuery } from "../common";
import { BankPlaceSchema } from "./question";
import { QuestionTypeSchema } from "../quizzes/question-types";

const M = BANK_MESSAGES;

export const PracticeInputSchema = z.object({
  questionIds: z
    .array(z.number().int().positive().max(2147483647), { error: M.practiceQuestions })
    .min(1, { error: M.practiceQuestions })
    .max(BANK_LIMITS.practiceMax, { error: M.practiceQuestions }),
  /**
   * The chosen option's text (or null / missing for unanswered); multiple answers a JSON list of option texts; written
   * answers in parts a JSON list of texts. Answers to questions not in `questionIds` are ignored.
   */
  answers: z
    .array(z.object({ questionId: z.number().int().positive().max(2147483647), answer: z.string().max(ANSWER_MAX_LENGTH).nullable() }))
    .max(BANK_LIMITS.practiceMax),
  timeTakenSeconds: z.number().int().min(0).max(86400).optional(),
  /** The result this practice retries (its wrong questions). */
  retryOf: z.number().int().positive().max(2147483647).optional(),
});
export type PracticeInput = z.input<typeof PracticeInputSchema>;

export const PracticeQuestionResultSchema = z.object({
  questionId: z.number().int(),
  /** What the student chose; null if unanswered. */
  answer: z.string().nullable(),
  /** The key; null when the bank has none for this question (it then counts neither right nor wrong). */
  correctAnswer: z.string().nullable(),
  correct: z.boolean(),
  /** The question's type (older results: single). */
  type: QuestionTypeSchema,
  /** What the question is worth. */
  available: z.number(),
  /** Marks earned by the key; null when the question is not marked in practice (written answers, or no key). */
  earned: z.number().nullable(),
  /** False for a question practice does not mark (written answers: "compare with the marking scheme"; or no key). */
  marked: z.boolean(),
  /** The key as a person reads it (`describeKey`: "3; 6", "octagon; an octagon", "27 m²"); null for written answers or no key. */
  key: z.string().nullable(),
  /** The student's answer as a person reads it (`describeAnswer`); null if unanswered. */
  answerText: z.string().nullable(),
  /** Written answers: the marking scheme to compare with; null otherwise or when none. */
  scheme: z.string().nullable(),
  /** Written answers in parts: each part's label, marks and scheme; [] otherwise. */
  parts: z.array(z.object({ label: z.string(), marks: z.number(), scheme: z.string() })),
});
export type PracticeQuestionResult = z.infer<typeof PracticeQuestionResultSchema>;

export const PracticeResultSchema = z.object({
  id: z.number().int(),
  ...BankPlaceSchema.shape,
  /** Questions answered correctly. */
  score: z.number().int(),
  /** Questions practised. */
  total: z.number().int(),
  /** Marks earned over `available` × 100 (the auto-marked questions only), 0–100, rounded to 2 places. */
  percentage: z.number(),
  /** Marks earned on the questions practice marks (written answers are not marked). */
  earned: z.number(),
  /** Marks available on the questions practice marks. */
  available: z.number(),
  timeTakenSeconds: z.number().int().nullable(),
  retryOf: z.number().int().nullable(),
  createdAt: z.string(),
  /** In the order of `questionIds`. */
  results: z.array(PracticeQuestionResultSchema),
  /** Questions answered wrong or left blank (with a key): the "Retry the ones I got wrong" set. */
  wrongQuestionIds: z.array(z.number().int()),
});
export type PracticeResult = z.infer<typeof PracticeResultSchema>;

export const PracticeSummarySchema = PracticeResultSchema.omit({ results: true, wrongQuestionIds: true });
export type PracticeSummary = z.infer<typeof PracticeSummarySchema>;

export const PracticeSubjectSchema = z.object({
  subject: z.string(),
  practices: z.number().int(),
  averagePercentage: z.number(),
  bestPercentage: z.number(),
  lastPercentage: z.number(),
  lastAt: z.string(),
});
export type PracticeSubject = z.infer<typeof PracticeSubjectSchema>;

export const PracticeHistoryQuerySchema = pageQuery(20, 100).extend({
  subject: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(100).optional()),
});
export type PracticeHistoryQuery = z.input<typeof PracticeHistoryQuerySchema>;

export const PracticeHistorySchema = z.object({
  results: z.array(PracticeSummarySchema),
  pagination: PageMetaSchema,
  /** Per subject over all the caller's practices (not only this page), sorted by subject. */
  subjects: z.array(PracticeSubjectSchema),
});
export type PracticeHistory = z.infer<typeof PracticeHistorySchema>;
