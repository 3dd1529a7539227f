import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SubmissionItem } from "@adesua/domain";
import { ApiError } from "@/lib/api";
import { renderWithProviders } from "@/test/render";
import { GradeCard, scoreLine, scriptTotals } from "./grade-card";
import { script } from "./grading-fixtures";
import { scriptAnswers } from "./script-answer";

const item = { id: 5, score: 50 } as SubmissionItem;

describe("marking a script", () => {
  it("adds up the marks: keyed ones by the key, a teacher's as typed, an unanswered one 0", () => {
    const answers = scriptAnswers(script());
    expect(scriptTotals(answers, {})).toEqual({ earned: 1, available: 10 });
    expect(scriptTotals(answers, { 13: 3.5, 14: "2" })).toEqual({ earned: 6.5, available: 10 });
    // Out of range or empty: not counted yet.
    expect(scriptTotals(answers, { 13: 7, 14: "" })).toEqual({ earned: 1, available: 10 });
    expect(scoreLine({ score: 65 }, { earned: 6.5, available: 10 })).toBe("6.5 of 10 marks (65.00%)");
  });

  it("shows a written answer part by part beside its marking scheme, and keyed marks read-only", async () => {
    renderWithProviders(<GradeCard submission={script()} onGrade={vi.fn()} />);
    const q3 = await screen.findByRole("listitem", { name: "Question 3" });
    expect(within(q3).getByText("Written")).toBeInTheDocument();
    expect(within(q3).getByText("Evaporation")).toBeInTheDocument();
    expect(within(q3).getByText("Condensation")).toBeInTheDocument();
    expect(within(q3).getByText("Vapour cools into clouds (3)")).toBeInTheDocument();
    expect(within(q3).getByText("Award marks per stage")).toBeInTheDocument();
    expect(within(q3).getByText("of 5 marks")).toBeInTheDocument();
    const q2 = screen.getByRole("listitem", { name: "Question 2" });
    expect(within(q2).getByTestId("earned")).toHaveTextContent("0 of 1 mark (marked automatically)");
    expect(q2).toHaveTextContent("Answer 12 · Key 16");
    expect(within(q2).queryByRole("textbox")).toBeNull();
    // The equation is drawn as MathML.
    await waitFor(() => expect(q2.querySelector("math msup")).not.toBeNull());
    expect(within(screen.getByRole("listitem", { name: "Question 5" })).getByText("No answer: 0 marks.")).toBeInTheDocument();
  });

  it("Enter keeps a mark and moves to the next answer; Enter on the last saves the script", async () => {
    const user = userEvent.setup();
    const onGrade = vi.fn().mockResolvedValue(item);
    const onSaved = vi.fn();
    renderWithProviders(<GradeCard submission={script()} onGrade={onGrade} onSaved={onSaved} autoFocus />);
    const first = await screen.findByRole("textbox", { name: "Marks for question 3 (Kojo Appiah)" });
    const second = screen.getByRole("textbox", { name: "Marks for question 4 (Kojo Appiah)" });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard("3.5{Enter}");
    expect(second).toHaveFocus();
    await user.keyboard("2{Enter}");
    await waitFor(() =>
      expect(onGrade).toHaveBeenCalledWith({
        marks: [
          { questionId: 13, marks: 3.5 },
          { questionId: 14, marks: 2 },
        ],
      }),
    );
    expect(onSaved).toHaveBeenCalledWith({ item, marks: { 13: 3.5, 14: 2 }, totals: { earned: 6.5, available: 10 } }, "keyboard");
    expect(screen.getByTestId("script-total")).toHaveTextContent("6.5 of 10 marks (65.00%)");
  });

  it("Tab also moves on; marks above the question's refuse beside the input and keep the focus", async () => {
    const user = userEvent.setup();
    const onGrade = vi.fn().mockResolvedValue(item);
    renderWithProviders(<GradeCard submission={script()} onGrade={onGrade} />);
    const first = await screen.findByRole("textbox", { name: "Marks for question 3 (Kojo Appiah)" });
    const second = screen.getByRole("textbox", { name: "Marks for question 4 (Kojo Appiah)" });
    await user.click(first);
    await user.keyboard("6{Enter}");
    expect(first).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent("Marks must be from 0 to 5");
    expect(first).toHaveAttribute("aria-invalid", "true");
    await user.clear(first);
    await user.keyboard("4.75{Tab}");
    expect(second).toHaveFocus();
    expect(screen.queryByRole("alert")).toBeNull();
    // An empty last mark: Enter does not save.
    await user.keyboard("{Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent("Enter the marks, 0 to 2");
    expect(onGrade).not.toHaveBeenCalled();
  });

  it("the quick buttons give no marks or full marks", async () => {
    const onGrade = vi.fn().mockResolvedValue(item);
    renderWithProviders(<GradeCard submission={script()} onGrade={onGrade} />);
    fireEvent.click(await screen.findByRole("button", { name: "5 marks, full marks, for question 3 (Kojo Appiah)" }));
    fireEvent.click(screen.getByRole("button", { name: "0 marks for question 4 (Kojo Appiah)" }));
    expect(screen.getByRole("textbox", { name: "Marks for question 3 (Kojo Appiah)" })).toHaveValue("5");
    fireEvent.click(screen.getByRole("button", { name: "Submit Grade for Kojo Appiah" }));
    await waitFor(() =>
      expect(onGrade).toHaveBeenCalledWith({
        marks: [
          { questionId: 13, marks: 5 },
          { questionId: 14, marks: 0 },
        ],
      }),
    );
  });

  it("shows the server's refusal beside the input it names, else 'Grade submission failed' under the script", async () => {
    const onGrade = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, "Question 3 is worth 5 marks: give 0 to 5", "Question 3 is worth 5 marks: give 0 to 5"))
      .mockRejectedValueOnce(new Error("network"));
    renderWithProviders(<GradeCard submission={script()} onGrade={onGrade} />);
    fireEvent.click(await screen.findByRole("button", { name: "5 marks, full marks, for question 3 (Kojo Appiah)" }));
    fireEvent.click(screen.getByRole("button", { name: "2 marks, full marks, for question 4 (Kojo Appiah)" }));
    fireEvent.click(screen.getByRole("button", { name: "Submit Grade for Kojo Appiah" }));
    // A refusal naming a question stands beside its marks input.
    const q3 = screen.getByRole("listitem", { name: "Question 3" });
    expect(await within(q3).findByRole("alert")).toHaveTextContent("Question 3 is worth 5 marks: give 0 to 5");
    expect(within(q3).getByRole("textbox")).toHaveFocus();
    expect(screen.queryByTestId("grade-error")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Submit Grade for Kojo Appiah" }));
    await waitFor(() => expect(screen.getByTestId("grade-error")).toHaveTextContent("Grade submission failed"));
  });
  it("takes a typed score (the spec's score input) as the final score instead of the marks, and refuses one above 100", async () => {
    const onGrade = vi.fn().mockResolvedValue({});
    renderWithProviders(<GradeCard submission={script()} onGrade={onGrade} />);
    const score = await screen.findByRole("textbox", { name: "Score (%) for Kojo Appiah" });
    fireEvent.change(score, { target: { value: "120" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Grade for Kojo Appiah" }));
    expect(await screen.findByText("Score must be between 0 and 100")).toBeInTheDocument();
    expect(onGrade).not.toHaveBeenCalled();
    fireEvent.change(score, { target: { value: "72.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Grade for Kojo Appiah" }));
    await waitFor(() => expect(onGrade).toHaveBeenCalledWith({ finalScore: 72.5 }));
  });
});
