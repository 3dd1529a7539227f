import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderRoutes, signIn } from "@/test/render";
import { GradeQuizPage } from "./grade-quiz-page";
import { script } from "./grading-fixtures";

/** The API of two scripts waiting for marks; PUT …/grade answers the graded row and is recorded. */
function mockGrading() {
  const puts: { path: string; body: unknown }[] = [];
  let waiting = [script(5, "Kojo Appiah"), script(6, "Ama Mensah")];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    const method = init?.method ?? "GET";
    if (method === "GET" && url.pathname === "/api/submissions/3/ungraded")
      return json(200, {
        quiz: { id: 3, title: "Science test", passingScore: 50, questionCount: 5, course: { id: 1, title: "Science" } },
        data: waiting,
        pagination: { page: 1, limit: 100, total: waiting.length, totalPages: 1 },
      });
    if (method === "GET" && url.pathname === "/api/quizzes/3/late-answers") return json(200, { quiz: { id: 3, title: "Science test" }, pending: 0, data: [] });
    const put = /^\/api\/submissions\/(\d+)\/grade$/.exec(url.pathname);
    if (method === "PUT" && put) {
      const id = Number(put[1]);
      puts.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
      waiting = waiting.filter((s) => s.id !== id);
      return json(200, { id, score: 65, correct: 2, total: 5, graded: true });
    }
    if (method === "GET" && url.pathname === "/api/auth/me") return json(200, { id: 1, name: "Teacher", role: "teacher" });
    return json(404, { error: "Not found" });
  }) as typeof fetch;
  return puts;
}

describe("grade quiz screen", () => {
  beforeEach(() => signIn());

  it("says where the teacher is, and Enter on a script's last answer saves it and opens the next script", async () => {
    const puts = mockGrading();
    const user = userEvent.setup();
    renderRoutes([{ path: "/teachers/dashboard/quiz/:quizId/grade", element: <GradeQuizPage /> }], "/teachers/dashboard/quiz/3/grade");
    expect(await screen.findByTestId("script-place")).toHaveTextContent("Script 1 of 2");
    await user.click(screen.getByRole("textbox", { name: "Marks for question 3 (Kojo Appiah)" }));
    await user.keyboard("4{Enter}1.5{Enter}");
    await waitFor(() => expect(screen.getByTestId("script-place")).toHaveTextContent("Script 2 of 2"));
    expect(puts).toEqual([
      {
        path: "/api/submissions/5/grade",
        body: {
          marks: [
            { questionId: 13, marks: 4 },
            { questionId: 14, marks: 1.5 },
          ],
        },
      },
    ]);
    expect(screen.getByTestId("last-saved")).toHaveTextContent("Saved Kojo Appiah: 6.5 of 10 marks (65.00%)");
    // The next script's first answer has the focus: marking goes on without the mouse.
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Marks for question 3 (Ama Mensah)" })).toHaveFocus());
    // Previous goes back to the saved script, which keeps its place and shows its score.
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(screen.getByTestId("script-place")).toHaveTextContent("Script 1 of 2");
    expect(screen.getByTestId("saved-score")).toHaveTextContent("Saved: 6.5 of 10 marks (65.00%)");
  });

  it("can show only the answers to mark; the auto-marked ones still count", async () => {
    mockGrading();
    const user = userEvent.setup();
    renderRoutes([{ path: "/teachers/dashboard/quiz/:quizId/grade", element: <GradeQuizPage /> }], "/teachers/dashboard/quiz/3/grade");
    expect(await screen.findByRole("listitem", { name: "Question 1" })).toBeInTheDocument();
    await user.click(screen.getByRole("switch", { name: "Only answers to mark" }));
    expect(screen.queryByRole("listitem", { name: "Question 1" })).toBeNull();
    expect(screen.getByRole("listitem", { name: "Question 3" })).toBeInTheDocument();
    expect(screen.getByTestId("script-total")).toHaveTextContent("1 of 10 marks (10.00%)");
  });
});
