import {
  encodeChoices,
  isAutoMarked,
  keyInAnswerForm,
  marksOf,
  rowVerdict,
  SHEET_LETTERS,
  type QuestionDetails,
  type QuestionType,
  type ScanRowState,
  type SittingVersion,
} from "@adesua/domain";
import type { SheetReading } from "../../documents/sittings/reading";
import { sheetLayout, toSheetPx } from "../../documents/sittings/layout";

/**
 * A scanned sheet's rows (issue 29, decision 051): built from what the reader saw and the version as printed, and
 * turned back into answers in the quiz's own encoding (the option TEXT, as an online attempt saves it) when recorded.
 */

/** What a sheet's rows need of each question. */
export type SheetQuestion = { id: number; type: QuestionType; options: string[]; marks: number; answer: string | null; details: QuestionDetails | null };

/** The letters of a bubble row: one per printed option (A–B for true/false). */
export const lettersOf = (optionCount: number): string[] => SHEET_LETTERS.slice(0, Math.min(optionCount, SHEET_LETTERS.length));

type ReadOk = Extract<SheetReading, { ok: true }>;

/** Every row of a version as read; null when the reading does not match the version (rows of another sheet). */
export function rowsFromReading(version: SittingVersion, byId: ReadonlyMap<number, SheetQuestion>, reading: ReadOk): ScanRowState[] | null {
  const bubbles = version.questions.filter((q) => q.kind === "bubbles");
  const boxes = version.questions.filter((q) => q.kind === "box");
  if (reading.code.bubbles !== bubbles.length || reading.code.boxes !== boxes.length) return null;
  const layout = sheetLayout(bubbles.length, boxes.length);
  if (!layout) return null;
  const rows: ScanRowState[] = [];
  for (const [i, vq] of bubbles.entries()) {
    const q = byId.get(vq.questionId);
    if (!q) return null;
    const n = i + 1;
    const read = reading.rows.find((r) => r.n === n) ?? { n, fill: [], marked: [], unsure: true };
    const letters = lettersOf(vq.options.length);
    const verdict = rowVerdict({ marked: read.marked, unsure: read.unsure }, q.type, letters);
    rows.push({
      n,
      questionId: q.id,
      kind: "bubbles",
      multiple: q.type === "multiple",
      letters,
      fill: read.fill.map((f) => Math.round(f * 1000) / 1000),
      read: verdict.answer ?? [],
      flag: verdict.flag,
      settled: null,
      mark: null,
      maxMarks: marksOf(q),
      crop: toSheetPx(layout.bubbleRows[i].crop),
    });
  }
  for (const [j, vq] of boxes.entries()) {
    const q = byId.get(vq.questionId);
    if (!q) return null;
    const n = bubbles.length + j + 1;
    const ink = reading.boxes.find((b) => b.n === n)?.ink ?? 0;
    rows.push({
      n,
      questionId: q.id,
      kind: "box",
      multiple: false,
      letters: [],
      fill: [Math.round(ink * 1000) / 1000],
      read: [],
      flag: null,
      settled: null,
      mark: null,
      maxMarks: marksOf(q),
      crop: toSheetPx(layout.boxRows[j].crop),
    });
  }
  return rows;
}

/** A stored row as shown: rows stored before `multiple` existed read as single-answer rows. */
export const presentRow = (r: ScanRowState): ScanRowState => ({ ...r, multiple: (r as Partial<ScanRowState>).multiple ?? false });

/** A row still waiting for the teacher: a flag not settled, or a box not marked. */
export const isUnsettled = (r: ScanRowState): boolean => (r.kind === "box" ? r.mark === null : r.flag !== null && r.settled === null);
export const unsettledCount = (rows: readonly ScanRowState[]): number => rows.filter(isUnsettled).length;

/** The letters a bubble row stands for: the teacher's settlement when there is one, else what was read. */
const chosenLetters = (r: ScanRowState): string[] => r.settled ?? r.read;

/**
 * The answers of a settled sheet as the quiz saves them: a chosen option's text (single, true/false), a JSON list of
 * texts in the question's order (multiple). No letter chosen: no answer. Box rows give answers only for questions
 * whose key can mark them (see `boxAnswer`); the others are marked by the teacher (`teacherMarksOf`).
 */
export function answersOf(
  version: SittingVersion,
  rows: readonly ScanRowState[],
  byId: ReadonlyMap<number, SheetQuestion>,
): { questionId: number; answer: string }[] {
  const out: { questionId: number; answer: string }[] = [];
  for (const r of rows) {
    const q = byId.get(r.questionId);
    const vq = version.questions.find((v) => v.questionId === r.questionId);
    if (!q || !vq) continue;
    if (r.kind === "box") {
      const a = boxAnswer(q, r.mark ?? 0);
      if (a !== null) out.push({ questionId: q.id, answer: a });
      continue;
    }
    const texts = chosenLetters(r)
      .map((l) => vq.options[SHEET_LETTERS.indexOf(l as (typeof SHEET_LETTERS)[number])])
      .filter((i): i is number => i !== undefined && i >= 0 && i < q.options.length)
      .map((i) => q.options[i]);
    if (!texts.length) continue;
    const answer = q.type === "multiple" ? encodeChoices(q.options.filter((o) => texts.includes(o))) : texts[0];
    out.push({ questionId: q.id, answer });
  }
  return out;
}

/** Placeholder answer of a written box a teacher marks from the photo (the student's words are on paper). */
export const ON_PAPER_ANSWER = "(written on the answer sheet)";

/**
 * A box row's answer. A question without a key (written, or short/numerical with none) gets the placeholder, and the
 * teacher's mark grades it as a teacher's marking does. A keyed short/numerical question is marked by its key, so the
 * mark is carried by an answer the key grades to that mark: the key itself for full marks, an accepted answer of that
 * share for part marks (short), nothing for 0. Null: no answer (0).
 */
export function boxAnswer(q: SheetQuestion, mark: number): string | null {
  if (!isAutoMarked(q)) return ON_PAPER_ANSWER;
  const max = marksOf(q);
  if (mark <= 0) return null;
  if (mark >= max - 1e-9) return keyInAnswerForm(q);
  const share = Math.round((mark / max) * 100);
  const accepted = (q.details?.accepted ?? []).find((a) => Math.abs(a.fraction - share) < 0.5 && !a.text.includes("*"));
  return accepted?.text ?? null;
}

/** The marks a keyed box question can be given: 0, full, and for short answers the shares its accepted answers earn. */
export function boxMarkAllowed(q: SheetQuestion, mark: number): boolean {
  if (!isAutoMarked(q)) return true;
  const max = marksOf(q);
  if (mark <= 0 || mark >= max - 1e-9) return true;
  return boxAnswer(q, mark) !== null;
}

/** The teacher's marks of box questions without a key, as a teacher's marking stores them. */
export function teacherMarksOf(rows: readonly ScanRowState[], byId: ReadonlyMap<number, SheetQuestion>): { questionId: number; marks: number }[] {
  return rows
    .filter((r) => r.kind === "box" && r.mark !== null)
    .filter((r) => {
      const q = byId.get(r.questionId);
      return q !== undefined && !isAutoMarked(q);
    })
    .map((r) => ({ questionId: r.questionId, marks: r.mark as number }));
}
