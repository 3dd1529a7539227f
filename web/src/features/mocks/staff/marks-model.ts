import type { MarkEntry, PaperMarkRow } from "@adesua/domain";
import { acceptTypedMark, markOf, markText, type Typed } from "@/lib/mark-typing";

export { markOf, markText, moveFrom, type Cell, type Typed } from "@/lib/mark-typing";

/**
 * The marks entry's rules, pure (tested in marks-entry.test.tsx): the boxes' keys and the entries a batch of typed boxes
 * makes. What a keystroke may leave in a box and where Enter and the arrows go are lib/mark-typing.ts, with this
 * screen's words.
 */

/** A keystroke's box text, refused as "Numbers only" or "Out of range: 0 to …". */
export const acceptTyped = (next: string, outOf: number): Typed =>
  acceptTypedMark(next, outOf, { notANumber: "Numbers only", above: (n) => `Out of range: 0 to ${n}` });

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
