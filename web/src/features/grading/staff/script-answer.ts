import type { GradingAnswer, UngradedSubmission } from "@adesua/domain";
import type { QuestionType } from "@adesua/domain/rules";

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
