import { z } from "zod";
import { GRADING_MESSAGES as M, SUBMISSION_SORTS } from "../../constants/grading";
import { LATE_ANSWER_DECISIONS } from "../../constants/late-answers";
import { QuestionTypeSchema } from "../quizzes/question-types";

export { LATE_ANSWERS, LATE_ANSWER_DECISIONS, type LateAnswerDecision } from "../../constants/late-answers";
import {
  PageMetaSchema,
  PersonRefSchema,
  ScoreLineSchema,
  SortOrderSchema,
  TitledRefSchema,
  idParams,
  pageOf,
  pageQuery,
  positiveId,
  searchParam,
} from "../common";

export { GRADING_MESSAGES, GRADE_BAR_GREEN, GRADE_BAR_ORANGE, SUBMISSION_SORTS, type SubmissionSort } from "../../constants/grading";

/** A percentage from 0 to 100, kept to two decimals (the spec: "score parsed as a decimal number"). */
export const percentScore = (error: string) =>
  z
    .number({ error })
    .min(0, { error })
    .max(100, { error })
    .transform((n) => Math.round(n * 100) / 100);

/** The refusals of a teacher's marks (beside GRADING_MESSAGES). */
export const MARK_MESSAGES = {
  marks: "marks must be a number from 0 to the question's marks, in steps of 0.01",
  marksOrCorrect: "Give marks (or correct) for each question",
  /** The server adds the question's number and marks: "Question 3 is worth 5 marks: give 0 to 5". */
  aboveQuestion: (number: number, available: number) => `Question ${number} is worth ${available} marks: give 0 to ${available}`,
} as const;

/**
 * A teacher's mark for one answer to a question without a key: `marks` (0 to the question's marks, steps of 0.01), or
 * the older `correct` (right: full marks, wrong: 0). `marks` wins when both are sent. The server refuses marks above
 * the question's marks (`checkMarks` in the grading service).
 */
export const MarkSchema = z
  .object({
    questionId: positiveId("questionId"),
    /** Marks given, from 0 to the question's marks, in steps of 0.01. */
    marks: z
      .number({ error: MARK_MESSAGES.marks })
      .min(0, { error: MARK_MESSAGES.marks })
      .max(100, { error: MARK_MESSAGES.marks })
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: MARK_MESSAGES.marks })
      .optional(),
    /** Older form: right (full marks) or wrong (0). */
    correct: z.boolean({ error: "correct must be true or false" }).optional(),
  })
  .refine((m) => m.marks !== undefined || m.correct !== undefined, { error: MARK_MESSAGES.marksOrCorrect, path: ["marks"] });

/**
 * PUT /submissions/{submissionId}/grade: either `finalScore` (0–100) or `marks` for the answers to
 * questions without a key (the score is then computed). A second grade replaces the first.
 */
export const GradeSubmissionSchema = z
  .object({
    finalScore: percentScore(M.finalScore).optional(),
    marks: z.array(MarkSchema).min(1, { error: M.markMissing }).max(500).optional(),
  })
  .refine((b) => (b.finalScore === undefined) !== (b.marks === undefined), { error: M.finalScoreOrMarks, path: ["finalScore"] });
export type GradeSubmissionInput = z.input<typeof GradeSubmissionSchema>;

/** PUT /submissions/{id} (Grades Management's edit). */
export const EditSubmissionScoreSchema = z.object({ score: percentScore(M.score) });

export const SubmissionIdParamsSchema = idParams("submissionId");

/** A question as the grading screens show it, before what was answered to it. */
const gradedQuestion = {
  questionId: z.number().int(),
  /** 1-based place in the quiz. */
  number: z.number().int(),
  text: z.string(),
  options: z.array(z.string()),
};

/** A part of a written answer as the grading screen shows it (teachers only). */
export const GradingPartSchema = z.object({
  /** The part's label ("a", "b(i)"). */
  label: z.string(),
  /** What the part is worth. */
  marks: z.number(),
  /** What the student wrote for this part ("" when left). */
  answer: z.string(),
  /** What the marker looks for in this part ("" when none). */
  scheme: z.string(),
});
export type GradingPart = z.infer<typeof GradingPartSchema>;

