/**
 * Mock BECE examinations (issue 28, decision 050): subjects, papers and their timetable, marks entry and grading.
 *
 * Calls (all under /api):
 *   GET    /mocks?page=&limit=&level=        → MockList (admin: all; teacher: mocks of their subjects; student: their level's)
 *   POST   /mocks                            MockInput → 201 Mock (admin)
 *   GET    /mocks/{id}                       → Mock (404 when not visible)
 *   PUT    /mocks/{id}                       MockInput → Mock (admin; a paper sent with its `id` keeps its marks)
 *   DELETE /mocks/{id}                       → { ok: true } (admin)
 *   GET    /mocks/{id}/timetable?format=pdf  → the one-page timetable (PDF; JSON is GET /mocks/{id})
 *   GET    /mocks/{id}/papers/{paperId}/marks?class=   → PaperMarks (admin; teacher of the subject)
 *   PUT    /mocks/{id}/papers/{paperId}/marks          PaperMarksInput → PaperMarksSaved (a mark outside 0…outOf → 400
 *                                                       naming the student; several teachers may save at once)
 *   POST   /mocks/{id}/papers/{paperId}/marks/import   multipart `file` (.csv/.xlsx) → MarksImportResult
 *   PUT    /mocks/{id}/grading               MockGradingInput → Mock (admin)
 *   POST   /mocks/{id}/release               → Mock (admin; students may see their own slip)
 *   DELETE /mocks/{id}/release               → Mock (admin; withdraws it)
 *   Results, broadsheet and slips: see results.ts.
 */
import { z } from "zod";
import { MAX_ID, optionalId, pageOf, pageQuery, positiveId, requiredText, StudentTypeSchema, TitledRefSchema } from "../common";
import { GradeBandSchema, GradeBandsSchema } from "../admin/school";

export const MOCK_MESSAGES = {
  title: "Title is required",
  titleTooLong: "Title must be at most 200 characters",
  subjects: "A mock needs at least one subject",
  tooManySubjects: "A mock can have at most 15 subjects",
  subjectName: "Each subject needs a name",
  subjectTwice: "Each subject can appear only once",
  papers: "Each subject needs at least one paper",
  tooManyPapers: "A subject can have at most 4 papers",
  paperName: "Each paper needs a name",
  kind: 'kind must be "quiz" or "marks"',
  quizNeeded: "A quiz paper needs its quizId",
  quizNotAllowed: "Only a quiz paper names a quiz",
  quizNotFound: "Quiz not found",
  quizLevel: "The quiz must be of the mock's level",
  courseNotFound: "Course not found",
  subjectNotFound: "subjects names a subject id this mock does not have",
  paperIdNotFound: "papers names a paper id this mock does not have",
  outOf: "outOf must be a number from 1 to 1000",
  weight: "weight must be a number from 0 to 100",
  startsAt: "startsAt must be a date and time",
  duration: "durationMinutes must be a whole number from 1 to 600",
  questions: "questions must be a list of { label, outOf } whose marks add up to outOf",
  notFound: "Mock not found",
  paperNotFound: "Paper not found",
  notYourSubject: "You can only enter marks for the papers of your subjects",
  studentNotFound: "Student not found in this mock's level",
  markRange: (student: string, outOf: number) => `Mark for ${student} must be between 0 and ${outOf}`,
  questionMarkRange: (student: string, label: string, outOf: number) => `Mark for ${student}, question ${label}, must be between 0 and ${outOf}`,
  questionMarksLength: (student: string, count: number) => `Marks for ${student} must list ${count} questions`,
  perQuestion: "This paper's marks are entered per question (questionMarks)",
  notPerQuestion: "This paper's marks are entered as one total (mark)",
  tooManyMarks: "At most 1000 marks can be saved at once",
  notReleased: "The results of this mock have not been released yet",
  weights: "weights must be a list of { paperId, weight } or an object of paper names and weights",
  weightsPaper: "weights names a paper this mock does not have",
  grading: 'grading must be "bands" or "stanine"',
} as const;

/** A date-time text Date can read ("2027-03-08T09:00:00Z", "2027-03-08T09:00"). */
const dateTime = (error: string) =>
  z
    .string({ error })
    .trim()
    .min(1, { error })
    .max(40, { error })
    .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), { error });

export const PaperQuestionSchema = z.object({
  label: requiredText(MOCK_MESSAGES.questions, 20),
  outOf: z.number({ error: MOCK_MESSAGES.questions }).positive({ error: MOCK_MESSAGES.questions }).max(1000, { error: MOCK_MESSAGES.questions }),
});

