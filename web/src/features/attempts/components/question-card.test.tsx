import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { encodeChoices, encodeParts } from "@adesua/domain/rules";
import { renderWithProviders } from "@/test/render";
import type { RunnerQuestion } from "../engine";
import { QuestionCard } from "./question-card";

const q = (over: Partial<RunnerQuestion>): RunnerQuestion => ({ id: 7, index: 2, text: "Question text", options: [], ...over });

/** The card holding its answer as the runner does (each answer given is shown back), answering into a spy. */
function card(question: RunnerQuestion, initial?: string) {
  const onAnswer = vi.fn();
  let set: (a: string | undefined) => void = () => {};
  function Harness() {
    const [answer, setAnswer] = useState(initial);
    set = (a) => act(() => setAnswer(a));
    return (
      <QuestionCard
        question={question}
        answer={answer}
        locked={false}
        onAnswer={(id, a, mode) => {
          onAnswer(id, a, mode);
          setAnswer(a);
        }}
      />
    );
  }
  const view = renderWithProviders(<Harness />);
  return { ...view, onAnswer, rerender: (a: string | undefined) => set(a) };
}

describe("the question card, by type", () => {
  it("single choice: radio buttons whose answer is the option's text; marks shown", async () => {
    const { onAnswer } = card(q({ type: "single", options: ["Accra", "Kumasi"] }));
    expect(screen.getByTestId("question-3")).toHaveTextContent("Question 3 · 1 mark");
    await userEvent.click(screen.getByRole("radio", { name: /Kumasi/ }));
    expect(onAnswer).toHaveBeenCalledWith(7, "Kumasi", undefined);
  });

  it("multiple answers: checkboxes 'Choose all that apply', the answer a JSON list in the options' order", async () => {
    const question = q({ type: "multiple", marks: 2, options: ["3", "5", "6", "8"] });
    const { onAnswer, rerender } = card(question);
    expect(await screen.findByText("Choose all that apply.")).toBeInTheDocument();
    expect(screen.getByTestId("question-3")).toHaveTextContent("2 marks");
    await userEvent.click(screen.getByRole("checkbox", { name: /6/ }));
    expect(onAnswer).toHaveBeenLastCalledWith(7, encodeChoices(["6"]), undefined);
    await userEvent.click(screen.getByRole("checkbox", { name: /3/ }));
    expect(onAnswer).toHaveBeenLastCalledWith(7, encodeChoices(["3", "6"]), undefined);
    expect(screen.getByRole("checkbox", { name: /3/ })).toBeChecked();
    expect(screen.getByTestId("question-3")).toHaveTextContent("answered");
    // Unticking everything is no answer.
    rerender("[]");
    expect(screen.getByTestId("question-3")).not.toHaveTextContent("answered");
  });

  it("true/false: two radio buttons True and False", async () => {
    const { onAnswer } = card(q({ type: "true_false", options: ["True", "False"] }));
    expect(screen.getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual(["True", "False"]);
    await userEvent.click(screen.getByRole("radio", { name: "False" }));
    expect(onAnswer).toHaveBeenCalledWith(7, "False", undefined);
  });

  it("short answer: a text box; each key is 'typing', leaving the box commits", async () => {
    const { onAnswer } = card(q({ type: "short" }));
    const box = await screen.findByRole("textbox", { name: "Your answer" });
    fireEvent.change(box, { target: { value: "1/2" } });
    expect(onAnswer).toHaveBeenLastCalledWith(7, "1/2", "typing");
    fireEvent.blur(box, { target: { value: "1/2" } });
    expect(onAnswer).toHaveBeenLastCalledWith(7, "1/2", "commit");
  });

  it("numerical: a decimal keypad and the unit after the box", async () => {
    const { onAnswer } = card(q({ type: "numerical", unit: "kg", marks: 2 }), "7.5");
    const box = await screen.findByRole("textbox", { name: "Your answer (a number)" });
    expect(box).toHaveAttribute("inputmode", "decimal");
    expect(box).toHaveValue("7.5");
    expect(screen.getByText("kg")).toBeInTheDocument();
    fireEvent.change(box, { target: { value: "7.25" } });
    expect(onAnswer).toHaveBeenLastCalledWith(7, "7.25", "typing");
  });

  it("written: one text area, or one per part labelled '(a) [2 marks]' whose answer is encodeParts", async () => {
    const single = card(q({ type: "written", marks: 4 }));
    const area = await screen.findByRole("textbox", { name: "Your answer" });
    expect(area.tagName).toBe("TEXTAREA");
    fireEvent.change(area, { target: { value: "An essay" } });
    expect(single.onAnswer).toHaveBeenLastCalledWith(7, "An essay", "typing");
    single.unmount();

    const parts = [
      { label: "a", marks: 2 },
      { label: "b", marks: 2 },
    ];
    const { onAnswer, rerender } = card(q({ type: "written", marks: 4, parts }), encodeParts(["13.50", ""]));
    const a = await screen.findByRole("textbox", { name: "(a) [2 marks]" });
    const b = screen.getByRole("textbox", { name: "(b) [2 marks]" });
    expect(a).toHaveValue("13.50");
    fireEvent.change(b, { target: { value: "6.50" } });
    expect(onAnswer).toHaveBeenLastCalledWith(7, encodeParts(["13.50", "6.50"]), "typing");
    // Every part emptied: not answered.
    rerender(encodeParts(["", ""]));
    expect(screen.getByTestId("question-3")).not.toHaveTextContent("answered");
  });

  it("draws the text's equation as MathML (loaded only for a text that has one)", async () => {
    card(
      q({
        type: "single",
        text: "Evaluate 2^3 × 2",
        options: ["8", "16"],
        equations: [{ linear: "2^3", mathml: "<math><msup><mn>2</mn><mn>3</mn></msup></math>" }],
      }),
    );
    const legend = screen.getByTestId("question-3");
    await vi.waitFor(() => expect(legend.querySelector("math msup")).not.toBeNull());
    expect(within(legend).getByText(/Evaluate/)).toBeInTheDocument();
  });
});
