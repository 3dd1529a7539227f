/**
 * Terms and what makes up a subject's class and exam scores (issue 28, decision 050).
 *
 * Calls (all under /api):
 *   GET    /terms?page=&limit=                       → TermList (every staff member; students: the terms with a released report of theirs)
 *   POST   /terms                                    TermInput → 201 Term (admin)
 *   GET    /terms/{id}                               → Term (with its subjects and their components)
 *   PUT    /terms/{id}                               TermInput → Term (admin; subjects are changed through their own calls)
 *   DELETE /terms/{id}                               → { ok: true } (admin)
 *   POST   /terms/{id}/subjects                      TermSubjectInput → 201 TermSubject (admin)
 *   PUT    /terms/{id}/subjects/{subjectId}          TermSubjectInput → TermSubject (admin; the subject's course teacher)
 *   DELETE /terms/{id}/subjects/{subjectId}          → { ok: true } (admin)
 *   GET    /terms/{id}/components/{componentId}/marks?class=   → ComponentMarks (marks entered for a "marks" component)
 *   PUT    /terms/{id}/components/{componentId}/marks          { marks: [{ studentId, mark }] } → { saved, missing }
 *   PUT    /terms/{id}/subjects/{subjectId}/students  SubjectStudentsInput → { saved } (adjusted class scores with a
 *                                                     reason, remarks)
 *   PUT    /terms/{id}/students                       TermStudentsInput → { saved } (attendance, conduct, interest,
 *                                                     remarks, promotion; only the fields sent change)
 *   POST   /terms/{id}/attendance/import              multipart `file` (.csv/.xlsx: name or username, present[, days]) → MarksImportResult
 *   Reports, checks and cards: see report.ts.
 */
import { z } from "zod";
import { MAX_ID, optionalId, pageOf, pageQuery, positiveId, requiredText, StudentTypeSchema } from "../common";

export const TERM_MESSAGES = {
  name: "Name is required",
  nameTooLong: "Name must be at most 120 characters",
  number: "number must be 1, 2 or 3",
  date: (field: string) => `${field} must be a date (YYYY-MM-DD)`,
  endsAfter: "endsOn must be on or after startsOn",
  weights: "classWeight and examWeight must add up to 100",
  weight: "weight must be a number from 0 to 100",
  positionScope: "positionScope must be class or level",
  attendanceDays: "attendanceDays must be a whole number from 0 to 366",
  notFound: "Term not found",
  subjectNotFound: "Subject not found",
  componentNotFound: "Component not found",
  subjectName: "Each subject needs a name",
  subjectTwice: "This level already has a subject of that name this term",
  part: 'part must be "class" or "exam"',
  kind: 'kind must be "quiz", "gradebook", "mock" or "marks"',
  componentName: "Each component needs a name",
  quizNeeded: "A quiz component needs its quizId",
  gradebookNeeded: "A gradebook component needs its gradebookId and columnKey",
  mockNeeded: "A mock component needs its mockPaperId",
  sourceNotFound: "The quiz, gradebook column or mock paper was not found",
  sourceLevel: "A component must come from the subject's level",
  outOf: "outOf must be a number from 1 to 1000",
  notYourSubject: "You can only change the subjects of your own courses",
  notMarksComponent: "Only a marks component has marks entered here",
  markRange: (student: string, outOf: number) => `Mark for ${student} must be between 0 and ${outOf}`,
  classScoreRange: (student: string, max: number) => `Class score for ${student} must be between 0 and ${max}`,
  reasonNeeded: (student: string) => `Give a reason for adjusting ${student}'s class score`,
  studentNotFound: "Student not found in this level",
  presentRange: (student: string) => `Attendance for ${student} must be a whole number, at most the days the school opened`,
  headOnly: "Only the head teacher (an admin) can write the head teacher's remarks",
  promotionThirdTerm: "Promotion is written on third-term reports only",
} as const;

const dateOnly = (field: string) =>
  z
    .string({ error: TERM_MESSAGES.date(field) })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: TERM_MESSAGES.date(field) })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: TERM_MESSAGES.date(field) });

