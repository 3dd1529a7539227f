import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { apiCall as call, apiLogin as login, createCourse, createQuiz, snapBoth } from "./api-setup";
import { DEMO, DESKTOP, launch, newPage, PHONE, signIn, snap, tmp } from "./browser";

/**
 * Terminal reports (issue 28, second "Done when"): JHS 2B, 30 students, 4 subjects. Set up through the API: the term,
 * its subjects, a quiz two students take (a Mathematics class score part), the class tests and the other subjects'
 * exams. Through the browser: the Mathematics exam marks of all 30 typed into the score sheet (teacher, 1280 px),
 * attendance and remarks (teacher at 360 px, head teacher), both checks, the cards printed as one PDF and sent to
 * guardians (admin, 360 px). Positions and grades are checked against figures worked out by hand below.
 *
 * The hand computation (class weight 30, exam 70; every part weight 1; grades on the half-up whole total: 90+ 1,
 * 80+ 2, 70+ 3, 60+ 4, 55+ 5, 50+ 6, 40+ 7, 35+ 8, else 9). Pupil nn is the nn-th of the class list.
 * Mathematics: class = 30 × mean(quiz %, class test %); the quiz: Pupil 01 100 %, Pupil 02 50 %, the rest none (0);
 *   the class test /20: Pupil 01 20, Pupil 02 10, the rest 10 (50 %); exam /100 typed: 90, 80, 70, 70, then 60 − (n − 5).
 *   Pupil 01: 30 × (100 + 100)/2/100 = 30 + 70 × 0.90 = 63 → 93 (grade 1)
 *   Pupil 02: 30 × (50 + 50)/2/100 = 15 + 70 × 0.80 = 56 → 71 (grade 3)
 *   Pupil 03 and 04: 30 × (0 + 50)/2/100 = 7.5 + 70 × 0.70 = 49 → 56.5 (57: grade 5), a tie: both 3rd
 *   Pupil 05: 7.5 + 70 × 0.60 = 42 → 49.5 (50: grade 6), 5th (4th is skipped)
 *   Pupil 30: 7.5 + 70 × 0.35 = 24.5 → 32 (grade 9), last (30th)
 * English, Science, Social Studies: class test 10/20 → 15, exam 50/100 → 35, total 50 (grade 6), all tied 1st;
 *   except English of Pupil 30: exam 100 → 70, total 85 (grade 2), 1st, and the other 29 tie 2nd.
 * Overall (sum of the four totals): Pupil 01 93 + 150 = 243 (1st); Pupil 02 71 + 150 = 221 (2nd);
 *   Pupil 30 32 + 85 + 100 = 217 (3rd); Pupil 03 and 04 56.5 + 150 = 206.5 (4th, a tie); Pupil 05 199.5 (6th);
 *   Pupil 29: 7.5 + 70 × 0.36 = 25.2 → 32.7 + 150 = 182.7 (30th).
 */

/** JHS 2B (another stream when E2E_STREAM is set, to run again against a server kept running). */
const STREAM = process.env.E2E_STREAM ?? "B";
const CLASS = `JHS 2${STREAM}`;
const N = 30;
const pupil = (n: number) => `Pupil ${String(n).padStart(2, "0")}${STREAM === "B" ? "" : ` ${STREAM}`}`;
const mathExam = (n: number) => (n === 1 ? 90 : n === 2 ? 80 : n <= 4 ? 70 : 60 - (n - 5));

let browser: Browser;
let admin = "";
let termId = 0;
let mathId = 0;
const ids: number[] = [];

type Report = {
  studentId: number;
  name: string;
  subjects: { name: string; classScore: number | null; examScore: number | null; total: number | null; position: number | null; grade: number | null }[];
  total: number | null;
  overallPosition: number | null;
  attendance: { present: number | null; outOf: number | null };
  teacherRemark: string | null;
  headRemark: string | null;
  conduct: string | null;
};

