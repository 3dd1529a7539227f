import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DEMO, DEMO_PASSWORD, DESKTOP, expectConsole, launch, newPage, signIn, snap, tmp } from "./browser";

let browser: Browser;
let dir: string;
let pdfPath: string;
const stamp = Date.now();
const courseTitle = `Integrated Science ${stamp}`;
const quizTitle = `Forces and Motion ${stamp}`;
let quizId = 0;

/** A tiny but real PDF (the server judges files by their first bytes). */
function writePdf(file: string) {
  const body = [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
  ].join("\n");
  fs.writeFileSync(file, body, "latin1");
}

/** `YYYY-MM-DDTHH:mm` in local time, what a datetime-local input takes (browser and Node share the machine's zone). */
function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

/** No page may scroll sideways at phone width. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  browser = await launch();
  dir = tmp();
  pdfPath = path.join(dir, "forces-and-motion.pdf");
  writePdf(pdfPath);
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("courses and quizzes journeys", () => {
  it("shows a new teacher without a course the quiz buttons disabled with the hint", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/signup");
    await page.getByLabel("Name").fill("Nana Yeboah");
    await page.getByLabel("Email").fill(`nana.yeboah.${stamp}@example.com`);
    await page.getByLabel(/^Password/).fill("adinkra-2024");
    await pick(page, "Role", "Teacher");
    await page.getByRole("button", { name: "Sign up" }).click();
    // A self-registered teacher waits for an administrator (issue 8, decision 017).
    await page.getByText("Your teacher account is waiting for an administrator's approval").first().waitFor();
    const base = inject("baseUrl");
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO.admin, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const pending = (await (await fetch(`${base}/api/users?limit=500`, { headers: auth })).json()) as { data: { id: number; email: string | null }[] };
    const me = pending.data.find((u) => u.email === `nana.yeboah.${stamp}@example.com`);
    expect(me).toBeTruthy();
    expect((await fetch(`${base}/api/users/${me!.id}/approve`, { method: "POST", headers: auth })).status).toBe(200);

    await page.goto("/teachers/dashboard/quizzes");
    await page.getByText("You are not assigned to any course. Please contact your administrator.").first().waitFor();
    expect(await page.getByRole("button", { name: "New Quiz" }).first().isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Upload Quiz" }).first().isDisabled()).toBe(true);
    await snap(page, "quizzes-no-course-phone");

    await page.goto("/teachers/dashboard/quizzes/new");
    await page.getByText("You are not assigned to any course. Please contact your administrator.").waitFor();
    expect(await page.getByRole("button", { name: "Create quiz" }).isDisabled()).toBe(true);
    await context.close();
  });

  it("lets a teacher create a course with a PDF, then a JHS 2 quiz with a PDF and three questions", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");

    // The course, from the teacher's course list.
    await page.goto("/teachers/dashboard/courses");
    await page.getByRole("heading", { name: "My Courses" }).waitFor();
    await page.getByRole("link", { name: "New Course" }).first().click();
    await page.waitForURL("**/teachers/dashboard/courses/new");
    await page.getByRole("button", { name: "Create course" }).click();
    await page.getByText("Title is required").waitFor();
    await page.getByLabel("Title").fill(courseTitle);
    await page.getByLabel("Description").fill("Matter, energy and forces for JHS 2.");
    await page.locator('input[type="file"][name="material"]').setInputFiles(pdfPath);
    await page.getByText("forces-and-motion.pdf").waitFor();
    await snap(page, "course-form-phone");
    await page.getByRole("button", { name: "Create course" }).click();
    await page.waitForURL("**/teachers/dashboard/courses");
    await page.getByRole("article", { name: courseTitle }).waitFor();
    await expectNoSideScroll(page);
    await snap(page, "teacher-courses-phone");

    // The quiz, from New Quiz on the Quizzes screen of the navigation ("Uploads" is the Word/PDF upload: issue 24).
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("link", { name: "Quizzes", exact: true }).click();
    await page.getByRole("link", { name: "New Quiz", exact: true }).click();
    await page.waitForURL("**/teachers/dashboard/quizzes/new");
    await page.getByRole("combobox", { name: "Course" }).waitFor();
    // The spec's messages before anything is sent.
    await page.getByRole("button", { name: "Create quiz" }).click();
    for (const msg of ["Title is required", "Course selection is required", "Student type is required", "Add questions or attach the question paper (PDF)"]) {
      await page.getByText(msg, { exact: true }).waitFor();
    }
    await page.getByLabel("Title").fill(quizTitle);
    await pick(page, "Course", courseTitle);
    await pick(page, "Student type", "JHS 2");
    await page.locator('input[type="file"][name="pdf"]').setInputFiles(pdfPath);
    const now = new Date();
    const open = new Date(now.getTime() - 60 * 60_000);
    const close = new Date(now.getTime() + (3 * 24 + 5) * 3_600_000);
    // Close before open is refused with the spec's message.
    await page.getByLabel("Open time", { exact: true }).fill(localInput(close));
    await page.getByLabel("Close time", { exact: true }).fill(localInput(open));
    await page.getByLabel("Time limit (minutes)").fill("700");
    await page.getByRole("button", { name: "Create quiz" }).click();
    await page.getByText("Close time must be after open time").waitFor();
    await page.getByText("Time limit must be between 1 and 600 minutes").waitFor();
    await page.getByLabel("Open time", { exact: true }).fill(localInput(open));
    await page.getByLabel("Close time", { exact: true }).fill(localInput(close));
    await page.getByLabel("Time limit (minutes)").fill("30");
    await page.getByLabel("Max attempts").fill("2");
    await snap(page, "quiz-form-phone");
    await page.getByRole("button", { name: "Create quiz" }).click();
    await page.getByText("Quiz created", { exact: true }).waitFor();
    const t0 = Date.now();
    // A new quiz is a draft (issue 24): its page says so and holds Publish.
    await page.waitForURL(/\/teachers\/dashboard\/quizzes\/\d+$/, { timeout: 5000 });
    expect(Date.now() - t0).toBeGreaterThan(1000);
    await page.getByText("Quiz created as a draft — students cannot see it until you publish it.").waitFor();
    await page.getByRole("button", { name: `Publish ${quizTitle}` }).click();
    await page.getByRole("button", { name: `Unpublish ${quizTitle}` }).waitFor();
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("link", { name: "Quizzes", exact: true }).click();

    // The management list shows it as active; its Edit screen holds the question editor.
    const card = page.getByRole("article", { name: quizTitle });
    await card.waitFor();
    await card.getByText("active").waitFor();
    await expectNoSideScroll(page);
    await snap(page, "quiz-management-phone");
    await card.getByRole("link", { name: `Edit ${quizTitle}` }).click();
    await page.waitForURL(/\/teachers\/dashboard\/quiz\/\d+\/edit$/);
    quizId = Number(/quiz\/(\d+)\/edit/.exec(page.url())![1]);
    await page.getByLabel("Title").waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe(quizTitle);

    const questions = [
      { text: "What is the SI unit of force?", options: ["Joule", "Newton", "Watt", "Pascal"], answer: "B" },
      { text: "Which instrument measures force?", options: ["Spring balance", "Thermometer", "Barometer", "Ammeter"], answer: "A" },
      { text: "Friction always acts ... the direction of motion.", options: ["along", "opposite to"], answer: "B" },
    ];
    for (const [i, q] of questions.entries()) {
      const n = i + 1;
      await page.getByRole("button", { name: "Add question" }).click();
      await page.getByLabel(`Question ${n} text`).fill(q.text);
      if (q.options.length === 2) {
        await page.getByRole("button", { name: `Remove option D of question ${n}` }).click();
        await page.getByRole("button", { name: `Remove option C of question ${n}` }).click();
      }
      for (const [j, o] of q.options.entries()) await page.getByLabel(`Question ${n} option ${"ABCD"[j]}`).fill(o);
      await page.getByRole("radio", { name: `Question ${n}: option ${q.answer} is correct` }).check();
    }
    // Reorder: the friction question moves up to second place.
    await page.getByRole("button", { name: "Move question 3 up" }).click();
    expect(await page.getByLabel("Question 2 text").inputValue()).toBe(questions[2].text);
    await expectNoSideScroll(page);
    await snap(page, "question-editor-phone");
    await page.getByRole("button", { name: "Save quiz" }).click();
    await page.getByText("Quiz saved").waitFor();
    await page.waitForURL("**/teachers/dashboard/quizzes", { timeout: 5000 });

    // The detail shows the questions in the new order with the correct options marked.
    await page.goto(`/teachers/dashboard/quizzes/${quizId}`);
    await page.getByRole("heading", { name: quizTitle }).waitFor();
    await page.getByRole("heading", { name: "Questions (3)" }).waitFor();
    const items = page.locator("section[aria-label='Questions (3)'] li");
    expect(await items.count()).toBe(3);
    expect(await items.nth(1).textContent()).toContain(questions[2].text);
    expect(await page.getByText("✓ (correct answer)").count()).toBe(3);
    await page.getByText("Newton ✓ (correct answer)").waitFor();
    await expectNoSideScroll(page);
    await snap(page, "quiz-detail-teacher-phone");
    await context.close();
  });

  it("shows a JHS 2 student the quiz as available with its countdown, through the course page too", async () => {
    expect(quizId).toBeGreaterThan(0);
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.jhs2);
    await page.waitForURL("**/students/dashboard");

    await page.goto("/students/dashboard/quizzes");
    const card = page.getByRole("article", { name: quizTitle });
    await card.waitFor();
    await card.getByText("Available", { exact: true }).waitFor();
    const countdown = await card.getByTestId("countdown").textContent();
    expect(countdown).toMatch(/^3d [45]h remaining$/);
    const start = card.getByRole("link", { name: `Start Quiz: ${quizTitle}` });
    // Start leads to the pre-start screen (the quiz detail), never straight into the attempt.
    expect(await start.getAttribute("href")).toBe(`/students/dashboard/quizzes/${quizId}`);
    await expectNoSideScroll(page);
    await snap(page, "student-quizzes-phone");

    // Courses: search, open the course, and follow its quizzes button (filtered by courseId).
    await page.goto("/students/dashboard/courses");
    await page.getByLabel("Search courses").fill(String(stamp));
    // The search lands in the address once typing pauses; only then is the list settled.
    await page.waitForURL(new RegExp(`search=${stamp}`));
    await page.getByText("Showing 1–1 of 1").waitFor();
    const courseCard = page.getByRole("article", { name: courseTitle });
    await expectNoSideScroll(page);
    await snap(page, "student-courses-phone");
    await courseCard.getByRole("link", { name: `Open course: ${courseTitle}` }).click();
    await page.getByRole("heading", { name: courseTitle }).waitFor();
    await page.getByText("Matter, energy and forces for JHS 2.").waitFor();
    await snap(page, "student-course-detail-phone");
    // The material comes through the API with the student's token.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe("forces-and-motion.pdf");
    await page.getByRole("link", { name: "View quizzes" }).click();
    await page.waitForURL(/\/students\/dashboard\/quizzes\?courseId=\d+$/);
    await page.getByRole("article", { name: quizTitle }).waitFor();
    expect(await page.getByRole("article").count()).toBe(1);

    // The detail is the pre-start screen: the quiz's information, never its questions.
    await page.getByRole("link", { name: `Details: ${quizTitle}` }).click();
    await page.getByRole("heading", { name: quizTitle }).waitFor();
    const preStart = page.getByTestId("pre-start");
    await preStart.getByText("The timer starts when you press Start and keeps running if you leave.").waitFor();
    await preStart.getByText("Attempts left").waitFor();
    expect(await preStart.getByRole("link", { name: `Start Quiz: ${quizTitle}` }).getAttribute("href")).toBe(
      `/students/dashboard/quizzes/${quizId}/attempt?start=1`,
    );
    expect(await page.getByRole("heading", { name: /^Questions/ }).count()).toBe(0);
    expect(await page.getByText("Newton", { exact: true }).count()).toBe(0);
    expect(await page.getByText("correct answer").count()).toBe(0);
    await expectNoSideScroll(page);
    await snap(page, "quiz-detail-student-phone");
    await page.setViewportSize({ width: 1280, height: 800 });
    await preStart.getByRole("link", { name: `Start Quiz: ${quizTitle}` }).waitFor();
    expect(await page.getByText("Newton", { exact: true }).count()).toBe(0);
    await expectNoSideScroll(page);
    await snap(page, "quiz-detail-student-desktop");
    await context.close();
  });

  it("does not show the JHS 2 quiz to a JHS 1 student, even by its address", async () => {
    expect(quizId).toBeGreaterThan(0);
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.jhs1);
    await page.waitForURL("**/students/dashboard");
    await page.goto("/students/dashboard/quizzes");
    // Wait for the list (or its empty state) before checking what is absent.
    await page.getByRole("article").first().or(page.getByText("No quizzes for your level yet")).waitFor();
    expect(await page.getByRole("article", { name: quizTitle }).count()).toBe(0);
    expect(await page.getByText(quizTitle).count()).toBe(0);
    expectConsole(page, /status of 404 .*\/api\/quizzes\/\d+\)$/);
    await page.goto(`/students/dashboard/quizzes/${quizId}`);
    await page.getByText("Error Loading Quiz").waitFor();
    await page.getByText("Quiz not found").waitFor();
    await context.close();
  });

  it("lets the admin create a course, assign a teacher (a choice is required) and delete it after confirming, on a desktop", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    const title = `Social Studies ${stamp}`;

    await page.goto("/admin/dashboard/courses");
    await page.getByRole("heading", { name: "Course Management" }).waitFor();
    const unassignedBefore = Number((await page.getByLabel(/^Unassigned: \d+$/).getAttribute("aria-label"))!.split(": ")[1]);
    await page.getByRole("link", { name: "New Course" }).first().click();
    await page.waitForURL("**/admin/dashboard/course/new");
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Create course" }).click();
    await page.waitForURL("**/admin/dashboard/courses");
    await page.getByLabel(`Unassigned: ${unassignedBefore + 1}`).waitFor();

    await page.getByLabel("Search courses").fill(title);
    await page.getByText("Showing 1–1 of 1").waitFor();
    const card = page.getByRole("article", { name: title });
    await card.getByText("Unassigned").waitFor();
    await card.getByRole("button", { name: `Assign teacher to ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Assign teacher" });
    await dialog.getByRole("button", { name: "Assign teacher" }).click();
    await dialog.getByText("Please select a teacher").waitFor();
    await snap(page, "assign-teacher-required-desktop");
    await pick(page, "Teacher", /Kofi Asante/);
    await dialog.getByRole("button", { name: "Assign teacher" }).click();
    await dialog.waitFor({ state: "detached" });
    await card.getByText("Teacher: Kofi Asante").waitFor();
    await page.getByLabel(`Unassigned: ${unassignedBefore}`).waitFor();
    await snap(page, "course-management-desktop");

    // Change is offered now; delete asks first.
    await card.getByRole("button", { name: `Change teacher of ${title}` }).waitFor();
    await card.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete course" });
    await confirm.getByText("Are you sure you want to delete this course?").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("No courses match your search").waitFor();
    await context.close();
  });

  it("lets the teacher delete the quiz after confirming", async () => {
    expect(quizId).toBeGreaterThan(0);
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto("/teachers/dashboard/quizzes");
    const card = page.getByRole("article", { name: quizTitle });
    await card.getByRole("button", { name: `Delete ${quizTitle}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete quiz" });
    await confirm.getByText("Are you sure you want to delete this quiz?").waitFor();
    await page.waitForTimeout(400); // let the dialog's opening transition finish for the screenshot
    await snap(page, "delete-quiz-confirm-phone");
    // Cancel keeps it; Delete removes it.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await card.waitFor();
    await card.getByRole("button", { name: `Delete ${quizTitle}` }).click();
    await page.getByRole("dialog", { name: "Delete quiz" }).getByRole("button", { name: "Delete" }).click();
    await card.waitFor({ state: "detached" });
    expectConsole(page, /status of 404 .*\/api\/quizzes\/\d+\)$/);
    await page.goto(`/teachers/dashboard/quizzes/${quizId}`);
    await page.getByText("Error Loading Quiz").waitFor();
    await context.close();
  });

  it("shows Course Management at phone width without sideways scrolling", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/courses");
    await page.getByRole("article").first().waitFor();
    await expectNoSideScroll(page);
    await snap(page, "course-management-phone");
    await page.goto("/admin/dashboard/quizzes");
    await page.getByRole("article").first().waitFor();
    await expectNoSideScroll(page);
    await snap(page, "admin-quizzes-phone");
    await context.close();
  });
});
