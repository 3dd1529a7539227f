/**
 * What a bubble row of a scanned answer sheet says (issue 29, decision 051), from what the reader saw: the letters it
 * is sure were marked, and whether any bubble left it unsure. Never a guess: anything but one clear answer (or, for a
 * question with several right options, one clear set) is flagged for the teacher.
 *
 * - `unsure`: some bubble is neither clean nor firmly marked (a light smudge, a half-erased mark): flagged "unsure";
 * - no firm mark: flagged "empty" (the teacher settles "no answer" with one tap);
 * - two or more firm marks on a one-answer question (single choice, true/false): flagged "two";
 * - a firm mark on a letter the question does not have (E on a four-option question): flagged "not-an-option".
 * An erased mark beside a firm one is not a firm mark: the reader reports only the firm one, and the row is clear.
 */
import type { QuestionType } from "./question-types";

export type RowFlag = "two" | "empty" | "unsure" | "not-an-option";
export type RowVerdict = { answer: string[]; flag: null } | { answer: null; flag: RowFlag };

export function rowVerdict(read: { marked: readonly string[]; unsure: boolean }, type: QuestionType, letters: readonly string[]): RowVerdict {
  if (read.unsure) return { answer: null, flag: "unsure" };
  if (read.marked.length === 0) return { answer: null, flag: "empty" };
  if (read.marked.some((l) => !letters.includes(l))) return { answer: null, flag: "not-an-option" };
  if (type !== "multiple" && read.marked.length > 1) return { answer: null, flag: "two" };
  return { answer: [...read.marked].sort(), flag: null };
}