export const PaperInputSchema = z
  .object({
    /** Sent back on PUT to keep the paper (and its marks); absent for a new paper. */
    id: positiveId("id").optional(),
    name: requiredText(MOCK_MESSAGES.paperName, 60),
    kind: z.enum(["quiz", "marks"], { error: MOCK_MESSAGES.kind }),
    quizId: optionalId("quizId"),
    /** Marks available; default 100 (a quiz paper: the quiz's marks). */
    outOf: z.number({ error: MOCK_MESSAGES.outOf }).min(1, { error: MOCK_MESSAGES.outOf }).max(1000, { error: MOCK_MESSAGES.outOf }).optional(),
    /** Weight within the subject (default 50). */
    weight: z.number({ error: MOCK_MESSAGES.weight }).min(0, { error: MOCK_MESSAGES.weight }).max(100, { error: MOCK_MESSAGES.weight }).default(50),
    /** Per-question entry (Paper 2's questions and their marks); absent = one total per student. */
    questions: z
      .array(PaperQuestionSchema, { error: MOCK_MESSAGES.questions })
      .min(1, { error: MOCK_MESSAGES.questions })
      .max(100, { error: MOCK_MESSAGES.questions })
      .nullable()
      .optional(),
    startsAt: dateTime(MOCK_MESSAGES.startsAt),
    durationMinutes: z
      .number({ error: MOCK_MESSAGES.duration })
      .int({ error: MOCK_MESSAGES.duration })
      .min(1, { error: MOCK_MESSAGES.duration })
      .max(600, { error: MOCK_MESSAGES.duration }),
  })
  .superRefine((p, ctx) => {
    if (p.kind === "quiz" && !p.quizId) ctx.addIssue({ code: "custom", path: ["quizId"], message: MOCK_MESSAGES.quizNeeded });
    if (p.kind === "marks" && p.quizId) ctx.addIssue({ code: "custom", path: ["quizId"], message: MOCK_MESSAGES.quizNotAllowed });
    if (p.questions && p.outOf !== undefined) {
      const sum = p.questions.reduce((s, q) => s + q.outOf, 0);
      if (Math.abs(sum - p.outOf) > 1e-6) ctx.addIssue({ code: "custom", path: ["questions"], message: MOCK_MESSAGES.questions });
    }
  });
export type PaperInput = z.infer<typeof PaperInputSchema>;

export const SubjectInputSchema = z.object({
  id: positiveId("id").optional(),
  name: requiredText(MOCK_MESSAGES.subjectName, 80),
  /** Counts towards the aggregate whatever its grade (default: whether the school lists it as core). */
  core: z.boolean({ error: "core must be true or false" }).optional(),
  /** The course whose teacher marks it (optional). */
  courseId: optionalId("courseId"),
  papers: z.array(PaperInputSchema, { error: MOCK_MESSAGES.papers }).min(1, { error: MOCK_MESSAGES.papers }).max(4, { error: MOCK_MESSAGES.tooManyPapers }),
});
export type SubjectInput = z.infer<typeof SubjectInputSchema>;

export const MockInputSchema = z
  .object({
    title: requiredText(MOCK_MESSAGES.title, 200, MOCK_MESSAGES.titleTooLong),
    level: StudentTypeSchema,
    subjects: z
      .array(SubjectInputSchema, { error: MOCK_MESSAGES.subjects })
      .min(1, { error: MOCK_MESSAGES.subjects })
      .max(15, { error: MOCK_MESSAGES.tooManySubjects }),
  })
  .superRefine((m, ctx) => {
    const seen = new Set<string>();
    m.subjects.forEach((s, i) => {
      const key = s.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["subjects", i, "name"], message: MOCK_MESSAGES.subjectTwice });
      seen.add(key);
    });
  });
export type MockInput = z.infer<typeof MockInputSchema>;

export const MockPaperSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(["quiz", "marks"]),
  quizId: z.number().int().nullable(),
  quiz: TitledRefSchema.nullable(),
  outOf: z.number(),
  weight: z.number(),
  /** The questions of per-question entry (an output shape: no input checks, so OpenAPI says plain numbers). */
  questions: z.array(z.object({ label: z.string(), outOf: z.number() })).nullable(),
  /** ISO 8601. */
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  /** Staff only: students with a mark (entered, or a submitted quiz) out of the level's students. */
  marked: z.number().int().optional(),
});
export type MockPaper = z.infer<typeof MockPaperSchema>;

