import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { quizzes, users } from "./schema";

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
  (t) => [primaryKey({ columns: [t.quizId, t.userId] }), index("quiz_student_scores_best_idx").on(t.quizId, t.best)],
);

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
