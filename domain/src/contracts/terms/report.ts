/**
 * Terminal reports (issue 28, decision 050), computed by the database.
 *
 * Calls (all under /api):
 *   GET    /terms/{id}/reports?class=JHS 2B[&format=pdf]   → TermReports (staff: the class; a student: their own report
 *                                                            only, 403 until both checks) or the cards as one PDF in the
 *                                                            order of the class list
 *   GET    /terms/{id}/classes                             → TermClasses (each class with its size and checks)
 *   POST   /terms/{id}/checks          { class, role }     → TermClass (role class_teacher: a teacher or admin;
 *                                                            head_teacher: an admin)
 *   DELETE /terms/{id}/checks?class=&role=                 → TermClass (takes a check back)
 */
import { z } from "zod";
import { PersonRefSchema, positiveId, requiredText } from "../common";

export const TERM_REPORT_MESSAGES = {
  classNeeded: "class is required, e.g. JHS 2B",
  className: "class must be a class such as JHS 2B",
  classNotFound: "No students are in that class",
  role: 'role must be "class_teacher" or "head_teacher"',
  headTeacherOnly: "Only an admin can check as the head teacher",
  notChecked: "These reports have not been released yet",
  notPrintable: "Both the class teacher and the head teacher must check the reports before they are printed",
} as const;

export const ReportsQuerySchema = z.object({
  class: z.string({ error: TERM_REPORT_MESSAGES.classNeeded }).trim().max(20, { error: TERM_REPORT_MESSAGES.className }).optional(),
  format: z.enum(["json", "pdf"], { error: "format must be json or pdf" }).default("json"),
  /** PDF only: one student's card. */
  studentId: positiveId("studentId").optional(),
  /** PDF only: print before both checks, marked "PREVIEW" on every page (staff). */
  preview: z.preprocess((v) => v === "true" || v === "1" || v === true, z.boolean()).optional(),
});
export type ReportsQuery = z.infer<typeof ReportsQuerySchema>;

export const ReportSubjectSchema = z.object({
  subjectId: z.number().int(),
  name: z.string(),
  /** Out of the term's classWeight (two decimals). */
  classScore: z.number().nullable(),
  /** Out of the term's examWeight; null when the exam has no mark. */
  examScore: z.number().nullable(),
  total: z.number().nullable(),
  /** Position in the subject within the class (or level); ties share. */
  position: z.number().int().nullable(),
  grade: z.number().int().nullable(),
  remark: z.string(),
  /** The class score was adjusted by a teacher, with this reason. */
  adjustReason: z.string().nullable(),
});
export type ReportSubject = z.infer<typeof ReportSubjectSchema>;

export const StudentReportSchema = z.object({
  studentId: z.number().int(),
  name: z.string(),
  class: z.string(),
  subjects: z.array(ReportSubjectSchema),
  /** The sum of subject totals, and their mean. */
  total: z.number().nullable(),
  average: z.number().nullable(),
  /** Position in class by total (ties share, the next is skipped); null with an incomplete subject. */
  overallPosition: z.number().int().nullable(),
  classSize: z.number().int(),
  attendance: z.object({ present: z.number().int().nullable(), outOf: z.number().int().nullable() }),
  conduct: z.string().nullable(),
  interest: z.string().nullable(),
  teacherRemark: z.string().nullable(),
  headRemark: z.string().nullable(),
  promotion: z.string().nullable(),
});
export type StudentReport = z.infer<typeof StudentReportSchema>;

export const CheckSchema = z.object({ by: PersonRefSchema.nullable(), at: z.string() });

export const TermClassSchema = z.object({
  class: z.string(),
  level: z.string(),
  students: z.number().int(),
  classTeacher: CheckSchema.nullable(),
  headTeacher: CheckSchema.nullable(),
  /** Both checks given: students see their cards, and the cards print. */
  released: z.boolean(),
});
export type TermClass = z.infer<typeof TermClassSchema>;
export const TermClassesSchema = z.object({ classes: z.array(TermClassSchema) });

export const TermReportsSchema = z.object({
  term: z.object({
    id: z.number().int(),
    name: z.string(),
    number: z.number().int(),
    classWeight: z.number(),
    examWeight: z.number(),
    nextTermBegins: z.string().nullable(),
  }),
  class: z.string(),
  checks: TermClassSchema.nullable(),
  students: z.array(StudentReportSchema),
});
export type TermReports = z.infer<typeof TermReportsSchema>;

export const CheckInputSchema = z.object({
  class: requiredText(TERM_REPORT_MESSAGES.classNeeded, 20, TERM_REPORT_MESSAGES.className),
  role: z.enum(["class_teacher", "head_teacher"], { error: TERM_REPORT_MESSAGES.role }),
});
export type CheckInput = z.infer<typeof CheckInputSchema>;
