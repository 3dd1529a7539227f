/**
 * Gradebook tables: the spec's "tables" (000 §2 Table management, §3 Table, §7), made useful
 * (issue 12, decision 024). A table's rows are students (every active student, or those of one
 * level); its first column is the student's name and the others hold marks or notes per student.
 *
 * Calls (all under /api):
 *   GET    /tables?page=&limit=&search=            teacher, admin → TableListResponse (by name)
 *   POST   /tables                                 admin, TableForm → 201 Table
 *   PUT    /tables/{id}                            admin, TableForm → Table
 *   DELETE /tables/{id}                            admin → { ok: true } (its marks go with it)
 *   GET    /tables/{id}                            teacher, admin → Table
 *   GET    /tables/{id}/data?page=&limit=&search=  teacher, admin → TableDataResponse (students by name)
 *   PUT    /tables/{id}/cells                      teacher, admin, TableCellsUpdate → TableCellsResult (audited)
 *   GET    /tables/{id}/export?format=csv|excel    teacher, admin → NAME-YYYY-MM-DD.csv or .xlsx
 * Teachers see public tables and the private tables of their own courses; other tables answer 404.
 */
import { z } from "zod";
import { PageMetaSchema, SEARCH_TOO_LONG, StudentTypeSchema, TitledRefSchema, pageOf, pageQuery, positiveId, searchParam } from "./common";
import { DEFAULT_TABLE_COLUMNS, DEFAULT_TABLE_TYPE, TABLE_ACCESS_LEVELS, TABLE_COLUMN_TYPES, TABLE_LIMITS, TABLE_MESSAGES as M } from "../constants/gradebook";

export * from "../constants/gradebook";

export const TableColumnTypeSchema = z.enum(TABLE_COLUMN_TYPES, { error: M.columnType });
export const TableAccessLevelSchema = z.enum(TABLE_ACCESS_LEVELS, { error: M.accessLevel });

/** A stored column: `key` is stable across renames, so marks follow their column. */
export const TableColumnSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: TableColumnTypeSchema,
  /** Number columns: the highest mark (e.g. 10 for "out of 10"); null = up to 1000. */
  outOf: z.number().nullable(),
});
export type TableColumn = z.infer<typeof TableColumnSchema>;

const columnKey = z.string({ error: M.columnKey }).regex(/^[A-Za-z0-9_-]{1,20}$/, { error: M.columnKey });

/** A column as sent: a new column has no key (the server gives one); a kept column sends its key back. */
export const TableColumnInputSchema = z.object({
  key: columnKey.optional(),
  name: z.string({ error: M.columnName }).trim().min(1, { error: M.columnName }).max(TABLE_LIMITS.columnName, { error: M.columnName }),
  type: TableColumnTypeSchema.default("text"),
  outOf: z.number({ error: M.outOf }).min(1, { error: M.outOf }).max(TABLE_LIMITS.number, { error: M.outOf }).nullable().optional(),
});

export const TableSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Free text; "grade" by default. */
  type: z.string(),
  columns: z.array(TableColumnSchema),
  accessLevel: TableAccessLevelSchema,
  /** The level whose students are the rows; null = every student. */
  studentType: StudentTypeSchema.nullable(),
  /** The course the marks belong to; its teacher may use the table when it is private. */
  course: TitledRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Table = z.infer<typeof TableSchema>;

/** POST /tables and PUT /tables/{id} body (spec: name, description, type, columns; plus accessLevel, level and course). */
export const TableFormSchema = z
  .object({
    name: z.string({ error: M.name }).trim().min(1, { error: M.name }).max(TABLE_LIMITS.name, { error: M.nameTooLong }),
    description: z.string({ error: M.descriptionTooLong }).trim().max(TABLE_LIMITS.description, { error: M.descriptionTooLong }).default(""),
    type: z.string({ error: M.type }).trim().min(1, { error: M.type }).max(TABLE_LIMITS.type, { error: M.type }).default(DEFAULT_TABLE_TYPE),
    columns: z
      .array(TableColumnInputSchema, { error: M.columns })
      .min(1, { error: M.columns })
      .max(TABLE_LIMITS.columns, { error: M.columns })
      .default(() => DEFAULT_TABLE_COLUMNS.map((c) => ({ ...c }))),
    accessLevel: TableAccessLevelSchema.default("public"),
    studentType: StudentTypeSchema.nullable().optional(),
    courseId: positiveId("courseId").nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const names = v.columns.map((c) => c.name.toLowerCase());
    if (new Set(names).size !== names.length) ctx.addIssue({ code: "custom", message: M.duplicateColumn, path: ["columns"] });
    const keys = v.columns.flatMap((c) => (c.key ? [c.key] : []));
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: "custom", message: M.duplicateKey, path: ["columns"] });
    if (v.columns[0] && v.columns[0].type !== "text") ctx.addIssue({ code: "custom", message: M.firstColumnText, path: ["columns", 0, "type"] });
  });
export type TableFormInput = z.input<typeof TableFormSchema>;
export type TableForm = z.output<typeof TableFormSchema>;

const search = searchParam(SEARCH_TOO_LONG);

export const TableListQuerySchema = pageQuery(20).extend({ search });
export const TableListResponseSchema = pageOf(TableSchema);
export type TableListResponse = z.infer<typeof TableListResponseSchema>;

/** A cell's value: a number in number columns, text in text columns. */
export const TableCellValueSchema = z.union([z.number(), z.string()]);

/** One student's row: the name (the first column) and the marks by column key (empty cells absent). */
export const TableRowSchema = z.object({
  studentId: z.number().int(),
  name: z.string(),
  studentType: StudentTypeSchema.nullable(),
  cells: z.record(z.string(), TableCellValueSchema),
});
export type TableRow = z.infer<typeof TableRowSchema>;

export const TableDataQuerySchema = pageQuery(20, 100).extend({ search });
export type TableDataQuery = z.input<typeof TableDataQuerySchema>;
export const TableDataResponseSchema = z.object({ table: TableSchema, rows: z.array(TableRowSchema), pagination: PageMetaSchema });
export type TableDataResponse = z.infer<typeof TableDataResponseSchema>;

/** PUT /tables/{id}/cells: marks to set; null or "" clears a cell. */
export const TableCellsUpdateSchema = z.object({
  cells: z
    .array(
      z.object({
        studentId: positiveId("studentId"),
        columnKey,
        value: z.union([z.number({ error: M.numberCell }), z.string().max(TABLE_LIMITS.textCell, { error: M.textCell }), z.null()]),
      }),
      { error: M.cells },
    )
    .min(1, { error: M.cells })
    .max(TABLE_LIMITS.cellsPerSave, { error: M.cells }),
});
export type TableCellsUpdate = z.infer<typeof TableCellsUpdateSchema>;

/** What a save changed: the rows of the students touched, as GET /tables/{id}/data would show them. */
export const TableCellsResultSchema = z.object({ changed: z.number().int(), rows: z.array(TableRowSchema) });
export type TableCellsResult = z.infer<typeof TableCellsResultSchema>;

export const TableExportQuerySchema = z.object({
  format: z.enum(["csv", "excel"], { error: "format must be csv or excel" }).default("csv"),
});
