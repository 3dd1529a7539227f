import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { apiCall as call, apiLogin as login, apiRaw as raw, createCourse, createQuiz, expectNoSideScroll, sideScroll, snapBoth } from "./api-setup";
import { DEMO, DESKTOP, expectConsole, launch, newPage, PHONE, signIn, snap } from "./browser";

/**
 * Mock BECE (issue 28, first "Done when"): 30 JHS 3 candidates of class JHS 3Z… (made through the API), four core
 * subjects (English Language, Mathematics, Integrated Science, Social Studies) set up by the admin through the form,
 * each with Paper 1 (/60, Mathematics: a four-question quiz, /4) and Paper 2 (/100), weighted 50/50, one subject a day.
 * Candidate 01 takes the Mathematics quiz in the browser at 360 px (4 of 4), Candidate 02 through the API (2 of 4);
 * the others' Mathematics Paper 1 is entered as 3/4. The teacher types Mathematics Paper 2 for all 30 by keyboard.
 * The other papers' marks go in through the API. Candidate 30 has no English Paper 2: incomplete.
 *
 * Hand computation (grades on the half-up whole score: 90+ 1, 80+ 2, 70+ 3, 60+ 4, 55+ 5, 50+ 6, 40+ 7, 35+ 8, else 9;
 * aggregate = the four core grades; candidate n = the n-th by name):
 *   Mathematics: P2 typed = 90 (n 1), 70 (n 2), 100 − 2n (n ≥ 3).
 *     n 1: (100 + 90)/2 = 95 → 1;  n 2: (50 + 70)/2 = 60 → 4;  n ≥ 3: (75 + 100 − 2n)/2 = 87.5 − n:
 *     n 3..8: 84.5..79.5 (79.5 rounds to 80) → 2;  n 9..18: 78.5..69.5 → 3;  n 19..28: 68.5..59.5 → 4;  n 29, 30: 58.5, 57.5 → 5.
 *     mean = (95 + 60 + Σ_{n=3..30}(87.5 − n))/30 = (95 + 60 + 28 × 87.5 − 462)/30 = (155 + 2450 − 462)/30 = 2143/30 = 71.43.
 *     grade counts: 1: 1, 2: 6, 3: 10, 4: 1 + 10 = 11, 5: 2.
 *   English Language: P1 36/60 = 60 %, P2 60 → 60 → 4 (n 30: P2 missing → no score, incomplete); mean 60.
 *   Integrated Science: n 1..10 P1 48, P2 80 → 80 → 2; n 11..20 36, 60 → 60 → 4; n 21..30 27, 45 → 45 → 7.
 *     mean = (10 × 80 + 10 × 60 + 10 × 45)/30 = 1850/30 = 61.67.
 *   Social Studies: 36, 60 → 60 → 4.
 *   Aggregates (Maths + Science + 4 + 4): n 1: 1 + 2 + 8 = 11; n 3..8: 2 + 2 + 8 = 12; n 9, 10: 3 + 2 + 8 = 13;
 *     n 2: 4 + 2 + 8 = 14; n 11..18: 3 + 4 + 8 = 15; n 19, 20: 4 + 4 + 8 = 16; n 21..28: 4 + 7 + 8 = 19; n 29: 5 + 7 + 8 = 20.
 *   Positions (ties share, the next skipped): 11 → 1st; 12 → 2nd (6); 13 → 8th (2); 14 → 10th; 15 → 11th (8); 16 → 19th (2);
 *     19 → 21st (8); 20 → 29th.
 *   Distribution (four subjects counted: 4–8, 9–13, 14–18, 19–23, …): 9–13: n 1, 3..10 = 9; 14–18: n 2, 11..20 = 11;
 *     19–23: n 21..29 = 9; the rest 0.
 *   Candidate 01's slip: Mathematics 95 (1), English Language 60 (4), Integrated Science 80 (2), Social Studies 60 (4);
 *     total 95 + 60 + 80 + 60 = 295; aggregate 11; position 1.
 */

