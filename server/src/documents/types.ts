/** A picture found in a question (a diagram in a science or maths paper), to be stored through the storage module. */
export interface ImagePart {
  /** The picture's bytes as they were in the document. */
  bytes: Uint8Array;
  /** e.g. "image/png". */
  contentType: string;
  /** The picture's file name inside the document (e.g. "image1.png"). */
  name: string;
}

/** One question as read from a teacher's file, before review. */
export interface ParsedQuestion {
  text: string;
  options: string[];
  /** The text of the correct option when the file marks one, else "". */
  answer: string;
  /** A passage (comprehension text, a table description) that this and the following questions refer to. */
  passage?: string;
  images?: ImagePart[];
  /** Set only when the question is not single-answer multiple choice (issue 27); absent means "single". */
  type?: "multiple" | "true_false" | "short" | "written";
  /** Marks stated in the paper ("[10 marks]"), or the sum of its parts' marks. */
  marks?: number;
  /** multiple: the right options' texts. */
  answers?: string[];
  /** short: accepted answers from the paper's answer key. */
  accepted?: { text: string; fraction: number }[];
  /** written: sub-parts "(a) … [2 marks]". */
  parts?: { label: string; marks: number; scheme: string }[];
  /** written: the marking scheme from the end of the paper. */
  scheme?: string;
  /** Word equations (OMML) met in the stem or an option, in reading order; their `linear` form is in the text. */
  equations?: Equation[];
}

/** A Word equation: readable linear text ("2^3", "(x+1)/(2)") and MathML Core for the browser. */
export interface Equation {
  linear: string;
  mathml: string;
}

/** Something the reader was unsure of; `question` is the 1-based position in `questions` when it concerns one. */
export interface ParseWarning {
  question?: number;
  message: string;
}

export interface QuestionParseResult {
  questions: ParsedQuestion[];
  warnings: ParseWarning[];
  /** The paper's title and subtitle lines before question 1, joined by "\n"; null when there are none (question papers only). */
  heading?: string | null;
  /** The paper's instructions ("Answer all questions…"), joined by "\n"; null when there are none. */
  instructions?: string | null;
}

export interface AnswerParseResult {
  /** Letters A–E in question order; "" where the key gives no answer for that number. */
  answers: string[];
  warnings: ParseWarning[];
}

/** One line of text read from a document; `bold[i]` says whether character i was bold (Word only). */
export interface TextLine {
  text: string;
  bold?: boolean[];
  images?: ImagePart[];
  /** Word equations in this line; each one's `linear` form is written into `text` where the equation stood. */
  equations?: Equation[];
  /** The page (from 1) the line was read from: PDFs and scans only. */
  page?: number;
}

/** A multiple-choice question as the bank imports and exports it (CSV, GIFT, Aiken, Moodle XML). */
export interface ExchangeQuestion {
  text: string;
  options: string[];
  /** The text of the correct option. */
  answer: string;
  explanation?: string;
  /**
   * CSV only, when the file has any of the columns year, subject, section, topic (the bank export's file):
   * their raw text and the row, for the Import/Export screen's question import (issue 14).
   */
  bank?: { row: number; year: string; subject: string; section: string; topic: string };
}

export interface RowError {
  /** The row as a spreadsheet user counts it: the header is row 1. */
  row: number;
  message: string;
}
