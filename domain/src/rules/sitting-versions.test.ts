import { describe, expect, it } from "vitest";
import { buildSittingVersions, type SittingQuestion } from "./sitting-versions";

const quiz: SittingQuestion[] = [
  { id: 1, type: "single", options: 4 },
  { id: 2, type: "short", options: 0 },
  { id: 3, type: "true_false", options: 2 },
  { id: 4, type: "multiple", options: 5 },
  ...Array.from({ length: 12 }, (_, i) => ({ id: 10 + i, type: "single" as const, options: 4 })),
];

describe("paper sitting versions", () => {
  it("keeps the quiz's order with one version, bubble questions first and boxes after", () => {
    const [v] = buildSittingVersions(quiz, 1, 7);
    expect(v.questions.map((q) => q.questionId)).toEqual([1, 3, 4, ...Array.from({ length: 12 }, (_, i) => 10 + i), 2]);
    expect(v.questions[0].options).toEqual([0, 1, 2, 3]);
    expect(v.questions.at(-1)).toEqual({ questionId: 2, options: [], kind: "box" });
  });

  it("shuffles four versions apart: every question once in each, options a permutation, true/false left as it is", () => {
    const versions = buildSittingVersions(quiz, 4, 7);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
    for (const v of versions) {
      expect([...v.questions.map((q) => q.questionId)].sort((a, b) => a - b)).toEqual(quiz.map((q) => q.id).sort((a, b) => a - b));
      expect(v.questions.at(-1)!.kind).toBe("box");
      for (const q of v.questions) {
        const n = quiz.find((x) => x.id === q.questionId)!.options;
        expect([...q.options].sort()).toEqual(Array.from({ length: n }, (_, i) => i));
      }
      expect(v.questions.find((q) => q.questionId === 3)!.options).toEqual([0, 1]);
    }
    const orders = new Set(versions.map((v) => v.questions.map((q) => q.questionId).join(",")));
    expect(orders.size).toBe(4);
  });

  it("gives the same versions for the same seed", () => {
    expect(buildSittingVersions(quiz, 3, 42)).toEqual(buildSittingVersions(quiz, 3, 42));
    expect(buildSittingVersions(quiz, 3, 42)).not.toEqual(buildSittingVersions(quiz, 3, 43));
  });
});
