import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { users } from "./schema";

/**
 * A paper being read in the background (issue 27): scans and photos go through OCR page by page, which takes longer
 * than a request should wait. The job lives in the database, so any app server answers "how far is it?" and the
 * result survives the process that read it. Swept an hour after it ends.
 */
export const parseJobs = pgTable(
  "parse_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** questions | answers */
    kind: text("kind").notNull().default("questions"),
    /** queued | running | done | failed */
    status: text("status").notNull().default("queued"),
    fileName: text("file_name").notNull(),
    /** Pages to read (0 until known) and pages read so far. */
    pages: integer("pages").notNull().default(0),
    pagesDone: integer("pages_done").notNull().default(0),
    /** What the page being read is doing ("Reading page 2 of 4"). */
    stage: text("stage"),
    /** The parse result (ParseQuestionsResult / ParseAnswersResult) once done. */
    result: jsonb("result"),
    /** The error (status and message) when it failed. */
    error: jsonb("error").$type<{ status: number; error: string; [k: string]: unknown }>(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("parse_jobs_user_idx").on(t.userId, t.createdAt),
    check("parse_jobs_status_check", sql`${t.status} in ('queued','running','done','failed')`),
    check("parse_jobs_kind_check", sql`${t.kind} in ('questions','answers')`),
  ],
);
export type ParseJobRow = typeof parseJobs.$inferSelect;
