import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { answerSheetPages, sheetPhotos, type RowMarks } from "../server/src/documents/sittings/testset/index.ts";
import { apiCall as call, apiLogin as login, createCourse, createQuiz, expectNoSideScroll, snapBoth } from "./api-setup";
import { DEMO, DESKTOP, launch, newPage, PHONE, signIn, snap } from "./browser";

/**
 * Paper sitting (issue 29, first "Done when"): the teacher prints a 30-question quiz with 2 versions for a class of
 * three (made through the API), at 360 px: Print as paper, the class, 2 versions, Create, Print, Download PDF. The test
 * set's generator fills and photographs each student's sheet of that very PDF; the photos go up through the Scan
 * screen's file input; the flagged rows are settled on the settle screen; the results are checked in records, item
 * analysis and the gradebook (Grades).
 *
 * Which printed letter is right depends on the version (options are shuffled): the journey reads it from the PDF's
 * question papers (each option's text names its question and whether it is the key: R7 is question 7's key, W7a… not).
 *
 * Sheets (30 one-mark questions):
 *   Student 1: every row right, but row 5 has two firm marks (the key and a wrong one): flagged "two", the teacher taps
 *     No answer → 29/30 = 96.67 %.
 *   Student 2: rows 1–20 right, 21–30 wrong, nothing flagged → 20/30 = 66.67 % (recorded by itself).
 *   Student 3: row 1 empty (flagged "empty", the teacher taps No answer), rows 2–15 right, 16–30 wrong → 14/30 = 46.67 %.
 * Any other row the reader flags is settled to what the student marked (the journey knows every row's truth).
 * Then the blank sheet: a fourth student joins the class after printing and writes every row right on it; the teacher
 * finds them by name on the settle screen (GET /sittings/{id}/students: they have taken no quiz yet) → 100 %.
 */

const stamp = Date.now();
const N = 30;
/** A stream of this run's own (a sitting's stream is one or two letters): "P" and a letter from the stamp. */
const STREAM = `P${String.fromCharCode(65 + (Math.floor(stamp / 1000) % 26))}`;
const CLASS = `JHS 2${STREAM}`;
const QUIZ = `Paper sitting ${stamp}`;
// "Adjoa …" sorts early, so the class list's first page (the Class choice reads it) has this run's stream.
const student = (n: number) => `Adjoa Paper ${n} ${stamp % 100000}`;
const T = "/teachers/dashboard";

let browser: Browser;
let teacher = "";
let quizId = 0;
let sittingId = 0;
const ids: number[] = [];
let pdf: Buffer | null = null;
/** Per student id: what each row should end as (letters; [] no answer). */
const intended = new Map<number, Record<number, string[]>>();

beforeAll(async () => {
  browser = await launch();
  const admin = await login(DEMO.admin);
  teacher = await login(DEMO.teacher);
  for (let n = 1; n <= 3; n++) {
    const made = await call<{ user: { id: number } }>(admin, "POST", "/users", {
      name: student(n),
      email: `paper${n}.${stamp}@adesua.school`,
      role: "student",
      studentType: "jhs2",
      stream: STREAM,
    });
    ids.push(made.user.id);
  }
  const courseId = await createCourse(teacher, `Science JHS 2 ${stamp}`, "Paper sittings");
  quizId = await createQuiz(teacher, {
    title: QUIZ,
    courseId,
    studentType: "jhs2",
    questions: Array.from({ length: N }, (_, i) => {
      const q = i + 1;
      return { type: "single", text: `Which tag is the key of question ${q}?`, options: [`R${q}`, `W${q}a`, `W${q}b`, `W${q}c`], answer: `R${q}` };
    }),
  });
}, 120_000);
afterAll(() => browser?.close());

/**
 * For each version, row n's key letter: the question papers come first in the PDF, a version's first page says
 * "This is Version v", and each question's options are printed as "A. R7", "B. W7a", …
 */