const N = 30;
const stamp = Date.now();
/** A class of this run's own ("JHS 3ZDEF"), so a second run on the same server meets other candidates only as other classes. */
const STREAM = `Z${[...String(stamp).slice(-4)].map((d) => String.fromCharCode(65 + Number(d))).join("")}`;
const CLASS = `JHS 3${STREAM}`;
const TITLE = `JHS 3 Mock ${stamp}`;
const QUIZ = `Mock Paper 1 Mathematics ${stamp}`;
const SUBJECTS = ["English Language", "Mathematics", "Integrated Science", "Social Studies"];
const cand = (n: number) => `Candidate ${String(n).padStart(2, "0")} ${stamp % 100000}`;
const mathsP2 = (n: number) => (n === 1 ? 90 : n === 2 ? 70 : 100 - 2 * n);
const NEW_PASSWORD = "candidate-pass-1";

let browser: Browser;
let admin = "";
let teacher = "";
const ids: number[] = [];
const signIns: string[] = [];
let quizId = 0;
let quizQuestions: { id: number; answer: string; wrong: string }[] = [];
let mockId = 0;

type Paper = { id: number; name: string; outOf: number };
type Mock = { id: number; subjects: { name: string; core: boolean; papers: Paper[] }[] };
type Results = {
  students: {
    studentId: number;
    name: string;
    class: string;
    subjects: { name: string; score: number | null; grade: number | null }[];
    aggregate: number | null;
    position: number | null;
    incomplete: boolean;
    total: number | null;
  }[];
  subjects: { name: string; mean: number | null; gradeCounts: Record<string, number>; missing: number }[];
  aggregateCounts: { from: number; to: number; count: number }[];
};

/** A page with a longer wait than the journeys' 15 s: a level of 100+ students on a machine shared by several test runs. */
async function open(viewport: typeof PHONE) {
  const made = await newPage(browser, viewport);
  made.page.setDefaultTimeout(45_000);
  return made;
}

const paperOf = (mock: Mock, subject: string, paper: string) => mock.subjects.find((s) => s.name === subject)!.papers.find((p) => p.name === paper)!;
const putMarks = (paper: Paper, mark: (n: number) => number | null) =>
  call(admin, "PUT", `/mocks/${mockId}/papers/${paper.id}/marks`, {
    marks: ids.map((studentId, i) => ({ studentId, mark: mark(i + 1) })).filter((m) => m.mark !== null),
  });

beforeAll(async () => {
  browser = await launch();
  admin = await login(DEMO.admin);
  teacher = await login(DEMO.teacher);
  for (let n = 1; n <= N; n++) {
    const made = await call<{ user: { id: number }; slip: { signIn: string; password: string } }>(admin, "POST", "/users", {
      name: cand(n),
      email: `candidate${n}.${stamp}@adesua.school`,
      role: "student",
      studentType: "jhs3",
      stream: STREAM,
    });
    ids.push(made.user.id);
    signIns.push(made.slip.signIn);
    if (n <= 2) {
      const first = await login(made.slip.signIn, made.slip.password);
      await call(first, "POST", "/auth/change-password", { currentPassword: made.slip.password, newPassword: NEW_PASSWORD });
    }
  }
  await call(admin, "PUT", `/users/${ids[0]}/guardians`, [{ name: "Akua Mensah", relationship: "Mother", phone: "024 123 4567" }]);
  // The Mathematics teacher's course and Paper 1 as a four-question quiz of JHS 3 (one mark each).
  const courseId = await createCourse(teacher, `Mathematics JHS 3 ${stamp}`, "BECE preparation");
  const items = [
    ["7 × 8 = ?", "56", "54"],
    ["15 − 9 = ?", "6", "5"],
    ["Half of 18 is?", "9", "8"],
    ["3² = ?", "9", "6"],
  ];
  quizId = await createQuiz(teacher, {
    title: QUIZ,
    courseId,
    studentType: "jhs3",
    questions: items.map(([text, answer, wrong]) => ({ text, options: [answer, wrong], answer })),
  });
  const qs = (await call<{ questions: { id: number }[] }>(teacher, "GET", `/quizzes/${quizId}`)).questions;
  quizQuestions = qs.map((q, i) => ({ id: q.id, answer: items[i][1], wrong: items[i][2] }));
  // Candidate 02 sits it through the API: 2 of 4.
  const second = await login(signIns[1], NEW_PASSWORD);
  const attempt = await call<{ attemptId: number }>(second, "POST", `/quizzes/${quizId}/attempts`);
  await call(second, "POST", `/attempts/${attempt.attemptId}/submit`, {
    answers: quizQuestions.map((q, i) => ({ questionId: q.id, answer: i < 2 ? q.answer : q.wrong })),
  });
}, 180_000);
afterAll(() => browser?.close());

