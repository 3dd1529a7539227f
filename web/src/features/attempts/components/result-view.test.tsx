import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { LATE_ANSWERS } from "@adesua/domain/constants";
import { renderWithProviders } from "@/test/render";
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
