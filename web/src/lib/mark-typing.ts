/**
 * Typing marks into a grid of boxes (students × questions or components), as pure rules shared by the mock marks entry
 * and the term score sheet: what a keystroke may leave in a box, the mark a box's text stands for, and where Enter and
 * the arrows go. Each screen words its refusals its own way (`acceptTypedMark`'s `words`).
 */

/** A mark as typed: digits with at most one point and two decimals (no signs, no commas, no exponents). */
const TYPED_MARK = /^\d{0,4}(\.\d{0,2})?$/;

export type Typed = { ok: true; text: string } | { ok: false; problem: string };

/**
 * Whether a box may hold `next`: anything but a number is refused, and so is a number above `outOf` — on the spot,
 * the box keeping its last good text, so a wrong mark is never saved.
 */
export function acceptTypedMark(next: string, outOf: number, words: { notANumber: string; above: (outOf: number) => string }): Typed {
  const text = next.trim();
  if (!TYPED_MARK.test(text)) return { ok: false, problem: words.notANumber };
  if (text !== "" && text !== "." && Number(text) > outOf) return { ok: false, problem: words.above(outOf) };
  return { ok: true, text };
}

/** The mark a box's text stands for: null for an empty box (no mark). */
export function markOf(text: string): number | null {
  const t = text.trim();
  return t === "" || t === "." ? null : Number(t);
}

/** How a mark is shown in its box: "" when missing. */
export const markText = (mark: number | null | undefined) => (mark === null || mark === undefined ? "" : String(mark));

export type Cell = { row: number; col: number };

/**
 * Where a key moves in a grid of `rows` (students) × `cols` boxes, or null when the key does not move. Enter goes down
 * to the next student, as in a spreadsheet (and from the last student to the top of the next column); Shift+Enter and
 * ArrowUp go up, ArrowDown down. Tab is the browser's (along the row, then the next student's first box).
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
