/** How report figures are written on the screens and the on-screen card (scores and positions: lib/format.ts). */
export { ordinalText, scoreText } from "@/lib/format";

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
