import ExcelJS from "exceljs";
import Papa from "papaparse";
import { ENROLMENT_MESSAGES, IMPORT_MAX_ROWS } from "@adesua/domain/constants";
import { DocumentError } from "./errors.ts";
import { unzipLimited } from "./zip.ts";

/** A class list as its cells: `table[i]` is spreadsheet row i + 1 (empty rows stay, so numbers match). */
export type ClassListTable = string[][];

const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** The old binary Excel format (and .doc): an OLE compound file. */
const isOle = (b: Uint8Array) => b.length > 8 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/**
 * Reads a class list (.csv or .xlsx, judged by content; the name only breaks a tie) into cells. Runs in the
 * document worker: a damaged or hostile spreadsheet stops only its worker.
 */
export async function readClassListTable(bytes: Uint8Array, filename: string): Promise<ClassListTable> {
  if (isZip(bytes)) return readXlsx(bytes);
  if (isOle(bytes) || /\.(xls|docx?|pdf|ods)$/i.test(filename.trim())) throw new DocumentError(415, ENROLMENT_MESSAGES.fileType);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Excel on Windows saves "CSV" in the local code page: read it as Windows-1252 rather than refuse it.
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes("\u0000")) throw new DocumentError(415, ENROLMENT_MESSAGES.fileType);
  // Rows past the limit are not even parsed (a 9 MB file of short lines would be a million arrays): the
  // list reader refuses a list this long by its row count.
  return Papa.parse<string[]>(text, { skipEmptyLines: false, preview: IMPORT_MAX_ROWS + 2 }).data;
}

async function readXlsx(bytes: Uint8Array): Promise<ClassListTable> {
  // The zip's declared sizes are checked first (a zip bomb is refused before anything is inflated in full).
  const parts = unzipLimited(bytes, (name) => name === "xl/workbook.xml");
  if (!parts.has("xl/workbook.xml")) throw new DocumentError(415, ENROLMENT_MESSAGES.fileType);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch (e) {
    throw new DocumentError(422, "This spreadsheet is damaged and could not be read. Open it in Excel and save it again.", { cause: e });
  }
  const sheet = wb.worksheets.find((ws) => ws.actualRowCount > 0) ?? wb.worksheets[0];
  const table: ClassListTable = [];
  if (!sheet) return table;
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    // `text` is what Excel shows: a hyperlinked email's address, a formula's result, a number as typed.
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cell.text ?? "";
    });
    table[n - 1] = Array.from(cells, (c) => c ?? "");
  });
  return Array.from(table, (r) => r ?? []);
}
