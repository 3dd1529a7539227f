import { BUBBLE_LETTERS } from "../layout.ts";
import type { RowMarks, RowQuestion, RowTruth } from "./types.ts";

/**
 * The ground truth of a row (test set, issue 29): what a careful person reads from the marks, given the question.
 * - no mark: must be flagged (the teacher settles "no answer");
 * - two or more firm marks on a one-answer question (single choice, true/false): must be flagged;
 * - a mark on a letter the question does not have: must be flagged;
 * - erased-then-changed: the firm letter (the smudge is not an answer);
 * - otherwise the marked letters (a light pencil mark counts: a person accepts it).
 */
export const FOUR_OPTIONS: RowQuestion = { type: "single", options: 4 };

export function questionLetters(q: RowQuestion): string[] {
  return BUBBLE_LETTERS.slice(0, q.type === "true_false" ? 2 : q.options);
}

export function rowTruth(n: number, marks: RowMarks | undefined, question: RowQuestion = FOUR_OPTIONS): RowTruth {
  const letters = [...new Set(marks?.letters ?? [])].sort();
  if (!marks || letters.length === 0) return { n, expect: "flag", style: "empty", question, marked: [] };
  const has = questionLetters(question);
  const flag = (question.type !== "multiple" && letters.length > 1) || letters.some((l) => !has.includes(l));
  const erased = marks.style === "erased" && marks.erased && !letters.includes(marks.erased) ? marks.erased : undefined;
  return { n, expect: flag ? "flag" : letters, style: marks.style, question, marked: letters, ...(erased ? { erased } : {}) };
}