/** One question of a submission as the grading screen shows it. */
export const GradingAnswerSchema = z.object({
  ...gradedQuestion,
  /** What the student answered, raw as stored (multiple: a JSON list; written in parts: a JSON list); null when they left it. */
  answer: z.string().nullable(),
  /** The correct option's text; null for a question without a key (the teacher grades it). */
  correctAnswer: z.string().nullable(),
  /** Right or wrong by the key; for a question without a key, the teacher's earlier mark (null: not marked). */
  correct: z.boolean().nullable(),
  /** True for a question without a key. */
  needsGrading: z.boolean(),
  /** The question's type. */
  type: QuestionTypeSchema,
  /** What the question is worth. */
  marks: z.number(),
  /** Marks earned: by the key, or the teacher's earlier marks; null while unmarked. */
  earned: z.number().nullable(),
  /** The answer as a person reads it (`describeAnswer`: choices joined with "; ", parts labelled); null when left. */
  answerText: z.string().nullable(),
  /** Written answers in parts: each part's label, marks, the student's answer and the part's scheme; [] otherwise. */
  parts: z.array(GradingPartSchema),
  /** The key as a person reads it (`describeKey`: "A; C", "Frog; Toad (50%)", "3 ± 0.5 cm"); null for written answers or an unknown key. Teachers only. */
  key: z.string().nullable(),
  /** Written answers: the marking scheme of the whole question; null otherwise or when none. Teachers only. */
  scheme: z.string().nullable(),
  /** Numerical: the unit the answer is in; null otherwise. */
  unit: z.string().nullable(),
  /** The question's equations (linear text and MathML) for MathText; [] when none. */
  equations: z.array(z.object({ linear: z.string(), mathml: z.string() })),
});
export type GradingAnswer = z.infer<typeof GradingAnswerSchema>;

/** An ungraded submission: the student, every answer per question, and the automatic part of the score. */
export const UngradedSubmissionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  quizId: z.number().int(),
  user: PersonRefSchema,
  /** The automatic part of the score. */
  ...ScoreLineSchema.shape,
  /** The answers to questions without a key (the spec's field). */
  ungradedAnswers: z.array(z.object({ questionId: z.number().int(), answer: z.string() })),
  answers: z.array(GradingAnswerSchema),
  /** Written on paper and recorded from a photo of its answer sheet (issue 29): the attempt has a sitting. */
  onPaper: z.boolean(),
  createdAt: z.string(),
});
export type UngradedSubmission = z.infer<typeof UngradedSubmissionSchema>;

export const UngradedListQuerySchema = pageQuery(20, 100);

/** GET /submissions/{quizId}/ungraded: oldest first. */
export const UngradedListResponseSchema = z.object({
  quiz: z.object({
    id: z.number().int(),
    title: z.string(),
    passingScore: z.number(),
    questionCount: z.number().int(),
    course: TitledRefSchema,
  }),
  data: z.array(UngradedSubmissionSchema),
  pagination: PageMetaSchema,
});
export type UngradedListResponse = z.infer<typeof UngradedListResponseSchema>;

/** A row of Grades Management (GET /submissions) and the answer of every grade change. */
export const SubmissionItemSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  quizId: z.number().int(),
  ...ScoreLineSchema.shape,
  /** False while answers to questions without a key wait for a teacher. */
  graded: z.boolean(),
  /** How many answers wait for a teacher's mark. */
  ungradedCount: z.number().int(),
  /** Passed by the quiz's passing score; null while ungraded. */
  passed: z.boolean().nullable(),
  isPersonalBest: z.boolean(),
  /** The record made from this submission (null for a staff preview or a record deleted earlier). */
  recordId: z.number().int().nullable(),
  /** How the score was set: automatically, by marks, or a teacher's final score. */
  gradedBy: z.enum(["auto", "marks", "final"]),
  /** Marks earned over the questions marked so far (issue 27); null for a submission from before marks were kept. */
  marksEarned: z.number().nullable(),
  /** Marks available over every question of the quiz; null for a submission from before marks were kept. */
  marksAvailable: z.number().nullable(),
  /** Written on paper and recorded from a photo of its answer sheet (issue 29): the attempt has a sitting. */
  onPaper: z.boolean(),
  createdAt: z.string(),
  user: PersonRefSchema,
  quiz: TitledRefSchema.extend({ passingScore: z.number() }),
  course: TitledRefSchema,
});
export type SubmissionItem = z.infer<typeof SubmissionItemSchema>;

