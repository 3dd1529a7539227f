import { z } from "zod";
import { QUIZ_LIMITS, QUIZ_MESSAGES, SHOW_ANSWERS } from "../../constants";

export { QUIZ_LIMITS, QUIZ_MESSAGES, SHOW_ANSWERS };
export type { ShowAnswers } from "../../constants";
import { MAX_ID, PageMetaSchema, pageQuery, positiveId, STUDENT_TYPES, StudentTypeSchema, TitledRefSchema, wholeNumber } from "../common";
import { FileInfoSchema } from "../files";
import { checkQuestionType, questionTypeInputShape, QuestionTypeFieldsSchema, StudentQuestionTypeFieldsSchema } from "./question-types";

const M = QUIZ_MESSAGES;
const L = QUIZ_LIMITS;

// Form fields arrive as text from multipart forms and as numbers/booleans from JSON: accept both.
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const toNumber = (v: unknown) => (typeof v === "string" ? Number(v.trim()) : v);
const toDate = (v: unknown) => (isBlank(v) ? null : typeof v === "string" || typeof v === "number" ? new Date(v) : v);
const toJson = (v: unknown) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v; // the schema then reports it as not a list
  }
};
const toBool = (v: unknown) => {
  if (typeof v !== "string") return v;
  const s = v.trim().toLowerCase();
  if (["true", "on", "1", "yes"].includes(s)) return true;
  if (["false", "off", "0", "no"].includes(s)) return false;
  return v;
};

/** Whether students can see a quiz: a draft is its staff's alone until published (issue 24, decision 040). */
export const QUIZ_PUBLICATION = ["draft", "published"] as const;
export type QuizPublication = (typeof QUIZ_PUBLICATION)[number];
export const QuizPublicationSchema = z.enum(QUIZ_PUBLICATION);

/** When a student sees their score and how many they got right (issue 25, decision 041). */
export const SHOW_SCORE = ["after_attempt", "after_close"] as const;
export type ShowScore = (typeof SHOW_SCORE)[number];

// The rule itself lives with the pure rules (no zod), so the student pages can use it: rules/score-visibility.ts.
export { scoreHiddenFor } from "../../rules/score-visibility";

/** Optional publication field of the create forms; omitted: published (the spec's API), or unchanged on PUT. */
const publicationInput = z
  .preprocess((v) => (isBlank(v) ? undefined : v), z.enum(QUIZ_PUBLICATION, { error: "status must be draft or published" }).optional())
  .optional();
/** Optional showScore of the forms; omitted: after_attempt on create, unchanged on PUT. */
const showScoreInput = z
  .preprocess((v) => (isBlank(v) ? undefined : v), z.enum(SHOW_SCORE, { error: "showScore must be after_attempt or after_close" }).optional())
  .optional();

const int = (min: number, max: number, msg: string) => z.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg });
/** Empty means null (no limit). */
const optionalInt = (min: number, max: number, msg: string) => z.preprocess((v) => (isBlank(v) ? null : toNumber(v)), int(min, max, msg).nullable());
const intWithDefault = (def: number, min: number, max: number, msg: string) => z.preprocess((v) => (isBlank(v) ? def : toNumber(v)), int(min, max, msg));

const title = (msg: string) => z.string({ error: msg }).trim().min(1, { error: msg }).max(200, { error: M.titleTooLong });
const courseId = z.preprocess((v) => (isBlank(v) ? undefined : v), wholeNumber(M.course, 1, MAX_ID));
const studentType = z.enum(STUDENT_TYPES, { error: (iss) => (isBlank(iss.input) ? M.studentType : M.studentTypeInvalid) });

