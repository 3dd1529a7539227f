import { z } from "zod";
import { QUIZ_LIMITS, QUIZ_MESSAGES } from "../constants";

export { QUIZ_LIMITS, QUIZ_MESSAGES };
import { MAX_ID, PageMetaSchema, pageQuery, positiveId, STUDENT_TYPES, StudentTypeSchema, wholeNumber } from "./common";
import { FileInfoSchema } from "./file";

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
    /** 2 to 5 options, e.g. the texts of A–D. */
    options: z
      .array(z.string({ error: M.optionEmpty }).trim().min(1, { error: M.optionEmpty }).max(1000, { error: "An option must be at most 1000 characters" }), {
        error: M.options,
      })
      .min(L.options.min, { error: M.options })
      .max(L.options.max, { error: M.options })
      .refine((o) => new Set(o).size === o.length, { error: M.optionsDistinct }),
    /** The text of the correct option; null or empty when unknown. */
    answer: z
      .preprocess(
        (v) => (isBlank(v) ? null : v),
        z.string({ error: M.answerNotAnOption }).trim().max(1000, { error: "An answer must be at most 1000 characters" }).nullable(),
      )
      .optional(),
    /** Optional heading the question belongs to, e.g. "Section A". */
    section: z
      .preprocess((v) => (isBlank(v) ? null : v), z.string().trim().max(100, { error: "Section must be at most 100 characters" }).nullable())
      .optional(),
  })
  .refine((q) => q.answer == null || q.options.includes(q.answer), { error: M.answerNotAnOption, path: ["answer"] });
export type QuestionInput = z.input<typeof QuestionInputSchema>;

const questionList = (min: number) =>
  z.preprocess(
    toJson,
    z.array(QuestionInputSchema, { error: M.questions }).min(min, { error: M.questionsRequired }).max(500, { error: "A quiz can have at most 500 questions" }),
  );

/**
 * The fields of POST /quizzes and PUT /quizzes/{id}: multipart/form-data with the PDF in the file
 * field `pdf` (required on create, replaces on update). PUT also accepts JSON when no file changes.
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
    /** Optional: replaces the questions in the same request (same shape as PUT /quizzes/{id}/questions). */
    questions: questionList(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.openTime && v.closeTime && v.closeTime.getTime() <= v.openTime.getTime()) {
      ctx.addIssue({ code: "custom", message: M.closeAfterOpen, path: ["closeTime"] });
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
});
export type CreateQuizFromQuestionsInput = z.input<typeof CreateQuizFromQuestionsSchema>;

export const CreatedIdSchema = z.object({ id: z.number().int() });

/** A question as teachers and admins see it, with its answer key. */
export const QuestionSchema = z.object({
  id: z.number().int(),
  /** 0-based order in the quiz. */
  position: z.number().int(),
  text: z.string(),
  options: z.array(z.string()),
  /** The correct option's text; null when unknown. Never sent to students. */
  answer: z.string().nullable(),
  section: z.string().nullable(),
});
export type Question = z.infer<typeof QuestionSchema>;

/** A question as a student sees it: there is no answer field at all. */
export const StudentQuestionSchema = QuestionSchema.omit({ answer: true });
export type StudentQuestion = z.infer<typeof StudentQuestionSchema>;

/** The calling student's attempts at a quiz; maxAttempts null means unlimited. */
export const AttemptInfoSchema = z.object({
  canAttempt: z.boolean(),
  currentAttempts: z.number().int(),
  maxAttempts: z.number().int().nullable(),
});

export const QuizTimeStatusSchema = z.enum(["upcoming", "active", "closed"]);

const QuizBaseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  courseId: z.number().int(),
  course: z.object({ id: z.number().int(), title: z.string(), teacherId: z.number().int().nullable() }),
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
  /** The attached PDF (download: GET /api/quizzes/{id}/pdf); null when none. */
  pdf: FileInfoSchema.nullable(),
  questionCount: z.number().int(),
  /** By the server's clock when the response was made. */
  status: QuizTimeStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /quizzes/{id} for teachers and admins, and the answer of create/update. */
export const QuizSchema = QuizBaseSchema.extend({ questions: z.array(QuestionSchema) });
export type Quiz = z.infer<typeof QuizSchema>;

/**
 * GET /quizzes/{id} for a student: questions never carry an answer, and before the quiz opens
 * the list is empty (questionCount still tells how many there are).
 */
export const StudentQuizSchema = QuizBaseSchema.extend({ questions: z.array(StudentQuestionSchema), attemptInfo: AttemptInfoSchema });
export type StudentQuiz = z.infer<typeof StudentQuizSchema>;

/** A quiz in GET /quizzes (no questions). `attemptInfo` and `hasSubmission` are for students; null for staff. */
export const QuizListItemSchema = QuizBaseSchema.extend({
  attemptInfo: AttemptInfoSchema.nullable(),
  /** Whether the student has a submission for it (the "Submitted" badge). */
  hasSubmission: z.boolean().nullable(),
});
export type QuizListItem = z.infer<typeof QuizListItemSchema>;

/** GET /quizzes: newest first. Students get their own level only, teachers the quizzes they manage. */
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
});
export type QuizListResponse = z.infer<typeof QuizListResponseSchema>;
