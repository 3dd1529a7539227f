import { Readable } from "node:stream";

/**
 * THE CSV writer (issue 25 item 6): every CSV the server sends is written here, so every export has the
 * same three properties.
 * - Formula-safe (OWASP "CSV injection"): a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 *   return would be run by Excel, LibreOffice or Sheets as a formula, so it gets a leading `'`. Numbers are
 *   written as numbers (a score of -3 stays -3), and so is text that is only a number ("-3", "+2.5").
 * - RFC 4180: fields holding a comma, a quote or a line break are quoted, quotes doubled; lines end in CRLF.
 * - A UTF-8 byte-order mark first, without which Excel reads "Ɛ" and "Ɔ" (Ghanaian names) as mojibake.
 * Importers of our own CSV (the question bank's) undo the quote with `unescapeCsvCell`, so a round trip is exact.
 */

export type CsvCell = string | number | boolean | bigint | Date | null | undefined;

export const CSV_BOM = "\ufeff";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

const FORMULA_START = /^[=+\-@\t\r]/;
const JUST_A_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell made harmless for spreadsheets: `'` before a formula-like start (not before a plain number). */
export function escapeFormula(s: string): string {
  return FORMULA_START.test(s) && !JUST_A_NUMBER.test(s) ? `'${s}` : s;
}

/** Undoes `escapeFormula`: what an importer of our own CSV does to each cell, so "'=SUM(A1)" reads back as "=SUM(A1)". */
export function unescapeCsvCell(s: string): string {
  return s.length > 1 && s[0] === "'" && FORMULA_START.test(s.slice(1)) && !JUST_A_NUMBER.test(s.slice(1)) ? s.slice(1) : s;
}

/** One field: formula-safe, quoted when it must be. */
export function csvCell(v: CsvCell): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  const s = escapeFormula(v instanceof Date ? v.toISOString() : v);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line, CRLF-terminated. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(",") + "\r\n";
}

/** A whole CSV file: the BOM, the header line, then the rows. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  let out = CSV_BOM + csvLine(header);
  for (const r of rows) out += csvLine(r);
  return out;
}

/**
 * A streamed CSV file: the BOM and header at once, then each batch of rows as one chunk as the source yields
 * it (a database page at a time: the file is never held whole, and a slow download holds back the reads).
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<readonly (readonly CsvCell[])[]>): Readable {
  async function* chunks() {
    yield CSV_BOM + csvLine(header);
    for await (const batch of batches) if (batch.length) yield batch.map(csvLine).join("");
  }
  return Readable.from(chunks(), { objectMode: false });
}