/** A timed section: questions startIndex..endIndex (0-based, inclusive) with their own limit in minutes. */
export const TimedSectionSchema = z
  .object({
    /** Shown to the student, e.g. "Section A". */
    name: z.string({ error: M.sectionName }).trim().min(1, { error: M.sectionName }).max(100, { error: "Section name must be at most 100 characters" }),
    /** Position of the first question (0-based). */
    startIndex: z.number({ error: M.sectionIndex }).int({ error: M.sectionIndex }).min(0, { error: M.sectionIndex }),
    /** Position of the last question (0-based, inclusive). */
    endIndex: z.number({ error: M.sectionIndex }).int({ error: M.sectionIndex }).min(0, { error: M.sectionIndex }),
    /** Minutes, 1 to 600. */
    timeLimit: int(L.timeLimit.min, L.timeLimit.max, M.sectionTimeLimit),
  })
  .refine((s) => s.endIndex >= s.startIndex, { error: M.sectionEndBeforeStart, path: ["endIndex"] });
export type TimedSection = z.infer<typeof TimedSectionSchema>;

/** Sections in order and not overlapping; a form field may send them as a JSON string. */
export const TimedSectionListSchema = z.preprocess(
  (v) => (isBlank(v) ? [] : toJson(v)),
  z.array(TimedSectionSchema, { error: M.timedSections }).superRefine((list, ctx) => {
    for (let i = 1; i < list.length; i++) {
      if (list[i].startIndex <= list[i - 1].endIndex) {
        ctx.addIssue({ code: "custom", message: M.sectionsOrder, path: [i, "startIndex"] });
        return;
      }
    }
  }),
);

/** Checks sections against the quiz's questions (only once it has some); null when fine. */
export function timedSectionsProblem(sections: readonly TimedSection[], questionCount: number): string | null {
  if (questionCount === 0) return null;
  const outside = sections.find((s) => s.endIndex >= questionCount);
  if (outside) return `Section "${outside.name}" goes past the last question (the quiz has ${questionCount} questions)`;
  return null;
}

/** One question as a teacher writes it; `answer` is the text of the correct option (null: graded by hand). */
export const QuestionInputSchema = z
  .object({
    /** Set to keep an existing question (and the students' saved answers to it); omit for a new one. */
    id: positiveId("Question id").optional(),
    text: z.string({ error: M.questionText }).trim().min(1, { error: M.questionText }).max(5000, { error: "Question text must be at most 5000 characters" }),
    /** 2 to 5 options, e.g. the texts of A–D (single and multiple); none for short, numerical and written; true/false: omit. */
    options: z
      .array(z.string({ error: M.optionEmpty }).trim().min(1, { error: M.optionEmpty }).max(1000, { error: "An option must be at most 1000 characters" }), {
        error: M.options,
      })
      .max(10, { error: M.options })
      .optional(),
    /** The text of the correct option; null or empty when unknown. */
    answer: z
      .preprocess(
        (v) => (isBlank(v) ? null : v),
        z.string({ error: M.answerNotAnOption }).trim().max(1000, { error: "An answer must be at most 1000 characters" }).nullable(),
      )
      .optional(),
    /**
     * The question's pictures (diagrams), in order: the `imageIds` POST /questions/parse answered, or the ids
     * GET /quizzes/{id} gives a question already saved. Only images the caller uploaded, or that are already on
     * a question of a quiz they manage, are accepted (400 otherwise). Omitted or empty: no pictures.
     */
    imageIds: z
      .array(z.number({ error: M.imageIds }).int({ error: M.imageIds }).min(1, { error: M.imageIds }).max(MAX_ID, { error: M.imageIds }), {
        error: M.imageIds,
      })
      .max(L.imagesPerQuestion, { error: M.tooManyImages })
      .refine((ids) => new Set(ids).size === ids.length, { error: M.imageTwice })
      .optional(),
    /** Optional heading the question belongs to, e.g. "Section A". */
    section: z
      .preprocess((v) => (isBlank(v) ? null : v), z.string().trim().max(100, { error: "Section must be at most 100 characters" }).nullable())
      .optional(),
  })
  .extend(questionTypeInputShape)
  .superRefine((q, ctx) => checkQuestionType(q, ctx));
