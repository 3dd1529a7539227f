import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { UngradedSubmission } from "@adesua/domain";
import { ApiError } from "@/lib/api";
import { renderWithProviders } from "@/test/render";
import { GradeCard, scoreFromMarks } from "./grade-card";

const submission: UngradedSubmission = {
  id: 5,
  userId: 7,
  quizId: 3,
  user: { id: 7, name: "Kojo Appiah" },
  score: 50,
  correct: 1,
  total: 2,
  ungradedAnswers: [{ questionId: 13, answer: "Yes" }],
  answers: [
    { questionId: 11, number: 1, text: "Keyed one", options: ["x", "y"], answer: "x", correctAnswer: "x", correct: true, needsGrading: false },
    { questionId: 12, number: 2, text: "Keyed two", options: ["p", "q"], answer: "q", correctAnswer: "p", correct: false, needsGrading: false },
    { questionId: 13, number: 3, text: "Open one", options: ["Yes", "No"], answer: "Yes", correctAnswer: null, correct: null, needsGrading: true },
    { questionId: 14, number: 4, text: "Open two", options: ["a", "b"], answer: null, correctAnswer: null, correct: null, needsGrading: true },
  ],
  createdAt: "2026-03-12T10:00:00Z",
};

describe("grade card", () => {
  it("computes the score from marks out of every question (an unanswered open question is wrong)", () => {
    expect(scoreFromMarks(submission, { 13: "right" })).toBe(50);
    expect(scoreFromMarks(submission, { 13: "wrong" })).toBe(25);
  });

  it("sends the marks once every open answer is marked, and a typed score as the final score", async () => {
    const onGrade = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<GradeCard submission={submission} onGrade={onGrade} />);
    fireEvent.click(await screen.findByRole("button", { name: "Submit Grade for Kojo Appiah" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Mark every answer that has no answer key, or enter a score.");
    expect(onGrade).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByRole("radiogroup", { name: "Mark question 3 for Kojo Appiah" })).getByLabelText("Right"));
    await waitFor(() => expect(screen.getByLabelText("Score")).toHaveValue("50"));
    fireEvent.click(screen.getByRole("button", { name: "Submit Grade for Kojo Appiah" }));
    await waitFor(() => expect(onGrade).toHaveBeenCalledWith({ marks: [{ questionId: 13, correct: true }] }));
    fireEvent.change(screen.getByLabelText("Score"), { target: { value: "72.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Grade for Kojo Appiah" }));
    await waitFor(() => expect(onGrade).toHaveBeenLastCalledWith({ finalScore: 72.5 }));
  });

  it("shows the server's refusal first, else 'Grade submission failed'", async () => {
    const onGrade = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(403, "You can only grade quizzes of your own courses", "You can only grade quizzes of your own courses"));
    onGrade.mockRejectedValueOnce(new Error("network"));
    renderWithProviders(<GradeCard submission={submission} onGrade={onGrade} />);
    fireEvent.change(await screen.findByLabelText("Score"), { target: { value: "60" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Grade for Kojo Appiah" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You can only grade quizzes of your own courses");
    fireEvent.click(screen.getByRole("button", { name: "Submit Grade for Kojo Appiah" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Grade submission failed"));
  });
});