async function keyLetters(bytes: Buffer): Promise<Map<number, string[]>> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  const out = new Map<number, string[]>();
  let version = 0;
  for (const page of text as string[]) {
    const v = /This is Version (\d)/.exec(page);
    if (v) version = Number(v[1]);
    if (!version) continue;
    const keys = out.get(version) ?? [];
    for (const m of page.matchAll(/([A-E])\.\s*R(\d+)\b/g)) keys.push(m[1]);
    out.set(version, keys);
  }
  return out;
}

/** A wrong letter of a four-option row: the first that is not the key. */
const wrong = (key: string) => ["A", "B", "C", "D"].find((l) => l !== key)!;

/** Settles every flagged row and box of the open sheet to `truth`, then records it. */
async function settleSheet(page: Page, truth: Record<number, string[]>) {
  const rows = page.getByTestId("settle-row");
  await rows.first().waitFor();
  for (let i = 0; i < (await rows.count()); i++) {
    const label = (await rows.nth(i).getAttribute("aria-label")) ?? "";
    const n = Number(/Question (\d+)/.exec(label)?.[1]);
    const want = truth[n] ?? [];
    if (want.length === 0) await page.getByRole("button", { name: `No answer for question ${n}` }).click();
    else await page.getByRole("button", { name: `${want[0]} for question ${n}`, exact: true }).click();
  }
  await page.getByRole("button", { name: "Record", exact: true }).click();
  await page.getByRole("status").filter({ hasText: "submission" }).first().waitFor();
}

