/**
 * The score sheet's keyboard entry, as pure rules (tested in marks-entry.test.tsx): what a keystroke may change a
 * mark's text into (lib/mark-typing.ts, with this screen's words), where Enter and the arrows go (the same), and the
 * marks a saved batch holds.
 */
import { acceptTypedMark, type Typed } from "@/lib/mark-typing";

export { markOf, markText, moveFrom, type Cell, type Typed } from "@/lib/mark-typing";

/** A keystroke's cell text, refused as "Numbers only (up to two decimals)" or "At most …" (out-of-range refused on the spot). */
export const acceptTyped = (next: string, outOf: number): Typed =>
  acceptTypedMark(next, outOf, { notANumber: "Numbers only (up to two decimals)", above: (n) => `At most ${n}` });

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
