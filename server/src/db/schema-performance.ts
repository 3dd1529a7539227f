import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { sql } from "drizzle-orm";
import { courses, quizzes, users } from "./schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * An admin's override of a student's final score on the students' performance screen (issue 12,
 * decision 023): shown instead of the computed score, whatever the strategy, with the computed one
 * beside it. One per student; every change is audited.
 */
export const performanceOverrides = pgTable(
  "performance_overrides",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    finalScore: numeric("final_score", { precision: 5, scale: 2, mode: "number" }).notNull(),
    remark: text("remark").notNull().default(""),
    overriddenBy: integer("overridden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("performance_overrides_overridden_by_idx").on(t.overriddenBy)],
);

export type PerformanceOverrideRow = typeof performanceOverrides.$inferSelect;

/**
 * Each student's figures on a quiz (decision 030): their submissions and their best graded score, kept by
 * the database trigger `adesua_quiz_scores` on submissions (never written by the application). No foreign
 * key to users: a deleted student's submissions go first and the trigger removes the row with its totals.
 */
export const quizStudentScores = pgTable(
  "quiz_student_scores",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    submissions: integer("submissions").notNull().default(0),
    best: numeric("best", { precision: 5, scale: 2, mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.userId] }),
    index("quiz_student_scores_best_idx").on(t.quizId, t.best),
    index("quiz_student_scores_user_idx").on(t.userId),
  ],
);

/**
 * Each student's figures over the quizzes of one course set by one teacher (decision 036): the students'
 * performance list sums these rows (a teacher's scope is their courses or their quizzes, an admin's every
 * row or one course) instead of every submission. `quizTeacher` is the quizzes' teacher_id, 0 for none.
 * Kept by the database (the submissions trigger after its pairs, and triggers on quizzes and questions);
 * never written by the application.
 */
export const studentScopeScores = pgTable(
  "student_scope_scores",
  {
    userId: integer("user_id").notNull(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    quizTeacher: integer("quiz_teacher").notNull().default(0),
    /** Quizzes with a best graded score. */
    quizzes: integer("quizzes").notNull().default(0),
    bestSum: numeric("best_sum").notNull().default("0"),
    bestMax: numeric("best_max", { precision: 5, scale: 2, mode: "number" }),
    /** Σ best × the quiz's number of questions, and Σ of those numbers (the weighted strategy). */
    weightedSum: numeric("weighted_sum").notNull().default("0"),
    questions: integer("questions").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId, t.quizTeacher] }),
    index("student_scope_scores_course_idx").on(t.courseId, t.userId),
    index("student_scope_scores_teacher_idx").on(t.quizTeacher, t.userId),
  ],
);

/**
 * Each student's student_scope_scores rows summed (decision 037): an admin's list over every course reads one
 * row per student instead of summing all of them on each call. Kept by a trigger on student_scope_scores;
 * never written by the application.
 */
export const studentTotals = pgTable("student_totals", {
  userId: integer("user_id").primaryKey(),
  quizzes: integer("quizzes").notNull().default(0),
  bestSum: numeric("best_sum").notNull().default("0"),
  bestMax: numeric("best_max", { precision: 5, scale: 2, mode: "number" }),
  weightedSum: numeric("weighted_sum").notNull().default("0"),
  questions: integer("questions").notNull().default(0),
});

/**
 * A quiz's totals over quiz_student_scores, in shards (one per database session, backend pid mod 16) so
 * that an exam's submits do not queue on one row; a quiz's figure is the sum of its shards (decision 030).
 * `changes` counts every change to the quiz's submissions: the item analysis cache's version.
 */
export const quizScoreShards = pgTable(
  "quiz_score_shards",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    shard: integer("shard").notNull(),
    students: integer("students").notNull().default(0),
    submissions: integer("submissions").notNull().default(0),
    scored: integer("scored").notNull().default(0),
    scoreSum: numeric("score_sum").notNull().default("0"),
    changes: bigint("changes", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.shard] })],
);

/**
 * Item analysis counts of a quiz, stored on first read and used while `version` (the quiz's submission
 * changes and a digest of its questions' options and keys) still matches (decision 030).
 */
export const itemAnalysisCache = pgTable("item_analysis_cache", {
  quizId: integer("quiz_id")
    .primaryKey()
    .references(() => quizzes.id, { onDelete: "cascade" }),
  version: text("version").notNull(),
  students: integer("students").notNull(),
  counts: jsonb("counts").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * Each student's results (records, scored or not) over one teacher's quizzes, the ones they set or that belong to
 * their courses (decision 036), for the teacher home's insights: one row per student of the teacher instead of
 * every record. A quiz counts for its own teacher and its course's. Kept by database triggers on records, quizzes
 * and courses; never written by the application.
 */
export const studentTeacherResults = pgTable(
  "student_teacher_results",
  {
    userId: integer("user_id").notNull(),
    teacherId: integer("teacher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Quizzes with a scored record, the sum of the best score on each and of their passing scores. */
    quizzes: integer("quizzes").notNull().default(0),
    bestSum: numeric("best_sum").notNull().default("0"),
    passSum: numeric("pass_sum").notNull().default("0"),
    /** Every scored record: how many and the sum of their scores (the home's average score). */
    scored: integer("scored").notNull().default(0),
    scoreSum: numeric("score_sum").notNull().default("0"),
    /** The latest record's time, scored or not. */
    lastAt: ts("last_at"),
    /** The last three scored records' scores, newest first. */
    recent: numeric("recent")
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.teacherId] }), index("student_teacher_results_teacher_idx").on(t.teacherId, t.userId)],
);

/**
 * The (quiz, student) pairs whose submissions or records changed and whose summaries above (quiz_student_scores and
 * its shards, student_scope_scores, student_totals, student_teacher_results) are still to be brought up to date: the
 * triggers on submissions and records write here instead of doing that work inside the exam's transactions, on the
 * embedded database (decision 038) and on PostgreSQL (decision 053). Emptied by `adesua_summaries_drain` before any
 * summary is read, and in the background once no pair has been added for a second (`at`: when the pair was first
 * added). Written and read by the database only.
 */
export const summaryBacklog = pgTable(
  "summary_backlog",
  {
    quizId: integer("quiz_id").notNull(),
    userId: integer("user_id").notNull(),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.userId] })],
);
