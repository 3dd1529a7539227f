import { z } from "zod";
export { ATTEMPT_ERROR_CODES, ATTEMPT_MESSAGES, type AttemptErrorCode, type AttemptRefusal } from "../constants";
import { HideableScoreLineSchema, idParams, positiveId } from "./common";
import { StudentQuestionTypeFieldsSchema } from "./quizzes/question-types";

/**
 * The quiz-taking engine's API. The server owns the clock: every deadline here is the server's,
 * and `serverNow` lets the browser correct its own clock before showing a countdown.
 */

/** Path parameter of /attempts/{attemptId}/... */
export const AttemptParamsSchema = idParams("attemptId");
/** Path parameters of GET /quizzes/{id}/attempts/{number}: the student's own attempt by the number people read (1, 2, …). */
export const AttemptNumberParamsSchema = idParams("id", "number");
/** Path parameter of /submissions/{quizId}/submit. */
export const QuizIdParamsSchema = idParams("quizId");

/** Long enough for a written answer (an essay or a structured answer in parts). */
export const ANSWER_MAX_LENGTH = 20_000;
/** Most answers one request may carry (a whole quiz at once is allowed). */
export const ANSWERS_PER_REQUEST_MAX = 500;

/** One answer as the student gives it. */
export const AnswerInputSchema = z.object({
  questionId: positiveId("questionId"),
  /**
   * Single, true/false: the chosen option's text, or its letter A–E. Multiple: a JSON list of the chosen options' texts
   * (`encodeChoices`). Short, numerical: the text typed. Written: the text, or with parts a JSON list of texts (`encodeParts`).
   */
  answer: z
    .string({ error: "answer must be text" })
    .max(ANSWER_MAX_LENGTH, { error: `answer must be at most ${ANSWER_MAX_LENGTH} characters` })
    .refine((s) => s.trim().length > 0, { error: "answer must not be empty" })
    .refine((s) => !s.includes("\u0000"), { error: "answer contains an invalid character" }),
  /**
   * When the student gave this answer, by the phone's clock corrected with the server time it last learnt (ISO 8601).
   * Only read when the answer arrives after the attempt's time was up: it is then kept for the teacher with this time
   * beside it (decision 044). Optional: older clients do not send it.
   */
  givenAt: z.iso.datetime({ offset: true, error: "givenAt must be a date and time (ISO 8601)" }).optional(),
});
export type AnswerInput = z.infer<typeof AnswerInputSchema>;

const answerList = z
  .array(AnswerInputSchema, { error: "answers must be a list" })
  .max(ANSWERS_PER_REQUEST_MAX, { error: `answers: at most ${ANSWERS_PER_REQUEST_MAX} per request` })
  .refine((a) => new Set(a.map((x) => x.questionId)).size === a.length, { error: "answers: each question at most once" });

/** PUT /attempts/{attemptId}/answers. Saving the same answers again changes nothing. */
export const SaveAnswersSchema = z.object({
  answers: answerList.refine((a) => a.length > 0, { error: "answers: give at least one answer" }),
});
export type SaveAnswersInput = z.infer<typeof SaveAnswersSchema>;

export const SaveAnswersResponseSchema = z.object({
  /** How many answers this request carried (all of them are now stored). */
  saved: z.number().int(),
  /** The server's time of the save. */
  savedAt: z.string(),
});
export type SaveAnswersResponse = z.infer<typeof SaveAnswersResponseSchema>;

/**
 * PUT /attempts/{attemptId}/answers answered 202: the attempt's time was up when these answers arrived, so they were
 * kept beside the submission for the teacher to accept or leave, and do not count until then (decision 044).
 */
export const LateAnswersKeptSchema = z.object({
  /** Always 0: nothing was saved into the attempt (a client reading only `saved` sees that). */
  saved: z.literal(0),
  kept: z.literal("late"),
  /** How many of this request's answers are kept as late answers. */
  keptCount: z.number().int(),
  code: z.literal("late_answers_kept"),
  /** What to tell the student. */
  message: z.string(),
  /** The server's time of the save. */
  savedAt: z.string(),
});
export type LateAnswersKept = z.infer<typeof LateAnswersKeptSchema>;

