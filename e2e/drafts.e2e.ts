import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { Document, Packer, Paragraph } from "docx";
import { DEMO, DEMO_PASSWORD, launch, newPage, PHONE, signIn, snap } from "./browser";

/**
 * Issue 24 §3 on a phone (360 px): a quiz made from a Word file is a draft until its teacher publishes it.
 * The teacher reaches the upload screen by the menu, sets the window and limits before creating, and is told
 * what happened; the student does not see the draft (quiz list, home, the quiz's own address) until it is
 * published; unpublishing (after a confirmation) hides it again.
 */

const stamp = Date.now();
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const DRAFT_CREATED = "Quiz created as a draft — students cannot see it until you publish it.";
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function docx(lines: string[]): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: lines.map((l) => new Paragraph(l)) }] }));
}

const pad = (n: number) => String(n).padStart(2, "0");
/** A datetime-local value in this machine's zone (the browser's, as both run here). */
const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

async function apiAs(email: string) {
  const base = inject("baseUrl");
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return (path: string) => fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
}

async function menu(page: Page, entry: string) {
  await page.getByRole("button", { name: "Open navigation" }).click();
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: entry, exact: true }).click();
}

/** What the student sees: the quiz in their list (by its card) and the home's Total Quizzes. */
async function studentSees(page: Page, title: string): Promise<{ listed: boolean; total: number }> {
  // A fresh look, as a student opening the app (the app keeps what it fetched for 30 s).
  await page.reload();
  await menu(page, "Quizzes");
  await page.getByRole("heading", { name: "Quizzes", level: 1 }).waitFor();
  await page.getByRole("article").first().waitFor();
  const listed = (await page.getByRole("article", { name: title }).count()) > 0;
  await page.getByRole("link", { name: "Adesua home" }).click();
  const stat = page.getByTestId("stat-total-quizzes");
  await stat.waitFor();
  return { listed, total: Number(await stat.textContent()) };
}

