import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { StudentAttemptInfo } from "@adesua/domain";
import { renderWithProviders } from "@/test/render";
import { QuizAttemptAction } from "./quiz-attempt-action";

const NOW = new Date("2026-03-10T12:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString();
const info = (bestScore: number | null): StudentAttemptInfo => ({ canAttempt: true, currentAttempts: 1, maxAttempts: 3, inProgress: null, bestScore });

function renderAction(over: { showScore?: string; closeTime: string; bestScore: number | null; answersReleasedAt?: string | null }) {
  const quiz = {
    id: 4,
    title: "Exam",
    openTime: hours(-2),
    closeTime: over.closeTime,
    attemptInfo: info(over.bestScore),
    showScore: over.showScore,
    answersReleasedAt: over.answersReleasedAt,
  };
  renderWithProviders(
    <QuizAttemptAction quiz={quiz} now={NOW} serverNow={NOW.toISOString()} receivedAt={NOW.getTime()} startTo="/start" attemptTo="/attempt" />,
  );
  return screen.findByTestId("best-score");
}

describe("QuizAttemptAction's best score", () => {
  it("says the score waits for the close of a quiz that shows scores after it closes (decision 041)", async () => {
    expect((await renderAction({ showScore: "after_close", closeTime: hours(1), bestScore: null })).textContent).toBe(
      "Best score: shown after the quiz closes",
    );
  });

  it("shows the score at once for an ordinary quiz", async () => {
    expect((await renderAction({ showScore: "after_attempt", closeTime: hours(1), bestScore: 80 })).textContent).toBe("Best score: 80.00%");
  });

  it("keeps saying awaiting grading for an ordinary quiz whose answers wait for a teacher", async () => {
    expect((await renderAction({ showScore: "after_attempt", closeTime: hours(1), bestScore: null })).textContent).toBe("Best score: awaiting grading");
  });
});
