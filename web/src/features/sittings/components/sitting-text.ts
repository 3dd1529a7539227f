import type { Sitting } from "@adesua/domain";
import { STUDENT_TYPE_LABELS } from "@adesua/domain/constants";

/** "JHS 2" for a level key (jhs2), or the text as it came. */
export const levelLabel = (level: string) => (STUDENT_TYPE_LABELS as Record<string, string>)[level] ?? level;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "30 questions · 2 versions · 34 students + 5 blank" */
export function sittingFacts(s: Pick<Sitting, "bubbleQuestions" | "boxQuestions" | "versions" | "students" | "blankSheets">): string {
  const q = s.bubbleQuestions + s.boxQuestions;
  return [plural(q, "question"), plural(s.versions, "version"), `${plural(s.students, "student")}${s.blankSheets ? ` + ${s.blankSheets} blank` : ""}`].join(
    " · ",
  );
}

/** "12 recorded · 3 need you · 1 refused" (or "No sheets scanned yet"). */
export function scanFacts(s: Pick<Sitting, "scans">): string {
  const c = s.scans;
  if (c.total === 0) return "No sheets scanned yet";
  return [
    `${c.recorded} recorded`,
    c.review ? `${c.review} need you` : null,
    c.reading ? `${c.reading} reading` : null,
    c.refused ? `${c.refused} refused` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}
