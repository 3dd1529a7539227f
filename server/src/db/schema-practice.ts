import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { users } from "./schema";
import type { QuestionType } from "@adesua/domain";

/** The practice results table (issue 11), exported through schema.ts. */

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/**
 * A finished practice of bank questions (decision 019): graded on the server, never a quiz, an attempt or a
 * submission. `answers` keeps each question's given answer and whether it was right, in practice order.
 */
export const practiceResults = pgTable(
  "practice_results",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    subject: text("subject").notNull(),
    section: text("section").notNull(),
    score: integer("score").notNull(),
    total: integer("total").notNull(),
    percentage: numeric("percentage", { precision: 5, scale: 2, mode: "number" }).notNull(),
    timeTakenSeconds: integer("time_taken_seconds"),
    retryOf: integer("retry_of").references((): AnyPgColumn => practiceResults.id, { onDelete: "set null" }),
    /** Per question; `type` and the marks fields from issue 27 on (older rows: a single-answer question worth 1). */
    answers: jsonb("answers").$type<PracticeAnswerRow[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("practice_results_user_idx").on(t.userId, t.createdAt)],
);
/** One practised question as stored. */
export type PracticeAnswerRow = {
  questionId: number;
  answer: string | null;
  correctAnswer: string | null;
  correct: boolean;
  type?: QuestionType;
  earned?: number | null;
  available?: number;
  key?: string | null;
  answerText?: string | null;
  scheme?: string | null;
  parts?: { label: string; marks: number; scheme: string }[];
};
export type PracticeResultRow = typeof practiceResults.$inferSelect;
