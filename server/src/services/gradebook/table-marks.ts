import { TABLE_LIMITS, TABLE_MESSAGES as M, columnMax, markRangeMessage } from "@adesua/domain";
import type { GradebookColumn } from "../../db/schema";
import { badRequest } from "../../lib/errors";

/** A stored mark: a plain decimal with at most two decimals (the text SQL also checks with `~`). */
export const MARK_PATTERN = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * What a cell stores for a value sent to it: the text of a mark (number columns: 0 to the column's
 * "out of", two decimals at most), the trimmed text, or null to clear the cell.
 */
export function storedCell(column: GradebookColumn, value: number | string | null): string | null {
  if (value === null) return null;
  if (typeof value === "string" && value.trim() === "") return null;
  if (column.type === "text") {
    const text = String(value).trim();
    if (text.length > TABLE_LIMITS.textCell) throw badRequest(M.textCell);
    return text;
  }
  const n = typeof value === "number" ? value : /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  const notMark = badRequest(`${column.name}: ${M.numberCell.charAt(0).toLowerCase()}${M.numberCell.slice(1)}`);
  if (!Number.isFinite(n)) throw notMark;
  if (n < 0 || n > columnMax(column)) throw badRequest(markRangeMessage(column));
  if (!MARK_PATTERN.test(String(n))) throw notMark;
  return String(n);
}
