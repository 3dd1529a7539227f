/**
 * The versions of a paper sitting (issue 29, decision 051): which questions go on the answer sheet, in which order,
 * with their options in which order. Pure and seeded, so a sitting's versions are made once, stored, and the same
 * seed always gives the same versions (the tests rely on it).
 *
 * - Bubble rows (single and multiple choice, true/false) come first, numbered 1…, as section A of a BECE paper;
 *   written boxes (short answer, numerical, written) follow, for the teacher to mark from the photo.
 * - Version 1 keeps the quiz's order when there is one version; with several, every version is shuffled apart:
 *   questions within each kind, and the options of choice questions (true/false stays True, False).
 */
import type { QuestionType } from "./question-types";

export type SittingQuestion = { id: number; type: QuestionType; options: number };
export type SittingVersionRows = {
  version: number;
  questions: { questionId: number; options: number[]; kind: "bubbles" | "box" }[];
};

export const BUBBLE_TYPES: readonly QuestionType[] = ["single", "multiple", "true_false"];
export const sheetKind = (type: QuestionType): "bubbles" | "box" => (BUBBLE_TYPES.includes(type) ? "bubbles" : "box");

/** A small seeded generator (mulberry32): the same seed gives the same shuffle on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** `count` versions of the quiz's questions (in the quiz's order), shuffled apart with `seed` when count > 1. */
export function buildSittingVersions(questions: readonly SittingQuestion[], count: number, seed: number): SittingVersionRows[] {
  const random = seededRandom(seed);
  const bubbles = questions.filter((q) => sheetKind(q.type) === "bubbles");
  const boxes = questions.filter((q) => sheetKind(q.type) === "box");
  const versions: SittingVersionRows[] = [];
  for (let v = 1; v <= count; v++) {
    const shuffle = count > 1;
    const order = (list: readonly SittingQuestion[]) => (shuffle ? shuffled(list, random) : [...list]);
    const rows = [
      ...order(bubbles).map((q) => ({
        questionId: q.id,
        options: shuffle && q.type !== "true_false" ? shuffled(range(q.options), random) : range(q.options),
        kind: "bubbles" as const,
      })),
      ...order(boxes).map((q) => ({ questionId: q.id, options: [] as number[], kind: "box" as const })),
    ];
    versions.push({ version: v, questions: rows });
  }
  return versions;
}