describe("paper sitting", () => {
  it("prints a quiz as paper at 360 px: a class, two versions, Create, Print, Download PDF", async () => {
    const { page, context } = await newPage(browser, PHONE);
    page.setDefaultTimeout(45_000);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto(`${T}/quizzes/${quizId}`);
    await page.getByRole("link", { name: "Print as paper" }).click();
    await page.getByRole("heading", { name: "Print as paper" }).waitFor();
    await page.getByLabel("Class (stream letter)").fill(STREAM.toLowerCase());
    await page.getByText("2", { exact: true }).click();
    await page.getByText(/2 versions: questions and options shuffled, so neighbours cannot copy/).waitFor();
    await page.getByLabel("Blank sheets").fill("1");
    await expectNoSideScroll(page);
    await snap(page, "paper-new-sitting-phone");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("heading", { name: `${CLASS} is ready to print` }).waitFor();
    await page.getByRole("region", { name: "New sitting" }).getByText(`${N} questions · 2 versions · 3 students + 1 blank`).waitFor();
    await page.getByRole("button", { name: "Print", exact: true }).click();
    await page.getByTestId("print-progress").waitFor();
    const download = page.getByRole("button", { name: "Download PDF" });
    await download.waitFor({ timeout: 90_000 });
    await snap(page, "paper-printed-phone");
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    pdf = fs.readFileSync((await file.path())!);
    expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
    const href = await page.getByRole("link", { name: "Open the sitting", exact: true }).getAttribute("href");
    sittingId = Number(/sittings\/(\d+)/.exec(href ?? "")?.[1]);
    expect(sittingId).toBeGreaterThan(0);
    await context.close();
  }, 180_000);

  it("uploads the filled sheets through the Scan screen at 360 px, settles the flags and records every sheet", async () => {
    expect(pdf, "the printed PDF").not.toBeNull();
    const keys = await keyLetters(pdf!);
    expect(keys.get(1)).toHaveLength(N);
    expect(keys.get(2)).toHaveLength(N);
    // Two versions shuffled apart: the keys' letters differ somewhere.
    expect(keys.get(1)!.join("")).not.toBe(keys.get(2)!.join(""));

    const sheets = (await answerSheetPages(new Uint8Array(pdf!))).filter((s) => ids.includes(s.code.student));
    expect(sheets).toHaveLength(3);
    const requests = sheets.map((s) => {
      const key = keys.get(s.code.version)!;
      const which = ids.indexOf(s.code.student) + 1;
      const answers: Record<number, RowMarks> = {};
      const truth: Record<number, string[]> = {};
      for (let n = 1; n <= N; n++) {
        const k = key[n - 1];
        let letters = [k];
        if (which === 1 && n === 5) letters = [k, wrong(k)];
        if (which === 2 && n > 20) letters = [wrong(k)];
        if (which === 3 && n === 1) letters = [];
        if (which === 3 && n > 15) letters = [wrong(k)];
        answers[n] = { letters, style: "solid" };
        // Two marks and an empty row count as no answer; every other row as marked.
        truth[n] = letters.length === 1 ? letters : [];
      }
      intended.set(s.code.student, truth);
      return { page: s.page, answers, distortion: { rotate: 4 - 3 * which, tilt: 3 }, seed: stamp + which };
    });
    const photos = await sheetPhotos(new Uint8Array(pdf!), requests);

    const { page, context } = await newPage(browser, PHONE);
    page.setDefaultTimeout(45_000);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("navigation").getByRole("link", { name: "Paper sittings" }).click();
    await page.getByRole("heading", { name: "Paper sittings" }).waitFor();
    await page.getByRole("link", { name: `Scan sheets of ${QUIZ} ${CLASS}` }).click();
    await page.getByRole("heading", { name: "Scan sheets" }).waitFor();
    await page.getByRole("button", { name: "Open the camera" }).waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles(photos.map((p, i) => ({ name: `sheet-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from(p.jpeg) })));
    const summary = page.getByTestId("session-summary");
    await summary.getByText(/^3 sent/).waitFor();
    await expect.poll(async () => (await summary.textContent()) ?? "", { timeout: 90_000, interval: 1000 }).not.toMatch(/being read/);
    await page.getByText("Refused").waitFor({ state: "detached" });
    await expectNoSideScroll(page);
    await snap(page, "paper-scan-read-phone");

    // Every sheet that waits for the teacher, one after another: Settle the flagged sheets, then Next sheet.
    for (let i = 0; ; i++) {
      const waiting = await call<{ data: unknown[] }>(teacher, "GET", `/sittings/${sittingId}/scans?status=review`);
      if (waiting.data.length === 0) break;
      expect(i, "sheets settled").toBeLessThan(3);
      await page.getByRole("link", { name: i === 0 ? "Settle the flagged sheets" : "Next sheet" }).click();
      await page.waitForURL(/\/scans\/\d+$/);
      const scanId = Number(/scans\/(\d+)$/.exec(page.url())![1]);
      const scan = await call<{ student: { id: number } }>(teacher, "GET", `/sittings/${sittingId}/scans/${scanId}`);
      await page.getByTestId("settle-row").first().waitFor();
      if (i === 0) {
        await expectNoSideScroll(page);
        await snap(page, "paper-settle-phone");
      }
      await settleSheet(page, intended.get(scan.student.id)!);
    }
    const all = await call<{ data: { status: string; score: number | null; student: { id: number } | null }[] }>(
      teacher,
      "GET",
      `/sittings/${sittingId}/scans`,
    );
    expect(all.data.map((s) => s.status)).toEqual(["recorded", "recorded", "recorded"]);
    const score = (n: number) => all.data.find((s) => s.student?.id === ids[n - 1])?.score;
    expect(score(1)).toBeCloseTo(96.67, 1);
    expect(score(2)).toBeCloseTo(66.67, 1);
    expect(score(3)).toBeCloseTo(46.67, 1);

    await page.goto(`${T}/sittings/${sittingId}`);
    await page.getByRole("heading", { name: "Sheets" }).waitFor();
    await page.getByText("Recorded 97 %").waitFor();
    await snapBoth(page, "paper-sitting");
    await context.close();
  }, 300_000);

  it("shows the paper results in records, item analysis and the gradebook", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");

    // Records: each student's record of the quiz with its score.
    await page.goto(`${T}/records`);
    for (const [n, pct] of [
      [1, "96.67%"],
      [2, "66.67%"],
      [3, "46.67%"],
    ] as const) {
      await page.getByLabel("Search students").fill(student(n));
      const row = page
        .locator("li")
        .filter({ hasText: student(n) })
        .filter({ hasText: QUIZ });
      await row.getByText(pct).waitFor();
    }
    await snap(page, "paper-records-desktop");

    // Item analysis: three students' first attempts, with their correct answers.
    await page.goto(`${T}/performance/quiz-details/${quizId}`);
    await page.getByRole("heading", { name: "Item analysis" }).waitFor();
    await page.getByText("3 students' first attempts", { exact: false }).waitFor();
    for (const [n, correct] of [
      [1, "29 / 30"],
      [2, "20 / 30"],
      [3, "14 / 30"],
    ] as const)
      await page
        .getByRole("row")
        .filter({ hasText: student(n) })
        .getByText(correct)
        .waitFor();
    await snap(page, "paper-item-analysis-desktop");

    // The gradebook (Grades): the quiz's grade of each student.
    await page.goto(`${T}/grade`);
    for (const [n, pct] of [
      [1, "96.67%"],
      [2, "66.67%"],
      [3, "46.67%"],
    ] as const) {
      await page.getByLabel("Search students", { exact: true }).fill(student(n));
      const row = page
        .getByTestId("grade-row")
        .filter({ hasText: QUIZ })
        .filter({ hasText: student(n) });
      await row.getByText(pct).waitFor();
      await row.getByTestId("on-paper").waitFor();
    }
    await snap(page, "paper-grades-desktop");
    await context.close();
  }, 180_000);

  it("records the blank sheet of a student who joined the class after printing: found by name on the settle screen", async () => {
    expect(pdf, "the printed PDF").not.toBeNull();
    const admin = await login(DEMO.admin);
    const late = `Adjoa Paper 4 ${stamp % 100000}`;
    const made = await call<{ user: { id: number } }>(admin, "POST", "/users", {
      name: late,
      email: `paper4.${stamp}@adesua.school`,
      role: "student",
      studentType: "jhs2",
      stream: STREAM,
    });
    const keys = await keyLetters(pdf!);
    const [blank] = (await answerSheetPages(new Uint8Array(pdf!))).filter((s) => s.code.sittingId === sittingId && s.code.student === 0);
    expect(blank, "the blank sheet").toBeTruthy();
    const key = keys.get(blank.code.version)!;
    const answers: Record<number, RowMarks> = Object.fromEntries(key.map((k, i) => [i + 1, { letters: [k], style: "solid" as const }]));
    const [photo] = await sheetPhotos(new Uint8Array(pdf!), [{ page: blank.page, answers, distortion: { rotate: 2, tilt: 2 }, seed: stamp + 4 }]);

    const { page, context } = await newPage(browser, PHONE);
    page.setDefaultTimeout(45_000);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto(`${T}/sittings/${sittingId}/scan`);
    await page.getByRole("button", { name: "Open the camera" }).waitFor();
    await page.locator('input[type="file"]').setInputFiles([{ name: "blank.jpg", mimeType: "image/jpeg", buffer: Buffer.from(photo.jpeg) }]);
    let scanId = 0;
    await expect
      .poll(
        async () => {
          const r = await call<{ data: { id: number; student: unknown }[] }>(teacher, "GET", `/sittings/${sittingId}/scans?status=review`);
          scanId = r.data.find((x) => x.student === null)?.id ?? 0;
          return scanId;
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await page.goto(`${T}/sittings/${sittingId}/scans/${scanId}`);
    await page.getByRole("heading", { name: "Blank sheet" }).waitFor();
    await page.getByText("Choose the student first.").waitFor();
    await expectNoSideScroll(page);
    await snapBoth(page, "paper-settle-blank");
    await page.setViewportSize(PHONE);
    // A student who has taken no quiz yet: GET /users would not show them to a teacher; the sitting's class does.
    await page.getByPlaceholder("Type a name").fill("paper 4");
    await page.getByRole("option", { name: late }).click();
    for (const row of await page.getByTestId("settle-row").all()) {
      const n = Number(/Question (\d+)/.exec((await row.getAttribute("aria-label")) ?? "")?.[1]);
      await page.getByRole("button", { name: `${key[n - 1]} for question ${n}`, exact: true }).click();
    }
    await page.getByRole("button", { name: "Record", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "submission" }).first().waitFor();
    const scan = await call<{ status: string; score: number; student: { id: number } }>(teacher, "GET", `/sittings/${sittingId}/scans/${scanId}`);
    expect([scan.status, scan.student.id, scan.score]).toEqual(["recorded", made.user.id, 100]);
    await context.close();
  }, 180_000);
});
