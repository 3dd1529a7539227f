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

/**
 * One line of the student home's performance section (issue 24): a course the student has scored
 * records in, the school's "subject" (Mathematics, Integrated Science…). Computed by the database.
 */
export const StudentSubjectAverageSchema = z.object({
  courseId: z.number().int(),
  /** The course's title. */
  subject: z.string(),
  /**
   * Mean of the student's record scores in the course's quizzes (two decimals). Quizzes that keep
   * scores until they close (show_score after_close) count only once closed; drafts never count.
   */
  averageScore: z.number(),
  /** How many scored records the average is over. */
  records: z.number().int(),
});
export type StudentSubjectAverage = z.infer<typeof StudentSubjectAverageSchema>;

/** GET /students/me/summary's answer: the stat cards' figures and the average per subject, by subject name. */
export const StudentSummaryResponseSchema = StudentSummarySchema.extend({
  subjects: z.array(StudentSubjectAverageSchema),
});
export type StudentSummaryResponse = z.infer<typeof StudentSummaryResponseSchema>;
