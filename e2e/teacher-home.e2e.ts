import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO, DEMO_PASSWORD, DESKTOP, launch, newPage, PHONE, signIn, snap } from "./browser";

/**
 * The teacher home's real figures and gradebook tables (issue 12, decision 024). Two new JHS 2
 * students sit a new quiz of the demo teacher's Mathematics course through the API (one full marks,
 * one nothing); the teacher's home then names them under its insights and shows the quiz's deadline.
 * An admin makes a gradebook table and the teacher enters a mark in it.
 */

const stamp = Date.now();
const TOP = `Akosua Top ${stamp}`;
const WEAK = `Kojo Support ${stamp}`;
const QUIZ = `Insights check ${stamp}`;
const TABLE = `JHS 2 Maths CA ${stamp}`;
let browser: Browser;

async function apiCall<T>(token: string | null, method: string, path: string, body?: FormData | object): Promise<T> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${inject("baseUrl")}/api${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const login = async (email: string, password = DEMO_PASSWORD) => (await apiCall<{ token: string }>(null, "POST", "/auth/login", { email, password })).token;

const PDF = [
  "%PDF-1.4",
  "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
  "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj",
  "trailer << /Root 1 0 R >>",
  "%%EOF",
].join("\n");

/** A student who signs up and sits the quiz, answering every question right or wrong. */
async function sit(name: string, quizId: number, right: boolean) {
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}@test.school`;
  const password = "insights-pass-1";
  await apiCall(null, "POST", "/auth/register", { name, email, password, role: "student", studentType: "jhs2" });
  const token = await login(email, password);
  const session = await apiCall<{ attemptId: number; questions: { id: number; options: string[] }[] }>(token, "POST", `/quizzes/${quizId}/attempts`);
  const answers = session.questions.map((q) => ({ questionId: q.id, answer: right ? q.options[0] : q.options[1] }));
  await apiCall(token, "POST", `/attempts/${session.attemptId}/submit`, { answers });
}

beforeAll(async () => {
  browser = await launch();
  const admin = await login(DEMO.admin);
  const courses = await apiCall<{ data: { id: number; title: string }[] }>(admin, "GET", "/courses?search=Mathematics&limit=10");
  const maths = courses.data.find((c) => c.title === "Mathematics")!;
  const form = new FormData();
  form.set("title", QUIZ);
  form.set("courseId", String(maths.id));
  form.set("studentType", "jhs2");
  form.set("passingScore", "50");
  form.set("maxAttempts", "1");
  form.set("timeLimit", "");
  form.set("questionsPerPage", "10");
  form.set("timedSections", "[]");
  // Closes in an hour: sooner than every demo quiz, so it is the first deadline.
  form.set("closeTime", new Date(Date.now() + 3600_000).toISOString());
  form.set("pdf", new Blob([PDF], { type: "application/pdf" }), "quiz.pdf");
  const quiz = await apiCall<{ id: number }>(admin, "POST", "/quizzes", form);
  await apiCall(admin, "PUT", `/quizzes/${quiz.id}/questions`, {
    questions: [
      { text: "What is 2 + 2?", options: ["4", "5", "6"], answer: "4" },
      { text: "What is 3 × 3?", options: ["9", "6", "12"], answer: "9" },
    ],
  });
  await sit(TOP, quiz.id, true);
  await sit(WEAK, quiz.id, false);
});
afterAll(() => browser?.close());

describe("teacher home and gradebooks", () => {
  it("shows the teacher real insights, naming the students behind them, and the soonest deadline", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    const deadlines = page.getByRole("region", { name: "Upcoming Deadlines" });
    await deadlines.getByRole("link", { name: QUIZ }).waitFor();
    expect(await deadlines.getByRole("listitem").first().textContent()).toContain(QUIZ);
    expect(Number(await page.getByTestId("stat-students").textContent())).toBeGreaterThanOrEqual(2);
    expect(Number(await page.getByTestId("insight-active").textContent())).toBeGreaterThanOrEqual(2);
    await snap(page, "teacher-home-phone");

    await page.getByRole("button", { name: /^Top students/ }).click();
    const top = page.getByRole("dialog", { name: "Top students" });
    await top.getByRole("link", { name: TOP }).waitFor();
    expect(await top.getByRole("link", { name: WEAK }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await top.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: /^Students needing support/ }).click();
    const support = page.getByRole("dialog", { name: "Students needing support" });
    const weak = support.getByTestId("insight-student").filter({ hasText: WEAK });
    await weak.getByText("Below pass mark 50.0%").waitFor();
    expect(await weak.getByText("0.0%", { exact: true }).count()).toBe(1);
    await snap(page, "teacher-home-support-phone");
    await page.keyboard.press("Escape");
    await context.close();
  });

  it("lets an admin create a gradebook table and a teacher enter a mark in it", async () => {
    const admin = await newPage(browser, DESKTOP);
    await signIn(admin.page, DEMO.admin);
    await admin.page.waitForURL("**/admin/dashboard");
    await admin.page.getByRole("link", { name: "Tables" }).first().click();
    await admin.page.waitForURL("**/teachers/dashboard/tables");
    const form = admin.page.getByRole("form", { name: "Create New Table" });
    await form.getByLabel("Table Name").fill(TABLE);
    await form.getByLabel("Description").fill("Class exercises, term 1");
    await form.getByRole("combobox", { name: "Students" }).click();
    await admin.page.getByRole("option", { name: "JHS 2" }).click();
    const column = form.getByRole("group", { name: "Column 2" });
    await column.getByLabel("Column 2").fill("Exercise 1");
    await column.getByLabel("Out of").fill("10");
    await form.getByRole("button", { name: "Create Table" }).click();
    const card = admin.page.getByTestId("table-row").filter({ hasText: TABLE });
    await card.getByText("Public").waitFor();
    // The form is back to its defaults for the next table.
    expect(await form.getByLabel("Table Name").inputValue()).toBe("");
    await snap(admin.page, "table-management-desktop");
    await admin.context.close();

    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto("/teachers/dashboard/grade");
    await page.getByRole("combobox", { name: "Table" }).click();
    await page.getByRole("option", { name: TABLE }).click();
    await page.getByLabel("Search students by name").fill(TOP);
    const cell = page.getByLabel(`Exercise 1 for ${TOP}`);
    await cell.fill("11");
    await page.getByText("At most 10").waitFor();
    expect(await page.getByRole("button", { name: "Save marks (1)" }).isDisabled()).toBe(true);
    await cell.fill("8.5");
    await page.getByRole("button", { name: "Save marks (1)" }).click();
    await page.getByText("Saved 1 mark").waitFor();
    await snap(page, "gradebook-phone");
    await page.reload();
    await page.getByRole("combobox", { name: "Table" }).click();
    await page.getByRole("option", { name: TABLE }).click();
    await page.getByLabel("Search students by name").fill(TOP);
    await expect.poll(() => page.getByLabel(`Exercise 1 for ${TOP}`).inputValue()).toBe("8.5");
    await context.close();
  });
});
