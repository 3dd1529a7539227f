import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { DEMO, DESKTOP, PHONE, launch, newPage, signIn, snap } from "./browser";
import { apiCall, apiLogin } from "./api-setup";

/**
 * Every question type on a phone (issue 27): a JHS 1 student takes the demo school's "Mixed question types (demo)"
 * (single, multiple, true/false, short, numerical, written in parts, an equation) at 360 px, answering each by touch
 * and keyboard, and submits; the review of a quiz whose answers are released (made here through the API, as other
 * journeys make their data) shows each type's answer, marks and key; practice of the bank's typed questions.
 */

const stamp = Date.now();
const DEMO_QUIZ = "Mixed question types (demo)";
let browser: Browser;

const PDF = [
  "%PDF-1.4",
  "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
  "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj",
  "trailer << /Root 1 0 R >>",
  "%%EOF",
].join("\n");

const EQUATION = { linear: "2^3", mathml: "<math><msup><mn>2</mn><mn>3</mn></msup></math>" };
const TYPED_QUESTIONS = [
  { type: "multiple", text: "Which of these are factors of 12?", options: ["3", "5", "6", "8"], answers: ["3", "6"], scoring: "partial", marks: 2 },
  { type: "true_false", text: "The angles of a triangle add up to 180°.", answer: "True" },
  { type: "short", text: "Write 0.5 as a fraction in its lowest terms.", accepted: [{ text: "1/2", fraction: 100 }] },
  { type: "numerical", text: "How much do 3 bags of 2.5 kg weigh?", value: 7.5, tolerance: 0.1, unit: "kg", marks: 2 },
  {
    type: "written",
    text: "Kofi buys 3 books at GH₵ 4.50 each. (a) How much does he pay? (b) His change from GH₵ 20?",
    marks: 4,
    scheme: "Method marks for correct working.",
    parts: [
      { label: "a", marks: 2, scheme: "3 × 4.50 = GH₵ 13.50" },
      { label: "b", marks: 2, scheme: "20 − 13.50 = GH₵ 6.50" },
    ],
  },
  { type: "single", text: "Evaluate 2^3 × 2", options: ["8", "12", "16", "64"], answer: "16", equations: [EQUATION] },
];

