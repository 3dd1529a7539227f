/**
 * The teacher home (spec 001 "Teacher home", §9; issue 12; decision 024), computed by the database.
 *
 *   GET /teachers/me/home                               teacher → TeacherHome
 *   GET /teachers/me/insights?kind=&page=&limit=        teacher → TeacherInsightList (the students behind a figure)
 *
 * A teacher's quizzes are those they set or that belong to their courses (as on GET /quizzes); their
 * students are the students with a scored result on those quizzes.
 */
import { z } from "zod";
import { StudentTypeSchema, pageOf, pageQuery } from "../common";

export { INSIGHT_RULES } from "../../rules/insights";

export const INSIGHT_KINDS = ["top", "support", "active"] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

export const TeacherHomeSchema = z.object({
  stats: z.object({
    /** Courses whose teacher is the viewer. */
    courses: z.number().int(),
    /** The teacher's quizzes. */
    totalQuizzes: z.number().int(),
    /** Quizzes with no close time or one in the future (spec §9). */
    activeQuizzes: z.number().int(),
    /** Distinct students with a scored result on the teacher's quizzes. */
    students: z.number().int(),
    /** Submissions still waiting for a teacher's grade. */
    toGrade: z.number().int(),
    /** Mean of every scored result on the teacher's quizzes, one decimal; null without any. */
    averageScore: z.number().nullable(),
  }),
  /** Up to 3 quizzes with a future close time, soonest first. */
  deadlines: z.array(z.object({ quizId: z.number().int(), title: z.string(), courseTitle: z.string(), closeTime: z.string(), submissions: z.number().int() })),
  /** The first 3 of the teacher's courses by title, each with its results' mean (one decimal). */
  courses: z.array(
    z.object({ id: z.number().int(), title: z.string(), quizCount: z.number().int(), results: z.number().int(), averageScore: z.number().nullable() }),
  ),
  insights: z.object({
    /** Students whose average (mean of each quiz's best score) is 90% or more. */
    top: z.number().int(),
    /** Students whose average is below their pass mark, or whose last three quizzes are falling. */
    support: z.number().int(),
    /** Students who had a result recorded or started an attempt in the last 7 days. */
    active: z.number().int(),
  }),
  /** The server's time the figures were computed at. */
  serverNow: z.string(),
});
export type TeacherHome = z.infer<typeof TeacherHomeSchema>;

export const TeacherInsightQuerySchema = pageQuery(20, 100).extend({
  kind: z.enum(INSIGHT_KINDS, { error: "kind must be top, support or active" }),
});
export type TeacherInsightQuery = z.input<typeof TeacherInsightQuerySchema>;

export const TeacherInsightStudentSchema = z.object({
  studentId: z.number().int(),
  name: z.string(),
  studentType: StudentTypeSchema.nullable(),
  /** Mean of each quiz's best score, two decimals; null when the student has only an attempt open. */
  averageScore: z.number().nullable(),
  /** Mean pass mark of those quizzes. */
  passMark: z.number().nullable(),
  quizCount: z.number().int(),
  /** The last three quizzes' latest scores, oldest first. */
  recentScores: z.array(z.number()),
  belowPassMark: z.boolean(),
  falling: z.boolean(),
  /** The student's latest result or attempt start on the teacher's quizzes. */
  lastActivity: z.string().nullable(),
});
export type TeacherInsightStudent = z.infer<typeof TeacherInsightStudentSchema>;

export const TeacherInsightListSchema = pageOf(TeacherInsightStudentSchema);
export type TeacherInsightList = z.infer<typeof TeacherInsightListSchema>;
