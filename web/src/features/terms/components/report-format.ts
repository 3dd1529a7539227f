/**
 * How report figures are written on the screens and the on-screen card. (The domain's `ordinal` lives in the zod-bearing
 * root; this file is shared with pages that must not load it, so it keeps a two-line copy that the tests hold equal.)
 */
export function ordinalText(n: number | null | undefined): string {
  if (n === null || n === undefined) return "—";
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/** A score with at most two decimals as the server sent it; a dash when there is none. */
export const scoreText = (n: number | null | undefined) => (n === null || n === undefined ? "—" : String(Math.round(n * 100) / 100));

/** "12 Jan 2027" from "2027-01-12". */
export function dayText(date: string | null | undefined): string {
  if (!date) return "—";
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** "Term 2" style label of a term's number. */
export const termNumberText = (n: number) => `Term ${n}`;

/** Whether a class's level ("jhs2" or "JHS 2") is the level `level` ("jhs2"). */
export const sameLevel = (classLevel: string, level: string) => classLevel.replace(/\s+/g, "").toLowerCase() === level.toLowerCase();
