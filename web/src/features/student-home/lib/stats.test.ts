import { describe, expect, it } from "vitest";
import { availableQuizzes, homeStats, submittedIds } from "./stats";

const now = new Date("2026-03-12T10:00:00Z");
const quiz = (id: number, openTime: string | null, closeTime: string | null, hasSubmission = false) => ({ id, openTime, closeTime, hasSubmission });

describe("student home figures", () => {
  it("counts completed as distinct quizzes with a record, pending as the rest, and averages every record's score", () => {
    const records = [
      { quizId: 1, score: 80 },
      { quizId: 1, score: 90 },
      { quizId: 2, score: 45.5 },
      { quizId: 3, score: null },
    ];
    expect(homeStats(7, records)).toEqual({ total: 7, completed: 3, pending: 4, averageScore: 71.83 });
  });

  it("has no average without scores and never a negative pending count", () => {
    expect(homeStats(0, [])).toEqual({ total: 0, completed: 0, pending: 0, averageScore: null });
    expect(
      homeStats(1, [
        { quizId: 5, score: 10 },
        { quizId: 6, score: 20 },
      ]).pending,
    ).toBe(0);
  });

  it("lists the first five quizzes whose window contains now; a missing bound means open", () => {
    const list = [
      quiz(1, null, null),
      quiz(2, "2026-03-13T00:00:00Z", null), // opens tomorrow
      quiz(3, null, "2026-03-11T00:00:00Z"), // closed yesterday
      quiz(4, "2026-03-01T00:00:00Z", "2026-03-20T00:00:00Z"),
      quiz(5, null, null),
      quiz(6, null, null),
      quiz(7, null, null),
      quiz(8, null, null),
    ];
    expect(availableQuizzes(list, now).map((q) => q.id)).toEqual([1, 4, 5, 6, 7]);
  });

  it("marks a quiz Submitted when the server says so or a record exists", () => {
    const ids = submittedIds([quiz(1, null, null, true), quiz(2, null, null)], [{ quizId: 3 }]);
    expect([...ids].sort()).toEqual([1, 3]);
  });
});
