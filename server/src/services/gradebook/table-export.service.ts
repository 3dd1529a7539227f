import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { TableRow } from "@adesua/domain";
import type { Db } from "../../db/client";
import type { GradebookColumn } from "../../db/schema";
import type { Viewer } from "../../lib/viewer";
import { csvStream as writeCsv } from "../../lib/csv-writer";
import { exportPage } from "./table-data.service";
import { loadUsableTable, type LoadedTable } from "./table.service";

/**
 * GET /tables/{id}/export: the whole table, every student by name, as CSV or an Excel workbook. Rows
 * are read a page at a time (keyset) and written as they come, so a large table never sits in memory.
 */

const PAGE = 500;

export type TableExport = { fileName: string; contentType: string; body: Readable };

async function* allRows(db: Db, t: LoadedTable): AsyncGenerator<TableRow[]> {
  let after: { name: string; id: number } | null = null;
  for (;;) {
    const rows = await exportPage(db, t, after, PAGE);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    after = { name: last.name, id: last.studentId };
  }
}

/** A row's values in column order: the name first, then each column's mark or `empty` (numbers stay numbers). */
const line = <E>(columns: GradebookColumn[], r: TableRow, empty: E): (string | number | E)[] => [
  r.name,
  ...columns.slice(1).map((c) => r.cells[c.key] ?? empty),
];

/** Streamed a page at a time by the one CSV writer (lib/csv-writer.ts: BOM, formula-safe cells). */
function csvStream(db: Db, t: LoadedTable): Readable {
  async function* batches() {
    for await (const rows of allRows(db, t)) yield rows.map((r) => line(t.row.columns, r, ""));
  }
  return writeCsv(
    t.row.columns.map((c) => c.name),
    batches(),
  );
}

function excelStream(db: Db, t: LoadedTable): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  book.creator = "Adesua";
  const sheet = book.addWorksheet(t.row.name.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Table");
  sheet.columns = t.row.columns.map((c, i) => ({ header: c.outOf ? `${c.name} (/${c.outOf})` : c.name, key: c.key, width: i === 0 ? 32 : 14 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const rows of allRows(db, t)) for (const r of rows) sheet.addRow(line(t.row.columns, r, null)).commit();
      sheet.commit();
      await book.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

const day = (now: Date) => now.toISOString().slice(0, 10);

/** The export of a table the viewer may use (404 otherwise), named after the table and the day. */
export async function exportTable(db: Db, viewer: Viewer, id: number, format: "csv" | "excel", now: Date): Promise<TableExport> {
  const t = await loadUsableTable(db, viewer, id);
  const base = `${t.row.name.replace(/[\\/:*?"<>|\r\n]+/g, "_")}-${day(now)}`;
  return format === "excel"
    ? { fileName: `${base}.xlsx`, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body: excelStream(db, t) }
    : { fileName: `${base}.csv`, contentType: "text/csv; charset=utf-8", body: csvStream(db, t) };
}
