import type { MarkEntry, PaperMarkRow } from "@adesua/domain";

/**
 * The marks entry's rules, pure (tested in marks-entry.test.tsx): what a keystroke may leave in a mark box, where
 * Enter and the arrows go, and the entries a batch of typed boxes makes.
 */

/** A mark as typed: digits with at most one point and two decimals (no signs, no commas, no exponents). */
const TYPED_MARK = /^\d{0,4}(\.\d{0,2})?$/;

export type Typed = { ok: true; text: string } | { ok: false; problem: string };

/**
 * Whether a box may hold `next`: anything but a number is refused, and so is a number above `outOf` — on the spot,
 * the box keeping its last good text, so a wrong mark is never saved.
 */
export function acceptTyped(next: string, outOf: number): Typed {
  const text = next.trim();
  if (!TYPED_MARK.test(text)) return { ok: false, problem: "Numbers only" };
  if (text !== "" && text !== "." && Number(text) > outOf) return { ok: false, problem: `Out of range: 0 to ${outOf}` };
  return { ok: true, text };
}

/** The mark a box's text stands for: null for an empty box (no mark). */
export function markOf(text: string): number | null {
  const t = text.trim();
  return t === "" || t === "." ? null : Number(t);
}

export const markText = (mark: number | null | undefined) => (mark === null || mark === undefined ? "" : String(mark));

export type Cell = { row: number; col: number };

/**
 * Where a key moves in a grid of `rows` (students) × `cols` (questions, or the one total), or null when the key does
 * not move. Enter goes down to the next student (and from the last student to the top of the next column); Shift+Enter
 * and ArrowUp go up, ArrowDown down. Tab is the browser's (along the row, then the next student's first box).
 */
export function moveFrom(at: Cell, key: string, shift: boolean, rows: number, cols: number): Cell | null {
  if (key === "Enter" && !shift) {
    if (at.row + 1 < rows) return { row: at.row + 1, col: at.col };
    return at.col + 1 < cols ? { row: 0, col: at.col + 1 } : null;
  }
  if ((key === "Enter" && shift) || key === "ArrowUp") return at.row > 0 ? { row: at.row - 1, col: at.col } : null;
  if (key === "ArrowDown") return at.row + 1 < rows ? { row: at.row + 1, col: at.col } : null;
  return null;
}

/** The box of a student's total ("12:total") or of their n-th question ("12:q0"). */
export const boxKey = (studentId: number, col: number | "total") => `${studentId}:${col === "total" ? "total" : `q${col}`}`;

/** The server's text for every box of the rows. */
export function serverTexts(rows: PaperMarkRow[], questions: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    if (questions) for (let i = 0; i < questions; i++) out[boxKey(r.studentId, i)] = markText(r.questionMarks?.[i]);
    else out[boxKey(r.studentId, "total")] = markText(r.mark);
  }
  return out;
}

/** One student's entry from their boxes' text. */
export function entryOf(studentId: number, questions: number, text: (key: string) => string): MarkEntry {
  if (!questions) return { studentId, mark: markOf(text(boxKey(studentId, "total"))) };
  return { studentId, questionMarks: Array.from({ length: questions }, (_, i) => markOf(text(boxKey(studentId, i)))) };
}

/** Whether a student still has no mark: none typed (or every question empty) and no quiz score. */
export function isMissing(row: PaperMarkRow, questions: number, text: (key: string) => string): boolean {
  if (row.quizScore !== null) return false;
  if (!questions) return markOf(text(boxKey(row.studentId, "total"))) === null;
  return Array.from({ length: questions }, (_, i) => markOf(text(boxKey(row.studentId, i)))).every((m) => m === null);
}

/** The sum of a student's question marks (null with none). */
export function questionTotal(studentId: number, questions: number, text: (key: string) => string): number | null {
  let sum: number | null = null;
  for (let i = 0; i < questions; i++) {
    const m = markOf(text(boxKey(studentId, i)));
    if (m !== null) sum = (sum ?? 0) + m;
  }
  return sum === null ? null : Math.round(sum * 100) / 100;
}
