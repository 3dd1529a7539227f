import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderRoutes } from "@/test/render";
import { UploadQuizPage } from "./upload-quiz-page";

/** The upload screen's messages are the spec's (000 §7, 001 §8; issue 24 §5), and it creates drafts with their settings (§3). */

const teacher = { id: 3, name: "Ama Owusu", email: "ama@example.com", role: "teacher", studentType: null, hasPassword: true, createdAt: "", updatedAt: "" };
const course = {
  id: 9,
  title: "Mathematics",
  description: "",
  teacherId: 3,
  teacher: { id: 3, name: "Ama Owusu" },
  material: null,
  createdAt: "",
  updatedAt: "",
};
const parsed = {
  heading: "JHS 1 Class Exercise: Fractions (BECE style)",
  questions: [{ text: "Simplify 3/4 + 1/8", options: ["7/8", "1"], answer: null, passage: null, imageIds: [] }],
  warnings: [],
};

/** A parse job (POST /questions/parse-jobs) as the server answers it. */
const job = (over: Record<string, unknown>) => ({
  id: "5b6f2c1e-8a3d-4f7b-9c2e-1d4a5b6c7d8e",
  kind: "questions",
  status: "queued",
  pages: 0,
  pagesDone: 0,
  stage: null,
  fileName: "paper.docx",
  ...over,
});

type Answer = [number, unknown];
let answers: Record<string, Answer>;
let sent: { key: string; body: unknown }[];

