import { useState } from "react";
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QUESTION_TYPE_MESSAGES, type Quiz } from "@adesua/domain";
import { renderWithProviders } from "@/test/render";
import { questionOfServerError, serverFieldError } from "@/components/forms/question-editor/question-body";
import { QuestionEditor } from "./question-editor";
import { questionFieldErrors, questionPayload, questionsFromQuiz, type QuestionDraft } from "./quiz-form-model";

let latest: QuestionDraft[] = [];
/** The editor with the checks shown as the page shows them after Save. */
function Harness({ initial = [], check = false }: { initial?: QuestionDraft[]; check?: boolean }) {
  const [list, setList] = useState(initial);
  latest = list;
  return <QuestionEditor questions={list} onChange={setList} errors={check ? questionFieldErrors(list) : {}} />;
}

async function newQuestion(type: string, text: string) {
  await userEvent.click(await screen.findByRole("button", { name: "Add question" }));
  await userEvent.selectOptions(screen.getByLabelText("Question 1 type"), type);
  await userEvent.type(screen.getByLabelText("Question 1 text"), text);
}

async function retype(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe("QuestionEditor: every type", () => {
  it("multiple answers: ticks the right options and the scoring", async () => {
    renderWithProviders(<Harness />);
    await newQuestion("multiple", "Which are prime?");
    for (const [l, v] of [
      ["A", "2"],
      ["B", "4"],
      ["C", "5"],
      ["D", "9"],
    ])
      await userEvent.type(screen.getByLabelText(`Question 1 option ${l}`), v);
    await userEvent.click(screen.getByRole("checkbox", { name: "Question 1: option A is right" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Question 1: option C is right" }));
    await userEvent.click(screen.getByRole("radio", { name: /^Partial credit/ }));
    expect(screen.getByText("Right: A, C")).toBeInTheDocument();
    expect(questionPayload(latest)).toEqual([
      { text: "Which are prime?", type: "multiple", options: ["2", "4", "5", "9"], answers: ["2", "5"], scoring: "partial", marks: 1, section: null },
    ]);
  }, 20_000);

  it("true/false: the right answer is True or False", async () => {
    renderWithProviders(<Harness />);
    await newQuestion("true_false", "The sun is a planet.");
    await userEvent.click(screen.getByRole("radio", { name: "Question 1: False is right" }));
    expect(questionPayload(latest)).toEqual([{ text: "The sun is a planet.", type: "true_false", answer: "False", marks: 1, section: null }]);
  }, 20_000);

  it("short answer: accepted answers with their shares and 'contains'", async () => {
    renderWithProviders(<Harness />);
    await newQuestion("short", "Capital of Ghana?");
    await userEvent.type(screen.getByLabelText("Answer 1"), "Accra");
    await userEvent.click(screen.getByRole("button", { name: "Add accepted answer to question 1" }));
    await userEvent.type(screen.getByLabelText("Answer 2"), "Akra");
    await retype("Answer 2 share (percent of the marks)", "50");
    await userEvent.click(screen.getByRole("switch", { name: "Accept answers that contain it" }));
    await retype("Question 1 marks", "2");
    expect(questionPayload(latest)).toEqual([
      {
        text: "Capital of Ghana?",
        type: "short",
        accepted: [
          { text: "Accra", fraction: 100 },
          { text: "Akra", fraction: 50 },
        ],
        contains: true,
        marks: 2,
        section: null,
      },
    ]);
  }, 20_000);

  it("numerical: value, tolerance and unit", async () => {
    renderWithProviders(<Harness />);
    await newQuestion("numerical", "Length of the side?");
    await userEvent.type(screen.getByLabelText("Right value"), "12.5");
    await retype("Tolerance (±)", "0.5");
    await userEvent.type(screen.getByLabelText("Unit (optional)"), "cm");
    expect(questionPayload(latest)).toEqual([
      { text: "Length of the side?", type: "numerical", value: 12.5, tolerance: 0.5, unit: "cm", marks: 1, section: null },
    ]);
  }, 20_000);

  it("written: a marking scheme and parts, the marks their sum", async () => {
    renderWithProviders(<Harness />);
    await newQuestion("written", "Explain photosynthesis.");
    await userEvent.type(screen.getByLabelText("Marking scheme"), "Light, water, carbon dioxide");
    await userEvent.click(screen.getByRole("button", { name: "Add part to question 1" }));
    await userEvent.click(screen.getByRole("button", { name: "Add part to question 1" }));
    await retype("Part 1 marks", "3");
    await retype("Part 2 marks", "2");
    await userEvent.type(screen.getByLabelText("Part 2 marking scheme"), "Names chlorophyll");
    expect(screen.getByLabelText("Question 1 marks")).toHaveValue("5");
    expect(screen.getByLabelText("Question 1 marks")).toHaveAttribute("readonly");
    expect(questionPayload(latest)).toEqual([
      {
        text: "Explain photosynthesis.",
        type: "written",
        parts: [
          { label: "a", marks: 3, scheme: "" },
          { label: "b", marks: 2, scheme: "Names chlorophyll" },
        ],
        scheme: "Light, water, carbon dioxide",
        marks: 5,
        section: null,
      },
    ]);
    // Removing a part: the marks follow.
    await userEvent.click(screen.getByRole("button", { name: "Remove part 1 of question 1" }));
    expect(screen.getByLabelText("Question 1 marks")).toHaveValue("2");
  }, 20_000);

  it("shows the schema's messages beside the field: marks out of range, no accepted answer worth marks, duplicate part labels", async () => {
    renderWithProviders(<Harness check />);
    await newQuestion("short", "Name a noble gas.");
    await userEvent.type(screen.getByLabelText("Answer 1"), "Neon");
    await retype("Answer 1 share (percent of the marks)", "0");
    expect(await screen.findByText(QUESTION_TYPE_MESSAGES.acceptedRequired)).toBeInTheDocument();
    await retype("Question 1 marks", "150");
    expect(
      within(screen.getByLabelText("Question 1 marks").closest(".mantine-InputWrapper-root")!).getByText(QUESTION_TYPE_MESSAGES.marks),
    ).toBeInTheDocument();
    await retype("Question 1 marks", "1");
    expect(screen.queryByText(QUESTION_TYPE_MESSAGES.marks)).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText("Question 1 type"), "written");
    await userEvent.click(screen.getByRole("button", { name: "Add part to question 1" }));
    await userEvent.click(screen.getByRole("button", { name: "Add part to question 1" }));
    await retype("Part 2 label", "A");
    expect(await screen.findByText(QUESTION_TYPE_MESSAGES.partsLabelsDistinct)).toBeInTheDocument();
  }, 30_000);

  it("reads a saved quiz's questions of every type back as they were saved", () => {
    const base = { section: null, imageIds: [], imageCount: 0 };
    const quiz = {
      questions: [
        { ...base, id: 1, position: 0, text: "Unit of force?", options: ["Joule", "Newton"], answer: "Newton", type: "single", marks: 1 },
        {
          ...base,
          id: 2,
          position: 1,
          text: "Primes?",
          options: ["2", "4", "5"],
          answer: '["2","5"]',
          type: "multiple",
          marks: 2,
          answers: ["2", "5"],
          scoring: "partial",
        },
        { ...base, id: 3, position: 2, text: "Sun is a star.", options: ["True", "False"], answer: "True", type: "true_false", marks: 1 },
        {
          ...base,
          id: 4,
          position: 3,
          text: "Capital?",
          options: [],
          answer: "Accra",
          type: "short",
          marks: 1,
          accepted: [{ text: "Accra", fraction: 100 }],
          contains: false,
        },
        { ...base, id: 5, position: 4, text: "Side?", options: [], answer: "12 cm", type: "numerical", marks: 1, value: 12, tolerance: 0, unit: "cm" },
        {
          ...base,
          id: 6,
          position: 5,
          text: "Explain.",
          options: [],
          answer: null,
          type: "written",
          marks: 5,
          parts: [
            { label: "a", marks: 3, scheme: "x" },
            { label: "b", marks: 2, scheme: "y" },
          ],
          scheme: null,
          equations: [{ linear: "x^2", mathml: "<math><mi>x</mi></math>" }],
        },
      ],
    } as unknown as Quiz;
    const drafts = questionsFromQuiz(quiz);
    expect(questionPayload(drafts)).toEqual([
      { id: 1, text: "Unit of force?", options: ["Joule", "Newton"], answer: "Newton", section: null, imageIds: [] },
      { id: 2, text: "Primes?", type: "multiple", options: ["2", "4", "5"], answers: ["2", "5"], scoring: "partial", marks: 2, section: null, imageIds: [] },
      { id: 3, text: "Sun is a star.", type: "true_false", answer: "True", marks: 1, section: null, imageIds: [] },
      { id: 4, text: "Capital?", type: "short", accepted: [{ text: "Accra", fraction: 100 }], contains: false, marks: 1, section: null, imageIds: [] },
      { id: 5, text: "Side?", type: "numerical", value: 12, tolerance: 0, unit: "cm", marks: 1, section: null, imageIds: [] },
      {
        id: 6,
        text: "Explain.",
        type: "written",
        parts: [
          { label: "a", marks: 3, scheme: "x" },
          { label: "b", marks: 2, scheme: "y" },
        ],
        marks: 5,
        equations: [{ linear: "x^2", mathml: "<math><mi>x</mi></math>" }],
        section: null,
        imageIds: [],
      },
    ]);
    expect(questionFieldErrors(drafts)).toEqual({});
  });

  it("puts the server's refusal ('Question 2: …') beside the field it names", async () => {
    const named = questionOfServerError(`Question 2: ${QUESTION_TYPE_MESSAGES.answersNotOptions}`);
    expect(named).toEqual({ index: 1, message: QUESTION_TYPE_MESSAGES.answersNotOptions });
    expect(serverFieldError(named!.message)).toEqual({ answers: QUESTION_TYPE_MESSAGES.answersNotOptions });
    expect(serverFieldError("Something else went wrong")).toEqual({ form: "Something else went wrong" });
    const list: QuestionDraft[] = [
      { key: "a", text: "One", options: ["x", "y"], answerIndex: 0, section: null },
      { key: "b", text: "Two", type: "multiple", options: ["x", "y"], answerIndex: null, answerIndexes: [0], section: null },
    ];
    renderWithProviders(<QuestionEditor questions={list} onChange={() => {}} errors={{ b: serverFieldError(named!.message) }} expanded={new Set(["b"])} />);
    const card = await screen.findByRole("region", { name: "Question 2" });
    expect(within(card).getByText(QUESTION_TYPE_MESSAGES.answersNotOptions)).toBeInTheDocument();
  });
});