beforeAll(async () => {
  browser = await launch();
  admin = await login(DEMO.admin);
  const teacher = await login(DEMO.teacher);
  // The class: 30 students of JHS 2B, in the order of their names.
  const slips: { signIn: string; password: string }[] = [];
  for (let n = 1; n <= N; n++) {
    const made = await call<{ user: { id: number }; slip: { signIn: string; password: string } }>(admin, "POST", "/users", {
      name: pupil(n),
      role: "student",
      studentType: "jhs2",
      stream: STREAM,
    });
    ids.push(made.user.id);
    slips.push(made.slip);
  }
  // The Mathematics teacher's course and a two-question quiz of the level; Pupil 01 gets both right, Pupil 02 one.
  const courseId = await createCourse(teacher, `Mathematics JHS 2 ${Date.now()}`, "Numbers and algebra");
  const quizId = await createQuiz(teacher, {
    title: `Term quiz ${Date.now()}`,
    courseId,
    studentType: "jhs2",
    questions: [
      { text: "2 + 3 = ?", options: ["5", "6"], answer: "5" },
      { text: "3 × 4 = ?", options: ["12", "7"], answer: "12" },
    ],
  });
  const qs = (await call<{ questions: { id: number }[] }>(teacher, "GET", `/quizzes/${quizId}`)).questions.map((q) => q.id);
  for (const [i, answers] of [
    ["5", "12"],
    ["5", "7"],
  ].entries()) {
    const first = await login(slips[i].signIn, slips[i].password);
    await call(first, "POST", "/auth/change-password", { currentPassword: slips[i].password, newPassword: "pupil-password-1" });
    const token = await login(slips[i].signIn, "pupil-password-1");
    const attempt = await call<{ attemptId: number }>(token, "POST", `/quizzes/${quizId}/attempts`);
    await call(token, "POST", `/attempts/${attempt.attemptId}/submit`, { answers: qs.map((questionId, k) => ({ questionId, answer: answers[k] })) });
  }
  // The term (the school's 30/70) with its four subjects; Mathematics is the teacher's course.
  const parts = (exam: string) => [
    { part: "class", kind: "marks", name: "Class test", outOf: 20, weight: 1 },
    { part: "exam", kind: "marks", name: exam, outOf: 100, weight: 1 },
  ];
  const term = await call<{ id: number; subjects: { id: number; name: string; components: { id: number; name: string }[] }[] }>(admin, "POST", "/terms", {
    name: `First Term ${Date.now()}`,
    number: 1,
    startsOn: "2026-09-08",
    endsOn: "2026-12-18",
    nextTermBegins: "2027-01-12",
    attendanceDays: 60,
    subjects: [
      {
        level: "jhs2",
        name: "Mathematics",
        courseId,
        components: [{ part: "class", kind: "quiz", name: "Term quiz", quizId, outOf: 100, weight: 1 }, ...parts("Exam paper")],
      },
      { level: "jhs2", name: "English", components: parts("Exam") },
      { level: "jhs2", name: "Science", components: parts("Exam") },
      { level: "jhs2", name: "Social Studies", components: parts("Exam") },
    ],
  });
  termId = term.id;
  for (const s of term.subjects) {
    if (s.name === "Mathematics") mathId = s.id;
    const test = s.components.find((c) => c.name === "Class test")!;
    await call(admin, "PUT", `/terms/${termId}/components/${test.id}/marks`, {
      marks: ids.map((studentId, i) => ({ studentId, mark: s.name === "Mathematics" && i === 0 ? 20 : 10 })),
    });
    if (s.name === "Mathematics") continue;
    const exam = s.components.find((c) => c.name === "Exam")!;
    await call(admin, "PUT", `/terms/${termId}/components/${exam.id}/marks`, {
      marks: ids.map((studentId, i) => ({ studentId, mark: s.name === "English" && i === N - 1 ? 100 : 50 })),
    });
  }
}, 150_000);
afterAll(() => browser?.close());

/** A page with room for a busy machine (the journeys share two cores with the other helpers' tests). */
async function open(viewport: typeof PHONE) {
  const opened = await newPage(browser, viewport);
  opened.page.setDefaultTimeout(45_000);
  return opened;
}

const reportsOf = async () => (await call<{ students: Report[] }>(admin, "GET", `/terms/${termId}/reports?class=${encodeURIComponent(CLASS)}`)).students;

