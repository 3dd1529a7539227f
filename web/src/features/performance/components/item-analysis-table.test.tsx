import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import type { ItemAnalysis } from "@adesua/domain";
import { renderWithProviders } from "@/test/render";
import { ItemAnalysisTable } from "./item-analysis-table";

const base = { upperCorrect: 0, lowerCorrect: 0, blank: 0, other: 0, flags: [] } as const;

const items = [
  {
    ...base,
    questionId: 1,
    number: 1,
    text: "Which is prime?",
    key: "23",
    type: "single",
    marks: 1,
    facility: 0.75,
    discrimination: 0.5,
    options: [
      { index: 0, letter: "A", text: "21", isKey: false, count: 1, upper: 0, lower: 1 },
      { index: 1, letter: "B", text: "23", isKey: true, count: 3, upper: 2, lower: 1 },
    ],
  },
  {
    ...base,
    questionId: 2,
    number: 2,
    text: "Describe the water cycle.",
    key: null,
    type: "written",
    marks: 4,
    facility: 0.5,
    discrimination: null,
    marked: 5,
    meanMarks: 2,
    options: [],
    marksDistribution: [
      { marks: 0, count: 1 },
      { marks: 1, count: 0 },
      { marks: 2, count: 3 },
      { marks: 4, count: 1 },
    ],
  },
  { ...base, questionId: 3, number: 3, text: "2.5 × 3 = ?", key: "7.5 ± 0.1 kg", type: "numerical", marks: 2, facility: 0.4, discrimination: 0.2, options: [] },
] as unknown as ItemAnalysis[];

describe("item analysis", () => {
  it("shows each question's type, facility for all, discrimination for auto-marked ones and the marks of written ones", async () => {
    renderWithProviders(<ItemAnalysisTable items={items} groupSize={2} fixing={false} onFixKey={vi.fn()} />);
    const rows = await screen.findAllByTestId("item-row");
    expect(rows.map((r) => r.getAttribute("data-type"))).toEqual(["single", "written", "numerical"]);
    const [single, written, numerical] = rows;
    expect(within(single).getByText("One answer")).toBeInTheDocument();
    expect(single).toHaveTextContent("75%");
    expect(single).toHaveTextContent("0.50");
    expect(within(single).getByRole("button", { name: "Fix key of question 1" })).toBeInTheDocument();

    expect(within(written).getByText("Written")).toBeInTheDocument();
    expect(within(written).getAllByText("4 marks")).toHaveLength(2);
    expect(written).toHaveTextContent("50%");
    expect(written).toHaveTextContent("Mean 2 of 4 marks · 5 marked");
    expect(within(written).getByRole("button", { name: /^— Discrimination is not worked out for written answers/ })).toBeInTheDocument();
    const dist = within(written).getByRole("list", { name: "Marks given on question 2" });
    expect(
      within(dist)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-label")),
    ).toEqual(["0 marks: 1 student", "1 mark: 0 students", "2 marks: 3 students", "4 marks: 1 student"]);
    // Neither "No key" nor Fix key for a question the teacher marks.
    expect(within(written).queryByText("No key")).toBeNull();
    expect(within(written).queryByRole("button", { name: /Fix key/ })).toBeNull();

    expect(within(numerical).getByText("Numerical")).toBeInTheDocument();
    expect(numerical).toHaveTextContent("Key: 7.5 ± 0.1 kg");
    expect(numerical).toHaveTextContent("0.20");
    expect(within(numerical).queryByRole("button", { name: /Fix key/ })).toBeNull();
  });
});
