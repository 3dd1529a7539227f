/**
 * The score sheet's keyboard entry, as pure rules (tested in marks-entry.test.tsx): what a keystroke may change a
 * mark's text into, and where Enter and the arrows go.
 */

/** A mark as typed: digits with at most one point and two decimals (no signs, no commas, no exponents). */
const TYPED_MARK = /^\d{0,4}(\.\d{0,2})?$/;

export type Typed = { ok: true; text: string } | { ok: false; problem: string };

/**
 * Whether the text a keystroke would leave in a cell may stay there: anything but a number is refused, and so is a
 * number above the component's out of ("out-of-range refused on the spot"): the cell keeps its last good text.
 */
export function acceptTyped(next: string, outOf: number): Typed {
  const text = next.trim();
  if (!TYPED_MARK.test(text)) return { ok: false, problem: "Numbers only (up to two decimals)" };
  if (text !== "" && text !== "." && Number(text) > outOf) return { ok: false, problem: `At most ${outOf}` };
  return { ok: true, text };
}

/** The mark a cell's text stands for: null for an empty cell (a missing mark). */
export function markOf(text: string): number | null {
  const t = text.trim();
  if (t === "" || t === ".") return null;
  return Number(t);
}

/** How a mark is shown in its cell: "" when missing. */
export const markText = (mark: number | null | undefined) => (mark === null || mark === undefined ? "" : String(mark));

export type Cell = { row: number; col: number };

/**
 * Where a key moves the cursor in a grid of `rows` × `cols` inputs (row: student, col: component), or null when the
 * key is not a move. Enter goes down the column (as in a spreadsheet) and on to the top of the next column after the
 * last student; Shift+Enter and ArrowUp go up; ArrowDown goes down. Tab is left to the browser (along the row).
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

/** The marks waiting to be saved, grouped by component: "componentId:studentId" → mark. */
export function marksByComponent(batch: Record<string, number | null>): Map<number, { studentId: number; mark: number | null }[]> {
  const out = new Map<number, { studentId: number; mark: number | null }[]>();
  for (const [key, mark] of Object.entries(batch)) {
    const [componentId, studentId] = key.split(":").map(Number);
    const list = out.get(componentId) ?? [];
    list.push({ studentId, mark });
    out.set(componentId, list);
  }
  return out;
}

export const markKey = (componentId: number, studentId: number) => `${componentId}:${studentId}`;
