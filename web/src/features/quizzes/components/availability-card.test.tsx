import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { QuizListItem } from "@adesua/domain";
import { quizFields } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { AvailabilityCard } from "./availability-card";

const NOW = new Date("2026-03-10T12:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString();

function quiz(over: Partial<QuizListItem> = {}): QuizListItem {
  return {
    ...quizFields({
      title: "Forces and Motion",
      course: { id: 2, title: "Integrated Science", teacherId: 3 },
      studentType: "jhs2",
      openTime: hours(-1),
      closeTime: hours(3 * 24 + 5),
      timeLimit: 30,
      questionCount: 3,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    }),
    attemptInfo: { canAttempt: true, currentAttempts: 0, maxAttempts: 2, inProgress: null, bestScore: null },
    hasSubmission: false,
    ...over,
  };
}

function show(q: QuizListItem) {
  renderWithProviders(
    <AvailabilityCard
      quiz={q}
      now={NOW}
      serverNow={NOW.toISOString()}
      receivedAt={Date.now()}
      detailTo={`/students/dashboard/quizzes/${q.id}`}
      attemptTo={`/students/dashboard/quizzes/${q.id}/attempt`}
    />,
  );
}
const info = (over: Partial<NonNullable<QuizListItem["attemptInfo"]>>) => ({ ...quiz().attemptInfo!, ...over });

describe("AvailabilityCard", () => {
  it("shows an open quiz as Available with its countdown, and Start leads to the pre-start screen, never the attempt", async () => {
    show(quiz());
    expect(await screen.findByText("Available")).toBeInTheDocument();
    expect(screen.getByText("3d 5h remaining")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start Quiz: Forces and Motion" })).toHaveAttribute("href", "/students/dashboard/quizzes/5");
    expect(screen.getByText(/0 of 2 attempts used/)).toBeInTheDocument();
  });

  it("says Opens Soon with 'Opens in' and disables Start before the window", async () => {
    show(quiz({ openTime: hours(26), closeTime: hours(50) }));
    expect(await screen.findByText("Opens Soon")).toBeInTheDocument();
    expect(screen.getByText("Opens in 1d 2h")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Start Quiz: Forces and Motion/ })).toBeDisabled();
    expect(screen.queryByRole("link", { name: "Start Quiz: Forces and Motion" })).toBeNull();
  });

  it("says Time Closed after the window and disables Start", async () => {
    show(quiz({ openTime: hours(-50), closeTime: hours(-1) }));
    expect(await screen.findByText("Time Closed")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Start Quiz: Forces and Motion/ })).toBeDisabled();
  });

  it("says Max Attempts when the student has used them all, even while open", async () => {
    show(quiz({ attemptInfo: info({ canAttempt: false, currentAttempts: 2, bestScore: 75 }), hasSubmission: true }));
    expect(await screen.findByText("Max Attempts")).toBeInTheDocument();
    expect(screen.getByText("Best score: 75.00%")).toBeInTheDocument();
    expect(screen.getByText(/2 of 2 attempts used/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "No attempts left: Forces and Motion" })).toBeDisabled();
  });

  it("shows 'No time limit' for a quiz that never closes and hours only under a day", async () => {
    show(quiz({ openTime: null, closeTime: null, maxAttempts: null, attemptInfo: info({ currentAttempts: 4, maxAttempts: null }) }));
    expect(await screen.findByText("No time limit")).toBeInTheDocument();
    expect(screen.getByText(/4 used · unlimited attempts/)).toBeInTheDocument();
  });

  it("shows an attempt in progress with the time left by the server's clock and Resume by its number", async () => {
    const deadline = new Date(NOW.getTime() + (19 * 60 + 46) * 1000).toISOString();
    show(quiz({ attemptInfo: info({ currentAttempts: 1, inProgress: { attemptNumber: 1, deadline } }) }));
    expect(await screen.findByText("In progress")).toBeInTheDocument();
    expect(screen.getByTestId("in-progress")).toHaveTextContent(/^In progress — 19:4[56] left$/);
    expect(screen.getByText(/1 of 2 attempts used/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Resume: Forces and Motion" })).toHaveAttribute("href", "/students/dashboard/quizzes/5/attempt?n=1");
    expect(screen.queryByText("Start Quiz")).toBeNull();
  });

  it("after a submission with attempts left shows the best score and Try again (N attempts left)", async () => {
    show(quiz({ maxAttempts: 3, attemptInfo: info({ currentAttempts: 1, maxAttempts: 3, bestScore: 66.67 }), hasSubmission: true }));
    expect(await screen.findByText("Best score: 66.67%")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Try again (2 attempts left): Forces and Motion" })).toHaveAttribute("href", "/students/dashboard/quizzes/5");
    expect(screen.queryByText("Submitted")).toBeNull();
  });

  it("counts down in hours on the last day", async () => {
    show(quiz({ closeTime: hours(5.5) }));
    expect(await screen.findByText("5h remaining")).toBeInTheDocument();
  });
});