/** GET /submissions: Grades Management's list, filtered, sorted and paged in SQL. */
export const SubmissionListQuerySchema = pageQuery(20, 100).extend({
  /** Part of the student's name (case-insensitive). */
  search: searchParam(),
  courseId: positiveId("courseId").optional(),
  quizId: positiveId("quizId").optional(),
  /** graded or ungraded only; both when absent. */
  status: z.enum(["graded", "ungraded"], { error: "status must be graded or ungraded" }).optional(),
  sortBy: z.enum(SUBMISSION_SORTS, { error: "sortBy must be student, course, quiz, score or date" }).default("date"),
  sortOrder: SortOrderSchema.optional(),
});
export type SubmissionListQuery = z.input<typeof SubmissionListQuerySchema>;

export const SubmissionListResponseSchema = pageOf(SubmissionItemSchema);
export type SubmissionListResponse = z.infer<typeof SubmissionListResponseSchema>;

/**
 * One answer that reached the server after the attempt's time was up (decision 044), as the grading screen shows it:
 * kept beside the submission, not counted until the teacher accepts it.
 */
export const LateAnswerSchema = z.object({
  ...gradedQuestion,
  /** The late answer. */
  answer: z.string(),
  /** What counts for this question now (saved in time, or accepted); null when nothing does. */
  countedAnswer: z.string().nullable(),
  /** The correct option's text (other types: the key described); null for a question without a key. */
  correctAnswer: z.string().nullable(),
  /** Whether the late answer is right (full marks) by the key; null without a key. */
  correct: z.boolean().nullable(),
  /** The question's type. */
  type: QuestionTypeSchema,
  /** What the question is worth. */
  marks: z.number(),
  /** Marks the late answer would earn by the key; null without a key (written answers: the teacher marks them). */
  earned: z.number().nullable(),
  /** The late answer as a person reads it (`describeAnswer`). */
  answerText: z.string(),
  /** When the phone says it was given (its clock, corrected by the server time it learnt); null when it did not say. */
  givenAt: z.string().nullable(),
  /** When it reached the server. */
  receivedAt: z.string(),
  /** Whether the phone's time is before the deadline (plus the grace); null when the phone did not say or there is no deadline. */
  givenInTime: z.boolean().nullable(),
  decision: z.enum(LATE_ANSWER_DECISIONS),
  decidedBy: PersonRefSchema.nullable(),
  decidedAt: z.string().nullable(),
});
export type LateAnswer = z.infer<typeof LateAnswerSchema>;

/** A submission's late answers: GET /submissions/{submissionId}/late-answers and each item of a quiz's list. */
export const SubmissionLateAnswersSchema = z.object({
  submissionId: z.number().int(),
  attemptId: z.number().int(),
  quizId: z.number().int(),
  user: PersonRefSchema,
  /** The attempt's deadline; null without one. */
  deadline: z.string().nullable(),
  submittedAt: z.string(),
  ...ScoreLineSchema.shape,
  /** Late answers waiting for a decision. */
  pending: z.number().int(),
  answers: z.array(LateAnswerSchema),
});
export type SubmissionLateAnswers = z.infer<typeof SubmissionLateAnswersSchema>;

/** GET /quizzes/{id}/late-answers: the quiz's submissions with late answers, those waiting for a decision first. */
export const QuizLateAnswersResponseSchema = z.object({
  quiz: TitledRefSchema,
  /** Late answers waiting for a decision, over all submissions. */
  pending: z.number().int(),
  data: z.array(SubmissionLateAnswersSchema),
});
export type QuizLateAnswersResponse = z.infer<typeof QuizLateAnswersResponseSchema>;

/** POST /submissions/{submissionId}/late-answers/accept and …/leave: some of the waiting late answers, or all of them. */
export const DecideLateAnswersSchema = z
  .object({
    questionIds: z
      .array(positiveId("questionIds"), { error: "questionIds must be a list" })
      .min(1, { error: "questionIds: give at least one question" })
      .max(500, { error: "questionIds: at most 500" })
      .refine((a) => new Set(a).size === a.length, { error: "questionIds: each question at most once" })
      .optional(),
  })
  .nullish()
  .transform((b) => ({ questionIds: b?.questionIds ?? null }));
export type DecideLateAnswersInput = z.input<typeof DecideLateAnswersSchema>;

const gradeNumbers = ScoreLineSchema.extend({ graded: z.boolean() });

/** The answer of an accept or a leave: how many were decided, the grade before and after, and the submission's late answers now. */
export const DecideLateAnswersResponseSchema = z.object({
  decided: z.number().int(),
  before: gradeNumbers,
  after: gradeNumbers,
  submission: SubmissionLateAnswersSchema,
});
export type DecideLateAnswersResponse = z.infer<typeof DecideLateAnswersResponseSchema>;
