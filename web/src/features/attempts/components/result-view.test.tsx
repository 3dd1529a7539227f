import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { LATE_ANSWERS } from "@adesua/domain/constants";
import { renderWithProviders } from "@/test/render";
import type { ReviewItem } from "@adesua/domain";
import type { RunnerResult } from "../engine";
import { ResultView } from "./result-view";

const base: RunnerResult = { score: 75, correct: 3, total: 4, passed: true, passingScore: 50, review: null, canAttemptAgain: false };
const show = (r: Partial<RunnerResult>) => renderWithProviders(<ResultView title="Term test" result={{ ...base, ...r }} preview={false} auto={false} />);

describe("the result screen", () => {
  it("says only Submitted, and when the score will appear, while the quiz keeps scores until it closes", () => {
    show({ score: null, correct: null, passed: null, scoreHidden: true, scoreShownFrom: new Date(2026, 5, 30, 14, 30).getTime() });
    expect(screen.getByTestId("result-status")).toHaveTextContent("Submitted");
    expect(screen.getByTestId("result-hidden")).toHaveTextContent("Your score will appear here when the quiz closes, on 30 Jun 2026, 14:30.");
    expect(screen.queryByTestId("result-score")).toBeNull();
    expect(screen.queryByText(/correct$/)).toBeNull();
  });

  it("says the teacher releases a withheld score of a quiz that never closes", () => {
    show({ score: null, correct: null, passed: null, scoreHidden: true, scoreShownFrom: null });
    expect(screen.getByTestId("result-hidden")).toHaveTextContent("Your score will appear here when your teacher releases it.");
  });

  it("says when the correct answers will appear, by the quiz's rule", () => {
    const { unmount } = show({ answersWhen: { when: "teacher", at: null } });
    expect(screen.getByTestId("answers-when")).toHaveTextContent("The correct answers will appear here when your teacher releases them.");
    unmount();
    show({ answersWhen: { when: "last_attempt", at: null } });
    expect(screen.getByTestId("answers-when")).toHaveTextContent("The correct answers will appear here after your last attempt.");
  });

  it("tells the student that answers reached the school late and the teacher will decide, then what the teacher decided", () => {
    const { unmount } = show({ lateAnswers: { pending: 3, accepted: 0, left: 0 } });
    expect(screen.getByTestId("late-answers")).toHaveTextContent(LATE_ANSWERS.kept);
    expect(LATE_ANSWERS.kept).toBe("Your last answers reached the school after the time was up; your teacher will decide.");
    unmount();
    const again = show({ lateAnswers: { pending: 0, accepted: 3, left: 0 } });
    expect(screen.getByTestId("late-answers")).toHaveTextContent(LATE_ANSWERS.accepted);
    again.unmount();
    show({});
    expect(screen.queryByTestId("late-answers")).toBeNull();
  });
});

describe("the review of every question type", () => {
  const item = (over: Partial<ReviewItem>): ReviewItem => ({
    questionId: 1,
    index: 0,
    text: "Q",
    options: [],
    type: "single",
    marks: 1,
    yourAnswer: null,
    correct: null,
    correctAnswer: null,
    earned: null,
    ...over,
  });

  it("describes each answer, says right / partly right / wrong with its marks, or that the teacher marks it, and the key", () => {
    show({
      review: [
        item({
          index: 0,
          type: "multiple",
          marks: 2,
          options: ["3", "5", "6", "8"],
          yourAnswer: '["3","8"]',
          correct: false,
          earned: 0.5,
          correctAnswer: "3; 6",
        }),
        item({ index: 1, type: "numerical", marks: 2, unit: "kg", yourAnswer: "7.5", correct: true, earned: 2, correctAnswer: "7.5 ± 0.1 kg" }),
        item({
          index: 2,
          type: "written",
          marks: 4,
          parts: [
            { label: "a", marks: 2 },
            { label: "b", marks: 2 },
          ],
          yourAnswer: '["13.50","6.50"]',
          correct: null,
          earned: null,
          correctAnswer: "(a) 3 × 4.50 = 13.50",
        }),
        item({ index: 3, type: "true_false", options: ["True", "False"], yourAnswer: "False", correct: false, earned: 0, correctAnswer: "True" }),
        item({ index: 4, type: "short", yourAnswer: null, correct: false, earned: 0, correctAnswer: "1/2; one half" }),
      ],
    });
    const multiple = screen.getByTestId("review-1");
    expect(multiple).toHaveTextContent("Question 1 · 0.5 of 2 marks");
    expect(multiple).toHaveTextContent("Partly right");
    expect(multiple).toHaveTextContent("Your answer: 3; 8");
    expect(multiple).toHaveTextContent("Correct answer: 3; 6");
    expect(screen.getByTestId("review-2")).toHaveTextContent("2 of 2 marks");
    expect(screen.getByTestId("review-2")).toHaveTextContent("Correct");
    expect(screen.getByTestId("review-2")).toHaveTextContent("Your answer: 7.5 kg");
    const written = screen.getByTestId("review-3");
    expect(written).toHaveTextContent("Waiting for your teacher's marks");
    expect(written).toHaveTextContent("(a) 13.50");
    expect(written).toHaveTextContent("(b) 6.50");
    expect(written).toHaveTextContent("Marking scheme: (a) 3 × 4.50 = 13.50");
    expect(screen.getByTestId("review-4")).toHaveTextContent("Wrong");
    expect(screen.getByTestId("review-4")).toHaveTextContent("0 of 1 mark");
    expect(screen.getByTestId("review-5")).toHaveTextContent("Your answer: Not answered");
  });
});
