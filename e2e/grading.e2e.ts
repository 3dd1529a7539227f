import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO, DESKTOP, launch, newPage, PHONE, signIn, snap } from "./browser";
import { apiCall, apiLogin as login, createCourse, createQuiz, expectNoSideScroll } from "./api-setup";

/**
 * Grading journeys (issue 12, decision 022): the demo teacher's own course and quiz, made through the
 * API, with a question that has no answer key; a JHS 1 student submits it through the API; the
 * teacher grades it, manages the grade and keeps a record by hand in the browser.
 */

const STUDENT = { email: "abena.osei@adesua.school", name: "Abena Osei" };
const stamp = Date.now();
const title = `Class test: our community ${stamp}`;
let browser: Browser;
let quizId = 0;

beforeAll(async () => {
  browser = await launch();
  const teacher = await login(DEMO.teacher);
  const courseId = await createCourse(teacher, `Social Studies ${stamp}`, "Citizenship and our community");
  quizId = await createQuiz(teacher, {
    title,
    courseId,
    studentType: "jhs1",
    questions: [
      { text: "Who leads a traditional area?", options: ["A chief", "A pupil"], answer: "A chief" },
      { text: "Which is a civic duty?", options: ["Paying taxes", "Littering"], answer: "Paying taxes" },
      { text: "Is communal labour the best way to keep a town clean?", options: ["Yes", "No"], answer: null },
    ],
  });
  const full = await apiCall<{ questions: { id: number }[] }>(teacher, "GET", `/quizzes/${quizId}`);
  const [q1, q2, q3] = full.questions.map((q) => q.id);
  // The student: the first right, the second wrong, and an answer the teacher must mark.
  const student = await login(STUDENT.email);
  const attempt = await apiCall<{ attemptId: number }>(student, "POST", `/quizzes/${quizId}/attempts`);
  const answers = [
    { questionId: q1, answer: "A chief" },
    { questionId: q2, answer: "Littering" },
    { questionId: q3, answer: "Yes" },
  ];
  await apiCall(student, "POST", `/attempts/${attempt.attemptId}/submit`, { answers });
});
afterAll(() => browser?.close());

describe("grading journeys", () => {
  it("a teacher grades an ungraded answer on a phone, the list moves on, and the student's record changes", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    // Before: the record is waiting ("Completed", the result unknown).
    await page.goto("/teachers/dashboard/records");
    const before = page.getByRole("listitem", { name: `${STUDENT.name}, ${title}` });
    await before.getByText("Completed").waitFor();
    await before.getByText("50.00%").waitFor();

    await page.goto(`/teachers/dashboard/quizzes/${quizId}/submissions`);
    const row = page.getByRole("listitem", { name: `${STUDENT.name}, ${title}` });
    await row.getByText("1 answer to mark").waitFor();
    await expectNoSideScroll(page);
    await snap(page, "submissions-phone");
    await row.getByRole("link", { name: /^Grade / }).click();
    await page.waitForURL(`**/teachers/dashboard/quiz/${quizId}/grade`);
    const card = page.getByRole("article", { name: `Script of ${STUDENT.name}` });
    await page.getByTestId("script-place").getByText("Script 1 of 1").waitFor();
    await card.getByRole("listitem", { name: "Question 2" }).getByText("Littering").waitFor();
    await card.getByRole("listitem", { name: "Question 2" }).getByText("Paying taxes").waitFor();
    expect(await card.getByRole("listitem", { name: "Question 2" }).getByTestId("earned").textContent()).toBe("0 of 1 mark (marked automatically)");
    // Full marks for the open answer (the old "Right"): 2 of 3 marks.
    await card.getByRole("button", { name: `1 mark, full marks, for question 3 (${STUDENT.name})` }).click();
    expect(await card.getByRole("textbox", { name: `Marks for question 3 (${STUDENT.name})` }).inputValue()).toBe("1");
    await card.getByTestId("script-total").getByText("2 of 3 marks (66.67%)").waitFor();
    await expectNoSideScroll(page);
    await snap(page, "grade-quiz-phone");
    await card.getByRole("button", { name: `Submit Grade for ${STUDENT.name}` }).click();
    // The score shows once saved, and the last script says so.
    await page.getByTestId("last-saved").getByText(`Saved ${STUDENT.name}: 2 of 3 marks (66.67%)`).waitFor();
    await page.getByText("All scripts marked").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/teachers/dashboard/quiz/${quizId}/grade`);

    await page.goto(`/teachers/dashboard/quizzes/${quizId}/submissions`);
    await page.getByText("No submissions to grade.").waitFor();
    await page.goto("/teachers/dashboard/records");
    const after = page.getByRole("listitem", { name: `${STUDENT.name}, ${title}` });
    await after.getByText("Passed").waitFor();
    await after.getByText("66.67%").waitFor();
    await after.getByText("Personal best").waitFor();
    await context.close();
  });

  it("edits and deletes a grade in Grades Management, asking before the delete", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto("/teachers/dashboard/grade");
    await page.getByLabel("Search students", { exact: true }).fill(STUDENT.name);
    const row = page.getByTestId("grade-row").filter({ hasText: title });
    await row.getByText("66.67%").waitFor();
    // The score bar: orange from 50, red below 50.
    await row.locator('[data-color="orange"]').waitFor();
    await page.getByRole("button", { name: "Score", exact: true }).click();
    await page.locator('th[aria-sort="descending"]', { hasText: "Score" }).waitFor();
    await row.getByRole("button", { name: `Edit grade of ${STUDENT.name}, ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit grade" });
    await dialog.getByLabel("Score").fill("45.5");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await row.getByText("45.50%").waitFor();
    await row.getByText("Failed").waitFor();
    await row.locator('[data-color="red"]').waitFor();
    await snap(page, "grades-management-desktop");

    await row.getByRole("button", { name: `Delete grade of ${STUDENT.name}, ${title}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete grade" });
    await confirm.getByText("Are you sure you want to delete this grade?").waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await row.waitFor();
    await row.getByRole("button", { name: `Delete grade of ${STUDENT.name}, ${title}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await row.waitFor({ state: "detached" });
    await context.close();
  });

  it("keeps a record by hand from the records form", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto("/teachers/dashboard/records");
    await page.getByRole("link", { name: "New Record" }).click();
    await page.waitForURL("**/teachers/dashboard/record/new");
    // Nothing chosen: the spec's required fields.
    await page.getByRole("button", { name: "Create Record" }).click();
    await page.getByText("Please select a student").waitFor();
    await page.getByRole("combobox", { name: "Student" }).fill("Abena");
    await page.getByRole("option", { name: STUDENT.name }).click();
    await page.getByRole("combobox", { name: "Quiz" }).fill(String(stamp));
    await page.getByRole("option", { name: title }).click();
    await page.getByLabel("Score").fill("72.4");
    await expectNoSideScroll(page);
    await snap(page, "record-form-phone");
    await page.getByRole("button", { name: "Create Record" }).click();
    await page.waitForURL("**/teachers/dashboard/records");
    const rec = page.getByRole("listitem", { name: `${STUDENT.name}, ${title}` });
    await rec.getByText("72.40%").waitFor();
    await rec.getByText(/entered by hand/).waitFor();
    await rec.getByText("Passed").waitFor();
    await context.close();
  });
});
