/** Naming the questions a student has not answered, for the Submit Quiz confirmation. */
import type { QuestionType } from "@adesua/domain/rules";

type Numbered = { id: number; index: number; type?: QuestionType; parts?: readonly { label: string; marks: number }[] };

/**
 * Whether a question has an answer, in its type's form: domain `isAnswered` (an empty list of choices "[]", or a
 * written answer whose parts are all empty, is no answer). Written here rather than imported: the domain's module of
 * question types would be one more file of 0.7 KB on the attempt screen's first load, over its budget; the test
 * (unanswered.test.ts) holds it to `isAnswered` case by case.
 */
export function hasAnswer(q: Pick<Numbered, "type" | "parts">, raw: string | null | undefined): boolean {
  const s = raw?.trim() ?? "";
  if (s === "") return false;
  if (q.type === "multiple") return s !== "[]";
  if (q.type === "written" && (q.parts?.length ?? 0) > 1 && s.startsWith("[")) {
    try {
      const v: unknown = JSON.parse(s);
      if (Array.isArray(v)) return v.slice(0, q.parts!.length).some((p) => typeof p === "string" && p.trim() !== "");
    } catch {
      /* plain text: an answer */
    }
  }
  return true;
}

/** 1-based numbers of the questions without an answer, in order. */
export function unansweredNumbers(questions: readonly Numbered[], answers: Readonly<Record<number, string | undefined>>): number[] {
  return questions
    .filter((q) => !hasAnswer(q, answers[q.id]))
    .map((q) => q.index + 1)
    .sort((a, b) => a - b);
}
