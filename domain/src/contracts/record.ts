import { z } from "zod";
import { PageMetaSchema, pageQuery, positiveId } from "./common";

/** A quiz record: one per submission (and records an admin enters by hand). */
export const RecordSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  quizId: z.number().int(),
  /** Percentage with two decimals; null while unknown. */
  score: z.number().nullable(),
  correct: z.number().int(),
  total: z.number().int(),
  /** Null while unknown (answers waiting for a teacher): shown as "Completed". */
  passed: z.boolean().nullable(),
  /** Higher than every earlier record of this student for this quiz (the first one counts). */
  isPersonalBest: z.boolean(),
  /** The attempt number this record came from. */
  userAttempts: z.number().int(),
  createdAt: z.string(),
  quiz: z.object({
    id: z.number().int(),
    title: z.string(),
    /** Null means unlimited. */
    maxAttempts: z.number().int().nullable(),
    course: z.object({ id: z.number().int(), title: z.string() }),
  }),
});
export type QuizRecord = z.infer<typeof RecordSchema>;

/** GET /records. Students get their own; staff may name a student with userId (teachers: students only). */
export const RecordListQuerySchema = pageQuery(50).extend({
  userId: positiveId("userId").optional(),
  quizId: positiveId("quizId").optional(),
});
export type RecordListQuery = z.input<typeof RecordListQuerySchema>;

export const RecordListResponseSchema = z.object({
  /** Newest first. */
  data: z.array(RecordSchema),
  pagination: PageMetaSchema,
});
export type RecordListResponse = z.infer<typeof RecordListResponseSchema>;
