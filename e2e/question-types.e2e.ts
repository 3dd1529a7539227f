import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { DEMO, DEMO_PASSWORD, DESKTOP, launch, newPage, signIn, snap } from "./browser";

/**
 * Issue 27 on a phone (360 px): a teacher writes a quiz with one question of each type in the quiz editor, saves it,
 * sees them on the quiz's page, reopens the editor and finds every question as it was saved.
 */
let browser: Browser;
const stamp = Date.now();
const title = `Every question type ${stamp}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = path.join(path.dirname(new URL(import.meta.url).pathname), "screenshots");
/** A picture of one part of the screen (a question's card) for a human to look at. */
const shot = (l: Locator, name: string) => l.screenshot({ path: path.join(SHOTS, `${name}.png`) });

const MATHML = "<math><msup><mi>x</mi><mn>2</mn></msup><mo>=</mo><mn>49</mn></math>";
/** A paper as the parse answers it: a scanned question with an equation, every other type, the heading, instructions and a matching question left out. */
const PARSED = {
  questions: [
    {
      text: "If x^2 = 49, find the positive value of x.",
      options: ["5", "7", "9", "49"],
      answer: "7",
      type: "single",
      marks: 1,
      equations: [{ linear: "x^2 = 49", mathml: MATHML }],
      scan: { page: 1, cropId: null },
    },
    {
      text: "Which of these are mammals?",
      options: ["Goat", "Lizard", "Bat", "Frog"],
      answer: "",
      type: "multiple",
      marks: 2,
      answers: ["Goat", "Bat"],
      scoring: "all_or_nothing",
    },
    { text: "Water boils at 100 °C at sea level.", options: ["True", "False"], answer: "True", type: "true_false", marks: 1 },
    {
      text: "Name the largest planet.",
      options: [],
      answer: "Jupiter",
      type: "short",
      marks: 1,
      accepted: [{ text: "Jupiter", fraction: 100 }],
      contains: false,
    },
    { text: "What is 15% of 200?", options: [], answer: "30", type: "numerical", marks: 1, value: 30, tolerance: 0, unit: null },
    {
      text: "Describe the water cycle.",
      options: [],
      answer: "",
      type: "written",
      marks: 4,
      parts: [
        { label: "a", marks: 2, scheme: "Evaporation, condensation" },
        { label: "b", marks: 2, scheme: "Precipitation, collection" },
      ],
      scheme: null,
    },
  ],
  warnings: [],
  heading: "GHANA EDUCATION SERVICE\nBECE MOCK EXAMINATION 2024 — INTEGRATED SCIENCE",
  instructions: "Answer all questions. Write your answers in the spaces provided.",
  unsupported: [{ number: 7, title: "Match the tools", kind: "matching", message: "Q7 'Match the tools' is a matching question: not imported" }],
  source: "ocr",
};

/** No page may scroll sideways at phone width. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function addQuestion(page: Page, n: number, type: string, text: string) {
  await page.getByRole("button", { name: "Add question" }).click();
  await page.getByLabel(`Question ${n} type`).selectOption(type);
  await page.getByLabel(`Question ${n} text`).fill(text);
}

describe("question types journey", () => {
  it("a teacher writes one question of each type on a phone, saves, and reopens them as saved", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto("/teachers/dashboard/quizzes/new");
    await page.getByRole("combobox", { name: "Course" }).waitFor();
    await page.getByLabel("Title").fill(title);
    await page.getByRole("combobox", { name: "Course" }).click();
    await page.getByRole("option").first().click();
    await page.getByRole("combobox", { name: "Student type" }).click();
    await page.getByRole("option", { name: "JHS 2" }).click();

    // 1. Single answer (the old shape).
    await addQuestion(page, 1, "single", "What is the SI unit of force?");
    for (const [j, o] of ["Joule", "Newton", "Watt", "Pascal"].entries()) await page.getByLabel(`Question 1 option ${"ABCD"[j]}`).fill(o);
    await page.getByRole("radio", { name: "Question 1: option B is correct" }).check();
    // 2. Multiple answers, partial credit, 2 marks.
    await addQuestion(page, 2, "multiple", "Which of these are prime numbers?");
    for (const [j, o] of ["2", "4", "5", "9"].entries()) await page.getByLabel(`Question 2 option ${"ABCD"[j]}`).fill(o);
    await page.getByRole("checkbox", { name: "Question 2: option A is right" }).check();
    await page.getByRole("checkbox", { name: "Question 2: option C is right" }).check();
    await page.getByRole("radio", { name: /^Partial credit/ }).check();
    await page.getByLabel("Question 2 marks").fill("2");
    // 3. True/false.
    await addQuestion(page, 3, "true_false", "The sun is a star.");
    await page.getByRole("radio", { name: "Question 3: True is right" }).check();
    // 4. Short answer: two accepted answers, the second at half marks.
    await addQuestion(page, 4, "short", "What is the capital of Ghana?");
    await page.getByLabel("Answer 1", { exact: true }).fill("Accra");
    await page.getByRole("button", { name: "Add accepted answer to question 4" }).click();
    await page.getByLabel("Answer 2", { exact: true }).fill("Akra");
    await page.getByLabel("Answer 2 share (percent of the marks)").fill("50");
    // By keyboard (the save bar sits over the bottom of a phone's screen).
    await page.getByRole("switch", { name: "Accept answers that contain it" }).focus();
    await page.keyboard.press("Space");
    expect(await page.getByRole("switch", { name: "Accept answers that contain it" }).isChecked()).toBe(true);
    // 5. Numerical with a tolerance and a unit.
    await addQuestion(page, 5, "numerical", "A rectangle is 5 cm by 2.5 cm. What is its area?");
    await page.getByLabel("Right value").fill("12.5");
    await page.getByLabel("Tolerance (±)").fill("0.1");
    await page.getByLabel("Unit (optional)").fill("cm²");
    await expectNoSideScroll(page);
    await snap(page, "question-types-numerical-phone");
    // 6. Written in two parts: the marks are their sum.
    await addQuestion(page, 6, "written", "Photosynthesis: (a) name its raw materials; (b) explain the role of chlorophyll.");
    await page.getByLabel("Marking scheme").fill("Accept any clear explanation.");
    await page.getByRole("button", { name: "Add part to question 6" }).click();
    await page.getByRole("button", { name: "Add part to question 6" }).click();
    await page.getByLabel("Part 1 marks").fill("3");
    await page.getByLabel("Part 1 marking scheme").fill("Water, carbon dioxide, light: 1 each");
    await page.getByLabel("Part 2 marks").fill("2");
    await page.getByLabel("Part 2 marking scheme").fill("Absorbs light energy");
    expect(await page.getByLabel("Question 6 marks").inputValue()).toBe("5");
    await expectNoSideScroll(page);
    await snap(page, "question-types-editor-phone");

    await page.getByRole("button", { name: "Create quiz" }).click();
    await page.waitForURL(/\/teachers\/dashboard\/quizzes\/\d+$/, { timeout: 10_000 });
    const quizId = Number(/quizzes\/(\d+)$/.exec(page.url())![1]);
    await page.getByRole("heading", { name: "Questions (6)" }).waitFor();
    // The quiz's page reads each key as a person does.
    await page.getByText("Newton ✓ (correct answer)").waitFor();
    await page.getByText("Partial credit").waitFor();
    await page.getByText("Answer: Accra; Akra (50%)").waitFor();
    await page.getByText("Answer: 12.5 ± 0.1 cm²").waitFor();
    await page.getByText("Marking scheme: Accept any clear explanation.").waitFor();
    await expectNoSideScroll(page);
    await snap(page, "question-types-quiz-page-phone");

    // Reopened, every question is as it was saved.
    await page.goto(`/teachers/dashboard/quiz/${quizId}/edit`);
    await page.getByRole("button", { name: "Expand all" }).waitFor();
    await expectNoSideScroll(page);
    await shot(page.getByRole("region", { name: "Question 2", exact: true }), "question-types-collapsed-q2-phone");
    await shot(page.getByRole("region", { name: "Question 6", exact: true }), "question-types-collapsed-q6-phone");
    await page.getByRole("button", { name: "Expand all" }).click();
    expect(await page.getByLabel("Question 1 type").inputValue()).toBe("single");
    expect(await page.getByRole("radio", { name: "Question 1: option B is correct" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Question 2 type").inputValue()).toBe("multiple");
    expect(await page.getByRole("checkbox", { name: "Question 2: option A is right" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Question 2: option B is right" }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: "Question 2: option C is right" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: /^Partial credit/ }).isChecked()).toBe(true);
    expect(await page.getByLabel("Question 2 marks").inputValue()).toBe("2");
    expect(await page.getByLabel("Question 3 type").inputValue()).toBe("true_false");
    expect(await page.getByRole("radio", { name: "Question 3: True is right" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Question 4 type").inputValue()).toBe("short");
    expect(await page.getByLabel("Answer 1", { exact: true }).inputValue()).toBe("Accra");
    expect(await page.getByLabel("Answer 2", { exact: true }).inputValue()).toBe("Akra");
    expect(await page.getByLabel("Answer 2 share (percent of the marks)").inputValue()).toBe("50");
    expect(await page.getByRole("switch", { name: "Accept answers that contain it" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Question 5 type").inputValue()).toBe("numerical");
    expect(await page.getByLabel("Right value").inputValue()).toBe("12.5");
    expect(await page.getByLabel("Tolerance (±)").inputValue()).toBe("0.1");
    expect(await page.getByLabel("Unit (optional)").inputValue()).toBe("cm²");
    expect(await page.getByLabel("Question 6 type").inputValue()).toBe("written");
    expect(await page.getByLabel("Question 6 marks").inputValue()).toBe("5");
    expect(await page.getByLabel("Part 1 marking scheme").inputValue()).toBe("Water, carbon dioxide, light: 1 each");
    expect(await page.getByLabel("Part 2 label").inputValue()).toBe("b");
    expect(await page.getByLabel("Marking scheme", { exact: true }).inputValue()).toBe("Accept any clear explanation.");
    await expectNoSideScroll(page);
    await snap(page, "question-types-reopened-phone");
    for (const n of [1, 2, 3, 4, 5, 6]) await shot(page.getByRole("region", { name: `Question ${n}`, exact: true }), `question-types-editor-q${n}-phone`);

    // The same editor on a desktop.
    await page.setViewportSize(DESKTOP);
    await snap(page, "question-types-editor-desktop");
    for (const n of [2, 6]) await shot(page.getByRole("region", { name: `Question ${n}`, exact: true }), `question-types-editor-q${n}-desktop`);
    await context.close();
  }, 180_000);

  it("the parse review shows the paper's heading and instructions, what was not imported, a scan's note, the equation and every type; the bank shows each key", async () => {
    const { page, context } = await newPage(browser);
    // The parse itself is the documents helpers' (and its own journeys'): here its answer is given, to judge the review.
    const job = {
      id: "00000000-0000-4000-8000-000000000001",
      kind: "questions",
      status: "done",
      pages: 1,
      pagesDone: 1,
      stage: null,
      fileName: "scan.pdf",
      result: PARSED,
    };
    await page.route("**/api/questions/parse", (r) => r.fulfill({ json: PARSED }));
    await page.route("**/api/questions/parse-jobs**", (r) => r.fulfill({ status: r.request().method() === "POST" ? 201 : 200, json: job }));
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto("/teachers/dashboard/quiz/upload");
    await page.getByRole("heading", { name: "Upload Quiz" }).waitFor();
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF") });
    await page.getByRole("button", { name: "Parse Questions" }).click();
    const head = page.getByRole("region", { name: "The paper's heading and instructions" });
    await head.getByText("Answer all questions. Write your answers in the spaces provided.").waitFor();
    await page.getByText("Q7 'Match the tools' is a matching question: not imported").waitFor();
    expect(await page.getByRole("region", { name: /^Question \d$/ }).count()).toBe(6);
    await page.getByText("Answered 6 of 6").waitFor();
    const q1 = page.getByRole("region", { name: "Question 1", exact: true });
    await q1.getByText("Read from a scan: check it").waitFor();
    // The equation drawn as MathML in the preview.
    await q1.locator("math msup").first().waitFor();
    await expectNoSideScroll(page);
    await snap(page, "question-types-review-phone");
    await shot(head, "question-types-review-heading-phone");
    await shot(q1, "question-types-review-scan-equation-phone");
    for (const n of [2, 4, 6]) await shot(page.getByRole("region", { name: `Question ${n}`, exact: true }), `question-types-review-q${n}-phone`);
    await page.setViewportSize(DESKTOP);
    await shot(q1, "question-types-review-scan-equation-desktop");
    await snap(page, "question-types-review-desktop");
    await context.close();

    // The same questions in the bank (saved through the API as the review saves them), read by a teacher.
    const login = await fetch(`${inject("baseUrl")}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO.teacher, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const subject = `Types ${stamp}`;
    const saved = await fetch(`${inject("baseUrl")}/api/questions/bulk`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        metadata: { year: 2024, subject, section: "A", topic: null },
        questions: PARSED.questions.map(({ scan: _scan, ...q }) => ({ ...q, answer: q.answer || null, options: q.options.length ? q.options : undefined })),
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const bank = await newPage(browser);
    await signIn(bank.page, DEMO.teacher);
    await bank.page.waitForURL("**/teachers/dashboard");
    await bank.page.goto(`/teachers/dashboard/questions/read/${encodeURIComponent(`2024~${subject}~A`)}?perPage=10`);
    await bank.page.getByText("Answer: Goat; Bat (all or nothing)").waitFor();
    await bank.page.getByText("Answer: Jupiter").waitFor();
    await bank.page.getByText("Answer: 30").waitFor();
    await bank.page.getByText(/^Marking scheme: \(a\) Evaporation/).waitFor();
    await bank.page.locator("math msup").first().waitFor();
    await expectNoSideScroll(bank.page);
    await snap(bank.page, "question-types-bank-phone");
    await bank.page.setViewportSize(DESKTOP);
    await snap(bank.page, "question-types-bank-desktop");
    await bank.context.close();
  }, 180_000);
});
