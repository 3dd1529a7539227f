import Papa from "papaparse";
import { DocumentError, DOCUMENT_MESSAGES, MAX_CSV_QUESTIONS } from "./errors.ts";
import type { TypedExchangeQuestion } from "./exchange-types.ts";
import { marksFrom } from "./exchange-types.ts";
import type { RowError } from "./types.ts";
import { csvDocument, unescapeCsvCell } from "../lib/csv-writer.ts";

export const CSV_COLUMNS = ["question", "optionA", "optionB", "optionC", "optionD", "optionE", "correctOption", "explanation"] as const;
/** Where each question goes in the bank, as the question-bank export writes it (optional columns). */
export const BANK_CSV_COLUMNS = ["year", "subject", "section", "topic"] as const;
/**
 * What the bank's CSV export adds after the template's columns (issue 27): each question's type, its marks and its key as
 * a person reads it ("A. Accra", "Frog; Cat (50%)", "3 ± 0.5 cm"). The importer reads `marks` back and refuses rows whose
 * `type` is not single-answer multiple choice (the template's only kind); `key` is for people and is not read.
 */
export const CSV_EXPORT_EXTRA_COLUMNS = ["type", "marks", "key"] as const;
const REQUIRED = ["question", "optionA", "optionB", "optionC", "optionD", "correctOption"];
const LETTERS = ["A", "B", "C", "D", "E"];

export type CsvImportResult = { ok: true; questions: TypedExchangeQuestion[] } | { ok: false; errors: RowError[] };

/**
 * Reads the CSV question template. A UTF-8 BOM, CRLF line ends and quoted fields with commas, quotes and
 * line breaks are handled by papaparse. Columns are matched by name (any order, any case). Row numbers are
 * the ones a spreadsheet shows: the header is row 1, and a quoted field spanning lines is still one row.
 * All rows or none: one bad row makes the whole file an error list.
 */
export function parseQuestionCsv(input: string | Uint8Array): CsvImportResult {
  let text = typeof input === "string" ? input : new TextDecoder("utf-8").decode(input);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // Rows past the limit are not parsed at all: a 9 MB file of short lines would be a million arrays.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, preview: MAX_CSV_QUESTIONS + 2 });
  // Our own exports quote formula-like cells ("'=SUM(A1)", lib/csv-writer.ts): read back as written.
  const rows = parsed.data.map((r) => r.map(unescapeCsvCell));
  if (rows.length > MAX_CSV_QUESTIONS + 1 && rows.slice(MAX_CSV_QUESTIONS + 1).some((r) => r.some((c) => c.trim() !== "")))
    throw new DocumentError(413, DOCUMENT_MESSAGES.tooManyQuestions);
  const header = (rows[0] ?? []).map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, ""),
  );
  const col = new Map<string, number>();
  for (const name of [...CSV_COLUMNS, ...BANK_CSV_COLUMNS, ...CSV_EXPORT_EXTRA_COLUMNS]) {
    const i = header.indexOf(name.toLowerCase());
    if (i !== -1) col.set(name, i);
  }
  const missing = REQUIRED.filter((c) => !col.has(c));
  if (missing.length) return { ok: false, errors: [{ row: 1, message: `Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}` }] };

  const errors: RowError[] = [];
  const questions: TypedExchangeQuestion[] = [];
  const get = (r: string[], c: string) => {
    const i = col.get(c);
    return i === undefined ? "" : (r[i] ?? "").trim();
  };
  rows.slice(1).forEach((r, k) => {
    const row = k + 2;
    if (r.every((cell) => cell.trim() === "")) return; // a blank line, e.g. the file's final newline
    const problems: string[] = [];
    const type = get(r, "type").toLowerCase();
    if (type && type !== "single") {
      errors.push({ row, message: `type ${type}: only single-answer questions can be imported from CSV (use GIFT or Moodle XML for the other types)` });
      return;
    }
    const rawMarks = get(r, "marks");
    const marks = rawMarks ? marksFrom(rawMarks) : undefined;
    if (marks === null) problems.push(`marks must be a number from 0.01 to 100, not "${rawMarks}"`);
    const text = get(r, "question");
    if (!text) problems.push("question is empty");
    const options = LETTERS.map((l) => get(r, `option${l}`));
    const count = options[4] ? 5 : 4;
    for (let i = 0; i < 4; i++) if (!options[i]) problems.push(`option${LETTERS[i]} is empty`);
    const letter = get(r, "correctOption")
      .replace(/^\(|\)$/g, "")
      .toUpperCase();
    if (!letter) problems.push("correctOption is empty");
    else if (!LETTERS.slice(0, count).includes(letter))
      problems.push(`correctOption must be ${count === 5 ? "A–E" : "A–D (optionE is empty)"}, not "${get(r, "correctOption")}"`);
    if (problems.length) {
      errors.push({ row, message: problems.join("; ") });
      return;
    }
    const q: TypedExchangeQuestion = { text, options: options.slice(0, count), answer: options[LETTERS.indexOf(letter)] };
    if (typeof marks === "number") q.marks = marks;
    const explanation = get(r, "explanation");
    if (explanation) q.explanation = explanation;
    if (BANK_CSV_COLUMNS.some((c) => col.has(c)))
      q.bank = { row, year: get(r, "year"), subject: get(r, "subject"), section: get(r, "section"), topic: get(r, "topic") };
    questions.push(q);
  });
  for (const e of parsed.errors) if (e.type === "Quotes") errors.push({ row: (e.row ?? 0) + 1, message: "a quoted field is not closed" });
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => a.row - b.row) };
  if (!questions.length) return { ok: false, errors: [{ row: 2, message: "The file has no questions" }] };
  return { ok: true, questions };
}

/**
 * The CSV template's format, by the one CSV writer (lib/csv-writer.ts): a BOM so Excel opens accented text
 * correctly, and formula-like cells quoted with `'` (the importer above takes the quote off again).
 * The bank's export adds `type`, `marks` and `key` (CSV_EXPORT_EXTRA_COLUMNS) when the questions carry them; the
 * right option's letter (letters joined by ";" for a multiple-answer question) is in correctOption.
 */
export function exportQuestionCsv(questions: (TypedExchangeQuestion & { key?: string })[]): string {
  const extra = questions.some((q) => q.key !== undefined || q.type !== undefined || q.marks !== undefined);
  const rows = questions.map((q) => {
    const right = q.type === "multiple" ? (q.answers ?? []) : [q.answer];
    const letters = q.options.flatMap((o, k) => (right.includes(o) ? [LETTERS[k]] : []));
    const base = [q.text, ...LETTERS.map((_, k) => q.options[k] ?? ""), letters.join(";"), q.explanation ?? ""];
    return extra ? [...base, q.type ?? "single", String(q.marks ?? 1), q.key ?? ""] : base;
  });
  return csvDocument(extra ? [...CSV_COLUMNS, ...CSV_EXPORT_EXTRA_COLUMNS] : CSV_COLUMNS, rows);
}
