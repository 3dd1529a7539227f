import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { courses, users } from "./schema";

/** Gradebook tables (the spec's "tables", issue 12, decision 024), exported through schema.ts. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export type GradebookColumn = { key: string; name: string; type: "text" | "number"; outOf: number | null };

export const gradebooks = pgTable(
  "gradebooks",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    type: text("type").notNull().default("grade"),
    /** In order; the first is the student's name (text). Keys never change, so marks follow renames. */
    columns: jsonb("columns").$type<GradebookColumn[]>().notNull(),
    accessLevel: text("access_level").notNull().default("public"),
    /** The level whose students are the rows; null = every student. */
    studentType: text("student_type"),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("gradebooks_access_level_check", sql`${t.accessLevel} in ('public','private')`),
    check("gradebooks_student_type_check", sql`${t.studentType} is null or ${t.studentType} in ('jhs1','jhs2','jhs3')`),
    index("gradebooks_name_idx").on(t.name, t.id),
    index("gradebooks_course_id_idx").on(t.courseId),
    index("gradebooks_created_by_idx").on(t.createdBy),
  ],
);

/** One mark (or note) of one student in one column; an empty cell has no row. */
export const gradebookCells = pgTable(
  "gradebook_cells",
  {
    tableId: integer("table_id")
      .notNull()
      .references(() => gradebooks.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    columnKey: text("column_key").notNull(),
    /** Text as entered, or a number column's mark as a plain decimal ("12.5"). */
    value: text("value").notNull(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.studentId, t.columnKey] }),
    index("gradebook_cells_student_id_idx").on(t.studentId),
    index("gradebook_cells_updated_by_idx").on(t.updatedBy),
  ],
);

export type GradebookRow = typeof gradebooks.$inferSelect;
export type GradebookCellRow = typeof gradebookCells.$inferSelect;
