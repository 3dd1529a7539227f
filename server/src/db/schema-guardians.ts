import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { files, users } from "./schema";

/** Guardians, the messages sent to them, and print jobs (issue 28, decision 050), exported through schema.ts. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A student's guardian (one or two), in the order given. */
export const guardians = pgTable(
  "guardians",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    relationship: text("relationship").notNull(),
    /** As entered, normalised to +233… when it reads as a Ghanaian number. */
    phone: text("phone").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("guardians_student_idx").on(t.studentId, t.position)],
);

/** Every text message to a guardian: sent, failed (with the gateway's error) or exported to the school's CSV. */
export const guardianMessages = pgTable(
  "guardian_messages",
  {
    id: serial("id").primaryKey(),
    /** One send or export of results: all its messages share it. */
    batchId: uuid("batch_id").notNull(),
    /** mock | term */
    sourceKind: text("source_kind").notNull(),
    sourceId: integer("source_id").notNull(),
    studentId: integer("student_id").references(() => users.id, { onDelete: "set null" }),
    guardianName: text("guardian_name").notNull(),
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    /** sent | failed | exported */
    status: text("status").notNull(),
    error: text("error"),
    /** The CSV of an export (all of the batch's rows name it). */
    fileId: integer("file_id").references(() => files.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("guardian_messages_source_idx").on(t.sourceKind, t.sourceId, t.createdAt),
    index("guardian_messages_student_idx").on(t.studentId),
    index("guardian_messages_batch_idx").on(t.batchId),
    check("guardian_messages_status_check", sql`${t.status} in ('sent','failed','exported')`),
    check("guardian_messages_source_kind_check", sql`${t.sourceKind} in ('mock','term')`),
  ],
);

/**
 * A PDF being drawn in the worker pool (a class's report cards, result slips, a broadsheet): any app server answers
 * "how far is it?", and the finished file is kept in storage. Swept a day after it ends.
 */
export const printJobs = pgTable(
  "print_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** report-cards | result-slips | broadsheet | timetable */
    kind: text("kind").notNull(),
    /** What to print: { termId, className } or { mockId, studentId? }. */
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    /** queued | running | done | failed */
    status: text("status").notNull().default("queued"),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    fileId: integer("file_id").references(() => files.id, { onDelete: "set null" }),
    error: text("error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("print_jobs_user_idx").on(t.userId, t.createdAt), check("print_jobs_status_check", sql`${t.status} in ('queued','running','done','failed')`)],
);

export type GuardianRow = typeof guardians.$inferSelect;
export type GuardianMessageRow = typeof guardianMessages.$inferSelect;
export type PrintJobRow = typeof printJobs.$inferSelect;
