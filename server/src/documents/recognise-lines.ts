import type { Equation, ImagePart } from "./types.ts";

/*
 * What every step of recognising a question paper shares (recognise-questions.ts and its helpers): the patterns of the
 * lines that structure a paper (question numbers, section headings, answer lines), the question being built (`Draft`)
 * and `clean` for whitespace.
 */

/** "1.", "1)", "(1)", "Q1.", "Question 1": the start of a question; the rest of the line is group 4. */
export const QUESTION_START =
  /^\s*(?:(?:question|q)\s*\.?\s*(\d{1,3})\s*[.):-]?(?:\s+|$)|\(\s*(\d{1,3})\s*\)(?:\s*|$)|(\d{1,3})\s*[.)](?:\s+|$|(?=[A-Za-z(])))(.*)$/i;
/** "SECTION A", "Section B: Objectives", "PART II" — capitalised, so a line "part of the leaf…" stays text. */
export const SECTION = /^\s*(?:SECTION|Section|PART|Part)\s+(?:[A-Z]|\d{1,2}|[IVX]{1,4})(?![A-Za-z0-9])(?:\s*[:.\-–—]?.*)?$/;
/** "Answer: B", "Ans: B", "Correct answer: (b)". */
export const ANSWER_LINE = /^\s*(?:correct\s+(?:answer|option)|answer|ans)\s*[:.\-–]?\s*\(?([A-Ea-e])\)?(?=[.)\s]|$)/i;

export interface OptionDraft {
  letter: string;
  text: string;
  bold: boolean;
  star: boolean;
}
export interface Draft {
  number: number | null;
  text: string[];
  options: OptionDraft[];
  answerLetter?: string;
  /** Several letters given ("Answer: A, C"): a multiple-answer key. */
  answerLetters?: string[];
  /** The entry of the key or marking scheme printed at the end of the paper, as text. */
  keyText?: string;
  passage?: string;
  images: ImagePart[];
  equations: Equation[];
  notes: string[];
  /** In a Section B or after "Answer … questions": a question without options here is a written answer. */
  writtenContext: boolean;
}

export const clean = (s: string) =>
  s
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();