beforeEach(() => {
  localStorage.setItem("token", "t");
  sent = [];
  answers = {
    "GET /api/auth/me": [200, teacher],
    "GET /api/courses": [200, { data: [course], pagination: { total: 1, page: 1, limit: 100 } }],
    "POST /api/questions/parse-jobs": [202, job({ status: "done", result: parsed })],
  };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}`;
    sent.push({ key, body: init?.body });
    const hit = answers[key];
    if (!hit) return new Response(JSON.stringify({ error: "Not found" }), { status: 404, headers: { "content-type": "application/json" } });
    return new Response(JSON.stringify(hit[1]), { status: hit[0], headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});

const docx = () => new File(["PK"], "paper.docx", { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" });

function render() {
  return renderRoutes(
    [
      { path: "/teachers/dashboard/quiz/upload", element: <UploadQuizPage /> },
      { path: "/teachers/dashboard/quizzes/:id", element: <p>Quiz page</p> },
    ],
    "/teachers/dashboard/quiz/upload",
  );
}

async function parseOne() {
  const input = document.querySelectorAll<HTMLInputElement>('input[type="file"]')[0];
  await userEvent.upload(input, docx());
  await userEvent.click(screen.getByRole("button", { name: "Parse Questions" }));
  await screen.findByText("4. Quiz details");
}

describe("upload quiz screen", () => {
  it("says 'No file selected' when Parse is pressed without a file (the button stays enabled)", async () => {
    render();
    const parse = await screen.findByRole("button", { name: "Parse Questions" });
    await waitFor(() => expect(parse).toBeEnabled());
    await userEvent.click(parse);
    expect(await screen.findByRole("alert")).toHaveTextContent("No file selected");
    expect(sent.some((s) => s.key.startsWith("POST /api/questions/parse"))).toBe(false);
  });

  it("shows a scan's progress page by page while its job runs, then the questions", async () => {
    answers["POST /api/questions/parse-jobs"] = [202, job({ status: "running", pages: 4, pagesDone: 1, stage: "Reading page 2 of 4" })];
    answers[`GET /api/questions/parse-jobs/${job({}).id}`] = [200, job({ status: "done", pages: 4, pagesDone: 4, result: parsed })];
    render();
    await screen.findByRole("button", { name: "Parse Questions" });
    await userEvent.upload(document.querySelectorAll<HTMLInputElement>('input[type="file"]')[0], docx());
    await userEvent.click(screen.getByRole("button", { name: "Parse Questions" }));
    expect(await screen.findByText("Reading page 2 of 4…")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "1 of 4 pages read" })).toBeInTheDocument();
    expect(await screen.findByText("4. Quiz details", undefined, { timeout: 3000 })).toBeInTheDocument();
    const posted = sent.find((s) => s.key === "POST /api/questions/parse-jobs")!.body as FormData;
    expect(posted.get("kind")).toBe("questions");
  });

  it("says 'Parse failed' with the server's reason", async () => {
    answers["POST /api/questions/parse-jobs"] = [202, job({ status: "failed", error: { status: 422, error: "This file looks scanned." } })];
    render();
    await screen.findByRole("button", { name: "Parse Questions" });
    await userEvent.upload(document.querySelectorAll<HTMLInputElement>('input[type="file"]')[0], docx());
    await userEvent.click(screen.getByRole("button", { name: "Parse Questions" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Parse failed");
    expect(alert).toHaveTextContent("This file looks scanned.");
  });

  it("says 'Failed to parse answers: …', but a refused file type as the server words it", async () => {
    render();
    await parseOne();
    const keyInput = document.querySelectorAll<HTMLInputElement>('input[type="file"]')[1];
    await userEvent.click(screen.getByRole("button", { name: "Parse Answers" }));
    expect(await screen.findByText("Please select an answer file to upload.")).toBeInTheDocument();
    await userEvent.upload(keyInput, docx());
    answers["POST /api/questions/parse-answers"] = [422, { error: "The file is damaged." }];
    await userEvent.click(screen.getByRole("button", { name: "Parse Answers" }));
    expect(await screen.findByText("Failed to parse answers: The file is damaged.")).toBeInTheDocument();
    answers["POST /api/questions/parse-answers"] = [415, { error: "Unsupported file type. Please upload a PDF, DOC, or DOCX file." }];
    await userEvent.click(screen.getByRole("button", { name: "Parse Answers" }));
    expect(await screen.findByText("Unsupported file type. Please upload a PDF, DOC, or DOCX file.")).toBeInTheDocument();
  });

  it("shows the paper's heading to use as the title, asks for a title ('Provide title'), and says 'Error creating quiz' on a failure", async () => {
    answers["POST /api/quizzes"] = [500, {}];
    render();
    await parseOne();
    expect(screen.getByTestId("paper-heading")).toHaveTextContent("JHS 1 Class Exercise: Fractions (BECE style)");
    await userEvent.selectOptions(screen.getByLabelText(/^Course/), "9");
    await userEvent.click(screen.getByRole("button", { name: "Create Quiz" }));
    expect(await screen.findByText("Provide title")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Use as quiz title" }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue("JHS 1 Class Exercise: Fractions (BECE style)");
    await userEvent.click(screen.getByRole("button", { name: "Create Quiz" }));
    expect(await screen.findByText("Error creating quiz")).toBeInTheDocument();
  });

  it("creates a draft with the window, limits and score timing set on the screen, then opens the quiz", async () => {
    answers["POST /api/quizzes"] = [201, { id: 41 }];
    render();
    await parseOne();
    await userEvent.type(screen.getByLabelText(/^Title/), "Fractions");
    await userEvent.selectOptions(screen.getByLabelText(/^Course/), "9");
    const limit = screen.getByLabelText("Time limit (minutes)");
    await userEvent.clear(limit);
    await userEvent.type(limit, "20");
    await userEvent.click(screen.getByRole("button", { name: "Create Quiz" }));
    expect(await screen.findByText("Quiz page")).toBeInTheDocument();
    const form = sent.find((s) => s.key === "POST /api/quizzes")!.body as FormData;
    expect(form.get("status")).toBe("draft");
    expect(form.get("timeLimit")).toBe("20");
    expect(form.get("maxAttempts")).toBe("1");
    expect(form.get("passingScore")).toBe("50");
    // One attempt and a close time: an exam, so the score waits for the close.
    expect(form.get("showScore")).toBe("after_close");
    expect(String(form.get("openTime"))).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(new Date(String(form.get("closeTime"))).getTime()).toBeGreaterThan(new Date(String(form.get("openTime"))).getTime());
    expect(JSON.parse(String(form.get("questions")))).toEqual([{ text: "Simplify 3/4 + 1/8", options: ["7/8", "1"], answer: null }]);
  });
});
