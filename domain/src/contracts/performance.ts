/**
 * Performance (issue 12 part B, decision 023). All staff only; teachers see the quizzes of their own
 * courses (the course filter is theirs only), admins every quiz; students 403.
 *
 *   GET  /performance/students                       StudentPerformanceQuery → StudentPerformanceList
 *   POST /performance/students/{userId}/override     PerformanceOverrideInput → PerformanceOverride (admin only, audited)
 *   GET  /performance/dashboard                      QuizDashboardQuery → QuizDashboard
 *   GET  /performance/export                         PerformanceExportQuery → quiz_performance.csv | quiz_performance.xlsx
 *   GET  /performance/quiz-details/{id}              → QuizPerformanceDetails (with item analysis)
 *   PUT  /performance/quiz-details/{id}/items/{questionId}/key   ItemKeyInput → ItemKeyResult (re-grades, audited)
 *   GET  /performance/student/{studentId}            → StudentHistory
 */
import { z } from "zod";
import { SEARCH_TOO_LONG, ScoreLineSchema, SortOrderSchema, StudentTypeSchema, idParams, pageOf, pageQuery, positiveId, searchParam } from "./common";
import { QuestionTypeSchema } from "./quizzes/question-types";
import { ITEM_FLAGS, PERFORMANCE_RATINGS, PERFORMANCE_STATUSES, PERFORMANCE_STRATEGIES } from "../rules/performance";

export const PERFORMANCE_MESSAGES = {
  noQuizSelected: "Please select at least one quiz to export",
  quizIds: "quizIds must be a comma-separated list of quiz ids",
  tooManyQuizzes: "Export at most 500 quizzes at a time",
  score: "Score must be a number from 0 to 100",
  minAboveMax: "minScore must not be above maxScore",
  dateFrom: "dateFrom must be a date (YYYY-MM-DD)",
  dateTo: "dateTo must be a date (YYYY-MM-DD)",
  remarkTooLong: "Remark must be at most 500 characters",
  notYourQuiz: "You can only see the performance of your own courses' quizzes",
  notYourStudent: "This student has no results in your courses",
  studentNotFound: "Student not found",
  quizNotFound: "Quiz not found",
  questionNotFound: "Question not found in this quiz",
  keyNotAnOption: "The key must be one of the question's options (its text or its letter A–E)",
} as const;

/** A score in a query string or body: 0–100 with up to two decimals (plain decimal text only in a query). */
const scoreValue = (error: string) =>
  z.preprocess((v) => (typeof v === "string" && /^\d{1,3}(\.\d{1,2})?$/.test(v) ? Number(v) : v), z.number({ error }).min(0, { error }).max(100, { error }));

/** GET /performance/students. A teacher's courseId filter is ignored: they always see their own courses. */
export const StudentPerformanceQuerySchema = pageQuery(20)
  .extend({
    courseId: positiveId("courseId").optional(),
    minScore: scoreValue(PERFORMANCE_MESSAGES.score).optional(),
    maxScore: scoreValue(PERFORMANCE_MESSAGES.score).optional(),
    strategy: z.enum(PERFORMANCE_STRATEGIES, { error: "strategy must be standard, highest or weighted" }).default("standard"),
    /** Part of the student's name, any case. */
    search: searchParam(SEARCH_TOO_LONG),
    sortBy: z.enum(["name", "finalScore", "quizCount"], { error: "sortBy must be name, finalScore or quizCount" }).default("name"),
    sortOrder: SortOrderSchema.default("asc"),
  })
  .refine((q) => q.minScore === undefined || q.maxScore === undefined || q.minScore <= q.maxScore, { error: PERFORMANCE_MESSAGES.minAboveMax });
export type StudentPerformanceQuery = z.input<typeof StudentPerformanceQuerySchema>;