async function expectNoSideScroll(page: Page) {
  // Nothing reaches past the screen's right edge (named, so a failure says what is cut).
  const wide = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    return [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > w + 0.5)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 40)} ${Math.round(e.getBoundingClientRect().right)}`);
  });
  expect(wide).toEqual([]);
}

/** Every answer control in `scope` is at least 44 px high (the option rows and text boxes are the touch targets). */
async function expectTapTargets(scope: Locator) {
  const heights = await scope
    .locator("label:has(input), input[type=text], textarea")
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(0);
  for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
}

const question = (page: Page, n: number) => page.getByTestId(`question-${n}`);
const waitSaved = (page: Page) => page.getByTestId("save-status").filter({ hasText: "Saved" }).waitFor({ timeout: 15_000 });

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe("every question type, as a student", () => {
  it("takes the demo quiz of every type at 360 px: choices, ticks, true/false, typed answers, parts, an equation; submits and sees the result", async () => {
    const { page } = await newPage(browser, PHONE);
    await signIn(page, DEMO.jhs1);
    await page.waitForURL("**/students/dashboard");
    await page.goto("/students/dashboard/quizzes");
    await page
      .getByRole("link", { name: `Start Quiz: ${DEMO_QUIZ}` })
      .first()
      .click();
    await page
      .getByTestId("pre-start")
      .getByRole("link", { name: `Start Quiz: ${DEMO_QUIZ}` })
      .click();
    await page.waitForURL(/\/attempt\?n=\d+$/);

    // 1 single choice (1 mark).
    await question(page, 1).waitFor();
    await expect.poll(() => question(page, 1).locator("legend").textContent()).toContain("1 mark");
    await question(page, 1).getByRole("radio", { name: "23" }).check();

    // 2 multiple answers, by keyboard: Tab to the boxes, Space ticks.
    const q2 = question(page, 2);
    await q2.getByText("Choose all that apply.", { exact: true }).waitFor();
    expect(await q2.locator("legend").textContent()).toContain("2 marks");
    await q2.getByRole("checkbox", { name: "3", exact: true }).focus();
    await page.keyboard.press("Space");
    await q2.getByRole("checkbox", { name: "6", exact: true }).check();
    expect(await q2.getByRole("checkbox", { name: "3", exact: true }).isChecked()).toBe(true);

    // 3 true/false: two big buttons.
    const q3 = question(page, 3);
    expect(await q3.getByRole("radio").count()).toBe(2);
    await q3.getByRole("radio", { name: "True" }).check();

    // 4 short: each keystroke is kept on the device at once, sent after a pause.
    const q4 = question(page, 4);
    await q4.getByRole("textbox", { name: "Your answer" }).pressSequentially("1/2");
    const kept = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith("adesua.outbox."))?.[1] ?? "");
    expect(kept).toContain("1/2");

    // 5 numerical: a decimal keypad and the unit after the box.
    const q5 = question(page, 5);
    const number = q5.getByRole("textbox", { name: "Your answer (a number)" });
    expect(await number.getAttribute("inputmode")).toBe("decimal");
    await q5.getByText("kg", { exact: true }).waitFor();
    await number.fill("7.5");
    await number.blur();

    await waitSaved(page);
    await expectNoSideScroll(page);
    await expectTapTargets(page.locator("fieldset"));
    await snap(page, "student-types-page1-phone");
    expect(await page.getByTestId("answered-count").textContent()).toBe("Answered 5 of 7");

    // Page 2: 6 written in parts, 7 with its equation drawn as MathML.
    await page.getByRole("button", { name: "Next page" }).click();
    const q6 = question(page, 6);
    const a = q6.getByRole("textbox", { name: "(a) [2 marks]" });
    await a.fill("3 × 4.50 = GH₵ 13.50");
    await q6.getByRole("textbox", { name: "(b) [2 marks]" }).fill("20 − 13.50 = GH₵ 6.50\nHe gets GH₵ 6.50 change.");
    const q7 = question(page, 7);
    await q7.locator("math msup").waitFor();
    expect(await q7.locator("script").count()).toBe(0);
    await q7.getByRole("radio", { name: "16" }).check();
    await waitSaved(page);
    expect(await page.getByTestId("answered-count").textContent()).toBe("Answered 7 of 7");
    await expectNoSideScroll(page);
    await expectTapTargets(page.locator("fieldset"));
    await snap(page, "student-types-page2-phone");

    // A reload keeps every typed answer.
    await page.reload();
    await question(page, 6).getByRole("textbox", { name: "(a) [2 marks]" }).waitFor();
    expect(await question(page, 6).getByRole("textbox", { name: "(b) [2 marks]" }).inputValue()).toContain("He gets GH₵ 6.50 change.");

    await page.setViewportSize(DESKTOP);
    await snap(page, "student-types-page2-desktop");
    await page.getByRole("button", { name: "Previous page" }).click();
    expect(await question(page, 4).getByRole("textbox", { name: "Your answer" }).inputValue()).toBe("1/2");
    expect(await question(page, 2).getByRole("checkbox", { name: "6", exact: true }).isChecked()).toBe(true);
    await snap(page, "student-types-page1-desktop");
    await page.setViewportSize(PHONE);

    await page.getByRole("button", { name: "Submit Quiz" }).click();
    const confirm = page.getByRole("dialog", { name: "Submit Quiz?" });
    expect(await confirm.getByTestId("unanswered-summary").textContent()).toBe("You have answered every question.");
    await confirm.getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("heading", { name: "Quiz submitted" }).waitFor();
    // The written answer waits for the teacher's marks.
    expect(await page.getByTestId("result-status").textContent()).toBe("Awaiting grading");
    await expectNoSideScroll(page);
    await snap(page, "student-types-result-phone");
  });

  it("reviews a released quiz of every type: your answer described, right / partly right / wrong with marks, waiting for the teacher, the key", async () => {
    const admin = await apiLogin(DEMO.admin);
    const course = await apiCall<{ id: number }>(
      admin,
      "POST",
      "/courses",
      (() => {
        const f = new FormData();
        f.set("title", `Every type ${stamp}`);
        f.set("description", "Question types");
        return f;
      })(),
    );
    const form = new FormData();
    form.set("title", `Every type review ${stamp}`);
    form.set("courseId", String(course.id));
    form.set("studentType", "jhs1");
    form.set("timeLimit", "");
    form.set("maxAttempts", "1");
    form.set("questionsPerPage", "10");
    form.set("passingScore", "50");
    form.set("timedSections", "[]");
    form.set("pdf", new Blob([PDF], { type: "application/pdf" }), "quiz.pdf");
    const quiz = await apiCall<{ id: number }>(admin, "POST", "/quizzes", form);
    await apiCall(admin, "PUT", `/quizzes/${quiz.id}/questions`, { questions: TYPED_QUESTIONS });

    // The student sits it (through the API: this journey is about the review), then the teacher releases the answers.
    const student = await apiLogin(DEMO.jhs1);
    const session = await apiCall<{ attemptId: number; questions: { id: number }[] }>(student, "POST", `/quizzes/${quiz.id}/attempts`, {});
    const ids = session.questions.map((q) => q.id);
    const given = ['["3"]', "False", "1/2", "7.5", '["13.50","7.50"]', "16"];
    await apiCall(student, "POST", `/attempts/${session.attemptId}/submit`, { answers: ids.map((questionId, i) => ({ questionId, answer: given[i] })) });
    await apiCall(admin, "POST", `/quizzes/${quiz.id}/release-answers`, {});

    const { page } = await newPage(browser, PHONE);
    await signIn(page, DEMO.jhs1);
    await page.waitForURL("**/students/dashboard");
    await page.goto(`/students/dashboard/quizzes/${quiz.id}/attempt?n=1`);
    await page.getByRole("heading", { name: "Review" }).waitFor();
    const multiple = page.getByTestId("review-1");
    await expect.poll(() => multiple.textContent()).toContain("Partly right");
    expect(await multiple.textContent()).toContain("1 of 2 marks");
    expect(await multiple.textContent()).toContain("Your answer: 3Correct");
    expect(await multiple.textContent()).toContain("Correct answer: 3; 6");
    expect(await page.getByTestId("review-2").textContent()).toContain("Wrong");
    expect(await page.getByTestId("review-3").textContent()).toContain("Correct");
    expect(await page.getByTestId("review-4").textContent()).toContain("2 of 2 marks");
    const written = page.getByTestId("review-5");
    expect(await written.textContent()).toContain("Waiting for your teacher's marks");
    expect(await written.textContent()).toContain("(b) 7.50");
    expect(await written.textContent()).toContain("Marking scheme:");
    await page.getByTestId("review-6").locator("math msup").waitFor();
    await expectNoSideScroll(page);
    await snap(page, "student-types-review-phone");
    await page.setViewportSize(DESKTOP);
    await snap(page, "student-types-review-desktop");
  });

  it("practises the bank's questions of every type and reads them with their marks", async () => {
    const { page } = await newPage(browser, PHONE);
    await signIn(page, DEMO.jhs1);
    await page.waitForURL("**/students/dashboard");
    const group = encodeURIComponent("2024~Mathematics~A");
    await page.goto(`/students/dashboard/past-questions/read/${group}?perPage=50`);
    await page.getByText("Every square is a rectangle.").waitFor();
    await page.getByText(/Numerical answer \(in m²\) · 1 mark/).waitFor();
    await expectNoSideScroll(page);
    await snap(page, "student-types-read-phone");

    await page.goto(`/students/dashboard/past-questions/attempt/${group}?perPage=50&timeLimit=0`);
    await page.getByRole("region", { name: "Before you start" }).getByRole("button", { name: "Start", exact: true }).click();
    const card = (text: string) => page.locator("fieldset", { hasText: text });
    await card("Every square is a rectangle.").getByRole("radio", { name: "True" }).check();
    await card("polygon with eight sides").getByRole("textbox", { name: "Your answer" }).fill("Octagon");
    await card("rectangle 6 m long").getByRole("textbox", { name: "Your answer (a number)" }).fill("27");
    await card("Which of these numbers are even?").getByRole("checkbox", { name: "14", exact: true }).check();
    await card("Which of these numbers are even?").getByRole("checkbox", { name: "36", exact: true }).check();
    await card("Explain why 1 is not a prime number.").getByRole("textbox", { name: "Your answer" }).fill("1 has only one factor.");
    await expectNoSideScroll(page);
    await snap(page, "student-types-practice-phone");

    await page.getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("dialog", { name: "Submit Quiz?" }).getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("heading", { name: "Quiz submitted" }).waitFor();
    const review = (text: string) => page.getByRole("listitem").filter({ hasText: text });
    await expect.poll(() => review("polygon with eight sides").textContent()).toContain("Correct");
    expect(await review("rectangle 6 m long").textContent()).toContain("Correct");
    expect(await review("Which of these numbers are even?").textContent()).toContain("Your answer: 14; 36");
    expect(await review("Explain why 1 is not a prime number.").textContent()).toContain("Compare with the marking scheme");
    expect(await review("Explain why 1 is not a prime number.").textContent()).toContain("Marking scheme:");
    await expectNoSideScroll(page);
    await snap(page, "student-types-practice-review-phone");
  });
});
