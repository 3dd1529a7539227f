import type { DraftTypeFields } from "@/components/forms/question-editor/question-body";

/** A question being reviewed before it is saved: what the parse call answers, edited by the teacher (every type: DraftTypeFields). */
export type DraftQuestion = { text: string; options: string[]; answer: string; warnings?: string[]; imageIds?: number[] } & DraftTypeFields;

const LETTERS = "ABCDE";

/**
 * What the teacher typed (or the key gave) in the answer box, as the text of the option it names:
 * a letter A–E (with or without "(b)", "B." around it) picks that option; anything else must be one of
 * the options' texts (case and spaces aside). "" when it names no option.
 */
export function resolveAnswer(input: string, options: string[]): string {
  const raw = input.trim();
  if (!raw) return "";
  const letter = /^\(?([A-Ea-e])[).]?$/.exec(raw);
  if (letter) {
    const i = LETTERS.indexOf(letter[1].toUpperCase());
    return options[i]?.trim() ? options[i] : "";
  }
  const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();
  return options.find((o) => o.trim() && norm(o) === norm(raw)) ?? "";
}

/** The letter of the option an answer text names ("" when none). */
export function answerLetter(answer: string, options: string[]): string {
  const i = answer ? options.indexOf(answer) : -1;
  return i >= 0 ? LETTERS[i] : "";
}

export type KeyMatch = { ok: true; questions: DraftQuestion[]; message: string } | { ok: false; message: string };

/**
 * Puts an answer key's letters onto the parsed questions, in order: only when the counts are equal
 * (the spec: otherwise the mismatch warning, and nothing is changed).
 */
export function matchAnswerKey(questions: DraftQuestion[], letters: string[]): KeyMatch {
  if (letters.length !== questions.length)
    return {
      ok: false,
      message: `Found ${letters.length} answers but have ${questions.length} questions. Please check that the answer file matches the question file.`,
    };
  return {
    ok: true,
    questions: questions.map((q, i) => ({ ...q, answer: resolveAnswer(letters[i], q.options) || q.answer })),
    message: `Successfully parsed ${letters.length} answers from the file.`,
  };
}

/** "answered N of M": questions whose answer names one of their options. */
export function answeredCount(questions: DraftQuestion[]): number {
  return questions.filter((q) => q.answer && q.options.includes(q.answer)).length;
}

/** The warnings that name a question ("Question 3: …") go onto that question; the rest stay general. */
export function spreadWarnings(count: number, warnings: string[]): { perQuestion: string[][]; general: string[] } {
  const perQuestion: string[][] = Array.from({ length: count }, () => []);
  const general: string[] = [];
  for (const w of warnings) {
    const m = /question\s+(\d+)/i.exec(w);
    const n = m ? Number(m[1]) : 0;
    if (n >= 1 && n <= count) perQuestion[n - 1].push(w);
    else general.push(w);
  }
  return { perQuestion, general };
}
