import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
// Lazy references only (`() => attempts.id`): this module and schema.ts import each other.
import { attempts, questions, users } from "./schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Answers that reached the server after an attempt's deadline (a phone that was offline, issue 25): kept, never
 * counted until the teacher accepts them (re-grading the submission, audited), never silently discarded.
 */
export const lateAnswers = pgTable(
  "late_answers",
  {
    id: serial("id").primaryKey(),
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    answer: text("answer").notNull(),
    /** When the phone says the answer was given (its own clock); null when it did not say. */
    givenAt: ts("given_at"),
    receivedAt: ts("received_at").notNull().defaultNow(),
    /** null: waiting for the teacher; accepted (counted, the submission re-graded); left (kept, not counted). */
    decision: text("decision"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
  },
  (t) => [
    uniqueIndex("late_answers_attempt_question_key").on(t.attemptId, t.questionId),
    index("late_answers_question_id_idx").on(t.questionId),
    check("late_answers_decision_check", sql`${t.decision} is null or ${t.decision} in ('accepted','left')`),
  ],
);
