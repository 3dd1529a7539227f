import { useState } from "react";
import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderWithProviders } from "@/test/render";
import { QuestionEditor } from "./question-editor";
import { newKey, questionPayload, validateQuestions, type QuestionDraft } from "./quiz-form-model";

let latest: QuestionDraft[] = [];
function Harness({ initial }: { initial: QuestionDraft[] }) {
  const [list, setList] = useState(initial);
  latest = list;
  return <QuestionEditor questions={list} onChange={setList} errors={{}} />;
}
const q = (text: string, options: string[], answerIndex: number | null): QuestionDraft => ({ key: newKey(), text, options, answerIndex, section: null });

describe("QuestionEditor", () => {
  it("adds a question with four empty options and marks the chosen answer", async () => {
    renderWithProviders(<Harness initial={[]} />);
    await userEvent.click(await screen.findByRole("button", { name: "Add question" }));
    await userEvent.type(screen.getByLabelText("Question 1 text"), "Unit of force?");
    await userEvent.type(screen.getByLabelText("Question 1 option A"), "Joule");
    await userEvent.type(screen.getByLabelText("Question 1 option B"), "Newton");
    await userEvent.click(screen.getByRole("button", { name: "Remove option D of question 1" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove option C of question 1" }));
    await userEvent.click(screen.getByRole("radio", { name: "Question 1: option B is correct" }));
    expect(questionPayload(latest)).toEqual([{ text: "Unit of force?", options: ["Joule", "Newton"], answer: "Newton", section: null }]);
    // Two options is the minimum.
    expect(screen.getByRole("button", { name: "Remove option B of question 1" })).toBeDisabled();
  }, 20_000);

  it("reorders and removes questions, keeping the mark on the same option when another is removed", async () => {
    renderWithProviders(<Harness initial={[q("First", ["a", "b", "c"], 2), q("Second", ["x", "y"], 0)]} />);
    await userEvent.click(await screen.findByRole("button", { name: "Expand all" }));
    await userEvent.click(await screen.findByRole("button", { name: "Move question 2 up" }));
    expect(latest.map((x) => x.text)).toEqual(["Second", "First"]);
    expect(screen.getByRole("button", { name: "Move question 1 up" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Remove option A of question 2" }));
    expect(questionPayload(latest)[1]).toMatchObject({ options: ["b", "c"], answer: "c" });
    await userEvent.click(screen.getByRole("button", { name: "Remove question 1" }));
    expect(latest.map((x) => x.text)).toEqual(["First"]);
  }, 20_000);

  it("shows a loaded quiz one line per question, marks the ones with a problem, and opens one on demand", async () => {
    const list = [q("Unit of force?", ["Joule", "Newton"], 1), q("", ["a", "b"], null), q("Unit of work?", ["Joule", "Joule"], 0)];
    renderWithProviders(<QuestionEditor questions={list} onChange={() => {}} errors={{}} problems={validateQuestions(list)} />);
    const first = await screen.findByRole("button", { name: /^Question 1 Unit of force\?$/ });
    expect(first).toHaveAttribute("aria-expanded", "false");
    // Collapsed: no inputs, one line each; the two broken questions say so.
    expect(screen.queryByLabelText("Question 1 text")).toBeNull();
    expect(screen.getByRole("button", { name: /^Question 2 \(no text yet\) Problem$/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Question 3 Unit of work\? Problem$/ })).toBeInTheDocument();
    await userEvent.click(first);
    expect(first).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Question 1 text")).toHaveValue("Unit of force?");
    expect(screen.queryByLabelText("Question 2 text")).toBeNull();
  }, 20_000);

  it("shows a question's pictures and removes one, which the save then leaves out", async () => {
    mockApi({});
    const withPictures: QuestionDraft = {
      ...q("What is shown?", ["A cell", "A leaf"], 0),
      id: 5,
      images: [
        { fileId: 41, path: "/questions/5/images/1" },
        { fileId: 42, path: "/questions/5/images/2" },
      ],
    };
    renderWithProviders(<Harness initial={[withPictures]} />);
    await userEvent.click(await screen.findByRole("button", { name: /^Question 1 What is shown\?$/ }));
    expect(screen.getByText("Pictures (2)")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Remove figure 1 of question 1" }));
    expect(questionPayload(latest)[0]).toMatchObject({ id: 5, imageIds: [42] });
    expect(screen.getByText("Pictures (1)")).toBeInTheDocument();
  }, 20_000);
});
