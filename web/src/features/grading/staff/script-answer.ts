import type { GradingAnswer, SubmissionItem, UngradedSubmission } from "@adesua/domain";
import type { QuestionType } from "@adesua/domain/rules";
import { formatMarks, marksText } from "@/lib/format";
import { checkMark, type MarkValue } from "./marks-input";

/** One answer of a script as the marking screen draws it. */
export type ScriptAnswer = {
  questionId: number;
  number: number;
  text: string;
  equations: { linear: string; mathml: string }[];
  type: QuestionType;
  /** What the question is worth. */
  marks: number;
  /** A teacher marks it (no key). */
  needsMarks: boolean;
  answered: boolean;
  /** Marks by the key, or the teacher's earlier marks; null while unmarked. */
  earned: number | null;
  /** The answer as a person reads it. */
  answerText: string;
  /** Written answers in parts; [] otherwise. */
  parts: { label: string; marks: number; answer: string; scheme: string }[];
  /** The key as a person reads it (auto-marked), else null. */
  key: string | null;
  /** The marking scheme of the whole question (written), else null. */
  scheme: string | null;
};

/** A grading answer of the contract as the screen reads it. */
export function scriptAnswer(a: GradingAnswer): ScriptAnswer {
  const answerText = a.answerText ?? a.answer ?? "";
  return {
    questionId: a.questionId,
    number: a.number,
    text: a.text,
    equations: a.equations ?? [],
    type: a.type ?? "single",
    marks: a.marks ?? 1,
    needsMarks: a.needsGrading,
    answered: a.answer !== null && a.answer.trim() !== "",
    earned: a.earned ?? (a.correct === null ? null : a.correct ? (a.marks ?? 1) : 0),
    answerText: a.unit && answerText && !answerText.endsWith(a.unit) ? `${answerText} ${a.unit}` : answerText,
    parts: a.parts ?? [],
    key: a.key ?? a.correctAnswer,
    scheme: a.scheme?.trim() || null,
  };
}

export const scriptAnswers = (s: UngradedSubmission): ScriptAnswer[] => s.answers.map(scriptAnswer);

/** The answers a teacher gives marks to: answered questions without a key. */
export const toMark = (answers: ScriptAnswer[]) => answers.filter((a) => a.needsMarks && a.answered);

export type Totals = { earned: number; available: number };

/** A script saved in this visit: the server's answer, the marks sent and the totals they give. */
export type SavedScript = { item: SubmissionItem; marks: Record<number, number>; totals: Totals };

/** A saved grade as the teacher reads it: "7.5 of 12 marks (62.50%)" (the server's score; a final score may differ). */
export function scoreLine(item: Pick<SubmissionItem, "score">, t: Totals): string {
  return `${formatMarks(t.earned)} of ${marksText(t.available)} (${item.score === null ? "no score" : `${item.score.toFixed(2)}%`})`;
}

/** Earned and available marks over a script with the teacher's marks (unmarked answers count 0 until marked). */
export function scriptTotals(answers: ScriptAnswer[], marks: Record<number, MarkValue>): Totals {
  let earned = 0;
  let available = 0;
  for (const a of answers) {
    available += a.marks;
    if (!a.needsMarks) earned += a.earned ?? 0;
    else if (a.answered) {
      const m = checkMark(marks[a.questionId] ?? "", a.marks);
      if ("marks" in m) earned += m.marks;
    }
  }
  return { earned: Math.round(earned * 100) / 100, available: Math.round(available * 100) / 100 };
}