export const StudentPerformanceRowSchema = z.object({
  name: z.string(),
  userId: z.number().int(),
  /** The quizzes counted, by title (alphabetical). */
  quizTitles: z.array(z.string()),
  courseTitles: z.array(z.string()),
  quizCount: z.number().int(),
  /** The score shown: the admin's override when there is one, else `computedScore`. */
  finalScore: z.number(),
  /** The strategy's result from the student's graded submissions, kept beside an override. */
  computedScore: z.number(),
  overridden: z.boolean(),
  /** The admin's remark with the override; null without one. */
  remark: z.string().nullable(),
});
export type StudentPerformanceRow = z.infer<typeof StudentPerformanceRowSchema>;

export const StudentPerformanceListSchema = pageOf(StudentPerformanceRowSchema);
export type StudentPerformanceList = z.infer<typeof StudentPerformanceListSchema>;

/** POST /performance/students/{userId}/override body. The remark is asked first on screen (spec §5). */
export const PerformanceOverrideInputSchema = z.object({
  finalScore: z.number({ error: PERFORMANCE_MESSAGES.score }).min(0, { error: PERFORMANCE_MESSAGES.score }).max(100, { error: PERFORMANCE_MESSAGES.score }),
  remark: z.string({ error: "Remark must be text" }).trim().max(500, { error: PERFORMANCE_MESSAGES.remarkTooLong }).default(""),
});
export type PerformanceOverrideInput = z.input<typeof PerformanceOverrideInputSchema>;

export const PerformanceOverrideSchema = z.object({
  userId: z.number().int(),
  finalScore: z.number(),
  remark: z.string(),
  overriddenBy: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type PerformanceOverride = z.infer<typeof PerformanceOverrideSchema>;

export const UserIdParamsSchema = idParams("userId");
export const StudentIdParamsSchema = idParams("studentId");
export const ItemParamsSchema = idParams("id", "questionId");

const dateOnly = (error: string) =>
  z
    .string({ error })
    .trim()
    .max(10, { error })
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error });

export const DASHBOARD_SORTS = [
  "title",
  "createdAt",
  "courseTitle",
  "totalStudents",
  "completedAttempts",
  "avgScore",
  "minScore",
  "maxScore",
  "passRate",
  "status",
] as const;

/** GET /performance/dashboard: page size 20, default sort title ascending; all in SQL. */
export const QuizDashboardQuerySchema = pageQuery(20).extend({
  /** Part of the quiz title, any case. */
  searchTitle: searchParam(SEARCH_TOO_LONG),
  /** Admins only; ignored for teachers. */
  courseId: positiveId("courseId").optional(),
  status: z.enum(PERFORMANCE_STATUSES, { error: "status must be active, expired or upcoming" }).optional(),
  /** Quizzes created on or after this day (UTC). */
  dateFrom: dateOnly(PERFORMANCE_MESSAGES.dateFrom).optional(),
  /** Quizzes created on or before this day (UTC). */
  dateTo: dateOnly(PERFORMANCE_MESSAGES.dateTo).optional(),
  sortBy: z.enum(DASHBOARD_SORTS, { error: `sortBy must be one of ${DASHBOARD_SORTS.join(", ")}` }).default("title"),
  sortOrder: SortOrderSchema.default("asc"),
});
export type QuizDashboardQuery = z.input<typeof QuizDashboardQuerySchema>;

export const QuizPerformanceRowSchema = z.object({
  quizId: z.number().int(),
  quizTitle: z.string(),
  createdAt: z.string(),
  courseTitle: z.string(),
  /** Students with at least one submission. */
  totalStudents: z.number().int(),
  /** Submissions (every attempt). */
  completedAttempts: z.number().int(),
  /** Over each student's best graded score; null without one. */
  avgScore: z.number().nullable(),
  minScore: z.number().nullable(),
  maxScore: z.number().nullable(),
  /** Percentage of students whose best graded score reaches the passing score; null without one. */
  passRate: z.number().nullable(),
  /** Null means unlimited. */
  maxAttempts: z.number().int().nullable(),
  status: z.enum(PERFORMANCE_STATUSES),
  /** From avgScore (≥ 70 high, ≥ 50 medium, else low); null without a graded attempt. */
  performanceRating: z.enum(PERFORMANCE_RATINGS).nullable(),
});
export type QuizPerformanceRow = z.infer<typeof QuizPerformanceRowSchema>;

