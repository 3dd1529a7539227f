import { beforeEach, describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { quizFields } from "@/test/fixtures";
import { renderRoutes } from "@/test/render";
import type { Quiz } from "@adesua/domain";
import { QuizDetailPage } from "./quiz-detail-page";

const teacher = { id: 3, name: "Ama Owusu", email: "ama@example.com", role: "teacher", studentType: null, hasPassword: true, createdAt: "", updatedAt: "" };
const quiz = (over: Partial<Quiz> = {}): Quiz => ({ ...quizFields({ title: "Fractions", publication: "draft" }), questions: [], ...over });

function render(state?: unknown) {
  return renderRoutes([{ path: "/teachers/dashboard/quizzes/:id", element: <QuizDetailPage /> }], "/teachers/dashboard/quizzes/5").router.navigate(
    "/teachers/dashboard/quizzes/5",
    { state },
  );
}

/** A server with one quiz whose publication the publish and unpublish calls change. */
function server(start: Quiz["publication"]) {
  let publication = start;
  const calls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}`;
    calls.push(key);
    if (key === "POST /api/quizzes/5/publish") publication = "published";
    if (key === "POST /api/quizzes/5/unpublish") publication = "draft";
    const body = key === "GET /api/auth/me" ? teacher : url.pathname.startsWith("/api/quizzes/5") ? quiz({ publication }) : { error: "Not found" };
    return new Response(JSON.stringify(body), { status: "error" in body ? 404 : 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return calls;
}

describe("staff quiz detail (issue 24)", () => {
  beforeEach(() => localStorage.setItem("token", "t"));

  it("says a new draft was created, shows Draft, and publishes it; Take Quiz is the try-out", async () => {
    const calls = server("draft");
    await render({ created: "Quiz created as a draft — students cannot see it until you publish it." });
    expect(await screen.findByText("Quiz created as a draft — students cannot see it until you publish it.")).toBeInTheDocument();
    expect(screen.getByTestId("draft-badge")).toHaveTextContent("Draft");
    expect(screen.getByRole("link", { name: "Take Quiz" })).toHaveAttribute("href", "/teachers/dashboard/quizzes/5/attempt?start=1");
    await userEvent.click(screen.getByRole("button", { name: "Publish Fractions" }));
    expect(await screen.findByRole("button", { name: "Unpublish Fractions" })).toBeInTheDocument();
    expect(calls).toContain("POST /api/quizzes/5/publish");
    expect(screen.queryByTestId("draft-badge")).toBeNull();
  });

  it("asks before unpublishing, and sends nothing when the teacher cancels", async () => {
    const calls = server("published");
    await render();
    await userEvent.click(await screen.findByRole("button", { name: "Unpublish Fractions" }));
    const dialog = await screen.findByRole("dialog", { name: "Unpublish quiz" });
    expect(within(dialog).getByText("Are you sure you want to unpublish this quiz?")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls).not.toContain("POST /api/quizzes/5/unpublish");
    await userEvent.click(screen.getByRole("button", { name: "Unpublish Fractions" }));
    await userEvent.click(within(await screen.findByRole("dialog", { name: "Unpublish quiz" })).getByRole("button", { name: "Unpublish" }));
    expect(await screen.findByTestId("draft-badge")).toBeInTheDocument();
    expect(calls).toContain("POST /api/quizzes/5/unpublish");
  });
});

describe("student quiz detail: the paper (decision 043)", () => {
  const student = { id: 9, name: "Yaw Darko", email: "yaw@example.com", role: "student", studentType: "jhs1", hasPassword: true, createdAt: "", updatedAt: "" };
  beforeEach(() => localStorage.setItem("token", "t"));

  function studentServer(over: { closeTime: string | null; inProgress: boolean }) {
    const body = {
      ...quiz({ publication: "published", pdf: { name: "paper.pdf", size: 1000 }, closeTime: over.closeTime, openTime: "2020-01-01T00:00:00.000Z" }),
      questions: undefined,
      attemptInfo: {
        canAttempt: !over.closeTime || new Date(over.closeTime) > new Date(),
        currentAttempts: over.inProgress ? 1 : 0,
        maxAttempts: 2,
        inProgress: over.inProgress ? { attemptNumber: 1, deadline: null } : null,
        bestScore: null,
      },
      serverNow: new Date().toISOString(),
    };
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      const json = url.pathname === "/api/auth/me" ? student : url.pathname === "/api/quizzes/5" ? body : { error: "Not found" };
      return new Response(JSON.stringify(json), { status: "error" in json ? 404 : 200, headers: { "content-type": "application/json" } });
    }) as typeof fetch;
  }
  const renderStudent = () => renderRoutes([{ path: "/students/dashboard/quizzes/:id", element: <QuizDetailPage /> }], "/students/dashboard/quizzes/5");

  it("offers no Download PDF on an open quiz before the student's attempt runs", async () => {
    studentServer({ closeTime: "2099-01-01T00:00:00.000Z", inProgress: false });
    renderStudent();
    expect(await screen.findByRole("heading", { name: "Fractions" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download PDF" })).toBeNull();
  });

  it("offers Download PDF once the quiz has closed", async () => {
    studentServer({ closeTime: "2021-01-01T00:00:00.000Z", inProgress: false });
    renderStudent();
    expect(await screen.findByRole("button", { name: "Download PDF" })).toBeInTheDocument();
  });
});
