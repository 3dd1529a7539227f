import { z } from "zod";
import { GRADING_MESSAGES } from "../../constants/grading";
import { HideableScoreLineSchema, PersonRefSchema, TitledRefSchema, pageOf, pageQuery, positiveId, searchParam } from "../common";
import { percentScore } from "./grading";

/** A quiz record: one per submission (and records an admin enters by hand). */
export const RecordSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  quizId: z.number().int(),
  /** Score (null while unknown too) and correct are null while `scoreHidden`. */
  ...HideableScoreLineSchema.shape,
  /** Null while unknown (answers waiting for a teacher): shown as "Completed"; null while `scoreHidden`. */
  passed: z.boolean().nullable(),
  /** Higher than every earlier record of this student for this quiz (the first one counts); false while `scoreHidden`. */
  isPersonalBest: z.boolean(),
  /**
   * True when the student reading their own record may not see the score yet: the quiz shows scores only after it
   * closes (showScore "after_close", decision 041). Score, correct and passed are then null: show "Submitted".
   * Always false for staff.
   */
  scoreHidden: z.boolean(),
  /** The attempt number this record came from. */
  userAttempts: z.number().int(),
  createdAt: z.string(),
  quiz: z.object({
    id: z.number().int(),
    title: z.string(),
    /** Null means unlimited. */
    maxAttempts: z.number().int().nullable(),
    course: TitledRefSchema,
  }),
});
export type QuizRecord = z.infer<typeof RecordSchema>;

/** GET /records. Students get their own; staff may name a student with userId (teachers: students only). */
export const RecordListQuerySchema = pageQuery(50).extend({
  userId: positiveId("userId").optional(),
  quizId: positiveId("quizId").optional(),
});
export type RecordListQuery = z.input<typeof RecordListQuerySchema>;

/** Newest first. */
export const RecordListResponseSchema = pageOf(RecordSchema);
export type RecordListResponse = z.infer<typeof RecordListResponseSchema>;

/** A record as the records admin lists it: the quiz record with its student and where it came from. */
export const AdminRecordSchema = RecordSchema.extend({
  /** The submission it was made from; null for a record entered by hand. */
  submissionId: z.number().int().nullable(),
  /** Written on paper and recorded from a photo of its answer sheet (issue 29): the attempt has a sitting. */
  onPaper: z.boolean(),
  /** Email null for teachers (they see students by name only, decision 017). */
  user: PersonRefSchema.extend({
    email: z.string().nullable(),
    /** The student's class, as written: "JHS 1B" (level and stream, issue 24); "" without a level. */
    className: z.string().optional(),
  }),
});
export type AdminRecord = z.infer<typeof AdminRecordSchema>;

/** GET /records/all (teachers and admins): every record they may see, newest first. */
export const AdminRecordListQuerySchema = pageQuery(20, 100).extend({
  userId: positiveId("userId").optional(),
  quizId: positiveId("quizId").optional(),
  /** Part of the student's name (case-insensitive). */
  search: searchParam(),
});
export type AdminRecordListQuery = z.input<typeof AdminRecordListQuerySchema>;

export const AdminRecordListResponseSchema = pageOf(AdminRecordSchema);
export type AdminRecordListResponse = z.infer<typeof AdminRecordListResponseSchema>;

/** POST /records and PUT /records/{id}: user, quiz and score (a number, step 0.1 on the form) are required. */
export const RecordFormSchema = z.object({
  userId: positiveId("userId"),
  quizId: positiveId("quizId"),
  score: percentScore(GRADING_MESSAGES.score),
});
export type RecordFormInput = z.input<typeof RecordFormSchema>;