export const QuizDashboardSchema = z.object({
  data: z.array(QuizPerformanceRowSchema),
  summary: z.object({
    /** Quizzes matching the filters. */
    totalQuizzes: z.number().int(),
    totalCompletedAttempts: z.number().int(),
    /** Mean of every student's best graded score over the matching quizzes; null without one. */
    averageScore: z.number().nullable(),
    highPerformanceQuizzes: z.number().int(),
  }),
  pagination: z.object({ currentPage: z.number().int(), itemsPerPage: z.number().int(), totalItems: z.number().int(), totalPages: z.number().int() }),
});
export type QuizDashboard = z.infer<typeof QuizDashboardSchema>;

const truthy = (v: unknown) => v === true || (typeof v === "string" && ["true", "1", "yes", "on"].includes(v.trim().toLowerCase()));

/** "1,2,3" (or an array of such texts) → ids; "" or nothing → [] (answered 400 "Please select at least one quiz to export"). */
const quizIdList = z.preprocess(
  (v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === "string" ? x.split(",") : x === undefined ? [] : [x]));
    return parts.map((p) => (typeof p === "string" ? p.trim() : p)).filter((p) => p !== "");
  },
  z
    .array(positiveId("quizIds"), { error: PERFORMANCE_MESSAGES.quizIds })
    .min(1, { error: PERFORMANCE_MESSAGES.noQuizSelected })
    .max(500, { error: PERFORMANCE_MESSAGES.tooManyQuizzes }),
);

/** GET /performance/export. */
export const PerformanceExportQuerySchema = z.object({
  quizIds: quizIdList,
  format: z.enum(["csv", "excel"], { error: "format must be csv or excel" }).default("csv"),
  includeStudentDetails: z.preprocess(truthy, z.boolean()).default(false),
});
export type PerformanceExportQuery = z.input<typeof PerformanceExportQuerySchema>;

export const ItemOptionSchema = z.object({
  index: z.number().int(),
  /** A–E. */
  letter: z.string(),
  text: z.string(),
  isKey: z.boolean(),
  /** Students choosing it: all, in the upper 27%, in the lower 27%. */
  count: z.number().int(),
  upper: z.number().int(),
  lower: z.number().int(),
});

export const ItemAnalysisSchema = z.object({
  questionId: z.number().int(),
  /** 1-based position in the quiz. */
  number: z.number().int(),
  text: z.string(),
  /** The key's option text (or the key as stored when it names no option), other types the key described (`describeKey`); null without a key and for written answers. */
  key: z.string().nullable(),
  /** Share of the analysed students answering right, 0–1 (other types: mean marks earned ÷ the question's marks over `marked`); null without a key or marks. */
  facility: z.number().nullable(),
  /** Upper-minus-lower 27% index: (right in the upper group − right in the lower group) ÷ group size, −1 to 1 (other types: shares of the marks); null for written answers. */
  discrimination: z.number().nullable(),
  upperCorrect: z.number().int(),
  lowerCorrect: z.number().int(),
  options: z.array(ItemOptionSchema),
  /** Students who left it blank, and answers that name no option. */
  blank: z.number().int(),
  other: z.number().int(),
  flags: z.array(z.enum(ITEM_FLAGS)),
  /** The question's type (issue 27). Single answers are analysed by option as before; other types by their marks (`item_marks`). */
  type: QuestionTypeSchema,
  /** What the question is worth. */
  marks: z.number(),
  /** Students whose answer to it has marks (auto-marked, or marked by the teacher); facility is over these. */
  marked: z.number().int(),
  /** Mean marks earned over `marked`; null when none is marked. */
  meanMarks: z.number().nullable(),
  /**
   * Written answers: how many students got each whole number of marks (`marks`: k counts marks from k up to, not
   * including, k + 1), from 0 to the question's marks; [] for other types.
   */
  marksDistribution: z.array(z.object({ marks: z.number().int(), count: z.number().int() })),
});
export type ItemAnalysis = z.infer<typeof ItemAnalysisSchema>;

