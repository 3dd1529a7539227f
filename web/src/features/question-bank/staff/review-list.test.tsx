import { useState } from "react";
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QUESTION_TYPE_MESSAGES, type ParseQuestionsResult } from "@adesua/domain";
import { QUIZ_MESSAGES } from "@adesua/domain/constants";
import { mockApi, renderWithProviders } from "@/test/render";
import { clean, toDrafts, type PaperFacts } from "../api/staff";
import type { DraftQuestion } from "../lib/answers";
import { ReviewList } from "./review-list";

let latest: DraftQuestion[] = [];
function Harness({ initial, warnings, paper }: { initial: DraftQuestion[]; warnings?: string[]; paper?: PaperFacts }) {
  const [list, setList] = useState(initial);
  latest = list;
  return <ReviewList questions={list} onChange={setList} warnings={warnings} paper={paper} />;
}

const parsed = (): DraftQuestion[] => [
  { text: "What is 7 + 5?", options: ["10", "12", "14"], answer: "12" },
  { text: "Capital of Ghana", options: ["Accra", "Kumasi"], answer: "", warnings: ["Question 2: no answer marked"] },
  { text: "Broken question", options: ["Only one"], answer: "" },
];

const MATHML = "<math><msup><mi>x</mi><mn>2</mn></msup></math>";

describe("ReviewList", () => {
  it("counts the answered questions and shows each warning on its question", async () => {
    renderWithProviders(<Harness initial={parsed()} warnings={["Page header ignored"]} />);
    expect(await screen.findByText("Answered 1 of 3")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Question 2" })).getByText("Question 2: no answer marked")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Question 1" })).queryByText(/no answer marked/)).toBeNull();
    expect(screen.getByText("Page header ignored")).toBeInTheDocument();
    // The schema's own message beside the field of a broken question.
    expect(within(screen.getByRole("region", { name: "Question 3" })).getByText(QUIZ_MESSAGES.options)).toBeInTheDocument();
  });

  it("marks the right option with its button and keeps it on its option when the option is corrected", async () => {
    renderWithProviders(<Harness initial={parsed()} />);
    await userEvent.click(await screen.findByRole("radio", { name: "Question 2: option A is correct" }));
    expect(latest[1].answer).toBe("Accra");
    expect(screen.getByText("Answered 2 of 3")).toBeInTheDocument();

    const option = screen.getByLabelText("Question 2 option A");
    await userEvent.type(option, " City");
    expect(latest[1].options[0]).toBe("Accra City");
    expect(latest[1].answer).toBe("Accra City");

    await userEvent.click(screen.getByRole("button", { name: "Remove question 3" }));
    expect(latest.map((q) => q.text)).toEqual(["What is 7 + 5?", "Capital of Ghana"]);
    expect(screen.getByText("Answered 2 of 2")).toBeInTheDocument();
  }, 20_000);

  it("shows the paper's heading, instructions, what was not imported, a scan's note and the equations; saves the type fields", async () => {
    mockApi({});
    const result: ParseQuestionsResult = {
      questions: [
        {
          text: "If x^2 = 49, find x.",
          options: [],
          answer: "",
          type: "short",
          marks: 2,
          accepted: [{ text: "7", fraction: 100 }],
          contains: false,
          equations: [{ linear: "x^2", mathml: MATHML }],
          scan: { page: 1, cropId: null },
        },
        { text: "The sun is a star.", options: ["True", "False"], answer: "True", type: "true_false", marks: 1 },
      ],
      warnings: [],
      heading: "BECE MOCK 2024\nMATHEMATICS",
      instructions: "Answer all questions.",
      unsupported: [{ number: 7, title: "Match the tools", kind: "matching", message: "Q7 'Match the tools' is a matching question: not imported" }],
    };
    const d = toDrafts(result);
    renderWithProviders(<Harness initial={d.questions} paper={d.paper} />);
    const head = await screen.findByRole("region", { name: "The paper's heading and instructions" });
    expect(within(head).getByText(/BECE MOCK 2024/)).toBeInTheDocument();
    expect(within(head).getByText("Answer all questions.")).toBeInTheDocument();
    expect(screen.getByText("Q7 'Match the tools' is a matching question: not imported")).toBeInTheDocument();
    expect(screen.getAllByRole("region", { name: /^Question \d$/ })).toHaveLength(2);

    const q1 = screen.getByRole("region", { name: "Question 1" });
    expect(within(q1).getByText("Read from a scan: check it")).toBeInTheDocument();
    expect(within(q1).getByText("Short answer", { selector: ".mantine-Badge-label" })).toBeInTheDocument();
    expect(within(q1).getByText("2 marks")).toBeInTheDocument();
    // The preview draws the equation as MathML (loaded on demand).
    await waitFor(() => expect(q1.querySelector("math msup")).not.toBeNull());
    expect(screen.getByText("Answered 2 of 2")).toBeInTheDocument();

    // The text is edited (the equation stays), a second accepted answer at half marks is added.
    await userEvent.type(within(q1).getByLabelText("Question 1 text"), " Show your working.");
    await userEvent.click(within(q1).getByRole("button", { name: "Add accepted answer to question 1" }));
    await userEvent.type(within(q1).getByLabelText("Answer 2"), "-7");
    const share = within(q1).getByLabelText("Answer 2 share (percent of the marks)");
    await userEvent.clear(share);
    await userEvent.type(share, "50");
    expect(clean(latest[0])).toEqual({
      text: "If x^2 = 49, find x. Show your working.",
      type: "short",
      accepted: [
        { text: "7", fraction: 100 },
        { text: "-7", fraction: 50 },
      ],
      contains: false,
      marks: 2,
      equations: [{ linear: "x^2", mathml: MATHML }],
      imageIds: undefined,
    });
    expect(clean(latest[1])).toMatchObject({ type: "true_false", answer: "True", marks: 1 });
  }, 30_000);

  it("shows the server's refusal of a save beside the field of the question it names, until the questions change", async () => {
    const list: DraftQuestion[] = [
      { text: "Primes?", options: ["2", "4"], answer: "", type: "multiple", answers: ["2"], scoring: "all_or_nothing", marks: 1 },
      { text: "Sun is a star.", options: ["True", "False"], answer: "True", type: "true_false", marks: 1 },
    ];
    const message = `Question 2: ${QUESTION_TYPE_MESSAGES.trueFalseAnswer}`;
    function WithRefusal() {
      const [qs, setQs] = useState(list);
      return <ReviewList questions={qs} onChange={setQs} serverError={message} />;
    }
    renderWithProviders(<WithRefusal />);
    const q2 = await screen.findByRole("region", { name: "Question 2" });
    expect(within(q2).getByText(QUESTION_TYPE_MESSAGES.trueFalseAnswer)).toBeInTheDocument();
    await userEvent.click(within(q2).getByRole("radio", { name: "Question 2: False is right" }));
    expect(within(q2).queryByText(QUESTION_TYPE_MESSAGES.trueFalseAnswer)).toBeNull();
  }, 20_000);
});