/** A submitted attempt's answers that arrived after its time was up, by the teacher's decision so far. */
export const LateAnswersSummarySchema = z.object({
  pending: z.number().int(),
  accepted: z.number().int(),
  left: z.number().int(),
});
export type LateAnswersSummary = z.infer<typeof LateAnswersSummarySchema>;

/**
 * POST /attempts/{attemptId}/submit and POST /submissions/{quizId}/submit. `answers` are saved first
 * (where they are still accepted); the body may be empty.
 */
export const SubmitAttemptSchema = z
  .object({ answers: answerList.optional() })
  .nullish()
  .transform((b) => ({ answers: b?.answers ?? [] }));
export type SubmitAttemptInput = z.input<typeof SubmitAttemptSchema>;

/** POST /attempts/{attemptId}/sections/next: the section the student is leaving (repeating the request is harmless). */
export const AdvanceSectionSchema = z.object({
  fromSection: z
    .number({ error: "fromSection must be a section number" })
    .int({ error: "fromSection must be a section number" })
    .min(0, { error: "fromSection must be a section number" }),
});
export type AdvanceSectionInput = z.infer<typeof AdvanceSectionSchema>;

/** What a student is shown of a question, during the attempt and in its review: never its answer. */
const shownQuestion = {
  /** 0-based place in the quiz (timed sections and pages count by it). */
  index: z.number().int(),
  text: z.string(),
  options: z.array(z.string()),
  /** Its type and marks, a written answer's parts (labels and marks), a numerical answer's unit, its equations (issue 27). */
  ...StudentQuestionTypeFieldsSchema.shape,
};

/** A question as a student receives it: never its answer. */
export const AttemptQuestionSchema = z.object({
  id: z.number().int(),
  ...shownQuestion,
  /** How many pictures the question has: GET /questions/{id}/images/{n}, n from 1 (only during the attempt, or in a released review). */
  imageCount: z.number().int(),
});
export type AttemptQuestion = z.infer<typeof AttemptQuestionSchema>;

/** An answer the server has stored. */
export const SavedAnswerSchema = z.object({ questionId: z.number().int(), answer: z.string(), savedAt: z.string() });
export type SavedAnswer = z.infer<typeof SavedAnswerSchema>;

export const SECTION_STATUSES = ["ended", "current", "upcoming"] as const;

export const AttemptSectionSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  /** First and last question index of the section (0-based, inclusive). */
  startIndex: z.number().int(),
  endIndex: z.number().int(),
  /** Minutes; null when the section ends only when the student moves on. */
  timeLimit: z.number().nullable(),
  status: z.enum(SECTION_STATUSES),
  /** For the current section: when its time runs out (never after the attempt's deadline). Null otherwise. */
  deadline: z.string().nullable(),
});
export type AttemptSection = z.infer<typeof AttemptSectionSchema>;

