import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { Document, ImageRun, Packer, Paragraph } from "docx";
import { DEMO, DEMO_PASSWORD, launch, newPage, signIn, snap } from "./browser";

/**
 * The question bank's journeys on a phone (360 px): a teacher turns a Word paper and its answer key
 * into a quiz a student then takes; an admin bulk-uploads a CSV; a student practises a past-question
 * group, sees every correct answer and retries the wrong ones.
 */

const stamp = Date.now();
let browser: Browser;
let adminToken = "";

async function apiCall<T>(method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${inject("baseUrl")}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A Word file with one paragraph per line, as a teacher would type it. */
async function docx(lines: string[]): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: lines.map((l) => new Paragraph(l)) }] }));
}

/** A valid 1×1 PNG, as a diagram in a Word paper. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  browser = await launch();
  const login = await fetch(`${inject("baseUrl")}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO.admin, password: DEMO_PASSWORD }),
  });
  adminToken = ((await login.json()) as { token: string }).token;
});
afterAll(() => browser?.close());

describe("question bank journeys", () => {
  it("a teacher uploads a Word paper and its answer key, fixes a question, creates the quiz, and a student takes it", async () => {
    const paper = await docx([
      "JUNIOR HIGH SCHOOL MOCK EXAMINATION",
      "Answer all questions.",
      "1. What is 7 + 5?",
      "A. 10",
      "B. 12",
      "C. 14",
      "D. 16",
      "2. Which gas do plants take in for photosynthesis?",
      "A. Oxygen",
      "B. Nitrogen",
      "C. Carbon dioxide",
      "D. Hydrogen",
      "3. The capital of Ghana is",
      "A. Accra",
      "B. Kumasi",
      "C. Tamale",
      "D. Ho",
    ]);
    const key = await docx(["1. B", "2. C", "3. A"]);
    const title = `Mock paper ${stamp}`;

    const { page } = await newPage(browser);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto("/teachers/dashboard/quiz/upload");
    await page.getByRole("heading", { name: "Upload Quiz" }).waitFor();
    await page.locator('input[type="file"]').first().setInputFiles({ name: "mock.docx", mimeType: DOCX_MIME, buffer: paper });
    await page.getByRole("button", { name: "Parse Questions" }).click();
    await page.getByText("Answered 0 of 3").waitFor();
    // The title and the instruction did not become questions.
    expect(await page.getByRole("region", { name: /^Question \d$/ }).count()).toBe(3);

    await page.locator('input[type="file"]').nth(1).setInputFiles({ name: "key.docx", mimeType: DOCX_MIME, buffer: key });
    await page.getByRole("button", { name: "Parse Answers" }).click();
    await page.getByText("Successfully parsed 3 answers from the file.").waitFor();
    await page.getByText("Answered 3 of 3").waitFor();

    // The teacher corrects question 3's text.
    const q3 = page.getByRole("region", { name: "Question 3" });
    await q3.getByLabel("Question 3 text").fill("What is the capital of Ghana?");
    await expectNoSideScroll(page);
    await snap(page, "upload-quiz-review-phone");

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Course").selectOption({ index: 1 });
    await page.getByLabel("Student level").selectOption("jhs3");
    // Open now, three attempts (so the score shows at once); the quiz is created as a draft and published (issue 24).
    await page.getByRole("button", { name: "Now (Open time)" }).click();
    await page.getByLabel("Attempts allowed").fill("3");
    await page.getByRole("button", { name: "Create Quiz" }).click();
    await page.waitForURL(/\/teachers\/dashboard\/quizzes\/\d+$/);
    const quizId = Number(/quizzes\/(\d+)$/.exec(page.url())![1]);
    await page.getByRole("button", { name: `Publish ${title}` }).click();
    await page.getByRole("button", { name: `Unpublish ${title}` }).waitFor();
    await page.close();

    const student = await newPage(browser);
    await signIn(student.page, DEMO.jhs3);
    await student.page.waitForURL("**/students/dashboard");
    await student.page.goto(`/students/dashboard/quizzes/${quizId}/attempt?start=1`);
    await student.page.getByRole("heading", { name: title }).waitFor();
    await student.page.getByText("What is the capital of Ghana?").waitFor();
    await student.page.getByRole("radio", { name: "12" }).check();
    await student.page.getByRole("radio", { name: "Carbon dioxide" }).check();
    await student.page.getByRole("radio", { name: "Kumasi" }).check();
    await student.page.getByRole("button", { name: "Submit Quiz" }).click();
    await student.page.getByRole("dialog", { name: "Submit Quiz?" }).getByRole("button", { name: "Submit Quiz" }).click();
    await student.page.getByRole("heading", { name: "Quiz submitted" }).waitFor();
    expect(await student.page.getByTestId("result-correct").textContent()).toBe("2 / 3");
    await student.context.close();
  });

  it("an admin bulk-uploads a CSV into the bank and is taken back to it", async () => {
    const subject = `Mathematics ${stamp}`;
    const csv =
      "\uFEFFquestion,optionA,optionB,optionC,optionD,optionE,correctOption,explanation\r\n" +
      '"What is 3 x 4?",7,12,34,1,,B,"3 x 4 = 12"\r\n' +
      '"Which of these is a prime number?",9,7,15,21,,B,\r\n' +
      '"Solve: x + 2 = 5",1,2,3,4,,C,"x = 3"\r\n';
    const { page } = await newPage(browser);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/bulk-upload");
    await page.getByRole("heading", { name: "Bulk Question Upload" }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: "questions.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("Year").fill("2021");
    await page.getByLabel("Subject").fill(subject);
    await expectNoSideScroll(page);
    await snap(page, "bulk-upload-csv-phone");
    await page.getByRole("button", { name: "Upload CSV" }).click();
    await page.getByText("Imported 3 questions").waitFor();
    await page.waitForURL("**/admin/dashboard/questions", { timeout: 10_000 });

    await page.getByLabel("Search").fill(subject);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const group = page.getByRole("article", { name: `${subject} 2021 section A` });
    await group.getByText("3 questions").waitFor();
    await group.getByRole("link", { name: /^Read/ }).click();
    await page.getByText("What is 3 x 4?").waitFor();
    // Staff see the answer.
    await page.getByRole("article", { name: "Question 1" }).getByText("Answer", { exact: true }).waitFor();
    await page.context().close();
  });

  it("a student practises a past-question group, sees every correct answer and retries the wrong ones", async () => {
    const subject = `Integrated Science ${stamp}`;
    await apiCall("POST", "/questions/bulk", {
      metadata: { year: 2020, subject, section: "B", topic: null },
      questions: [
        { text: "Water boils at what temperature at sea level?", options: ["50 °C", "100 °C", "150 °C"], answer: "100 °C" },
        { text: "Which organ pumps blood?", options: ["Liver", "Heart", "Lungs"], answer: "Heart" },
        { text: "Which planet is closest to the Sun?", options: ["Mercury", "Mars", "Venus"], answer: "Mercury" },
      ],
    });

    const { page } = await newPage(browser);
    await signIn(page, DEMO.jhs2);
    await page.waitForURL("**/students/dashboard");
    await page.goto("/students/dashboard/past-questions");
    await page.getByRole("heading", { name: "Past Questions" }).waitFor();
    await page.getByLabel("Search").fill(subject);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const group = page.getByRole("article", { name: `${subject} 2020 section B` });
    await group.waitFor();
    await expectNoSideScroll(page);
    await snap(page, "past-questions-phone");

    // Read mode: no answers for students.
    await group.getByRole("link", { name: /^Read/ }).click();
    await page.getByText("Which organ pumps blood?").waitFor();
    expect(await page.getByText("Answer", { exact: true }).count()).toBe(0);
    await page.getByRole("link", { name: "Take Quiz" }).click();

    await page.waitForURL(/\/students\/dashboard\/past-questions\/attempt\//);
    // Practice opens on its start screen: the clock starts on Start (issue 24).
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await page.getByRole("radio", { name: "100 °C" }).check();
    await page.getByRole("radio", { name: "Liver" }).check();
    await page.getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("dialog", { name: "Submit Quiz?" }).getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("heading", { name: "Quiz submitted" }).waitFor();
    expect(await page.getByTestId("result-correct").textContent()).toBe("1 / 3");
    await page.getByText("Correct answer:").first().waitFor();
    await page.getByText("Heart").first().waitFor();
    await page.getByText("Mercury").first().waitFor();
    await expectNoSideScroll(page);
    await snap(page, "practice-result-phone");

    await page.getByRole("button", { name: "Retry the ones I got wrong" }).click();
    await page.getByText("retrying 2 questions").waitFor();
    await page.getByRole("radio", { name: "Heart" }).check();
    await page.getByRole("radio", { name: "Mercury" }).check();
    await page.getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("dialog", { name: "Submit Quiz?" }).getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("heading", { name: "Quiz submitted" }).waitFor();
    expect(await page.getByTestId("result-correct").textContent()).toBe("2 / 2");

    await page.getByRole("link", { name: "Reset Quiz" }).click();
    await page.waitForURL("**/students/dashboard/past-questions");
    await page.getByRole("heading", { name: "My practice" }).waitFor();
    await page.getByRole("listitem", { name: `${subject}: 2 practices` }).waitFor();
    await page.context().close();
  });
  it("a teacher imports a GIFT file from the bank screen and exports the group as Aiken", async () => {
    const subject = `Social Studies ${stamp}`;
    const gift =
      "::Q1:: Which river is the longest in Ghana? {=Volta ~Pra ~Ankobra ~Tano}\n\n" +
      "::Q2:: Who was Ghana's first president? {~J. B. Danquah =Kwame Nkrumah ~Kofi Busia ~Hilla Limann}\n";
    const { page } = await newPage(browser);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto("/teachers/dashboard/questions");
    await page.getByRole("heading", { name: "Question Bank" }).waitFor();

    await page.getByRole("button", { name: "Import", exact: true }).click();
    const importer = page.getByRole("dialog", { name: "Import questions" });
    await importer.getByLabel("Format").selectOption("gift");
    await importer.locator('input[type="file"]').setInputFiles({ name: "social.gift.txt", mimeType: "text/plain", buffer: Buffer.from(gift) });
    await importer.getByLabel("Year").fill("2017");
    await importer.getByLabel("Subject").fill(subject);
    await importer.getByLabel("Section").selectOption("B");
    await snap(page, "bank-import-phone");
    await importer.getByRole("button", { name: "Import", exact: true }).click();
    await importer.getByText("Imported 2 questions.").waitFor();
    // The same file again: nothing is stored twice.
    await importer.locator('input[type="file"]').setInputFiles({ name: "social.gift.txt", mimeType: "text/plain", buffer: Buffer.from(gift) });
    await importer.getByRole("button", { name: "Import", exact: true }).click();
    await importer.getByText("Imported 0 questions (2 duplicates skipped).").waitFor();
    await importer.getByRole("button", { name: "Done" }).click();

    await page.getByLabel("Search").fill(subject);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page
      .getByRole("article", { name: `${subject} 2017 section B` })
      .getByText("2 questions")
      .waitFor();

    await page.getByRole("button", { name: "Export", exact: true }).click();
    const exporter = page.getByRole("dialog", { name: "Export questions" });
    await exporter.getByLabel("Format").selectOption("aiken");
    await exporter.getByLabel("Year").fill("2017");
    await exporter.getByLabel("Subject").fill(subject);
    await exporter.getByLabel("Section").selectOption("B");
    await expectNoSideScroll(page);
    const [download] = await Promise.all([page.waitForEvent("download"), exporter.getByRole("button", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^questions-2017-Social_Studies_\d+-B\.aiken\.txt$/);
    const text = fs.readFileSync(await download.path(), "utf8");
    expect(text).toContain("Which river is the longest in Ghana?");
    expect(text).toContain("ANSWER: A");
    expect(text).toContain("ANSWER: B");
    await page.context().close();
  });

  it("a student practising a group sees the pictures of its questions", async () => {
    const subject = `Basic Science ${stamp}`;
    // A Word paper with a diagram: the parse stores the picture, the save keeps it on the question.
    const paper = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph("1. The diagram shows a simple circuit. How many cells are there?"),
              new Paragraph({ children: [new ImageRun({ type: "png", data: TINY_PNG, transformation: { width: 40, height: 40 } })] }),
              new Paragraph("A. One"),
              new Paragraph("B. Two"),
              new Paragraph("C. Three"),
            ],
          },
        ],
      }),
    );
    const fd = new FormData();
    fd.append("attachment", new Blob([paper], { type: DOCX_MIME }), "circuit.docx");
    const parsed = await fetch(`${inject("baseUrl")}/api/questions/parse`, { method: "POST", headers: { authorization: `Bearer ${adminToken}` }, body: fd });
    const result = (await parsed.json()) as { questions: { text: string; options: string[]; imageIds?: number[] }[] };
    expect(result.questions[0]?.imageIds?.length).toBe(1);
    await apiCall("POST", "/questions/bulk", {
      metadata: { year: 2016, subject, section: "A", topic: null },
      questions: [{ ...result.questions[0], answer: "One" }],
    });

    const { page } = await newPage(browser);
    await signIn(page, DEMO.jhs1);
    await page.waitForURL("**/students/dashboard");
    await page.goto("/students/dashboard/past-questions");
    await page.getByLabel("Search").fill(subject);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page
      .getByRole("article", { name: `${subject} 2016 section A` })
      .getByRole("link", { name: /^Take Quiz/ })
      .click();
    await page.waitForURL(/\/students\/dashboard\/past-questions\/attempt\//);
    // Practice opens on its start screen: the clock starts on Start (issue 24).
    await page.getByRole("button", { name: "Start", exact: true }).click();
    const img = page.getByRole("img", { name: "Figure 1 for question 1" });
    await img.waitFor();
    expect(await img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(1);
    await snap(page, "practice-picture-phone");
    await page.context().close();
  });
});
