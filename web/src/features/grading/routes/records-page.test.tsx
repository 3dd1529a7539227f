import { beforeEach, describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { QuizRecord } from "@adesua/domain";
import { mockApi, renderWithProviders } from "@/test/render";
import { RecordsPage } from "./records-page";

const record = (over: Partial<QuizRecord>): QuizRecord => ({
  id: 1,
  userId: 7,
  quizId: 3,
  score: 85,
  correct: 17,
  total: 20,
  passed: true,
  isPersonalBest: true,
  scoreHidden: false,
  userAttempts: 1,
  createdAt: "2026-03-12T10:00:00Z",
  quiz: { id: 3, title: "Fractions", maxAttempts: 2, course: { id: 1, title: "Mathematics" } },
  ...over,
});

describe("records screen", () => {
  beforeEach(() => localStorage.clear());

  it("shows Passed, Failed and Completed, with the score coloured by the record's rule", async () => {
    mockApi({
      "GET /api/records": [
        200,
        {
          data: [
            record({ id: 1 }),
            record({ id: 2, score: 40, passed: false, isPersonalBest: false, userAttempts: 2 }),
            record({
              id: 3,
              score: 65,
              passed: null,
              isPersonalBest: false,
              quiz: { id: 4, title: "Essay", maxAttempts: null, course: { id: 2, title: "English" } },
            }),
          ],
          pagination: { total: 3, page: 1, limit: 20 },
        },
      ],
    });
    renderWithProviders(<RecordsPage />);
    const cards = await screen.findAllByTestId("record");
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByText("Passed")).toBeInTheDocument();
    expect(within(cards[0]).getByText("85.00%").closest("[data-variant]")).toHaveStyle({ "--badge-bg": "var(--mantine-color-green-filled)" });
    expect(within(cards[0]).getByText("Attempt 1 of 2 · 12 Mar 2026, " + new Date("2026-03-12T10:00:00Z").toTimeString().slice(0, 5))).toBeInTheDocument();
    expect(within(cards[1]).getByText("Failed")).toBeInTheDocument();
    expect(within(cards[2]).getByText("Completed")).toBeInTheDocument();
    // Unknown result: by thresholds, 65 is yellow.
    expect(within(cards[2]).getByText("65.00%").closest("[data-variant]")).toHaveStyle({ "--badge-bg": "var(--mantine-color-yellow-filled)" });
    expect(within(cards[2]).getByText(/Attempt 1 · unlimited/)).toBeInTheDocument();
  });

  it("says only Submitted for a quiz that shows scores after it closes (decision 041)", async () => {
    mockApi({
      "GET /api/records": [
        200,
        {
          data: [record({ id: 5, score: null, correct: null, passed: null, isPersonalBest: false, scoreHidden: true })],
          pagination: { total: 1, page: 1, limit: 20 },
        },
      ],
    });
    renderWithProviders(<RecordsPage />);
    const [card] = await screen.findAllByTestId("record");
    expect(within(card).getByText("Submitted")).toBeInTheDocument();
    expect(within(card).getByText("Your score appears here once the quiz has closed.")).toBeInTheDocument();
    expect(card.textContent).not.toMatch(/correct|%|null|Passed|Failed|Completed|Personal best/);
  });

  it("says so when there are no records yet", async () => {
    mockApi({ "GET /api/records": [200, { data: [], pagination: { total: 0, page: 1, limit: 20 } }] });
    renderWithProviders(<RecordsPage />);
    expect(await screen.findByText("No records yet")).toBeInTheDocument();
  });

  it("shows the error with Try Again", async () => {
    mockApi({ "GET /api/records": [500, { error: "Database unavailable" }] });
    renderWithProviders(<RecordsPage />);
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
