import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { ScanRowState, SittingVersion } from "@adesua/domain";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { files, quizzes, submissions, users } from "./schema";

/** Paper sittings (issue 29, decision 051): a quiz printed with answer sheets, and the photos of those sheets. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One printing of a quiz for a class: which students get a named sheet, how many blank sheets, and each version's
 * order of questions and options as printed. The key is not copied: a scanned sheet is turned into option texts and
 * marked against the quiz's questions as they are when it is recorded, so Fix key re-grades paper sittings too.
 */
export const sittings = pgTable(
  "sittings",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    /** The class's stream ("B" of JHS 2B); null: every student of the quiz's level. */
    stream: text("stream"),
    /** 1 to 4 versions, shuffled apart; version 1 keeps the quiz's own order when there is one version. */
    versions: jsonb("versions").$type<SittingVersion[]>().notNull(),
    /** Sheets without a name, for extra candidates: their student is chosen when scanned. */
    blankSheets: integer("blank_sheets").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("sittings_quiz_idx").on(t.quizId, t.id), check("sittings_blank_sheets_check", sql`${t.blankSheets} between 0 and 100`)],
);

/**
 * One photographed (or scanned) answer sheet: what the reader found, what the teacher settled, and the submission it
 * became. The photo and the straightened sheet are files kept for the teacher until the quiz (and so the sitting) goes.
 */
export const sittingScans = pgTable(
  "sitting_scans",
  {
    id: serial("id").primaryKey(),
    sittingId: integer("sitting_id")
      .notNull()
      .references(() => sittings.id, { onDelete: "cascade" }),
    /** From the QR code, or chosen by the teacher for a blank sheet; null until then. */
    studentId: integer("student_id").references(() => users.id, { onDelete: "set null" }),
    /** From the QR code (1–4); null when the sheet was refused before it was read. */
    version: integer("version"),
    /** queued | reading | refused | review | recorded (decision 051). */
    status: text("status").notNull().default("queued"),
    /** The file as uploaded (a photo, or one page of a scanner's PDF drawn as a picture). */
    photoFileId: integer("photo_file_id").references(() => files.id, { onDelete: "set null" }),
    /** The sheet straightened to the printed layout (JPEG): the rows' crops are cut from it. */
    sheetFileId: integer("sheet_file_id").references(() => files.id, { onDelete: "set null" }),
    /** The upload's name, and the page for a multi-page PDF (1 for a photo). */
    fileName: text("file_name").notNull(),
    page: integer("page").notNull().default(1),
    /** Every row of the sheet as read and as settled. */
    rows: jsonb("rows").$type<ScanRowState[]>().notNull().default([]),
    /** Why the sheet was refused, in words for the teacher. */
    error: text("error"),
    submissionId: integer("submission_id").references(() => submissions.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("sitting_scans_sitting_idx").on(t.sittingId, t.status, t.id),
    index("sitting_scans_student_idx").on(t.studentId),
    index("sitting_scans_photo_file_idx").on(t.photoFileId),
    index("sitting_scans_sheet_file_idx").on(t.sheetFileId),
    index("sitting_scans_submission_idx").on(t.submissionId),
    check("sitting_scans_status_check", sql`${t.status} in ('queued','reading','refused','review','recorded')`),
  ],
);

export type SittingRow = typeof sittings.$inferSelect;
export type SittingScanRow = typeof sittingScans.$inferSelect;