/** Per-question review: only sent once the student can no longer attempt the quiz. */
export const ReviewItemSchema = z.object({
  questionId: z.number().int(),
  ...shownQuestion,
  /** What the student answered; null when unanswered. */
  yourAnswer: z.string().nullable(),
  /** Right or wrong; null when the question has no key (a teacher grades it). */
  correct: z.boolean().nullable(),
  /** The key as a person reads it (`describeKey`): the correct option's text, the right options, accepted answers, the value, or a written answer's marking scheme; null when there is none. */
  correctAnswer: z.string().nullable(),
  /** Marks earned (null while a teacher has to mark it) out of the question's marks (issue 27). */
  earned: z.number().nullable().optional(),
  /** How many pictures the question has (GET /questions/{questionId}/images/{n}); absent in bank practice, whose pictures come with the questions. */
  imageCount: z.number().int().optional(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const SubmissionSchema = z.object({
  id: z.number().int(),
  attemptId: z.number().int().nullable(),
  quizId: z.number().int(),
  userId: z.number().int(),
  /** Score and correct are null while hidden (AttemptResult.scoreHidden). */
  ...HideableScoreLineSchema.shape,
  /** False while some answers wait for a teacher's grade. */
  graded: z.boolean(),
  /** When the attempt ended (its deadline when the server closed it). */
  createdAt: z.string(),
});
export type Submission = z.infer<typeof SubmissionSchema>;

/** The outcome of a submitted attempt; the spec's "submission result" (score, correct, total, submission). */
export const AttemptResultSchema = z.object({
  attemptId: z.number().int(),
  attemptNumber: z.number().int(),
  /** Score and correct are null while `scoreHidden`. */
  ...HideableScoreLineSchema.shape,
  /** score ≥ passingScore; null while not fully graded, or while `scoreHidden`. */
  passed: z.boolean().nullable(),
  /**
   * True when the quiz shows scores only after it closes (showScore "after_close", decision 041) and it has not
   * closed yet: score, correct and passed are null (the submission's too), and the screen says only "Submitted".
   * `scoreShownFrom` tells when the score will appear. Staff previews never hide.
   */
  scoreHidden: z.boolean(),
  /** While `scoreHidden`: the quiz's close time (ISO), when the score appears; null if it never closes (then when the teacher releases the answers). Null otherwise. */
  scoreShownFrom: z.string().nullable(),
  passingScore: z.number(),
  graded: z.boolean(),
  submittedAt: z.string(),
  /** The stored submission; null for staff previews, which store none. */
  submission: SubmissionSchema.nullable(),
  /** Whether another attempt may be started now. */
  canAttemptAgain: z.boolean(),
  /**
   * Per-question review with the correct answers; null until the quiz's answers are released to students
   * (closed for everyone, released by the teacher, or a practice quiz's last attempt: decision 016).
   */
  review: z.array(ReviewItemSchema).nullable(),
  /** Answers that arrived after the time was up (decision 044); absent when there are none. */
  lateAnswers: LateAnswersSummarySchema.optional(),
  /**
   * While `review` is null, when the correct answers will appear (decision 016's rule, said for people): "close" at
   * `at` (the quiz's close time), "teacher" when its teacher releases them (no close time, or never shown), "last_attempt"
   * once no attempt is left (a practice quiz; or at `at`, its close time). Absent once the review is there.
   */
  answersWhen: z.object({ when: z.enum(["close", "teacher", "last_attempt"]), at: z.string().nullable() }).optional(),
});
export type AttemptResult = z.infer<typeof AttemptResultSchema>;

export const ATTEMPT_STATUSES = ["in_progress", "submitted"] as const;

/**
 * An attempt as the quiz-taking screen needs it, from POST /quizzes/{id}/attempts and GET
 * /attempts/{attemptId}: enough to resume after a reload or on another device.
 */
export const AttemptSessionSchema = z.object({
  attemptId: z.number().int(),
  quizId: z.number().int(),
  quizTitle: z.string(),
  courseTitle: z.string(),
  attemptNumber: z.number().int(),
  /** Null means unlimited. */
  maxAttempts: z.number().int().nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  /** A teacher's or admin's try-out: outside the window and the attempt limit, leaves no submission or record. */
  preview: z.boolean(),
  startedAt: z.string(),
  /** When the whole attempt ends; null without any limit. Answers arriving up to graceMs later still count. */
  deadline: z.string().nullable(),
  /** The server's clock when this answer was made. */
  serverNow: z.string(),
  graceMs: z.number().int(),
  questionsPerPage: z.number().int(),
  /** Index of the current timed section; null when the quiz has none. */
  currentSection: z.number().int().nullable(),
  sections: z.array(AttemptSectionSchema),
  questions: z.array(AttemptQuestionSchema),
  /** Answers stored so far. */
  answers: z.array(SavedAnswerSchema),
  /** Set once submitted. */
  result: AttemptResultSchema.nullable(),
});
export type AttemptSession = z.infer<typeof AttemptSessionSchema>;
