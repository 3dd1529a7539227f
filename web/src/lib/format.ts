const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** "12 Mar 2026, 14:00" in the browser's time zone; a dash when there is no date. (No date library: student pages stay small.) */
export function formatDateTime(value: string | Date | null | undefined, empty = "—"): string {
  if (!value) return empty;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "Invalid Date";
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "1.2 MB" for a file size in bytes. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Marks as people read them: at most two decimals ("1.5", "2"). */
export const formatMarks = (n: number) => String(Math.round(n * 100) / 100);

/** "1 mark", "2 marks", "1.5 marks". */
export const marksText = (n: number) => `${formatMarks(n)} ${n === 1 ? "mark" : "marks"}`;

/** A score or mark with at most two decimals; "—" for none. */
export const scoreText = (n: number | null | undefined) => (n === null || n === undefined ? "—" : formatMarks(n));

/**
 * "1st", "2nd", "3rd", "11th"; "—" for none. The domain's `ordinal` (rules/assessment.ts) says the same (format.test.ts
 * holds them equal); importing it would bring the whole assessment rules module to the student's result pages.
 */
export function ordinalText(n: number | null | undefined): string {
  if (n === null || n === undefined) return "—";
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}