export type QuestionInput = z.input<typeof QuestionInputSchema>;

const questionList = (min: number) =>
  z.preprocess(
    toJson,
    z.array(QuestionInputSchema, { error: M.questions }).min(min, { error: M.questionsRequired }).max(500, { error: "A quiz can have at most 500 questions" }),
  );

/**
 * The fields of POST /quizzes and PUT /quizzes/{id}: multipart/form-data with the PDF in the file
 * field `pdf` (replaces on update). A new quiz needs the PDF or at least one question (decision 018). PUT also accepts JSON when no file changes.
 * Multipart values are text: numbers and booleans are read from it, "" means empty, and
 * `timedSections` / `questions` are JSON strings.
 */
export const QuizFormSchema = z
  .object({
    title: title(M.title),
    courseId,
    studentType,
    /** ISO date-time; empty means open from the start. */
    openTime: z.preprocess(toDate, z.date({ error: M.openTime }).nullable()),
    /** ISO date-time; empty means never closes. */
    closeTime: z.preprocess(toDate, z.date({ error: M.closeTime }).nullable()),
    /** Minutes, 1–600; empty means no time limit. */
    timeLimit: optionalInt(L.timeLimit.min, L.timeLimit.max, M.timeLimit),
    /** 1–10; empty means unlimited. */
    maxAttempts: optionalInt(L.maxAttempts.min, L.maxAttempts.max, M.maxAttempts),
    /** 1–50, default 10. */
    questionsPerPage: intWithDefault(L.questionsPerPage.default, L.questionsPerPage.min, L.questionsPerPage.max, M.questionsPerPage),
    /** Whether each new attempt gets the full time again; default true. */
    resetTimerOnAttempt: z.preprocess((v) => (isBlank(v) ? true : toBool(v)), z.boolean({ error: M.resetTimer })),
    /** Percentage needed to pass, 0–100, default 50. */
    passingScore: z.preprocess(
      (v) => (isBlank(v) ? L.passingScore.default : toNumber(v)),
      z.number({ error: M.passingScore }).min(L.passingScore.min, { error: M.passingScore }).max(L.passingScore.max, { error: M.passingScore }),
    ),
    timedSections: TimedSectionListSchema,
    /**
     * When students see the correct answers (decision 016): after_close (default), never, or
     * after_last_attempt, which only a practice quiz may use (it lets students share keys).
     */
    showAnswers: z.preprocess((v) => (isBlank(v) ? "after_close" : v), z.enum(SHOW_ANSWERS, { error: M.showAnswers })),
    /** A practice quiz (default false): may show answers after a student's last attempt. */
    practice: z.preprocess((v) => (isBlank(v) ? false : toBool(v)), z.boolean({ error: "practice must be true or false" })),
    /**
     * "draft": students cannot see the quiz until POST /quizzes/{id}/publish; "published": they can (within its
     * window). Omitted on POST: published (the spec's API, so scripts keep working); omitted on PUT: unchanged.
     * The app's screens send "draft" (issue 24, decision 040).
     */
    status: publicationInput,
    /**
     * When a student sees their score (decision 041): "after_attempt" at once (the spec), or "after_close": only
     * "Submitted" until the quiz closes (or its answers are released). Omitted on POST: after_attempt; on PUT: unchanged.
     */
    showScore: showScoreInput,
    /** Optional: replaces the questions in the same request (same shape as PUT /quizzes/{id}/questions). */
    questions: questionList(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.openTime && v.closeTime && v.closeTime.getTime() <= v.openTime.getTime()) {
      ctx.addIssue({ code: "custom", message: M.closeAfterOpen, path: ["closeTime"] });
    }
    if (v.showAnswers === "after_last_attempt" && !v.practice) {
      ctx.addIssue({ code: "custom", message: M.showAnswersPractice, path: ["showAnswers"] });
    }
  });
export type QuizFormInput = z.input<typeof QuizFormSchema>;
export type QuizFormValues = z.output<typeof QuizFormSchema>;

