import type { Crop, Scan, ScanFlag, ScanRowState, ScanSettleInput, ScanStatus } from "@adesua/domain";

/** Why a row waits for the teacher, in words. */
export const FLAG_TEXT: Record<ScanFlag, string> = {
  two: "Two answers marked",
  empty: "Nothing marked",
  unsure: "The reader is unsure",
  "not-an-option": "E is not an option here",
};

/** The flag in words; "not an option" names the letters the question has. */
export function flagText(row: Pick<ScanRowState, "flag" | "letters" | "fill">): string {
  if (!row.flag) return "";
  if (row.flag !== "not-an-option") return FLAG_TEXT[row.flag];
  const last = row.letters[row.letters.length - 1] ?? "A";
  const marked = "ABCDE"
    .split("")
    .filter((l, i) => !row.letters.includes(l) && (row.fill[i] ?? 0) >= 0.5)
    .at(0);
  return marked ? `${marked} is not an option here (A–${last} only)` : `A mark outside the options (A–${last} only)`;
}

/**
 * What the teacher chose on this screen, not yet sent: a bubble row's letters ([] = no answer), a box row's mark. A
 * multiple-answer row's letters are tapped one by one into `draft`, and become its answer when confirmed.
 */
export type Choice = { answer?: string[]; mark?: number | null; draft?: string[] };
export type Choices = Record<number, Choice>;

/** The rows that need the teacher: flagged bubble rows and every written box. */
export const rowsToSettle = (scan: Pick<Scan, "rows">) => scan.rows.filter((r) => (r.kind === "bubbles" ? r.flag !== null : true));

/** The answer a row has now: the teacher's choice on this screen, else what was settled before. */
export function currentAnswer(row: ScanRowState, choices: Choices): string[] | null {
  const c = choices[row.n];
  if (c?.answer !== undefined) return c.answer;
  return row.settled;
}
export function currentMark(row: ScanRowState, choices: Choices): number | null {
  const c = choices[row.n];
  if (c && "mark" in c) return c.mark ?? null;
  return row.mark;
}

/** A multiple-answer row's letters tapped but not confirmed yet (the row waits until they are). */
export const isDrafting = (row: ScanRowState, choices: Choices): boolean => choices[row.n]?.draft !== undefined;

/** The letters lit on a row: a multiple-answer row's draft while the teacher taps, else its answer. */
export function shownLetters(row: ScanRowState, choices: Choices): string[] | null {
  return choices[row.n]?.draft ?? currentAnswer(row, choices);
}

/**
 * A letter tapped on a row. One-answer rows: that letter is the answer. Multiple-answer rows: the letter is toggled
 * in the draft (started from the row's answer), in A–E order; Confirm makes the draft the answer (`confirmDraft`).
 */
export function tapLetter(row: ScanRowState, choices: Choices, letter: string): Choice {
  if (!row.multiple) return { answer: [letter], draft: undefined };
  const from = shownLetters(row, choices) ?? [];
  const draft = from.includes(letter) ? from.filter((l) => l !== letter) : [...from, letter].sort();
  return { draft };
}

/** Confirm of a multiple-answer row: its draft becomes its answer (no letter: no answer). Null when nothing waits. */
export function confirmDraft(row: ScanRowState, choices: Choices): Choice | null {
  const draft = choices[row.n]?.draft;
  return draft === undefined ? null : { answer: [...draft], draft: undefined };
}

export function isRowSettled(row: ScanRowState, choices: Choices): boolean {
  if (row.kind === "box") {
    const m = currentMark(row, choices);
    return m !== null && m >= 0 && m <= row.maxMarks;
  }
  if (isDrafting(row, choices)) return false;
  return row.flag === null || currentAnswer(row, choices) !== null;
}

export type SettleState = {
  /** Rows shown to the teacher, and how many of them still wait. */
  rows: ScanRowState[];
  waiting: number;
  /** A blank sheet without a student yet. */
  needsStudent: boolean;
  /** Everything settled: Record may go. */
  ready: boolean;
};

export function settleState(scan: Pick<Scan, "rows" | "student" | "status">, choices: Choices, studentId: number | null): SettleState {
  const rows = rowsToSettle(scan);
  const waiting = rows.filter((r) => !isRowSettled(r, choices)).length;
  const needsStudent = !scan.student && studentId === null;
  return { rows, waiting, needsStudent, ready: scan.status === "review" && waiting === 0 && !needsStudent };
}

/** The PUT body: only what changed on this screen (and the chosen student). Null when nothing is to send. */
export function settleInput(scan: Pick<Scan, "rows" | "student">, choices: Choices, studentId: number | null): ScanSettleInput | null {
  const rows: NonNullable<ScanSettleInput["rows"]> = [];
  for (const r of scan.rows) {
    const c = choices[r.n];
    if (!c) continue;
    if (r.kind === "bubbles" && c.answer !== undefined) rows.push({ n: r.n, answer: c.answer as ("A" | "B" | "C" | "D" | "E")[] });
    if (r.kind === "box" && c.mark !== undefined && c.mark !== null) rows.push({ n: r.n, mark: c.mark });
  }
  const student = studentId !== null && studentId !== scan.student?.id ? { studentId } : {};
  if (rows.length === 0 && !("studentId" in student)) return null;
  return { ...student, rows };
}

/** A–E pressed on a focused row: the letter when the row has it (case-insensitive), "none" for N or 0, else null. */
export function keyChoice(key: string, letters: readonly string[]): string | "none" | null {
  const k = key.toUpperCase();
  if (k === "N" || k === "0") return "none";
  return k.length === 1 && letters.includes(k) ? k : null;
}

/**
 * A row's crop shown with CSS only: a box of the crop's shape, holding the whole sheet image scaled so the crop fills
 * the box's width and offset so the crop sits in it. Percentages, so it fits any width without measuring.
 */
export function cropStyles(crop: Crop, sheet: { width: number; height: number }) {
  return {
    box: { position: "relative" as const, overflow: "hidden" as const, width: "100%", aspectRatio: `${crop.w} / ${crop.h}` },
    image: {
      position: "absolute" as const,
      maxWidth: "none",
      width: `${(sheet.width / crop.w) * 100}%`,
      height: `${(sheet.height / crop.h) * 100}%`,
      left: `${(-crop.x / crop.w) * 100}%`,
      top: `${(-crop.y / crop.h) * 100}%`,
    },
  };
}

/** A sheet's state as its badge says it. */
export function scanBadge(scan: Pick<Scan, "status" | "unsettled" | "score" | "error">): { label: string; color: string } {
  const s: ScanStatus = scan.status;
  if (s === "queued" || s === "reading") return { label: "Reading…", color: "blue" };
  if (s === "review")
    return scan.unsettled > 0
      ? { label: `Needs you (${scan.unsettled} ${scan.unsettled === 1 ? "row" : "rows"})`, color: "orange" }
      : { label: "Ready to record", color: "teal" };
  if (s === "recorded") return { label: scan.score === null ? "Recorded" : `Recorded ${Math.round(scan.score)} %`, color: "green" };
  return { label: `Refused: ${scan.error ?? "not readable"}`, color: "red" };
}
