import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO, DESKTOP, launch, newPage, PHONE, signIn, snap } from "./browser";
import { apiCall, apiLogin as login, createCourse, createQuiz, expectNoSideScroll } from "./api-setup";

/**
 * Marking by marks (issue 27): the demo teacher marks written answers (one in parts, against its marking scheme) on a
 * phone with the keyboard only, script after script, and sees each saved score; the quiz's item analysis then shows a
 * type per question, discrimination for the auto-marked ones only and the distribution of marks of the written ones.
 *
 * The quiz is the demo school's "Mixed question types (demo)" when its scripts are waiting for marks; otherwise the
 * journey makes one like it through the API (a course, a quiz of every kind of answer, two JHS 1 students' scripts).
 */
const DEMO_QUIZ = "Mixed question types (demo)";
const STUDENTS = [
  { email: "abena.osei@adesua.school", name: "Abena Osei" },
  { email: "kojo.appiah@adesua.school", name: "Kojo Appiah" },
];
const stamp = Date.now();
let browser: Browser;
let quizId = 0;
let quizTitle = "";

type Ungraded = { data: { id: number; user: { name: string }; answers: { needsGrading: boolean; answer: string | null }[] }[] };

/** The demo quiz, when the demo school has it with at least two scripts waiting for marks. */
async function demoQuiz(teacher: string): Promise<{ id: number; title: string } | null> {
  const quizzes = await apiCall<{ data: { id: number; title: string }[] }>(teacher, "GET", `/quizzes?limit=100&search=${encodeURIComponent("Mixed question")}`);
  const quiz = quizzes.data.find((q) => q.title === DEMO_QUIZ);
  if (!quiz) return null;
  const waiting = await apiCall<Ungraded>(teacher, "GET", `/submissions/${quiz.id}/ungraded?limit=100`);
  return waiting.data.length >= 2 ? quiz : null;
}

/** A quiz of every kind of answer in the teacher's own course, and two students' scripts waiting for marks. */
async function makeQuiz(teacher: string): Promise<{ id: number; title: string }> {
  const courseId = await createCourse(teacher, `Integrated Science ${stamp}`, "Marks, parts and schemes");
  const title = `Mixed marking ${stamp}`;
  const id = await createQuiz(teacher, {
    title,
    courseId,
    studentType: "jhs1",
    questions: [
      { text: "Which gas do plants take in?", options: ["Carbon dioxide", "Oxygen", "Nitrogen"], answer: "Carbon dioxide" },
      { type: "true_false", text: "Water boils at 100 °C at sea level.", options: ["True", "False"], answer: "True" },
      { type: "numerical", text: "What is 2^3 × 2?", options: [], value: 16, tolerance: 0, marks: 2 },
      {
        type: "written",
        text: "Describe the water cycle.",
        options: [],
        marks: 5,
        scheme: "Accept any clear description of each stage.",
        parts: [
          { label: "a", marks: 2, scheme: "Evaporation: the sun heats water into vapour (2)" },
          { label: "b", marks: 3, scheme: "Condensation into clouds (1), precipitation as rain (2)" },
        ],
      },
      { type: "written", text: "What is photosynthesis?", options: [], marks: 2, scheme: "Plants make food (1) using sunlight (1)" },
    ],
  });
  const full = await apiCall<{ questions: { id: number }[] }>(teacher, "GET", `/quizzes/${id}`);
  const [q1, q2, q3, q4, q5] = full.questions.map((q) => q.id);
  const scripts = [
    [
      "Carbon dioxide",
      "True",
      "16",
      JSON.stringify(["The sun heats the sea and water rises as vapour.", "It cools into clouds and falls as rain."]),
      "Plants make food.",
    ],
    ["Oxygen", "False", "12", JSON.stringify(["Water goes up.", "Rain."]), "Plants make their food using sunlight."],
  ];
  for (const [k, s] of STUDENTS.entries()) {
    const token = await login(s.email);
    const attempt = await apiCall<{ attemptId: number }>(token, "POST", `/quizzes/${id}/attempts`);
    const answers = [q1, q2, q3, q4, q5].map((questionId, i) => ({ questionId, answer: scripts[k][i] }));
    await apiCall(token, "POST", `/attempts/${attempt.attemptId}/submit`, { answers });
  }
  return { id, title };
}

beforeAll(async () => {
  browser = await launch();
  const teacher = await login(DEMO.teacher);
  const quiz = (await demoQuiz(teacher)) ?? (await makeQuiz(teacher));
  quizId = quiz.id;
  quizTitle = quiz.title;
});
afterAll(() => browser?.close());

