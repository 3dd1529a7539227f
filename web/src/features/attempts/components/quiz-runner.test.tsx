import { beforeAll, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "@/test/render";
import { correctAnswerText, gradeAnswers } from "@adesua/domain/rules";
import { createPracticeEngine, type PracticeGrade } from "../api/practice-engine";
import { EngineError, type EngineEvent, type QuizEngine, type RunnerResult, type RunnerSession } from "../engine";
import { QuizRunner } from "./quiz-runner";

const T0 = Date.UTC(2026, 2, 12, 9, 0, 0);

/** Three past questions with their keys; the test grades them as the server would (the student's browser never sees the keys). */
const KEYED = [
  { id: 1, text: "2 + 2 =", options: ["3", "4", "5"], answer: "4" },
  { id: 2, text: "3 × 3 =", options: ["6", "9"], answer: "9" },
  { id: 3, text: "10 − 7 =", options: ["3", "4"], answer: "3" },
];

async function gradeLikeTheServer(given: { questionId: number; answer: string }[]): Promise<PracticeGrade> {
  const g = gradeAnswers(KEYED, given);
  return {
    score: g.score,
    correct: g.correct,
    total: g.total,
    review: KEYED.map((q, index) => ({
      questionId: q.id,
      index,
      text: q.text,
      options: q.options,
      type: "single" as const,
      marks: 1,
      yourAnswer: given.find((a) => a.questionId === q.id)?.answer ?? null,
      correct: g.perQuestion[index].correct,
      correctAnswer: correctAnswerText(q.answer, q.options),
    })),
  };
}

const practice = () =>
  createPracticeEngine({
    title: "BECE 2019 Mathematics",
    subtitle: "Mathematics · Section A",
    timeLimit: 30,
    questionsPerPage: 2,
    questions: async () => KEYED.map(({ id, text, options }) => ({ id, text, options })),
    grade: gradeLikeTheServer,
  });

const result: RunnerResult = {
  score: 50,
  correct: 1,
  total: 2,
  passed: true,
  passingScore: 50,
  review: null,
  canAttemptAgain: false,
  answersWhen: { when: "close", at: new Date(2026, 2, 20, 15, 0).getTime() },
};

function sectioned(current: number): RunnerSession {
  return {
    title: "Integrated Science mock",
    subtitle: "Science",
    preview: false,
    attemptNumber: 1,
    maxAttempts: 2,
    questionsPerPage: 10,
    deadline: T0 + 2 * 60_000,
    currentSection: current,
    sections: [
      {
        index: 0,
        name: "Section A",
        startIndex: 0,
        endIndex: 1,
        timeLimit: 1,
        status: current === 0 ? "current" : "ended",
        deadline: current === 0 ? T0 + 60_000 : null,
      },
      {
        index: 1,
        name: "Section B",
        startIndex: 2,
        endIndex: 3,
        timeLimit: 1,
        status: current === 1 ? "current" : "upcoming",
        deadline: current === 1 ? T0 + 120_000 : null,
      },
    ],
    questions: [
      { id: 11, index: 0, text: "Water boils at", options: ["100 °C", "50 °C"] },
      { id: 12, index: 1, text: "Plants make food by", options: ["Photosynthesis", "Digestion"] },
      { id: 13, index: 2, text: "The heart pumps", options: ["Blood", "Air"] },
      { id: 14, index: 3, text: "Unit of force", options: ["Newton", "Joule"] },
    ],
    answers: { 11: "100 °C" },
    result: null,
  };
}

/** An engine under the test's control: its clock, its answers to moves and submits. */
function fakeEngine(first: RunnerSession) {
  let now = T0;
  const listeners = new Set<(e: EngineEvent) => void>();
  const engine: QuizEngine = {
    load: vi.fn(async () => first),
    answer: vi.fn(),
    advanceSection: vi.fn(async () => sectioned(1)),
    submit: vi.fn(async () => ({ ...first, currentSection: null, result })),
    now: () => now,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    attach: () => () => {},
  };
  return { engine, setNow: (t: number) => (now = t), emit: (e: EngineEvent) => act(() => listeners.forEach((l) => l(e))) };
}

describe("the quiz-taking screen", () => {
  beforeAll(() => {
    window.scrollTo = () => {}; // jsdom has no layout
  });

  it("pages the questions, counts answers, names the unanswered ones before submitting, and shows the result with the review", async () => {
    const user = userEvent.setup();
    renderWithProviders(<QuizRunner engine={practice()} onBack={() => {}} />);
    expect(await screen.findByRole("heading", { name: "BECE 2019 Mathematics" })).toBeInTheDocument();
    expect(screen.getByRole("timer", { name: "Time left" })).toHaveTextContent(/^(30:00|29:59)$/);
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(screen.getByTestId("answered-count")).toHaveTextContent("Answered 0 of 3");

    await user.click(screen.getByRole("radio", { name: /4/ }));
    expect(screen.getByTestId("answered-count")).toHaveTextContent("Answered 1 of 3");
    expect(screen.getByRole("radio", { name: /4/ })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByText("10 − 7 =")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Submit Quiz" }));
    const dialog = await screen.findByRole("dialog", { name: "Submit Quiz?" });
    expect(within(dialog).getByTestId("unanswered-summary")).toHaveTextContent("You have not answered questions 2 and 3 (2 unanswered).");
    await user.click(within(dialog).getByRole("button", { name: "Submit Quiz" }));

    expect(await screen.findByRole("heading", { name: "Quiz submitted" })).toBeInTheDocument();
    expect(screen.getByTestId("result-score")).toHaveTextContent("33.33%");
    expect(screen.getByTestId("result-correct")).toHaveTextContent("1 / 3");
    expect(screen.getByTestId("result-status")).toHaveTextContent("Failed");
    expect(screen.getByRole("heading", { name: "Review" })).toBeInTheDocument();
    expect(screen.getByText("9", { selector: "b" })).toBeInTheDocument(); // the correct answer to question 2
  });

  it("comes back to the page the student was on after a reload", async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<QuizRunner engine={practice()} onBack={() => {}} viewKey="adesua.view.test" />);
    await user.click(await screen.findByRole("button", { name: "Next page" }));
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<QuizRunner engine={practice()} onBack={() => {}} viewKey="adesua.view.test" />);
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByText("10 − 7 =")).toBeInTheDocument();
  });

  it("moves between options with the arrow keys, as a radio group should", async () => {
    const user = userEvent.setup();
    renderWithProviders(<QuizRunner engine={practice()} onBack={() => {}} />);
    const first = await screen.findByRole("radio", { name: /^A\.? ?3$|3$/ });
    await user.click(first);
    await user.keyboard("{ArrowDown}");
    expect(screen.getAllByRole("radio", { checked: true })[0]).toHaveAccessibleName(/4/);
  });

  it("shows ended sections read-only, and asks before moving on to the next section", async () => {
    const user = userEvent.setup();
    const { engine } = fakeEngine(sectioned(0));
    renderWithProviders(<QuizRunner engine={engine} onBack={() => {}} />);
    expect(await screen.findByRole("heading", { name: "Section 1 of 2: Section A" })).toBeInTheDocument();
    expect(screen.getByText("Science · Attempt 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("timer", { name: "Section A time left" })).toHaveTextContent("01:00");
    expect(screen.getByRole("button", { name: "Previous Section" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next Section" }));
    const dialog = await screen.findByRole("dialog", { name: "Move on to Section B?" });
    expect(dialog).toHaveTextContent("can no longer change");
    expect(dialog).toHaveTextContent("You have not answered question 2.");
    await user.click(within(dialog).getByRole("button", { name: "Next Section" }));
    expect(engine.advanceSection).toHaveBeenCalledWith(0);

    expect(await screen.findByRole("heading", { name: "Section 2 of 2: Section B" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Previous Section" }));
    expect(screen.getByText("This section has ended. Its answers can no longer change.")).toBeInTheDocument();
    for (const radio of screen.getAllByRole("radio")) expect(radio).toBeDisabled();
    expect(screen.getByRole("radio", { name: /100 °C/ })).toBeChecked();
  });

  it("submits by itself when the server's deadline passes, without a click", async () => {
    const { engine, setNow } = fakeEngine(sectioned(1));
    renderWithProviders(<QuizRunner engine={engine} onBack={() => {}} />);
    await screen.findByRole("heading", { name: "Section 2 of 2: Section B" });
    setNow(T0 + 2 * 60_000 + 1500);
    await waitFor(() => expect(engine.submit).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(await screen.findByText("Your quiz was submitted automatically with the answers you had given.")).toBeInTheDocument();
    expect(screen.getByTestId("result-status")).toHaveTextContent("Passed");
    expect(screen.getByTestId("answers-when")).toHaveTextContent("The correct answers will appear here when the quiz closes, on 20 Mar 2026, 15:00.");
  });

  it("moves to the next section by itself when the section's time is up", async () => {
    const { engine, setNow } = fakeEngine(sectioned(0));
    renderWithProviders(<QuizRunner engine={engine} onBack={() => {}} />);
    await screen.findByRole("heading", { name: "Section 1 of 2: Section A" });
    setNow(T0 + 61_500);
    await waitFor(() => expect(engine.advanceSection).toHaveBeenCalledWith(0), { timeout: 3000 });
    expect(await screen.findByRole("heading", { name: "Section 2 of 2: Section B" })).toBeInTheDocument();
  });

  it("shows the save status the engine reports", async () => {
    const { engine, emit } = fakeEngine(sectioned(0));
    renderWithProviders(<QuizRunner engine={engine} onBack={() => {}} />);
    await screen.findByRole("heading", { name: "Section 1 of 2: Section A" });
    expect(screen.getByTestId("save-status")).toHaveTextContent("Saved");
    emit({ type: "status", status: "saving" });
    expect(screen.getByTestId("save-status")).toHaveTextContent("Saving…");
    emit({ type: "status", status: "offline" });
    expect(screen.getByTestId("save-status")).toHaveTextContent("Offline — answers kept on this device");
  });

  it("shows Quiz Error with the server's message and Go Back", async () => {
    const user = userEvent.setup();
    const onBack = vi.fn();
    const { engine } = fakeEngine(sectioned(0));
    engine.load = vi.fn(async () => {
      throw new EngineError("Quiz is closed", "refused");
    });
    renderWithProviders(<QuizRunner engine={engine} onBack={onBack} />);
    expect(await screen.findByRole("heading", { name: "Quiz Error" })).toBeInTheDocument();
    expect(screen.getByText("Quiz is closed")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Go Back" }));
    expect(onBack).toHaveBeenCalled();
  });

  it("keeps the student in the quiz with an alert when a submission fails offline", async () => {
    const user = userEvent.setup();
    const { engine } = fakeEngine(sectioned(1));
    engine.submit = vi.fn(async () => {
      throw new EngineError("Submission failed", "offline");
    });
    renderWithProviders(<QuizRunner engine={engine} onBack={() => {}} />);
    await screen.findByRole("heading", { name: "Section 2 of 2: Section B" });
    await user.click(screen.getByRole("button", { name: "Submit Quiz" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Submit Quiz" }));
    expect(await screen.findByText(/You are offline. Your answers are kept on this device/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Submit Quiz" })).toBeEnabled();
  });
});
