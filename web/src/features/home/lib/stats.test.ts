import { describe, expect, it } from "vitest";
import { availableQuizzes, homeStats, submittedIds } from "./stats";

const now = new Date("2026-03-12T10:00:00Z");
const quiz = (id: number, openTime: string | null, closeTime: string | null, hasSubmission = false) => ({ id, openTime, closeTime, hasSubmission });

describe("student home figures", () => {
  it("shows the server's summary, and zeros with no average when it could not be loaded", () => {
    expect(homeStats({ totalQuizzes: 7, completed: 3, pending: 4, averageScore: 71.83 })).toEqual({ total: 7, completed: 3, pending: 4, averageScore: 71.83 });
    expect(homeStats(undefined)).toEqual({ total: 0, completed: 0, pending: 0, averageScore: null });
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

  it("marks a quiz Submitted when the server says the student has a submission of it", () => {
    const ids = submittedIds([quiz(1, null, null, true), quiz(2, null, null), quiz(3, null, null, true)]);
    expect([...ids].sort()).toEqual([1, 3]);
  });
});
