/**
 * A mock's results (issue 28, decision 050), computed by the database.
 *
 * Calls (all under /api):
 *   GET /mocks/{id}/results?class=                        → MockResults (admin; teacher of one of its subjects; a
 *                                                           student: their own row only, 403 before release)
 *   GET /mocks/{id}/results/broadsheet?format=xlsx|pdf&class=   → the broadsheet file (staff)
 *   GET /mocks/{id}/results/slips?format=pdf&class=&studentId=  → result slips, A4 two to a page (staff: a class or
 *                                                           one student; a student: their own, after release)
 */
import { z } from "zod";
import { positiveId } from "../common";

export const MockResultsQuerySchema = z.object({
  /** "JHS 3B": only that class's students (positions stay within the whole sitting). */
  class: z.string().trim().max(20).optional(),
});
export type MockResultsQuery = z.infer<typeof MockResultsQuerySchema>;

export const BroadsheetQuerySchema = MockResultsQuerySchema.extend({
  format: z.enum(["xlsx", "pdf"], { error: "format must be xlsx or pdf" }).default("xlsx"),
});
export const SlipsQuerySchema = MockResultsQuerySchema.extend({
  format: z.literal("pdf", { error: "format must be pdf" }).default("pdf"),
  studentId: positiveId("studentId").optional(),
});

export const StudentSubjectResultSchema = z.object({
  name: z.string(),
  /** 0–100, two decimals; null when a paper has no mark. */
  score: z.number().nullable(),
  grade: z.number().int().nullable(),
  core: z.boolean(),
  /** Each paper's percentage (null: missing). */
  papers: z.array(z.object({ paperId: z.number().int(), name: z.string(), percent: z.number().nullable() })),
});

export const StudentResultSchema = z.object({
  studentId: z.number().int(),
  name: z.string(),
  class: z.string(),
  subjects: z.array(StudentSubjectResultSchema),
  /** Core grades plus the best two others; null when incomplete. */
  aggregate: z.number().int().nullable(),
  /** Position in the sitting by aggregate (ties share, the next is skipped); null when incomplete. */
  position: z.number().int().nullable(),
  incomplete: z.boolean(),
  /** The sum of subject scores (the broadsheet's "total"). */
  total: z.number().nullable(),
  /** The same student's aggregate in the previous mock of the level, and the change (negative = better). */
  previousAggregate: z.number().int().nullable(),
  change: z.number().int().nullable(),
});
export type StudentResult = z.infer<typeof StudentResultSchema>;

export const SubjectSummarySchema = z.object({
  name: z.string(),
  core: z.boolean(),
  /** Mean score of the students with a score (two decimals); null with none. */
  mean: z.number().nullable(),
  gradeCounts: z.record(z.string(), z.number().int()),
  /** Students with no score (a missing paper). */
  missing: z.number().int(),
  /** Paper 1's weakest topics from item analysis (lowest share of marks first, at most 5). */
  weakestTopics: z.array(z.object({ topic: z.string(), percent: z.number(), questions: z.number().int() })),
});
export type SubjectSummary = z.infer<typeof SubjectSummarySchema>;

export const MockResultsSchema = z.object({
  mock: z.object({ id: z.number().int(), title: z.string(), level: z.string(), grading: z.enum(["bands", "stanine"]), released: z.boolean() }),
  students: z.array(StudentResultSchema),
  subjects: z.array(SubjectSummarySchema),
  aggregateCounts: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
  /** The previous mock of the level compared with (null when there is none). */
  previous: z.object({ id: z.number().int(), title: z.string(), improved: z.number().int(), fell: z.number().int(), same: z.number().int() }).nullable(),
  /** Students in the sitting, and how many are incomplete. */
  sitting: z.number().int(),
  incomplete: z.number().int(),
});
export type MockResults = z.infer<typeof MockResultsSchema>;
