import { describe, expect, it, vi } from "vitest";
import type { PracticeResult } from "@adesua/domain";
import { ApiError } from "@/lib/api";
import { createPracticeEngine, type PracticeItem } from "./practice-engine";
import { practiceReview } from "../routes/practice-page";

const items: PracticeItem[] = [
  { id: 11, text: "Which organ pumps blood?", options: ["Liver", "Heart"] },
  { id: 12, text: "Closest planet to the Sun?", options: ["Mercury", "Mars"] },
  { id: 13, text: "Essay: describe the water cycle", options: ["—", "—"] },
];

const result: PracticeResult = {
  id: 5,
  year: 2020,
  subject: "Science",
  section: "A",
  score: 1,
  total: 3,
  percentage: 50,
  timeTakenSeconds: null,
  retryOf: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  results: [
    { questionId: 11, answer: "Heart", correctAnswer: "Heart", correct: true },
    { questionId: 12, answer: "Mars", correctAnswer: "Mercury", correct: false },
    { questionId: 13, answer: null, correctAnswer: null, correct: false },
  ],
  wrongQuestionIds: [12],
};

describe("practice on the server", () => {
  it("sends the answers of exactly the questions shown and shows every correct answer", async () => {
    const grade = vi.fn(async (_a: { questionId: number; answer: string }[], _ids: number[], its: PracticeItem[]) => practiceReview(result, its));
    const engine = createPracticeEngine({
      title: "Science 2020",
      subtitle: "",
      questions: async () => items,
      grade,
      timeLimit: 10,
      questionsPerPage: 5,
      now: () => 1000,
    });
    const s = await engine.load();
    expect(s.deadline).toBe(1000 + 600_000);
    expect(s.questions.map((q) => q.id)).toEqual([11, 12, 13]);
    engine.answer(11, "Heart");
    engine.answer(12, "Mars");
    const done = await engine.submit();
    expect(grade.mock.calls[0][0]).toEqual([
      { questionId: 11, answer: "Heart" },
      { questionId: 12, answer: "Mars" },
    ]);
    expect(grade.mock.calls[0][1]).toEqual([11, 12, 13]);
    expect(done.result).toMatchObject({ score: 50, correct: 1, total: 3, passed: true });
    expect(done.result!.review!.map((r) => [r.text, r.correct, r.correctAnswer])).toEqual([
      ["Which organ pumps blood?", true, "Heart"],
      ["Closest planet to the Sun?", false, "Mercury"],
      // No key in the bank: neither right nor wrong.
      ["Essay: describe the water cycle", null, null],
    ]);
  });

  it("says so when there is nothing to practise, and passes the server's refusal on", async () => {
    const empty = createPracticeEngine({ title: "", subtitle: "", questions: async () => [], grade: vi.fn(), timeLimit: null, questionsPerPage: 5 });
    await expect(empty.load()).rejects.toThrow("There are no questions to practise here.");

    const refused = createPracticeEngine({
      title: "",
      subtitle: "",
      questions: async () => items,
      grade: async () => {
        throw new ApiError(404, "Some of these questions are not in the question bank", "Some of these questions are not in the question bank");
      },
      timeLimit: null,
      questionsPerPage: 5,
    });
    expect((await refused.load()).deadline).toBeNull();
    await expect(refused.submit()).rejects.toMatchObject({ kind: "refused", message: "Some of these questions are not in the question bank" });
  });

  it("carries a question's pictures to the attempt screen", async () => {
    const engine = createPracticeEngine({
      title: "Science 2020",
      subtitle: "",
      questions: async () => [{ ...items[0]!, images: ["/questions/11/images/1", "/questions/11/images/2"] }, items[1]!],
      grade: async () => ({ score: null, correct: 0, total: 0, review: [] }),
      timeLimit: null,
      questionsPerPage: 5,
    });
    const session = await engine.load();
    expect(session.questions[0]!.images).toEqual(["/questions/11/images/1", "/questions/11/images/2"]);
    expect(session.questions[1]!.images).toBeUndefined();
  });
});
