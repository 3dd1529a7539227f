import { beforeEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderRoutes } from "@/test/render";
import { QuizFormPage } from "./quiz-form-page";

const teacher = { id: 3, name: "Ama Owusu", email: "ama@example.com", role: "teacher", studentType: null, hasPassword: true, createdAt: "", updatedAt: "" };
const course = {
  id: 9,
  title: "Integrated Science",
  description: "",
  teacherId: 3,
  teacher: { id: 3, name: "Ama Owusu" },
  material: null,
  createdAt: "",
  updatedAt: "",
};
const page = (data: unknown[]) => [200, { data, pagination: { total: data.length, page: 1, limit: 100 } }] as [number, unknown];

function renderForm() {
  return renderRoutes([{ path: "/teachers/dashboard/quizzes/new", element: <QuizFormPage /> }], "/teachers/dashboard/quizzes/new");
}

describe("quiz form", () => {
  beforeEach(() => localStorage.setItem("token", "t"));

  it("shows the spec's messages and sends nothing while the form is incomplete", async () => {
    const calls = mockApi({ "GET /api/auth/me": [200, teacher], "GET /api/courses": page([course]) });
    renderForm();
    const create = await screen.findByRole("button", { name: "Create quiz" });
    await waitFor(() => expect(calls).toContain("GET /api/courses"));
    await userEvent.click(create);
    for (const msg of ["Title is required", "Course selection is required", "Student type is required", "Add questions or attach the question paper (PDF)"]) {
      expect(await screen.findByText(msg)).toBeInTheDocument();
    }
    fireEvent.change(screen.getByLabelText("Open time"), { target: { value: "2026-03-02T10:00" } });
    fireEvent.change(screen.getByLabelText("Close time"), { target: { value: "2026-03-01T10:00" } });
    await userEvent.type(screen.getByLabelText("Max attempts"), "12");
    await userEvent.click(create);
    expect(await screen.findByText("Close time must be after open time")).toBeInTheDocument();
    expect(screen.getByText("Max attempts must be between 1 and 10")).toBeInTheDocument();
    expect(screen.getByText("Please correct the fields marked in red.")).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
  }, 30_000);

  it("disables creation for a teacher without a course, with the spec's hint", async () => {
    mockApi({ "GET /api/auth/me": [200, teacher], "GET /api/courses": page([]) });
    renderForm();
    expect(await screen.findByText("You are not assigned to any course. Please contact your administrator.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create quiz" })).toBeDisabled();
  });

  it("keeps the count of questions and problems in the save bar, and jumps to a question with a problem", async () => {
    mockApi({ "GET /api/auth/me": [200, teacher], "GET /api/courses": page([course]) });
    renderForm();
    const bar = await screen.findByRole("region", { name: "Save bar" });
    expect(within(bar).getByRole("button", { name: "Create quiz" })).toBeInTheDocument();
    expect(within(bar).getByTestId("question-count")).toHaveTextContent("0 questions");
    expect(within(bar).getByTestId("problem-count")).toHaveTextContent("No problems");
    await userEvent.click(screen.getByRole("button", { name: "Add question" }));
    await userEvent.click(screen.getByRole("button", { name: "Add question" }));
    await userEvent.type(screen.getByLabelText("Question 1 text"), "Unit of force?");
    expect(within(bar).getByTestId("question-count")).toHaveTextContent("2 questions");
    expect(within(bar).getByTestId("problem-count")).toHaveTextContent("2 problems");
    await userEvent.click(screen.getByRole("button", { name: "Collapse all" }));
    expect(screen.queryByLabelText("Question 2 text")).toBeNull();
    await userEvent.click(within(bar).getByTestId("problem-count"));
    // The menu opens with a transition: give a loaded machine time.
    await userEvent.click(await screen.findByRole("menuitem", { name: /^Question 2: / }, { timeout: 5000 }));
    expect(await screen.findByLabelText("Question 2 text")).toBeInTheDocument();
    expect(screen.queryByLabelText("Question 1 text")).toBeNull();
  }, 30_000);
});
