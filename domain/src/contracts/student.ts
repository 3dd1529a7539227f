import { z } from "zod";

/**
 * GET /students/me/summary: the student home's figures, computed by the database (decision 007's
 * Student home line). The dashboards of later issues extend it.
 */
export const StudentSummarySchema = z.object({
  /** Quizzes of the student's level (what GET /quizzes counts for them). */
  totalQuizzes: z.number().int(),
  /** Distinct quizzes with at least one record of the student. */
  completed: z.number().int(),
  /** totalQuizzes − completed, never below 0. */
  pending: z.number().int(),
  /** Mean of the student's record scores (two decimals); null without any scored record. */
  averageScore: z.number().nullable(),
});
export type StudentSummary = z.infer<typeof StudentSummarySchema>;