const weight = z.number({ error: TERM_MESSAGES.weight }).min(0, { error: TERM_MESSAGES.weight }).max(100, { error: TERM_MESSAGES.weight });

export const ComponentInputSchema = z
  .object({
    id: positiveId("id").optional(),
    part: z.enum(["class", "exam"], { error: TERM_MESSAGES.part }),
    kind: z.enum(["quiz", "gradebook", "mock", "marks"], { error: TERM_MESSAGES.kind }),
    name: requiredText(TERM_MESSAGES.componentName, 80),
    quizId: optionalId("quizId"),
    gradebookId: optionalId("gradebookId"),
    columnKey: z.string().trim().max(40).nullable().optional(),
    mockPaperId: optionalId("mockPaperId"),
    outOf: z.number({ error: TERM_MESSAGES.outOf }).min(1, { error: TERM_MESSAGES.outOf }).max(1000, { error: TERM_MESSAGES.outOf }).default(100),
    weight: weight.default(1),
  })
  .superRefine((c, ctx) => {
    if (c.kind === "quiz" && !c.quizId) ctx.addIssue({ code: "custom", path: ["quizId"], message: TERM_MESSAGES.quizNeeded });
    if (c.kind === "gradebook" && (!c.gradebookId || !c.columnKey))
      ctx.addIssue({ code: "custom", path: ["gradebookId"], message: TERM_MESSAGES.gradebookNeeded });
    if (c.kind === "mock" && !c.mockPaperId) ctx.addIssue({ code: "custom", path: ["mockPaperId"], message: TERM_MESSAGES.mockNeeded });
  });
export type ComponentInput = z.infer<typeof ComponentInputSchema>;

export const TermSubjectInputSchema = z.object({
  level: StudentTypeSchema,
  name: requiredText(TERM_MESSAGES.subjectName, 80),
  courseId: optionalId("courseId"),
  /** The whole list: components sent with their id are kept (with their marks); the others are removed. */
  components: z.array(ComponentInputSchema).max(30).default([]),
});
export type TermSubjectInput = z.infer<typeof TermSubjectInputSchema>;

export const TermInputSchema = z
  .object({
    name: requiredText(TERM_MESSAGES.name, 120, TERM_MESSAGES.nameTooLong),
    number: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: TERM_MESSAGES.number }).default(1),
    startsOn: dateOnly("startsOn"),
    endsOn: dateOnly("endsOn"),
    nextTermBegins: dateOnly("nextTermBegins").nullable().optional(),
    /** Default: the school's (30/70 unless it chose otherwise). */
    classWeight: weight.optional(),
    examWeight: weight.optional(),
    positionScope: z.enum(["class", "level"], { error: TERM_MESSAGES.positionScope }).optional(),
    attendanceDays: z
      .number({ error: TERM_MESSAGES.attendanceDays })
      .int({ error: TERM_MESSAGES.attendanceDays })
      .min(0, { error: TERM_MESSAGES.attendanceDays })
      .max(366, { error: TERM_MESSAGES.attendanceDays })
      .nullable()
      .optional(),
    /** POST only: subjects to create with the term. */
    subjects: z.array(TermSubjectInputSchema).max(60).optional(),
  })
  .superRefine((t, ctx) => {
    if (t.endsOn < t.startsOn) ctx.addIssue({ code: "custom", path: ["endsOn"], message: TERM_MESSAGES.endsAfter });
    if (
      (t.classWeight === undefined) !== (t.examWeight === undefined) ||
      (t.classWeight !== undefined && Math.abs(t.classWeight + (t.examWeight ?? 0) - 100) > 1e-9)
    )
      ctx.addIssue({ code: "custom", path: ["classWeight"], message: TERM_MESSAGES.weights });
  });
export type TermInput = z.infer<typeof TermInputSchema>;

