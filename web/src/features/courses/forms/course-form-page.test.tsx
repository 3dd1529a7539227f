import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderRoutes } from "@/test/render";
import { CourseFormPage, validateCourse } from "./course-form-page";

const teacher = { id: 3, name: "Ama Owusu", email: "ama@example.com", role: "teacher", studentType: null, hasPassword: true, createdAt: "", updatedAt: "" };

describe("course form", () => {
  beforeEach(() => localStorage.setItem("token", "t"));

  it("requires a title and a PDF for the material", () => {
    expect(validateCourse({ title: " ", description: "", material: null })).toEqual({ title: "Title is required" });
    expect(validateCourse({ title: "Maths", description: "", material: new File(["x"], "notes.docx") }).material).toBe("Course material must be a PDF file");
    expect(validateCourse({ title: "Maths", description: "", material: new File(["%PDF-1.4"], "notes.pdf", { type: "application/pdf" }) })).toEqual({});
  });

  it("creates the course as multipart and returns a teacher to their course list", async () => {
    let sent: FormData | null = null;
    const calls = mockApi({ "GET /api/auth/me": [200, teacher], "POST /api/courses": [201, { id: 1 }] });
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") sent = init.body as FormData;
      return original(input, init);
    }) as typeof fetch;
    const { router } = renderRoutes(
      [
        { path: "/teachers/dashboard/courses/new", element: <CourseFormPage /> },
        { path: "/teachers/dashboard/courses", element: <p>Course list</p> },
      ],
      "/teachers/dashboard/courses/new",
    );
    await waitFor(() => expect(calls).toContain("GET /api/auth/me"));
    await userEvent.click(await screen.findByRole("button", { name: "Create course" }));
    expect(await screen.findByText("Title is required")).toBeInTheDocument();
    expect(calls).not.toContain("POST /api/courses");
    await userEvent.type(screen.getByLabelText(/^Title/), "Integrated Science");
    await userEvent.click(screen.getByRole("button", { name: "Create course" }));
    expect(await screen.findByText("Course list")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/teachers/dashboard/courses");
    expect(sent!.get("title")).toBe("Integrated Science");
  });
});