/** PUT /quizzes/{id}/questions: the full list, in order. Questions with an `id` are kept and updated. */
export const UpdateQuestionsSchema = z.object({
  questions: questionList(1),
  /** Optionally replaces the timed sections at the same time (they must fit the new questions). */
  timedSections: TimedSectionListSchema.optional(),
});
export type UpdateQuestionsInput = z.input<typeof UpdateQuestionsSchema>;

/** POST /quizzes/from-questions (upload-quiz screen): creates an always-open quiz without a PDF. */
export const CreateQuizFromQuestionsSchema = z.object({
  title: title(M.provideTitle),
  courseId,
  studentType,
  questions: questionList(1),
  /** "draft" (what the app sends) or "published"; omitted: published (decision 040). */
  status: publicationInput,
  /** Omitted: after_attempt (decision 041). */
  showScore: showScoreInput,
});
export type CreateQuizFromQuestionsInput = z.input<typeof CreateQuizFromQuestionsSchema>;

/** The answer of POST /quizzes/{id}/release-answers. */
export const AnswersReleasedSchema = z.object({ answersReleasedAt: z.string() });
export type AnswersReleased = z.infer<typeof AnswersReleasedSchema>;

export const CreatedIdSchema = z.object({ id: z.number().int() });

/** A question as teachers and admins see it, with its answer key. */
export const QuestionSchema = z
  .object({
    id: z.number().int(),
    /** 0-based order in the quiz. */
    position: z.number().int(),
    text: z.string(),
    options: z.array(z.string()),
    /** The correct option's text; null when unknown. Never sent to students. */
    answer: z.string().nullable(),
    section: z.string().nullable(),
    /** The question's pictures as stored files, in order: send them back in `imageIds` to keep them when saving. */
    imageIds: z.array(z.number().int()),
    /** How many pictures: GET /questions/{id}/images/{n}, n from 1 to imageCount. */
    imageCount: z.number().int(),
  })
  .extend(QuestionTypeFieldsSchema.shape);
export type Question = z.infer<typeof QuestionSchema>;

/** A question as a student sees it: no answer field, no key or marking scheme of any type and no file ids at all. */
export const StudentQuestionSchema = QuestionSchema.pick({ id: true, position: true, text: true, options: true, section: true, imageCount: true }).extend(
  StudentQuestionTypeFieldsSchema.shape,
);
export type StudentQuestion = z.infer<typeof StudentQuestionSchema>;

/** The student's attempt that is running now: its number (shown to people) and the server's deadline. */
export const InProgressAttemptSchema = z.object({
  attemptNumber: z.number().int(),
  /** ISO date-time when the whole attempt ends (server's clock); null without a time limit. */
  deadline: z.string().nullable(),
});
export type InProgressAttempt = z.infer<typeof InProgressAttemptSchema>;

/** The calling student's attempts at a quiz; maxAttempts null means unlimited. */
export const AttemptInfoSchema = z.object({
  canAttempt: z.boolean(),
  /** Every attempt started, the one in progress included. */
  currentAttempts: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  /** The attempt running now (resume it rather than start another); null when none. */
  inProgress: InProgressAttemptSchema.nullable(),
  /**
   * The best score of the student's submissions (percentage); null without a graded submission, and null while the
   * quiz shows scores only after it closes (decision 041).
   */
  bestScore: z.number().nullable(),
});
export type StudentAttemptInfo = z.infer<typeof AttemptInfoSchema>;

export const QuizTimeStatusSchema = z.enum(["upcoming", "active", "closed"]);

const QuizBaseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  courseId: z.number().int(),
  course: TitledRefSchema.extend({ teacherId: z.number().int().nullable() }),
  /** The teacher who created it (a course's teacher also manages it). */
  teacherId: z.number().int().nullable(),
  studentType: StudentTypeSchema,
  /** ISO date-time, or null (open from the start). */
  openTime: z.string().nullable(),
  /** ISO date-time, or null (never closes). */
  closeTime: z.string().nullable(),
  /** Minutes; null means no limit. */
  timeLimit: z.number().int().nullable(),
  /** Null means unlimited. */
  maxAttempts: z.number().int().nullable(),
  questionsPerPage: z.number().int(),
  resetTimerOnAttempt: z.boolean(),
  passingScore: z.number(),
  timedSections: z.array(z.object({ name: z.string(), startIndex: z.number().int(), endIndex: z.number().int(), timeLimit: z.number().int() })),
  /** When students see the correct answers (decision 016). */
  showAnswers: z.enum(SHOW_ANSWERS),
  /** A practice quiz (the only kind that may use after_last_attempt). */
  practice: z.boolean(),
  /** ISO date-time when the teacher released the answers (POST /quizzes/{id}/release-answers); null when not. */
  answersReleasedAt: z.string().nullable(),
  /** The attached PDF (download: GET /api/quizzes/{id}/pdf); null when none. */
  pdf: FileInfoSchema.nullable(),
  questionCount: z.number().int(),
  /** By the server's clock when the response was made (the spec's upcoming / active / closed). */
  status: QuizTimeStatusSchema,
  /**
   * "draft": only the quiz's staff see it (the list and detail show "Draft") until POST /quizzes/{id}/publish;
   * "published": students of its level see it. The request field that sets it is `status` (decision 040:
   * the response's `status` is the spec's time status). Students only ever receive "published".
   */
  publication: QuizPublicationSchema,
  /** When students see their score: "after_attempt" (at once) or "after_close" (decision 041). */
  showScore: z.enum(SHOW_SCORE),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /quizzes/{id} for teachers and admins, and the answer of create/update. */
export const QuizSchema = QuizBaseSchema.extend({ questions: z.array(QuestionSchema) });
export type Quiz = z.infer<typeof QuizSchema>;

/**
 * GET /quizzes/{id} for a student: the quiz's information and the student's attempts, never its
 * questions (questionCount tells how many): a student meets them only inside an attempt, once the
 * clock runs (spec README item 3).
 */
export const StudentQuizSchema = QuizBaseSchema.extend({
  attemptInfo: AttemptInfoSchema,
  /** The server's clock when the response was made: countdowns to `attemptInfo.inProgress.deadline` use it. */
  serverNow: z.string(),
});
export type StudentQuiz = z.infer<typeof StudentQuizSchema>;

/** A quiz in GET /quizzes (no questions). `attemptInfo` and `hasSubmission` are for students; null for staff. */
export const QuizListItemSchema = QuizBaseSchema.extend({
  attemptInfo: AttemptInfoSchema.nullable(),
  /** Whether the student has a submission for it (the "Submitted" badge). */
  hasSubmission: z.boolean().nullable(),
});
export type QuizListItem = z.infer<typeof QuizListItemSchema>;

/**
 * GET /quizzes. Staff: newest first, the quizzes they manage. Students (their own level only): in
 * progress, open (closing soonest first), upcoming (opening soonest first), then closed (latest first).
 */
/** Limit: 12 for students, 10 for the teacher list; never more than 100. */
export const QuizListQuerySchema = pageQuery(12).extend({
  courseId: positiveId("courseId").optional(),
  /** By the server's clock. */
  status: z.enum(["upcoming", "active", "closed"], { error: "status must be upcoming, active or closed" }).optional(),
  /** Staff only (students always get their own level). */
  studentType: StudentTypeSchema.optional(),
});
export type QuizListQuery = z.input<typeof QuizListQuerySchema>;

export const QuizListResponseSchema = z.object({
  data: z.array(QuizListItemSchema),
  meta: PageMetaSchema,
  /** The server's clock when the response was made (for "19:46 left" on an attempt in progress). */
  serverNow: z.string(),
});
export type QuizListResponse = z.infer<typeof QuizListResponseSchema>;
