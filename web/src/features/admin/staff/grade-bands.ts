import { gradeBandsProblem, type GradeBand } from "@adesua/domain";

/** A row of the grade-band editor as typed: the inputs hold "" while empty. */
export type BandRow = { min: number | string; grade: number | string };
export type BandRowErrors = { min?: string; grade?: string };
export type BandsCheck = {
  /** Errors of each row, by index (only rows with an error). */
  rows: Record<number, BandRowErrors>;
  /** What is wrong with the table as a whole (the server's words), once every row is well formed. */
  table: string | null;
  /** The bands to send, when nothing is wrong. */
  bands: GradeBand[] | null;
};

const MIN_ERROR = "A whole number from 0 to 100";
const GRADE_ERROR = "A grade from 1 to 9";

const whole = (v: number | string): number | null => {
  if (typeof v === "string" && v.trim() === "") return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isInteger(n) ? n : null;
};

/**
 * Checks the grade-band editor's rows before saving: each row's lowest score (a whole number 0–100) and grade (1–9),
 * then the table as the server will (one band from 0, no two bands starting at one score, a better score never
 * earns a worse grade), so the admin reads the problem beside the table instead of after a round trip.
 */
export function checkBands(rows: readonly BandRow[]): BandsCheck {
  const errors: Record<number, BandRowErrors> = {};
  const bands: GradeBand[] = [];
  const seen = new Map<number, number>();
  rows.forEach((r, i) => {
    const min = whole(r.min);
    const grade = whole(r.grade);
    const e: BandRowErrors = {};
    if (min === null || min < 0 || min > 100) e.min = MIN_ERROR;
    else if (seen.has(min)) e.min = `Another band already starts at ${min}`;
    if (grade === null || grade < 1 || grade > 9) e.grade = GRADE_ERROR;
    if (e.min || e.grade) errors[i] = e;
    else bands.push({ min: min!, grade: grade! });
    if (min !== null) seen.set(min, i);
  });
  if (rows.length === 0) return { rows: errors, table: "Add at least one band", bands: null };
  if (Object.keys(errors).length > 0) return { rows: errors, table: null, bands: null };
  if (!bands.some((b) => b.min === 0)) return { rows: errors, table: "One band must start at 0, so every score has a grade", bands: null };
  // Highest band first: a band lower down may not give a better (smaller) grade than the one above it; marked on its row.
  const order = rows.map((_, i) => i).sort((a, b) => Number(rows[b]!.min) - Number(rows[a]!.min));
  for (let k = 1; k < order.length; k++) {
    const above = rows[order[k - 1]!]!;
    const here = rows[order[k]!]!;
    if (Number(here.grade) < Number(above.grade)) errors[order[k]!] = { grade: `Better than grade ${above.grade} for ${above.min} and above` };
  }
  if (Object.keys(errors).length > 0) return { rows: errors, table: "A lower score cannot earn a better grade", bands: null };
  // The server's own check, last: whatever it would refuse is said here first.
  const problem = gradeBandsProblem(bands);
  const table = problem ? problem.replace(/^bands:?\s*/, "").replace(/^./, (c) => c.toUpperCase()) : null;
  return { rows: errors, table, bands: table ? null : [...bands].sort((a, b) => b.min - a.min) };
}

/** Each band's range in words, highest first: "90–100", "80–89", …, "0–34" (for the editor's preview). */
export function bandRanges(bands: readonly GradeBand[]): { min: number; grade: number; range: string }[] {
  const sorted = [...bands].sort((a, b) => b.min - a.min);
  return sorted.map((b, i) => {
    const top = i === 0 ? 100 : sorted[i - 1]!.min - 1;
    return { ...b, range: top === b.min ? String(b.min) : `${b.min}–${top}` };
  });
}