export const QuizPerformanceDetailsSchema = z.object({
  quiz: z.object({
    id: z.number().int(),
    title: z.string(),
    course: z.string(),
    courseId: z.number().int(),
    /** Minutes; null without a limit. */
    timeLimit: z.number().int().nullable(),
    maxAttempts: z.number().int().nullable(),
    passingScore: z.number(),
    status: z.enum(PERFORMANCE_STATUSES),
  }),
  statistics: z.object({
    totalStudents: z.number().int(),
    averageScore: z.number().nullable(),
    highestScore: z.number().nullable(),
    lowestScore: z.number().nullable(),
    passRate: z.number().nullable(),
  }),
  /** One row per student with a submission, by name: their best submission (graded ones first). */
  students: z.array(
    z.object({
      userId: z.number().int(),
      studentName: z.string(),
      studentType: StudentTypeSchema.nullable(),
      ...ScoreLineSchema.shape,
      attempts: z.number().int(),
      lastAttempt: z.string(),
      email: z.string().nullable(),
    }),
  ),
  /** Students per band of their best graded score. */
  distribution: z.array(z.object({ band: z.string(), from: z.number(), count: z.number().int() })),
  itemAnalysis: z.object({
    method: z.literal("upper-lower-27"),
    /** Students analysed (each with their first submission) and the size of each group. */
    students: z.number().int(),
    groupSize: z.number().int(),
  }),
  items: z.array(ItemAnalysisSchema),
});
export type QuizPerformanceDetails = z.infer<typeof QuizPerformanceDetailsSchema>;

/** PUT /performance/quiz-details/{id}/items/{questionId}/key body: the right option, by its text or letter. */
export const ItemKeyInputSchema = z.object({
  answer: z.string({ error: "answer is required" }).trim().min(1, { error: "answer is required" }).max(2000, { error: "answer is too long" }),
});
export type ItemKeyInput = z.infer<typeof ItemKeyInputSchema>;

export const ItemKeyResultSchema = z.object({
  questionId: z.number().int(),
  key: z.string(),
  /** Submissions whose grade changed. */
  regraded: z.number().int(),
});
export type ItemKeyResult = z.infer<typeof ItemKeyResultSchema>;

export const StudentHistorySchema = z.object({
  student: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), studentType: StudentTypeSchema.nullable() }),
  /** Every quiz the student has a submission for (in the viewer's courses), oldest first. */
  history: z.array(
    z.object({
      quizId: z.number().int(),
      quizTitle: z.string(),
      courseId: z.number().int(),
      courseTitle: z.string(),
      /** Best graded score; null while every attempt waits for grading. */
      score: z.number().nullable(),
      attempts: z.number().int(),
      passed: z.boolean().nullable(),
      /** The first submission's time. */
      date: z.string(),
    }),
  ),
  courses: z.array(z.object({ courseId: z.number().int(), courseTitle: z.string(), average: z.number().nullable(), quizCount: z.number().int() })),
  overall: z.object({ average: z.number().nullable(), quizCount: z.number().int() }),
  /** Least-squares slope of the best scores in quiz order (points per quiz); null under two scores. */
  trend: z.object({ slope: z.number().nullable(), direction: z.enum(["improving", "declining", "steady"]).nullable() }),
});
export type StudentHistory = z.infer<typeof StudentHistorySchema>;