export const MockSubjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  core: z.boolean(),
  courseId: z.number().int().nullable(),
  papers: z.array(MockPaperSchema),
  /** Staff only: whether the viewer may enter this subject's marks. */
  canEnterMarks: z.boolean().optional(),
});
export type MockSubject = z.infer<typeof MockSubjectSchema>;

export const MockSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  level: StudentTypeSchema,
  grading: z.enum(["bands", "stanine"]),
  /** The grade table in force (this mock's own, else the school's). */
  bands: z.array(GradeBandSchema),
  released: z.boolean(),
  releasedAt: z.string().nullable(),
  subjects: z.array(MockSubjectSchema),
  /** The first paper's start and the last paper's end (ISO 8601), null with no papers. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  students: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Mock = z.infer<typeof MockSchema>;

export const MockSummarySchema = MockSchema.pick({ id: true, title: true, level: true, released: true, releasedAt: true, startsAt: true, endsAt: true }).extend(
  {
    subjects: z.array(z.string()),
  },
);
export type MockSummary = z.infer<typeof MockSummarySchema>;

export const MockListQuerySchema = pageQuery(20).extend({ level: StudentTypeSchema.optional() });
export type MockListQuery = z.infer<typeof MockListQuerySchema>;
export const MockListSchema = pageOf(MockSummarySchema);
export type MockList = z.infer<typeof MockListSchema>;

export const MockPaperParamsSchema = z.object({ id: positiveId("id"), paperId: positiveId("paperId") });

/** One student's entry: a total `mark`, or `questionMarks` in the paper's question order; null clears. */
export const MarkEntrySchema = z.object({
  studentId: z
    .number({ error: "studentId must be a positive number" })
    .int({ error: "studentId must be a positive number" })
    .min(1, { error: "studentId must be a positive number" })
    .max(MAX_ID, { error: "studentId must be a positive number" }),
  mark: z.number({ error: "mark must be a number or null" }).finite({ error: "mark must be a number or null" }).nullable().optional(),
  questionMarks: z
    .array(z.number({ error: "questionMarks must be numbers or null" }).finite().nullable())
    .max(100)
    .optional(),
});
export type MarkEntry = z.infer<typeof MarkEntrySchema>;

export const PaperMarksInputSchema = z.object({
  marks: z.array(MarkEntrySchema, { error: "marks must be a list of { studentId, mark }" }).max(1000, { error: MOCK_MESSAGES.tooManyMarks }),
});
export type PaperMarksInput = z.infer<typeof PaperMarksInputSchema>;

export const PaperMarkRowSchema = z.object({
  studentId: z.number().int(),
  name: z.string(),
  class: z.string(),
  /** As entered (null: none). */
  mark: z.number().nullable(),
  questionMarks: z.array(z.number().nullable()).nullable(),
  /** A quiz paper: the student's best submitted score (%), null when they have not sat it on a device. */
  quizScore: z.number().nullable(),
  /** The percentage that counts (entered mark over outOf, else the quiz score); null = missing. */
  percent: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type PaperMarkRow = z.infer<typeof PaperMarkRowSchema>;

export const PaperMarksSchema = z.object({
  paper: MockPaperSchema,
  subject: z.string(),
  students: z.array(PaperMarkRowSchema),
  /** Students with no mark (entered or from the quiz). */
  missing: z.number().int(),
});
export type PaperMarks = z.infer<typeof PaperMarksSchema>;

export const PaperMarksSavedSchema = z.object({ saved: z.number().int(), missing: z.number().int() });
export type PaperMarksSaved = z.infer<typeof PaperMarksSavedSchema>;

export const MarksImportResultSchema = z.object({
  saved: z.number().int(),
  /** Rows not saved, each with the reason (an unknown student, a mark out of range). */
  problems: z.array(z.object({ row: z.number().int(), error: z.string() })),
  missing: z.number().int(),
});
export type MarksImportResult = z.infer<typeof MarksImportResultSchema>;

export const MockGradingInputSchema = z.object({
  /** Paper weights: [{ paperId, weight }], or { "Paper 1": 40, "Paper 2": 60 } for every subject's papers of that name. */
  weights: z
    .union(
      [
        z.array(z.object({ paperId: positiveId("paperId"), weight: z.number().min(0).max(100) })).max(60),
        z.record(z.string().max(60), z.number().min(0).max(100)),
      ],
      { error: MOCK_MESSAGES.weights },
    )
    .optional(),
  grading: z.enum(["bands", "stanine"], { error: MOCK_MESSAGES.grading }).optional(),
  /** This mock's grade table; null returns to the school's. */
  bands: GradeBandsSchema.nullable().optional(),
});
export type MockGradingInput = z.infer<typeof MockGradingInputSchema>;
