import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { practiceAnswer, practiceResult } from "@/test/fixtures";
import { mockApi, renderRoutes, signIn } from "@/test/render";
import { practiceRoundKey } from "../api/practice-engine";
import { PracticePage } from "./practice-page";

const student = {
  id: 7,
  name: "Kwesi Amoah",
  email: "k@adesua.school",
  role: "student",
  studentType: "jhs3",
  hasPassword: true,
  createdAt: "2026-01-01T00:00:00Z",
};
const GROUP = "2020~Science~A";
const PATH = `/students/dashboard/past-questions/attempt/${encodeURIComponent(GROUP)}`;
const questions = [
  { id: 11, text: "Which organ pumps blood?", options: ["Liver", "Heart"], year: 2020, subject: "Science", section: "A", topic: null, imageCount: 0 },
  { id: 12, text: "Closest planet to the Sun?", options: ["Mercury", "Mars"], year: 2020, subject: "Science", section: "A", topic: null, imageCount: 0 },
  { id: 13, text: "Water boils at", options: ["100 °C", "50 °C"], year: 2020, subject: "Science", section: "A", topic: null, imageCount: 0 },
];
const graded = practiceResult({
  score: 1,
  total: 3,
  percentage: 33.33,
  results: [practiceAnswer(11, "Heart", "Heart"), practiceAnswer(12, "Mars", "Mercury"), practiceAnswer(13, null, "100 °C")],
  wrongQuestionIds: [12, 13],
});

/** The practice page at `entry` (a reload keeps the history entry's state, as a browser does). */
function open(entry: { pathname: string; search: string; state?: unknown }) {
  return renderRoutes([{ path: "/students/dashboard/past-questions/attempt/:id", element: <PracticePage /> }], entry);
}

describe("practice page", () => {
  beforeEach(() => {
    signIn();
    window.scrollTo = vi.fn();
    mockApi({
      "GET /api/auth/me": [200, student],
      "GET /api/questions": [200, { questions, pagination: { total: 3, page: 1, limit: 100, totalPages: 1 } }],
      "POST /api/practice": [200, graded],
    });
  });

  it("shows a start screen first, keeps the round across a reload, and puts the score in view after Submit", async () => {
    const user = userEvent.setup();
    const first = open({ pathname: PATH, search: "?perPage=5&timeLimit=20" });

    // Nothing starts on arrival: no questions, no clock.
    const pre = await screen.findByRole("region", { name: "Before you start" });
    expect(within(pre).getByText("20 minutes")).toBeInTheDocument();
    expect(await within(pre).findByText("3")).toBeInTheDocument();
    expect(within(pre).getByText("The timer starts when you press Start and keeps running if you leave.")).toBeInTheDocument();
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.queryByText("Which organ pumps blood?")).toBeNull();
    expect(localStorage.getItem(practiceRoundKey(7, GROUP))).toBeNull();

    await user.click(within(pre).getByRole("button", { name: "Start" }));
    expect(await screen.findByText("Which organ pumps blood?")).toBeInTheDocument();
    expect(screen.getByRole("timer", { name: "Time left" })).toHaveTextContent(/^(20:00|19:5\d)$/);
    await user.click(screen.getByRole("radio", { name: /Heart/ }));
    await user.click(screen.getByRole("radio", { name: /Mars/ }));
    const kept = JSON.parse(localStorage.getItem(practiceRoundKey(7, GROUP))!);
    expect(kept.answers).toEqual({ 11: "Heart", 12: "Mars" });
    const location = first.router.state.location;
    expect(location.state).toEqual({ practiceRound: kept.id });
    first.unmount();

    // A reload: the same entry, its state and all.
    open({ pathname: location.pathname, search: location.search, state: location.state });
    expect(await screen.findByText("Which organ pumps blood?")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Before you start" })).toBeNull();
    expect(screen.getByRole("radio", { name: /Heart/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Mars/ })).toBeChecked();
    expect(screen.getByTestId("answered-count")).toHaveTextContent("Answered 2 of 3");

    await user.click(screen.getByRole("button", { name: "Submit Quiz" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Submit Quiz?" })).getByRole("button", { name: "Submit Quiz" }));
    const heading = await screen.findByRole("heading", { name: "Quiz submitted" });
    expect(screen.getByTestId("result-score")).toHaveTextContent("33.33%");
    expect(heading).toHaveFocus();
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0 });
    // Submitted: nothing is kept to resume.
    expect(localStorage.getItem(practiceRoundKey(7, GROUP))).toBeNull();
  });

  it("asks before resuming when the student comes back from the list, and can start over", async () => {
    const user = userEvent.setup();
    const first = open({ pathname: PATH, search: "" });
    await user.click(await screen.findByRole("button", { name: "Start" }));
    await user.click(await screen.findByRole("radio", { name: /Heart/ }));
    first.unmount();

    // A fresh visit (from the list): no history state.
    open({ pathname: PATH, search: "" });
    const running = await screen.findByRole("region", { name: "Your practice round is running" });
    expect(within(running).getByText("1 of 3")).toBeInTheDocument();
    expect(within(running).getByRole("timer", { name: "Time left" })).toBeInTheDocument();
    await user.click(within(running).getByRole("button", { name: "Resume" }));
    expect(await screen.findByRole("radio", { name: /Heart/ })).toBeChecked();
  });

  it("starts a new round with no answers when the student chooses to", async () => {
    const user = userEvent.setup();
    const first = open({ pathname: PATH, search: "" });
    await user.click(await screen.findByRole("button", { name: "Start" }));
    await user.click(await screen.findByRole("radio", { name: /Heart/ }));
    const before = JSON.parse(localStorage.getItem(practiceRoundKey(7, GROUP))!).id as number;
    first.unmount();

    open({ pathname: PATH, search: "" });
    await new Promise((r) => setTimeout(r, 5)); // a later start time
    await user.click(await screen.findByRole("button", { name: "Start a new round" }));
    expect(await screen.findByTestId("answered-count")).toHaveTextContent("Answered 0 of 3");
    expect(screen.getByRole("radio", { name: /Heart/ })).not.toBeChecked();
    expect(JSON.parse(localStorage.getItem(practiceRoundKey(7, GROUP))!).id).not.toBe(before);
  });

  it("offers to submit a round whose time ran out while the page was closed, and submits it with the answers it kept", async () => {
    const user = userEvent.setup();
    const items = questions.map(({ id, text, options }) => ({ id, text, options }));
    const started = Date.now() - 40 * 60_000;
    localStorage.setItem(
      practiceRoundKey(7, GROUP),
      JSON.stringify({
        v: 1,
        id: started,
        subtitle: "Section A · practice",
        items,
        answers: { 11: "Heart" },
        deadline: started + 30 * 60_000,
        questionsPerPage: 5,
        updatedAt: started,
      }),
    );
    const sent: unknown[] = [];
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") sent.push(JSON.parse(String(init.body)));
      return fetchBefore(input, init);
    }) as typeof fetch;

    open({ pathname: PATH, search: "" });
    const ended = await screen.findByRole("region", { name: "Time is up for your practice round" });
    expect(within(ended).getByText("1 of 3")).toBeInTheDocument();
    await user.click(within(ended).getByRole("button", { name: "Submit it" }));
    expect(await screen.findByRole("heading", { name: "Quiz submitted" }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText("Your quiz was submitted automatically with the answers you had given.")).toBeInTheDocument();
    expect(sent).toEqual([{ questionIds: [11, 12, 13], answers: [{ questionId: 11, answer: "Heart" }] }]);
    expect(localStorage.getItem(practiceRoundKey(7, GROUP))).toBeNull();
  });
});