export const TermComponentSchema = z.object({
  id: z.number().int(),
  part: z.enum(["class", "exam"]),
  kind: z.enum(["quiz", "gradebook", "mock", "marks"]),
  name: z.string(),
  quizId: z.number().int().nullable(),
  gradebookId: z.number().int().nullable(),
  columnKey: z.string().nullable(),
  mockPaperId: z.number().int().nullable(),
  outOf: z.number(),
  weight: z.number(),
});
export type TermComponent = z.infer<typeof TermComponentSchema>;

export const TermSubjectSchema = z.object({
  id: z.number().int(),
  level: StudentTypeSchema,
  name: z.string(),
  courseId: z.number().int().nullable(),
  components: z.array(TermComponentSchema),
  /** Whether the viewer may change it (admin; the course's teacher). */
  canEdit: z.boolean(),
});
export type TermSubject = z.infer<typeof TermSubjectSchema>;

export const TermSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  nextTermBegins: z.string().nullable(),
  classWeight: z.number(),
  examWeight: z.number(),
  positionScope: z.enum(["class", "level"]),
  attendanceDays: z.number().int().nullable(),
  subjects: z.array(TermSubjectSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Term = z.infer<typeof TermSchema>;

export const TermSummarySchema = TermSchema.pick({ id: true, name: true, number: true, startsOn: true, endsOn: true, nextTermBegins: true });
export const TermListSchema = pageOf(TermSummarySchema);
export type TermList = z.infer<typeof TermListSchema>;
export const TermListQuerySchema = pageQuery(20);

export const TermSubjectParamsSchema = z.object({ id: positiveId("id"), subjectId: positiveId("subjectId") });
export const TermComponentParamsSchema = z.object({ id: positiveId("id"), componentId: positiveId("componentId") });

const studentId = z
  .number({ error: "studentId must be a positive number" })
  .int({ error: "studentId must be a positive number" })
  .min(1, { error: "studentId must be a positive number" })
  .max(MAX_ID, { error: "studentId must be a positive number" });

export const ComponentMarksInputSchema = z.object({
  marks: z.array(z.object({ studentId, mark: z.number({ error: "mark must be a number or null" }).finite().nullable() })).max(1000),
});
export type ComponentMarksInput = z.infer<typeof ComponentMarksInputSchema>;

export const ComponentMarksSchema = z.object({
  component: TermComponentSchema,
  subject: z.string(),
  students: z.array(z.object({ studentId: z.number().int(), name: z.string(), class: z.string(), mark: z.number().nullable() })),
  missing: z.number().int(),
});
export type ComponentMarks = z.infer<typeof ComponentMarksSchema>;

const shortText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` })
    .nullable()
    .optional();

export const SubjectStudentsInputSchema = z.object({
  students: z
    .array(
      z.object({
        studentId,
        /** Out of the term's classWeight; null returns to the computed score. */
        classScoreAdjusted: z.number({ error: "classScoreAdjusted must be a number or null" }).finite().nullable().optional(),
        adjustReason: shortText("adjustReason", 300),
        /** null returns to the grade's remark. */
        remark: shortText("remark", 60),
      }),
    )
    .max(1000),
});
export type SubjectStudentsInput = z.infer<typeof SubjectStudentsInputSchema>;

export const TermStudentsInputSchema = z.object({
  students: z
    .array(
      z.object({
        studentId,
        present: z
          .number({ error: "present must be a whole number" })
          .int({ error: "present must be a whole number" })
          .min(0, { error: "present must be a whole number" })
          .max(366)
          .nullable()
          .optional(),
        attendanceDays: z.number().int().min(0).max(366).nullable().optional(),
        conduct: shortText("conduct", 80),
        interest: shortText("interest", 120),
        teacherRemark: shortText("teacherRemark", 300),
        headRemark: shortText("headRemark", 300),
        promotion: shortText("promotion", 80),
      }),
    )
    .max(1000),
});
export type TermStudentsInput = z.infer<typeof TermStudentsInputSchema>;

export const SavedSchema = z.object({ saved: z.number().int(), missing: z.number().int().optional() });