describe("quiz drafts", () => {
  it("a teacher uploads a Word file, sets the window and limits, creates a draft the student cannot see, publishes it, and the student sees it", async () => {
    const heading = `JHS 1 Class Exercise ${stamp}: Fractions (BECE style)`;
    const paper = await docx([
      heading,
      "Answer all questions.",
      "1. Simplify 3/4 + 1/8",
      "A. 5/8",
      "B. 7/8",
      "C. 1",
      "D. 4/12",
      "2. What is 2/3 of 9?",
      "A. 3",
      "B. 9",
      "C. 6",
      "D. 12",
    ]);
    const key = await docx(["1. B", "2. C"]);

    // The student's view before anything happens.
    const student = await newPage(browser, PHONE);
    await signIn(student.page, DEMO.jhs1);
    await student.page.waitForURL("**/students/dashboard");
    const before = await studentSees(student.page, heading);
    expect(before.listed).toBe(false);

    const teacher = await newPage(browser, PHONE);
    const page = teacher.page;
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await menu(page, "Uploads");
    await page.getByRole("heading", { name: "Upload Quiz", level: 1 }).waitFor();
    // Parse without a file: the spec's message (the button stays enabled for it).
    await page.getByRole("button", { name: "Parse Questions" }).click();
    await page.getByRole("alert").filter({ hasText: "No file selected" }).waitFor();

    await page.locator('input[type="file"]').first().setInputFiles({ name: "fractions.docx", mimeType: DOCX_MIME, buffer: paper });
    await page.getByRole("button", { name: "Parse Questions" }).click();
    await page.getByText("Answered 0 of 2").waitFor();
    // The paper's title line is its heading, never part of question 1.
    expect(await page.getByLabel("Question 1 text").inputValue()).toBe("Simplify 3/4 + 1/8");
    expect(await page.getByTestId("paper-heading").textContent()).toBe(heading);
    await page.locator('input[type="file"]').nth(1).setInputFiles({ name: "key.docx", mimeType: DOCX_MIME, buffer: key });
    await page.getByRole("button", { name: "Parse Answers" }).click();
    await page.getByText("Answered 2 of 2").waitFor();

    // Create without a title: the spec's words.
    await page.getByRole("button", { name: "Create Quiz" }).click();
    await page.getByRole("alert").filter({ hasText: "Provide title" }).waitFor();
    await page.getByRole("button", { name: "Use as quiz title" }).click();
    expect(await page.getByLabel("Title").inputValue()).toBe(heading);
    await page.getByLabel("Course").selectOption({ index: 1 });
    await page.getByLabel("Student level").selectOption("jhs1");

    // The window and limits, set before creating (the defaults are shown).
    expect(await page.getByLabel("Time limit (minutes)").inputValue()).toBe("30");
    expect(await page.getByLabel("Attempts allowed").inputValue()).toBe("1");
    expect(await page.getByLabel("Passing score (%)").inputValue()).toBe("50");
    // One attempt and a close time: an exam, whose scores wait for the close.
    expect(await page.getByLabel("When students see their score", { exact: true }).first().inputValue()).toBe("When the quiz closes");
    await page.getByRole("button", { name: "Now (Open time)" }).click();
    const close = new Date(Date.now() + 3 * 3_600_000);
    await page.getByLabel("Close time", { exact: true }).fill(local(close));
    await page.getByLabel("Time limit (minutes)").fill("20");
    await page.getByLabel("Attempts allowed").fill("2");
    await page.getByLabel("Passing score (%)").fill("60");
    // Two attempts: no longer an exam, so the score is proposed at once.
    expect(await page.getByLabel("When students see their score", { exact: true }).first().inputValue()).toBe("As soon as they submit");
    await snap(page, "drafts-upload-settings-phone");
    await page.getByRole("button", { name: "Create Quiz" }).click();

    // Said what happened, on the quiz's own page, where Publish is.
    await page.waitForURL(/\/teachers\/dashboard\/quizzes\/\d+$/);
    const quizId = Number(/quizzes\/(\d+)$/.exec(page.url())![1]);
    await page.getByText(DRAFT_CREATED, { exact: true }).waitFor();
    await page.getByTestId("draft-badge").waitFor();
    await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
    const info = page.getByLabel("Quick stats");
    await info.getByText("20 min").waitFor();
    await page.getByRole("region", { name: "Quiz info" }).getByText("60%").waitFor();
    await snap(page, "drafts-created-phone");

    // The student does not see the draft: not in the list, not on the home, not at its address.
    const whileDraft = await studentSees(student.page, heading);
    expect(whileDraft).toEqual({ listed: false, total: before.total });
    const studentApi = await apiAs(DEMO.jhs1);
    expect((await studentApi(`/quizzes/${quizId}`)).status).toBe(404);

    // The teacher publishes from the quiz list.
    await menu(page, "Quizzes");
    const card = page.getByRole("article", { name: heading });
    await card.getByTestId("draft-badge").waitFor();
    await card.getByRole("button", { name: `Publish ${heading}` }).click();
    await card.getByRole("button", { name: `Unpublish ${heading}` }).waitFor();
    expect(await card.getByTestId("draft-badge").count()).toBe(0);

    // Now the student sees it, open, with its limits.
    const published = await studentSees(student.page, heading);
    expect(published).toEqual({ listed: true, total: before.total + 1 });
    expect((await studentApi(`/quizzes/${quizId}`)).status).toBe(200);
    await menu(student.page, "Quizzes");
    await student.page.getByRole("link", { name: `Details: ${heading}` }).click();
    await student.page.getByTestId("pre-start").getByText("20 minutes").waitFor();
    await snap(student.page, "drafts-student-sees-phone");

    // Unpublishing asks first, then hides it again.
    await card.getByRole("button", { name: `Unpublish ${heading}` }).click();
    const dialog = page.getByRole("dialog", { name: "Unpublish quiz" });
    await dialog.getByText("Are you sure you want to unpublish this quiz?").waitFor();
    await dialog.getByRole("button", { name: "Unpublish" }).click();
    await card.getByTestId("draft-badge").waitFor();
    expect((await studentApi(`/quizzes/${quizId}`)).status).toBe(404);

    await teacher.context.close();
    await student.context.close();
  }, 180_000);
});