describe("mock BECE", () => {
  it("the admin sets up the mock with four subjects and its timetable through the form", async () => {
    const { page, context } = await open(DESKTOP);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("link", { name: "Mocks", exact: true }).first().click();
    await page.getByRole("heading", { name: "Mock examinations" }).waitFor();
    await page.getByRole("link", { name: "New mock" }).first().click();
    await page.getByLabel("Title").fill(TITLE);
    for (let i = 1; i < SUBJECTS.length; i++) await page.getByRole("button", { name: "Add subject" }).click();
    for (const [i, name] of SUBJECTS.entries()) {
      const s = page.getByRole("group", { name: `Subject ${i + 1}` });
      await s.getByRole("textbox", { name: "Subject", exact: true }).fill(name);
      // The four core subjects are recognised by name.
      expect(await s.getByRole("switch", { name: /Core/ }).isChecked()).toBe(true);
    }
    // Mathematics is the teacher's course: its teacher enters its marks.
    await page
      .getByRole("group", { name: "Subject 2" })
      .getByLabel(/^Course/)
      .click();
    await page.getByRole("option", { name: `Mathematics JHS 3 ${stamp}` }).click();
    const p1 = page.getByRole("group", { name: "Mathematics, paper 1" });
    await p1.getByRole("combobox", { name: "Kind" }).selectOption("quiz");
    await p1.getByLabel("Quiz", { exact: true }).click();
    await page.getByRole("option", { name: new RegExp(QUIZ) }).click();
    await snap(page, "mock-form-desktop");
    await page.getByRole("button", { name: "Create mock" }).click();
    await page.waitForURL(/\/admin\/dashboard\/mocks\/\d+$/);
    mockId = Number(/mocks\/(\d+)$/.exec(page.url())![1]);
    await page.getByRole("heading", { name: TITLE }).waitFor();
    // The timetable: one subject a day, two papers each.
    expect(await page.getByTestId("timetable-paper").count()).toBe(8);
    expect(await page.getByRole("region", { name: "Timetable" }).getByRole("heading", { level: 3 }).count()).toBe(4);
    await snapBoth(page, "mock-page-admin");
    await page.setViewportSize(PHONE);
    await page.goto("/admin/dashboard/mocks/new");
    await page.getByRole("button", { name: "Create mock" }).click();
    await page.getByText("Title is required").first().waitFor();
    await snap(page, "mock-form-phone");
    await context.close();

    const mock = await call<Mock>(admin, "GET", `/mocks/${mockId}`);
    expect(mock.subjects.map((s) => [s.name, s.core, s.papers.map((p) => `${p.name}/${p.outOf}`).join(" ")])).toEqual([
      ["English Language", true, "Paper 1/60 Paper 2/100"],
      ["Mathematics", true, "Paper 1/4 Paper 2/100"],
      ["Integrated Science", true, "Paper 1/60 Paper 2/100"],
      ["Social Studies", true, "Paper 1/60 Paper 2/100"],
    ]);
    // Every other paper's marks (see the hand computation at the top).
    const sci = (n: number, p1: boolean) => (n <= 10 ? (p1 ? 48 : 80) : n <= 20 ? (p1 ? 36 : 60) : p1 ? 27 : 45);
    await putMarks(paperOf(mock, "English Language", "Paper 1"), () => 36);
    await putMarks(paperOf(mock, "English Language", "Paper 2"), (n) => (n === 30 ? null : 60));
    await putMarks(paperOf(mock, "Integrated Science", "Paper 1"), (n) => sci(n, true));
    await putMarks(paperOf(mock, "Integrated Science", "Paper 2"), (n) => sci(n, false));
    await putMarks(paperOf(mock, "Social Studies", "Paper 1"), () => 36);
    await putMarks(paperOf(mock, "Social Studies", "Paper 2"), () => 60);
    await putMarks(paperOf(mock, "Mathematics", "Paper 1"), (n) => (n <= 2 ? null : 3));
  }, 120_000);

  it("a candidate sees the papers on their calendar and takes Mathematics Paper 1 on a phone", async () => {
    const token = await login(signIns[0], NEW_PASSWORD);
    const from = new Date();
    const to = new Date(from.getTime() + 30 * 86_400_000);
    const cal = await call<{ data: { kind: string; mock?: { id: number; subject: string; paper: string } | null }[] }>(
      token,
      "GET",
      `/schedules?from=${from.toISOString()}&to=${to.toISOString()}`,
    );
    expect(cal.data.filter((o) => o.kind === "mock" && o.mock?.id === mockId).map((o) => `${o.mock!.subject} ${o.mock!.paper}`)).toEqual(
      SUBJECTS.flatMap((s) => [`${s} Paper 1`, `${s} Paper 2`]),
    );
    const { page, context } = await open(PHONE);
    await signIn(page, signIns[0], NEW_PASSWORD);
    await page.waitForURL("**/students/dashboard");
    await page.goto("/students/dashboard/schedule");
    await page.getByText(`${TITLE}: Mathematics, Paper 1`).first().waitFor();
    await snap(page, "mock-student-calendar-phone");
    // A student cannot open the staff screens or the results before release.
    expect((await raw(token, "GET", `/mocks/${mockId}/results`)).status).toBe(403);

    await page.goto(`/students/dashboard/quizzes/${quizId}`);
    await page
      .getByTestId("pre-start")
      .getByRole("link", { name: `Start Quiz: ${QUIZ}` })
      .click();
    await page.waitForURL(/\/attempt\?n=\d+$/);
    for (const [i, q] of quizQuestions.entries())
      await page
        .getByTestId(`question-${i + 1}`)
        .getByRole("radio", { name: q.answer, exact: true })
        .check();
    await page.getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("dialog", { name: "Submit Quiz?" }).getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("heading", { name: "Quiz submitted" }).waitFor();
    await context.close();
  }, 90_000);

  it("the teacher types Mathematics Paper 2 for 30 candidates by keyboard", async () => {
    const { page, context } = await open(DESKTOP);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.getByRole("link", { name: "Mocks", exact: true }).first().click();
    await page.getByRole("link", { name: `Open ${TITLE}` }).click();
    // Only the Mathematics papers are the teacher's to mark.
    await page.getByRole("link", { name: "Enter marks: Mathematics Paper 2" }).click();
    await page.getByRole("combobox", { name: "Class" }).selectOption(CLASS);
    await page.getByTestId("missing-count").filter({ hasText: "30 missing" }).waitFor();
    await page.getByLabel(`Mark /100 for ${cand(1)}`).click();
    for (let n = 1; n <= N; n++) {
      // Enter goes down to the next candidate.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`Mark /100 for ${cand(n)}`);
      await page.keyboard.type(`${mathsP2(n)}`);
      await page.keyboard.press("Enter");
    }
    await page
      .getByTestId("save-state")
      .filter({ hasText: /^Saved$/ })
      .waitFor({ timeout: 20_000 });
    await page.getByTestId("missing-count").filter({ hasText: "Nobody missing" }).waitFor();
    // Out of range is refused on the spot: 150 stays 15 and says why; then put back 90.
    await page.getByLabel(`Mark /100 for ${cand(1)}`).click();
    await page.keyboard.type("150");
    await page.getByText("Out of range: 0 to 100").waitFor();
    expect(await page.getByLabel(`Mark /100 for ${cand(1)}`).inputValue()).toBe("15");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("90");
    await page
      .getByTestId("save-state")
      .filter({ hasText: /^Saved$/ })
      .waitFor({ timeout: 20_000 });
    await snap(page, "mock-marks-desktop");
    const saved = await call<{ students: { studentId: number; mark: number | null }[] }>(
      teacher,
      "GET",
      `/mocks/${mockId}/papers/${paperOf(await call<Mock>(teacher, "GET", `/mocks/${mockId}`), "Mathematics", "Paper 2").id}/marks?class=${encodeURIComponent(CLASS)}`,
    );
    expect(ids.map((id) => saved.students.find((s) => s.studentId === id)?.mark)).toEqual(Array.from({ length: N }, (_, i) => mathsP2(i + 1)));
    // The same screen on a phone: one candidate at a time.
    await page.setViewportSize(PHONE);
    await page.getByTestId("phone-student").waitFor();
    // Just after the resize the desktop navigation is still sliding away (the page is 413 px wide for a moment);
    // once it has gone, nothing scrolls sideways at 360 px.
    await expect.poll(() => sideScroll(page)).toBeLessThanOrEqual(0);
    await snap(page, "mock-marks-phone");
    await expectNoSideScroll(page);
    await context.close();
  }, 120_000);

  it("the admin releases the results on a phone; the broadsheet and the distribution match the hand-computed figures", async () => {
    const { page, context } = await open(PHONE);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto(`/admin/dashboard/mocks/${mockId}`);
    await page.getByRole("button", { name: "Release results" }).click();
    await page.getByRole("dialog", { name: "Release results" }).getByRole("button", { name: "Release results" }).click();
    await page.getByRole("region", { name: "Release" }).getByRole("button", { name: "Withdraw release" }).waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectNoSideScroll(page);
    await snap(page, "mock-page-released-phone");

    await page.getByRole("link", { name: "Results", exact: true }).click();
    await page.getByRole("heading", { name: `Results: ${TITLE}` }).waitFor({ timeout: 30_000 });
    await page.getByRole("combobox", { name: "Class" }).selectOption(CLASS);
    const row = (n: number) => page.getByTestId("broadsheet-row").filter({ hasText: cand(n) });
    await expect.poll(() => page.getByTestId("broadsheet-row").count(), { timeout: 20_000 }).toBe(N);
    const cells = async (n: number) => [await row(n).getByTestId("aggregate").innerText(), await row(n).getByTestId("position").innerText()];
    expect(await cells(1)).toEqual(["11", "1"]);
    expect(await cells(3)).toEqual(["12", "2"]);
    expect(await cells(9)).toEqual(["13", "8"]);
    expect(await cells(2)).toEqual(["14", "10"]);
    expect(await cells(18)).toEqual(["15", "11"]);
    expect(await cells(20)).toEqual(["16", "19"]);
    expect(await cells(28)).toEqual(["19", "21"]);
    expect(await cells(29)).toEqual(["20", "29"]);
    expect(await cells(30)).toEqual(["—", "—"]);
    expect(await row(30).innerText()).toMatch(/incomplete/i);
    expect(await row(1).locator('[data-subject="Mathematics"]').innerText()).toBe("95 (1)");
    expect(await row(8).locator('[data-subject="Mathematics"]').innerText()).toBe("79.5 (2)");
    expect(await row(9).locator('[data-subject="Mathematics"]').innerText()).toBe("78.5 (3)");
    const dist = await page.getByTestId("aggregate-range").allInnerTexts();
    expect(dist.map((t) => t.replace(/\s+/g, " ").trim())).toEqual(["4–8 0", "9–13 9", "14–18 11", "19–23 9", "24–28 0", "29–33 0", "34–36 0"]);
    const maths = page.getByTestId("subject-row").filter({ hasText: "Mathematics" });
    expect(await maths.getByTestId("subject-mean").innerText()).toBe("71.43");
    await expectNoSideScroll(page);
    await snapBoth(page, "mock-results");
    await context.close();

    const r = await call<Results>(admin, "GET", `/mocks/${mockId}/results?class=${encodeURIComponent(CLASS)}`);
    const agg = (n: number) =>
      n === 1 ? 11 : n <= 8 && n >= 3 ? 12 : n <= 10 && n >= 9 ? 13 : n === 2 ? 14 : n <= 18 ? 15 : n <= 20 ? 16 : n <= 28 ? 19 : n === 29 ? 20 : null;
    const byName = new Map(r.students.map((s) => [s.name, s]));
    expect(Array.from({ length: N }, (_, i) => byName.get(cand(i + 1))?.aggregate ?? null)).toEqual(Array.from({ length: N }, (_, i) => agg(i + 1)));
    const mathsSummary = r.subjects.find((s) => s.name === "Mathematics")!;
    expect(mathsSummary.mean).toBe(71.43);
    expect(Object.fromEntries(Object.entries(mathsSummary.gradeCounts).filter(([, c]) => c > 0))).toEqual({ "1": 1, "2": 6, "3": 10, "4": 11, "5": 2 });
    expect(r.subjects.find((s) => s.name === "Integrated Science")!.mean).toBe(61.67);
    expect(r.subjects.find((s) => s.name === "English Language")).toMatchObject({ mean: 60, missing: 1 });
    expect(r.aggregateCounts.filter((a) => a.count > 0)).toEqual([
      { from: 9, to: 13, count: 9 },
      { from: 14, to: 18, count: 11 },
      { from: 19, to: 23, count: 9 },
    ]);
  }, 120_000);

  it("the admin prints the result slips with progress, downloads the broadsheet and sends the results to guardians", async () => {
    const { page, context } = await open(DESKTOP);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto(`/admin/dashboard/mocks/${mockId}/results`);
    await page.getByRole("combobox", { name: "Class" }).selectOption(CLASS);
    const xlsx = page.waitForEvent("download");
    await page.getByRole("button", { name: "Broadsheet (Excel)" }).click();
    expect((await xlsx).suggestedFilename()).toMatch(/\.xlsx$/);
    const pdf = page.waitForEvent("download", { timeout: 90_000 });
    await page.getByRole("button", { name: "Result slips (PDF)" }).click();
    await page.getByTestId("print-progress").waitFor();
    expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);
    await page.getByText("The result slips PDF is ready.").waitFor();
    await page.goto(`/admin/dashboard/mocks/${mockId}`);
    await page.getByLabel("Note at the end (optional)").fill("Report at school Friday.");
    await page.getByRole("button", { name: "Send results to guardians" }).click();
    await page.getByRole("dialog", { name: "Send results to guardians" }).getByRole("button", { name: "Send" }).click();
    // No SMS gateway here: the one guardian's message goes to the CSV.
    await page.getByTestId("messages-result").filter({ hasText: "Written to CSV: 1" }).waitFor();
    await snap(page, "mock-messages-desktop");
    await context.close();
  }, 150_000);

  it("a candidate sees their own result slip and no one else's", async () => {
    const token = await login(signIns[0], NEW_PASSWORD);
    const mine = await call<Results>(token, "GET", `/mocks/${mockId}/results`);
    expect(mine.students).toHaveLength(1);
    const me = mine.students[0];
    expect(me).toMatchObject({ studentId: ids[0], name: cand(1), class: CLASS, aggregate: 11, position: 1, incomplete: false, total: 295 });
    expect(me.subjects.map((s) => [s.name, s.score, s.grade])).toEqual([
      ["English Language", 60, 4],
      ["Mathematics", 95, 1],
      ["Integrated Science", 80, 2],
      ["Social Studies", 60, 4],
    ]);
    // Another candidate's slip, the broadsheet and the marks are refused.
    expect([403, 404]).toContain((await raw(token, "GET", `/mocks/${mockId}/results/slips?format=pdf&studentId=${ids[1]}`)).status);
    expect([403, 404]).toContain((await raw(token, "GET", `/mocks/${mockId}/results/broadsheet?format=xlsx`)).status);
    const { page, context } = await open(PHONE);
    expectConsole(page, /status of 40[34]/);
    await signIn(page, signIns[0], NEW_PASSWORD);
    await page.waitForURL("**/students/dashboard");
    await page.goto(`/students/dashboard/results/mocks/${mockId}`);
    await page.getByRole("heading", { name: TITLE }).waitFor();
    await page.getByText(`${cand(1)} · ${CLASS}`).waitFor();
    expect(await page.getByText(cand(2)).count()).toBe(0);
    await expectNoSideScroll(page);
    await snap(page, "mock-student-slip-phone");
    await context.close();
  }, 90_000);
});
