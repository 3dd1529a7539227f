import type { StudentType, Table, TableRow } from "@adesua/domain";
import type { GradebookColumn, GradebookRow } from "../../db/schema";

/** The fields a gradebook table shows (createdBy stays on the server). */
export function presentTable(row: GradebookRow, course: { id: number; title: string } | null): Table {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    columns: row.columns.map((c) => ({ key: c.key, name: c.name, type: c.type, outOf: c.outOf ?? null })),
    accessLevel: row.accessLevel as Table["accessLevel"],
    studentType: (row.studentType as StudentType | null) ?? null,
    course,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A student's row: stored cell texts become numbers in number columns; cells of removed columns are dropped. */
export function presentTableRow(
  columns: GradebookColumn[],
  r: { studentId: number; name: string; studentType: string | null; cells: Record<string, string> | null },
): TableRow {
  const cells: TableRow["cells"] = {};
  for (const c of columns.slice(1)) {
    const v = r.cells?.[c.key];
    if (v === undefined) continue;
    cells[c.key] = c.type === "number" ? Number(v) : v;
  }
  return { studentId: r.studentId, name: r.name, studentType: (r.studentType as StudentType | null) ?? null, cells };
}
