import { and, asc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { TABLE_MESSAGES as M, type PageMeta, type PageQuery, type Table, type TableCellsResult, type TableCellsUpdate, type TableRow } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { gradebookCells, users, type GradebookColumn } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest } from "../../lib/errors";
import { carriedTotal, pageMeta, pageWindow } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { presentTableRow } from "./table.presenter";
import { loadUsableTable, presentLoaded, type LoadedTable } from "./table.service";
import { storedCell } from "./table-marks";

/** A table's rows (its students) and their marks: reading, entering and the export's pages (decision 024). */

/** The students who are the rows of a table: every student, or those of its level. */
export function rowsOf(t: LoadedTable, search?: string): SQL {
  return and(
    eq(users.role, "student"),
    t.row.studentType ? eq(users.studentType, t.row.studentType) : undefined,
    search ? ilike(users.name, `%${search.replace(/[\\%_]/g, "\\$&")}%`) : undefined,
  )!;
}

/** Each student's cells of this table as one JSON object (key → stored text), read through the primary key. */
const cellsOf = (tableId: number) =>
  sql<Record<
    string,
    string
  > | null>`(select jsonb_object_agg(${gradebookCells.columnKey}, ${gradebookCells.value}) from ${gradebookCells} where ${gradebookCells.tableId} = ${tableId} and ${gradebookCells.studentId} = ${users.id})`;

const rowFields = (tableId: number) => ({ studentId: users.id, name: users.name, studentType: users.studentType, cells: cellsOf(tableId) });

/** GET /tables/{id}/data: the table, and a page of its students by name with their marks. */
export async function tableData(
  db: Db,
  viewer: Viewer,
  id: number,
  q: PageQuery & { search?: string },
): Promise<{ table: Table; rows: TableRow[]; pagination: PageMeta }> {
  const t = await loadUsableTable(db, viewer, id);
  const w = pageWindow(q);
  const rows = await db
    .select({ ...rowFields(id), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(rowsOf(t, q.search))
    .orderBy(asc(users.name), asc(users.id))
    .limit(w.limit)
    .offset(w.offset);
  const total = await carriedTotal(
    rows,
    q,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(rowsOf(t, q.search))
      )[0].n,
  );
  return { table: presentLoaded(t), rows: rows.map((r) => presentTableRow(t.row.columns, r)), pagination: pageMeta(q, total) };
}

/** Rows of the given students (for a save's answer). */
async function rowsFor(db: Queryable, t: LoadedTable, ids: number[]): Promise<TableRow[]> {
  const rows = await db
    .select(rowFields(t.row.id))
    .from(users)
    .where(and(rowsOf(t), inArray(users.id, ids)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => presentTableRow(t.row.columns, r));
}

/** A page of the whole table for the export, after a (name, id) position: keyset pages, so a long export stays cheap. */
export async function exportPage(db: Queryable, t: LoadedTable, after: { name: string; id: number } | null, size: number): Promise<TableRow[]> {
  const rows = await db
    .select(rowFields(t.row.id))
    .from(users)
    .where(and(rowsOf(t), after ? sql`(${users.name}, ${users.id}) > (${after.name}, ${after.id})` : undefined))
    .orderBy(asc(users.name), asc(users.id))
    .limit(size);
  return rows.map((r) => presentTableRow(t.row.columns, r));
}

type Mark = { studentId: number; student: string; column: string; value: string | null };

/**
 * PUT /tables/{id}/cells: sets or clears marks, all or none, in one transaction with one audit record
 * naming each changed mark before and after. Only students who are rows of the table, and columns
 * after the first (the student's name), take marks.
 */
export async function saveCells(db: Db, viewer: Viewer, id: number, input: TableCellsUpdate, actor: Actor): Promise<TableCellsResult> {
  return db.transaction(async (tx) => {
    // Locked, so a column removed or retyped meanwhile cannot slip a mark past the checks below.
    const t = await loadUsableTable(tx, viewer, id, true);
    const byKey = new Map<string, { column: GradebookColumn; index: number }>(t.row.columns.map((c, index) => [c.key, { column: c, index }]));
    // The last value sent for a cell wins.
    const wanted = new Map<string, { studentId: number; column: GradebookColumn; value: string | null }>();
    for (const cell of input.cells) {
      const found = byKey.get(cell.columnKey);
      if (!found) throw badRequest(M.unknownColumn);
      if (found.index === 0) throw badRequest(M.studentColumn);
      wanted.set(`${cell.studentId}:${cell.columnKey}`, { studentId: cell.studentId, column: found.column, value: storedCell(found.column, cell.value) });
    }
    const ids = [...new Set([...wanted.values()].map((w) => w.studentId))];
    const students = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(rowsOf(t), inArray(users.id, ids)));
    const names = new Map(students.map((s) => [s.id, s.name]));
    const missing = ids.find((sid) => !names.has(sid));
    if (missing !== undefined) throw badRequest(`${M.notInTable} (student ${missing})`);

    const existing = await tx
      .select({ studentId: gradebookCells.studentId, columnKey: gradebookCells.columnKey, value: gradebookCells.value })
      .from(gradebookCells)
      .where(and(eq(gradebookCells.tableId, id), inArray(gradebookCells.studentId, ids)));
    const old = new Map(existing.map((e) => [`${e.studentId}:${e.columnKey}`, e.value]));

    const before: Mark[] = [];
    const after: Mark[] = [];
    const upserts: (typeof gradebookCells.$inferInsert)[] = [];
    const clears: SQL[] = [];
    const now = new Date();
    for (const [k, w] of wanted) {
      const prev = old.get(k) ?? null;
      if (prev === w.value) continue;
      if (w.value === null) clears.push(and(eq(gradebookCells.studentId, w.studentId), eq(gradebookCells.columnKey, w.column.key))!);
      else upserts.push({ tableId: id, studentId: w.studentId, columnKey: w.column.key, value: w.value, updatedBy: viewer.id, updatedAt: now });
      const mark = { studentId: w.studentId, student: names.get(w.studentId)!, column: w.column.name };
      before.push({ ...mark, value: prev });
      after.push({ ...mark, value: w.value });
    }
    if (clears.length) await tx.delete(gradebookCells).where(and(eq(gradebookCells.tableId, id), or(...clears)));
    if (upserts.length) {
      await tx
        .insert(gradebookCells)
        .values(upserts)
        .onConflictDoUpdate({
          target: [gradebookCells.tableId, gradebookCells.studentId, gradebookCells.columnKey],
          set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
        });
    }
    if (after.length) {
      await recordAudit(tx, { entityType: "table", entityId: id, action: "update", actor, before: { marks: before }, after: { marks: after } });
    }
    return { changed: after.length, rows: await rowsFor(tx, t, ids) };
  });
}