describe("terminal reports", () => {
  it("the teacher types the Mathematics exam marks of 30 students into the score sheet, and the positions and grades are right", async () => {
    const { page, context } = await open(DESKTOP);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.getByRole("link", { name: "Terminal reports" }).first().click();
    await page
      .getByRole("link", { name: /^Open First Term/ })
      .first()
      .click();
    await page.getByRole("link", { name: `Score sheet of Mathematics, ${CLASS}` }).click();
    const first = page.getByLabel(`Exam paper (exam) for ${pupil(1)}`);
    await first.click();
    // Letters are refused on the spot; so is a mark over 100.
    await page.keyboard.type("x");
    await page.getByText("Numbers only (up to two decimals)").waitFor();
    for (let n = 1; n <= N; n++) await page.keyboard.type(`${mathExam(n)}\n`);
    await page.getByText("All changes saved").waitFor({ timeout: 20_000 });
    await page.getByLabel(`Exam paper (exam) for ${pupil(5)}`).click();
    await page.keyboard.press("End");
    await page.keyboard.type("0");
    await page.getByText("At most 100").waitFor();
    expect(await page.getByLabel(`Exam paper (exam) for ${pupil(5)}`).inputValue()).toBe("60");
    // The figures on the screen, as computed by hand (see the top of this file).
    const row = (n: number) => page.getByTestId("sheet-row").filter({ hasText: pupil(n) });
    await row(1).getByRole("cell", { name: "93", exact: true }).waitFor();
    expect(await row(1).innerText()).toMatch(/30\s+63\s+93\s+1st\s+1/);
    expect(await row(3).innerText()).toMatch(/7\.5\s+49\s+56\.5\s+3rd\s+5/);
    expect(await row(4).innerText()).toMatch(/7\.5\s+49\s+56\.5\s+3rd\s+5/);
    expect(await row(5).innerText()).toMatch(/7\.5\s+42\s+49\.5\s+5th\s+6/);
    expect(await row(30).innerText()).toMatch(/7\.5\s+24\.5\s+32\s+30th\s+9/);
    await snapBoth(page, "terminal-score-sheet");
    await context.close();
  }, 240_000);

  it("the reports from the API match the hand-computed positions and grades", async () => {
    const reports = await reportsOf();
    expect(reports.map((r) => r.name)).toEqual(Array.from({ length: N }, (_, i) => pupil(i + 1)));
    const by = (n: number) => reports[n - 1];
    const math = (n: number) => by(n).subjects.find((s) => s.name === "Mathematics")!;
    const eng = (n: number) => by(n).subjects.find((s) => s.name === "English")!;
    expect(math(1)).toMatchObject({ classScore: 30, examScore: 63, total: 93, position: 1, grade: 1 });
    expect(math(2)).toMatchObject({ classScore: 15, examScore: 56, total: 71, position: 2, grade: 3 });
    expect(math(3)).toMatchObject({ classScore: 7.5, examScore: 49, total: 56.5, position: 3, grade: 5 });
    expect(math(4)).toMatchObject({ classScore: 7.5, examScore: 49, total: 56.5, position: 3, grade: 5 });
    expect(math(5)).toMatchObject({ classScore: 7.5, examScore: 42, total: 49.5, position: 5, grade: 6 });
    expect(math(30)).toMatchObject({ total: 32, position: 30, grade: 9 });
    expect(eng(30)).toMatchObject({ classScore: 15, examScore: 70, total: 85, position: 1, grade: 2 });
    expect(eng(1)).toMatchObject({ total: 50, position: 2, grade: 6 });
    expect([1, 2, 30, 3, 4, 5, 29].map((n) => [by(n).total, by(n).overallPosition])).toEqual([
      [243, 1],
      [221, 2],
      [217, 3],
      [206.5, 4],
      [206.5, 4],
      [199.5, 6],
      [182.7, 30],
    ]);
  });

  it("the class teacher writes attendance and remarks on a phone and checks the class's reports", async () => {
    const { page, context } = await open(PHONE);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto(`/teachers/dashboard/terms/${termId}/reports?class=${encodeURIComponent(CLASS)}`);
    await page.getByTestId("student-report").first().waitFor({ timeout: 60_000 });
    await page.getByLabel(`Days present for ${pupil(1)}`).fill("58");
    await page.getByLabel(`Conduct for ${pupil(1)}`).fill("Very good");
    await page.keyboard.press("Escape");
    await page.getByLabel(`Interest for ${pupil(1)}`).fill("Football");
    await page.keyboard.press("Escape");
    await page.getByLabel(`Class teacher's remark for ${pupil(1)}`).click();
    await page.getByRole("option", { name: "Hardworking and attentive in class." }).click();
    await page.getByLabel(`Days present for ${pupil(2)}`).fill("55");
    await page.getByText("All changes saved").waitFor({ timeout: 20_000 });
    // Printing waits for both checks.
    expect(await page.getByRole("button", { name: "Print report cards" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Checked by class teacher" }).click();
    await page.getByRole("button", { name: "Confirm check" }).click();
    await page
      .getByTestId("check-class_teacher")
      .getByText(/✓ Ama Owusu/)
      .waitFor();
    await snapBoth(page, "terminal-class-reports-teacher");
    // The score sheet on a phone: one student at a time.
    await page.setViewportSize(PHONE);
    await page.goto(`/teachers/dashboard/terms/${termId}/subjects/${mathId}?class=${encodeURIComponent(CLASS)}`);
    await page.getByTestId("sheet-student").getByText("1 of 30").waitFor();
    await snap(page, "terminal-score-sheet-one-phone");
    await context.close();
    const r = (await reportsOf())[0];
    expect(r).toMatchObject({ attendance: { present: 58, outOf: 60 }, conduct: "Very good", teacherRemark: "Hardworking and attentive in class." });
  }, 240_000);

  it("the head teacher writes a remark, checks, previews a card, prints the class's cards as one PDF and messages guardians", async () => {
    const { page, context } = await open(PHONE);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto(`/admin/dashboard/terms/${termId}/reports?class=${encodeURIComponent(CLASS)}`);
    await page.getByTestId("student-report").first().waitFor({ timeout: 60_000 });
    await page.getByLabel(`Head teacher's remark for ${pupil(1)}`).fill("An excellent term's work. Keep it up.");
    await page.keyboard.press("Escape");
    await page.getByText("All changes saved").waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Checked by head teacher" }).click();
    await page.getByRole("button", { name: "Confirm check" }).click();
    await page.getByText("Released to students").waitFor();
    // The card on the screen.
    await page.getByRole("button", { name: `Preview card of ${pupil(1)}` }).click();
    const card = page.getByTestId("report-card");
    await card.getByText("1st out of 30").waitFor();
    await card.getByText("58 out of 60 days").waitFor();
    await card.getByText("An excellent term's work. Keep it up.").waitFor();
    await snap(page, "terminal-card-preview-phone");
    await page.setViewportSize(DESKTOP);
    await snap(page, "terminal-card-preview-desktop");
    await page.keyboard.press("Escape");
    await page.setViewportSize(PHONE);
    // One PDF of 30 cards through the print job.
    await page.getByRole("button", { name: "Print report cards" }).click();
    const dl = page.getByRole("button", { name: "Download PDF" });
    await dl.waitFor({ timeout: 90_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), dl.click()]);
    const file = path.join(tmp(), "cards.pdf");
    await download.saveAs(file);
    const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(file)));
    expect(pdf.numPages).toBe(N);
    const { text } = await extractText(pdf, { mergePages: false });
    expect(text[0]).toContain(pupil(1));
    expect(text[0]).toContain("Mathematics");
    expect(text[0]).toContain("Hardworking and attentive in class.");
    expect(text[N - 1]).toContain(pupil(N));
    // Guardians: with no gateway, the messages go to a CSV.
    await call(admin, "PUT", `/users/${ids[0]}/guardians`, [{ name: "Akosua Asante", relationship: "Mother", phone: "024 123 4567" }]);
    await page.getByRole("button", { name: "Send reports to guardians" }).click();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page
      .getByTestId("messages-result")
      .getByText(/Sent: \d+ · Failed: \d+/)
      .waitFor();
    await snapBoth(page, "terminal-class-reports-admin");
    await context.close();
  }, 300_000);

  it("shows the terms list, the term form and the term page with its subject editor at both sizes", async () => {
    const { page, context } = await open(DESKTOP);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/terms");
    await page.getByTestId("term-row").first().waitFor();
    await snapBoth(page, "terminal-terms-list");
    await page.getByRole("link", { name: "New term" }).click();
    await page.getByLabel("Name").waitFor();
    await snapBoth(page, "terminal-term-form");
    await page.goto(`/admin/dashboard/terms/${termId}`);
    await page.getByTestId("class-card").filter({ hasText: CLASS }).getByText("Released").waitFor();
    await snapBoth(page, "terminal-term-page");
    await page.getByRole("button", { name: "Edit Mathematics" }).click();
    await page.getByTestId("component-row").first().waitFor();
    await snapBoth(page, "terminal-subject-form");
    await context.close();
  }, 240_000);
});
