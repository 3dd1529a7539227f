import { beforeEach, describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { mockApi, renderWithProviders, signIn } from "@/test/render";
import { StudentHomePage } from "./student-home";

const student = {
  id: 7,
  name: "Kwesi Amoah",
  email: "kwesi.amoah@adesua.school",
  role: "student",
  studentType: "jhs3",
  hasPassword: true,
  createdAt: "2026-01-01T00:00:00Z",
};
const day = 86_400_000;
const quiz = (id: number, title: string, over: Record<string, unknown> = {}) => ({
  id,
  title,
  courseId: 1,
  course: { id: 1, title: "Mathematics", teacherId: 2 },
  openTime: null,
  closeTime: null,
  hasSubmission: false,
  attemptInfo: { canAttempt: true, currentAttempts: 0, maxAttempts: null, inProgress: null, bestScore: null },
  ...over,
});

describe("student home", () => {
  beforeEach(signIn);

  it("greets the student and shows stats, the quizzes open now with Resume, Start Quiz (to the pre-start screen) or the best score, and the first courses", async () => {
    mockApi({
      "GET /api/auth/me": [200, student],
      "GET /api/quizzes": [
        200,
        {
          data: [
            quiz(1, "Fractions", { closeTime: new Date(Date.now() + 2 * day).toISOString() }),
            quiz(2, "Decimals", {
              hasSubmission: true,
              attemptInfo: { canAttempt: true, currentAttempts: 1, maxAttempts: 3, inProgress: null, bestScore: 80 },
            }),
            quiz(4, "Ratios", {
              attemptInfo: {
                canAttempt: true,
                currentAttempts: 1,
                maxAttempts: 2,
                inProgress: { attemptNumber: 1, deadline: new Date(Date.now() + 10 * 60_000).toISOString() },
                bestScore: null,
              },
            }),
            quiz(3, "Algebra", { openTime: new Date(Date.now() + day).toISOString() }),
          ],
          meta: { total: 4, page: 1, limit: 100 },
          serverNow: new Date().toISOString(),
        },
      ],
      "GET /api/students/me/summary": [
        200,
        {
          totalQuizzes: 3,
          completed: 1,
          pending: 2,
          averageScore: 77.75,
          subjects: [
            { courseId: 3, subject: "Integrated Science", averageScore: 55.5, records: 1 },
            { courseId: 1, subject: "Mathematics", averageScore: 82.25, records: 4 },
          ],
        },
      ],
      "GET /api/courses": [
        200,
        {
          data: [{ id: 1, title: "Mathematics", description: "", teacherId: 2, teacher: { id: 2, name: "Ama Owusu" } }],
          pagination: { total: 1, page: 1, limit: 4 },
        },
      ],
      "GET /api/library": [
        200,
        {
          data: [
            {
              id: "material-1",
              title: "Fractions notes",
              type: "material",
              course: { id: 1, title: "Mathematics" },
              fileName: "fractions.pdf",
              size: 1200,
              createdAt: "2026-01-01T00:00:00Z",
              downloadPath: "/files/9",
            },
          ],
          pagination: { total: 1, page: 1, limit: 5 },
        },
      ],
    });
    renderWithProviders(<StudentHomePage />);
    expect(await screen.findByRole("heading", { level: 1, name: /Good (morning|afternoon|evening), Kwesi Amoah/ })).toBeInTheDocument();
    expect(await screen.findByTestId("stat-total-quizzes")).toHaveTextContent("3");
    expect(await screen.findByTestId("stat-completed")).toHaveTextContent("1");
    expect(screen.getByTestId("stat-pending")).toHaveTextContent("2");
    expect(screen.getByTestId("stat-average-score")).toHaveTextContent("77.75%");

    const available = screen.getByRole("region", { name: "Available Quizzes" });
    expect(within(available).getByRole("link", { name: "Start Quiz: Fractions" })).toHaveAttribute("href", "/students/dashboard/quizzes/1");
    expect(within(available).getByText(/^Due /)).toBeInTheDocument();
    expect(within(available).getByText("Best score: 80.00%")).toBeInTheDocument();
    expect(within(available).getByRole("link", { name: "Try again (2 attempts left): Decimals" })).toHaveAttribute("href", "/students/dashboard/quizzes/2");
    expect(within(available).getByTestId("in-progress")).toHaveTextContent(/^In progress — (10:00|9:5\d) left$/);
    expect(within(available).getByRole("link", { name: "Resume: Ratios" })).toHaveAttribute("href", "/students/dashboard/quizzes/4/attempt?n=1");
    expect(within(available).getAllByText("No due date")).toHaveLength(2);
    expect(within(available).queryByText("Algebra")).toBeNull(); // not open yet
    expect(within(available).getByRole("link", { name: "View all 4 quizzes" })).toHaveAttribute("href", "/students/dashboard/quizzes");

    expect(screen.getByRole("link", { name: "My Courses" })).toHaveAttribute("href", "/students/dashboard/courses");
    expect(screen.getByRole("link", { name: "View Records" })).toHaveAttribute("href", "/students/dashboard/records");
    expect(await screen.findByRole("link", { name: /Mathematics/ })).toHaveAttribute("href", "/students/dashboard/courses/1");

    // The performance section: the student's own average per subject, as the server computed it.
    const performance = screen.getByRole("region", { name: "My Performance" });
    expect(
      within(performance)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-label")),
    ).toEqual(["Integrated Science: average 55.50% over 1 result", "Mathematics: average 82.25% over 4 results"]);
    expect(within(performance).getByText("82.25%")).toBeInTheDocument();
    const library = screen.getByRole("region", { name: "Library" });
    expect(await within(library).findByRole("button", { name: "Fractions notes" })).toBeInTheDocument();
  });

  it("says so when there are no scores yet and the library is empty", async () => {
    mockApi({
      "GET /api/auth/me": [200, student],
      "GET /api/quizzes": [200, { data: [], meta: { total: 0, page: 1, limit: 100 }, serverNow: new Date().toISOString() }],
      "GET /api/students/me/summary": [200, { totalQuizzes: 0, completed: 0, pending: 0, averageScore: null, subjects: [] }],
      "GET /api/courses": [200, { data: [], pagination: { total: 0, page: 1, limit: 4 } }],
      "GET /api/library": [200, { data: [], pagination: { total: 0, page: 1, limit: 5 } }],
    });
    renderWithProviders(<StudentHomePage />);
    const performance = await screen.findByRole("region", { name: "My Performance" });
    expect(await within(performance).findByText("No scores yet. Your average in each subject appears here once a quiz is scored.")).toBeInTheDocument();
    const library = screen.getByRole("region", { name: "Library" });
    expect(await within(library).findByText("No library items yet. Your courses' materials and the papers of closed quizzes appear here.")).toBeInTheDocument();
  });

  it("shows zeros and a way to try again when the dashboard cannot load", async () => {
    mockApi({
      "GET /api/auth/me": [200, student],
      "GET /api/quizzes": [500, { error: "Database unavailable" }],
      "GET /api/students/me/summary": [500, { error: "Database unavailable" }],
      "GET /api/courses": [200, { data: [], pagination: { total: 0, page: 1, limit: 4 } }],
    });
    renderWithProviders(<StudentHomePage />);
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    expect(screen.getByTestId("stat-total-quizzes")).toHaveTextContent("0");
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
    expect(screen.getByText("No courses yet.")).toBeInTheDocument();
  });
});