describe("marking journeys", () => {
  it("a teacher marks written answers with the keyboard on a phone, script after script, and sees each score", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto(`/teachers/dashboard/quiz/${quizId}/grade`);
    const place = page.getByTestId("script-place");
    await place.getByText(/^Script 1 of \d+/).waitFor();
    const total = Number(/of (\d+)/.exec((await place.textContent()) ?? "")![1]);
    expect(total).toBeGreaterThanOrEqual(2);
    const script = page.getByRole("article", { name: /^Script of / });
    const first = ((await script.getAttribute("aria-label")) ?? "").replace("Script of ", "");
    // A written answer in parts: each part with its label, beside the marking scheme.
    await script.getByText("Marking scheme").first().waitFor();
    await script.getByText("(a)").first().waitFor();
    const inputs = script.getByRole("textbox", { name: /^Marks for question/ });
    const count = await inputs.count();
    expect(count).toBeGreaterThanOrEqual(1);
    await expectNoSideScroll(page);
    await snap(page, "marking-written-parts-phone");

    // Keyboard only: a mark, Enter, the next answer has the focus; Enter on the last saves and opens the next script.
    await inputs.first().click();
    for (let i = 0; i < count; i++) {
      await expect.poll(() => inputs.nth(i).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(i === 0 ? "1.5" : "1");
      await page.keyboard.press("Enter");
    }
    await page
      .getByTestId("last-saved")
      .getByText(new RegExp(`^Saved ${first}: [\\d.]+ of [\\d.]+ marks \\(\\d+\\.\\d\\d%\\)$`))
      .waitFor();
    await place.getByText(/^Script 2 of /).waitFor();
    const second = page.getByRole("article", { name: /^Script of / });
    expect(await second.getAttribute("aria-label")).not.toBe(`Script of ${first}`);
    // The next script's first marks input has the focus.
    await expect
      .poll(() =>
        second
          .getByRole("textbox", { name: /^Marks for question/ })
          .first()
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    // Too many marks: refused beside the input, nothing saved.
    await page.keyboard.type("99");
    await page.keyboard.press("Enter");
    await second
      .getByRole("alert")
      .getByText(/^Marks must be from 0 to /)
      .waitFor();
    await expectNoSideScroll(page);

    // Back to the first script: its score stays on it.
    await page.getByRole("button", { name: "Previous" }).click();
    await page
      .getByTestId("saved-score")
      .getByText(/^Saved: [\d.]+ of [\d.]+ marks \(\d+\.\d\d%\)$/)
      .waitFor();
    await context.close();

    // On a wide screen the scheme stands beside the answer.
    const wide = await newPage(browser, DESKTOP);
    await signIn(wide.page, DEMO.teacher);
    await wide.page.waitForURL("**/teachers/dashboard");
    await wide.page.goto(`/teachers/dashboard/quiz/${quizId}/grade`);
    const written = wide.page
      .getByRole("article", { name: /^Script of / })
      .getByText("Marking scheme")
      .first();
    await written.waitFor();
    await snap(wide.page, "marking-written-parts-desktop");
    await wide.context.close();
  });

  it("item analysis shows each question's type, discrimination for auto-marked ones and the marks of written ones", async () => {
    // Every script marked (through the API), so the analysis counts them all.
    const teacher = await login(DEMO.teacher);
    const waiting = await apiCall<
      Ungraded & { data: { id: number; answers: { questionId: number; needsGrading: boolean; answer: string | null; marks: number }[] }[] }
    >(teacher, "GET", `/submissions/${quizId}/ungraded?limit=100`);
    for (const s of waiting.data) {
      const marks = s.answers.filter((a) => a.needsGrading && a.answer !== null).map((a) => ({ questionId: a.questionId, marks: Math.min(1, a.marks) }));
      await apiCall(teacher, "PUT", `/submissions/${s.id}/grade`, { marks });
    }
    for (const [viewport, name] of [
      [PHONE, "phone"],
      [DESKTOP, "desktop"],
    ] as const) {
      const { page, context } = await newPage(browser, viewport);
      await signIn(page, DEMO.teacher);
      await page.waitForURL("**/teachers/dashboard");
      await page.goto(`/teachers/dashboard/performance/quiz-details/${quizId}`);
      await page.getByRole("heading", { name: quizTitle }).waitFor();
      await page.getByRole("heading", { name: "Item analysis" }).waitFor();
      const written = page.locator('[data-testid="item-row"][data-type="written"]').first();
      await written.getByText("Written").first().waitFor();
      await written.getByTestId("marks-distribution").waitFor();
      await written.getByRole("button", { name: /Discrimination is not worked out for written answers/ }).waitFor();
      const auto = page.locator('[data-testid="item-row"][data-type="single"]').first();
      await auto.getByText("One answer").first().waitFor();
      if (name === "phone") await expectNoSideScroll(page);
      await snap(page, `item-analysis-types-${name}`);
      await context.close();
    }
  });
});
