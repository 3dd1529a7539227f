import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DEMO, DEMO_PASSWORD, DESKTOP, expectConsole, launch, newPage, signIn, snap } from "./browser";

/**
 * Quiz-taking journeys on a phone: timed sections with a dropped connection, a reload that keeps the
 * time, and a deadline that submits by itself. Quizzes are made through the API as the admin.
 */

const STUDENTS = {
  sections: DEMO.jhs3, // Kwesi Amoah
  reload: "esi.quaye@adesua.school",
  expiry: "kwaku.antwi@adesua.school",
};

const stamp = Date.now();
let browser: Browser;
let adminToken = "";
let courseId = 0;

const PDF = [
  "%PDF-1.4",
  "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
  "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj",
  "trailer << /Root 1 0 R >>",
  "%%EOF",
].join("\n");

async function apiCall<T>(method: string, path: string, body?: FormData | object): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${adminToken}` };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${inject("baseUrl")}/api${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

type QuestionSpec = { text: string; options: string[]; answer: string };
type QuizSpec = {
  title: string;
  questions: QuestionSpec[];
  timeLimit?: number | "";
  closeTime?: string;
  maxAttempts?: number | "";
  questionsPerPage?: number;
  timedSections?: { name: string; startIndex: number; endIndex: number; timeLimit: number }[];
};

async function createQuiz(spec: QuizSpec): Promise<number> {
  const form = new FormData();
  form.set("title", spec.title);
  form.set("courseId", String(courseId));
  form.set("studentType", "jhs3");
  form.set("timeLimit", String(spec.timeLimit ?? ""));
  form.set("maxAttempts", String(spec.maxAttempts ?? ""));
  form.set("questionsPerPage", String(spec.questionsPerPage ?? 10));
  form.set("passingScore", "50");
  if (spec.closeTime) form.set("closeTime", spec.closeTime);
  form.set("timedSections", JSON.stringify(spec.timedSections ?? []));
  form.set("pdf", new Blob([PDF], { type: "application/pdf" }), "quiz.pdf");
  const quiz = await apiCall<{ id: number }>("POST", "/quizzes", form);
  await apiCall("PUT", `/quizzes/${quiz.id}/questions`, { questions: spec.questions });
  return quiz.id;
}

const REGIONS: QuestionSpec[] = [
  { text: "What is the capital of the Volta Region?", options: ["Ho", "Tamale", "Sunyani"], answer: "Ho" },
  { text: "What is the capital of the Ashanti Region?", options: ["Cape Coast", "Kumasi", "Koforidua"], answer: "Kumasi" },
  { text: "Which river feeds Lake Volta?", options: ["Volta", "Pra", "Ankobra"], answer: "Volta" },
  { text: "Which is Ghana's largest city?", options: ["Accra", "Tema", "Takoradi"], answer: "Accra" },
];

/** Seconds shown on a "mm:ss" or "h:mm:ss" clock. */
function clockSeconds(text: string): number {
  return text
    .trim()
    .split(":")
    .map(Number)
    .reduce((acc, n) => acc * 60 + n, 0);
}

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const saveStatus = (page: Page) => page.getByTestId("save-status");
async function waitForStatus(page: Page, text: string, timeout = 15_000) {
  await saveStatus(page).filter({ hasText: text }).waitFor({ timeout });
}

beforeAll(async () => {
  browser = await launch();
  const login = await fetch(`${inject("baseUrl")}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO.admin, password: DEMO_PASSWORD }),
  });
  adminToken = ((await login.json()) as { token: string }).token;
  const form = new FormData();
  form.set("title", `Social Studies ${stamp}`);
  form.set("description", "Regions, rivers and cities of Ghana");
  courseId = (await apiCall<{ id: number }>("POST", "/courses", form)).id;
});
afterAll(() => browser?.close());

describe("quiz-taking journeys", () => {
  it("takes a quiz with two timed sections, keeps answers through a dropped connection, and shows the result", async () => {
    const title = `Regions of Ghana ${stamp}`;
    const quizId = await createQuiz({
      title,
      questions: REGIONS,
      maxAttempts: 1,
      questionsPerPage: 1,
      timedSections: [
        { name: "Section A", startIndex: 0, endIndex: 1, timeLimit: 1 },
        { name: "Section B", startIndex: 2, endIndex: 3, timeLimit: 1 },
      ],
    });
    const { page, context } = await newPage(browser);
    await signIn(page, STUDENTS.sections);
    await page.waitForURL("**/students/dashboard");
    await page.getByRole("heading", { name: /Kwesi Amoah/ }).waitFor();
    await page.getByRole("link", { name: `Start Quiz: ${title}` }).waitFor();
    await expectNoSideScroll(page);
    await snap(page, "student-home-quizzes-phone");
    // Start Quiz never starts the clock: it opens the pre-start screen (the quiz detail), without the questions.
    await page.getByRole("link", { name: `Start Quiz: ${title}` }).click();
    await page.waitForURL(new RegExp(`/students/dashboard/quizzes/${quizId}$`));
    const preStart = page.getByTestId("pre-start");
    await preStart.getByText("The timer starts when you press Start and keeps running if you leave.").waitFor();
    await preStart.getByText("Questions 1–2, 1 min").waitFor();
    await preStart.getByText("Questions 3–4, 1 min").waitFor();
    expect(await preStart.getByText("1 of 1", { exact: true }).count()).toBe(1); // attempts left
    for (const q of REGIONS) expect(await page.getByText(q.text).count()).toBe(0);
    await expectNoSideScroll(page);
    await snap(page, "quiz-pre-start-phone");
    await preStart.getByRole("link", { name: `Start Quiz: ${title}` }).click();

    // The address carries the attempt's number (1), not its database id.
    await page.waitForURL(new RegExp(`/students/dashboard/quizzes/${quizId}/attempt\\?n=1$`));
    await page.getByRole("heading", { name: "Section 1 of 2: Section A" }).waitFor();
    expect(await page.getByRole("timer", { name: "Section A time left" }).textContent()).toMatch(/^0[01]:\d\d$/);
    await page.getByRole("radio", { name: "Ho" }).check();
    await waitForStatus(page, "Saved");
    expect(await page.getByTestId("answered-count").textContent()).toBe("Answered 1 of 4");
    await expectNoSideScroll(page);
    await snap(page, "attempt-section-a-phone");

    // The connection drops: the answer stays on the device and the screen says so.
    await page.getByRole("button", { name: "Next page" }).click();
    await context.setOffline(true);
    await page.getByRole("radio", { name: "Kumasi" }).check();
    await waitForStatus(page, "Offline — answers kept on this device");
    const kept = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith("adesua.outbox."))?.[1] ?? "");
    expect(kept).toContain("Kumasi");
    await snap(page, "attempt-offline-phone");

    // Back online: the outbox is sent and the server confirms.
    await context.setOffline(false);
    await waitForStatus(page, "Saved");

    await page.getByRole("button", { name: "Next Section" }).click();
    const move = page.getByRole("dialog", { name: "Move on to Section B?" });
    await move.getByText("can no longer change").waitFor();
    await snap(page, "attempt-next-section-phone");
    await move.getByRole("button", { name: "Next Section" }).click();
    await page.getByRole("heading", { name: "Section 2 of 2: Section B" }).waitFor();
    await page.getByRole("radio", { name: "Volta", exact: true }).check();
    await waitForStatus(page, "Saved");

    // Section A can be looked at, not changed.
    await page.getByRole("button", { name: "Previous Section" }).click();
    await page.getByText("This section has ended. Its answers can no longer change.").waitFor();
    expect(await page.getByRole("radio", { name: "Ho" }).isDisabled()).toBe(true);
    expect(await page.getByRole("radio", { name: "Ho" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Next Section" }).click();
    await page.getByRole("heading", { name: "Section 2 of 2: Section B" }).waitFor();

    await page.getByRole("button", { name: "Submit Quiz" }).click();
    const confirm = page.getByRole("dialog", { name: "Submit Quiz?" });
    expect(await confirm.getByTestId("unanswered-summary").textContent()).toBe("You have not answered question 4.");
    await page.waitForTimeout(400); // let the dialog finish opening for the picture
    await snap(page, "attempt-submit-confirm-phone");
    await confirm.getByRole("button", { name: "Submit Quiz" }).click();

    await page.getByRole("heading", { name: "Quiz submitted" }).waitFor();
    expect(await page.getByTestId("result-score").textContent()).toBe("75.00%");
    expect(await page.getByTestId("result-correct").textContent()).toBe("3 / 4");
    expect(await page.getByTestId("result-status").textContent()).toBe("Passed");
    // No attempts left, but the quiz is still open: the correct answers wait until it closes for
    // everyone (issue 8, decision 016), or a throwaway account could hand them to the next student.
    expect(await page.getByRole("heading", { name: "Review" }).count()).toBe(0);
    expect(await page.getByText("Correct answer:").count()).toBe(0);
    await expectNoSideScroll(page);
    await snap(page, "attempt-result-phone");

    await page.getByRole("link", { name: "View Records" }).click();
    await page.waitForURL("**/students/dashboard/records");
    const record = page.getByTestId("record").filter({ hasText: title });
    await record.getByText("Passed").waitFor();
    await record.getByText("75.00%").waitFor();
    await expectNoSideScroll(page);
    await snap(page, "records-phone");

    await page.goto("/students/dashboard");
    const row = page.getByRole("listitem").filter({ hasText: title });
    await row.getByText("Best score: 75.00%").waitFor();
    await row.getByRole("button", { name: `No attempts left: ${title}` }).waitFor();

    // The one attempt is used: starting again anyway shows the server's reason on the Quiz Error screen.
    expectConsole(page, /status of 409 .*\/api\/quizzes\/\d+\/attempts\)$/);
    await page.goto(`/students/dashboard/quizzes/${quizId}/attempt?start=1`);
    await page.getByRole("heading", { name: "Quiz Error" }).waitFor();
    await page.getByText("No attempts left").waitFor();
    await snap(page, "quiz-error-phone");
    await page.getByRole("button", { name: "Go Back" }).click();
    await page.waitForURL("**/students/dashboard");
    await context.close();
  }, 120_000);

  it("opens a quiz straight at its Start address with one start call, the one the preload script sent", async () => {
    const title = `Lakes of Ghana ${stamp}`;
    const quizId = await createQuiz({ title, questions: REGIONS.slice(0, 2), timeLimit: 10 });
    const { page, context } = await newPage(browser);
    await signIn(page, STUDENTS.reload);
    await page.waitForURL("**/students/dashboard");
    let starts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === `/api/quizzes/${quizId}/attempts`) starts++;
    });
    // Which script sent each start: the preload script runs as a classic script inline in index.html
    // (document.currentScript, without src), the app's own call comes from a module's callback (no current script).
    await page.addInitScript(() => {
      const w = window as unknown as { __startSenders: string[]; fetch: typeof fetch };
      w.__startSenders = [];
      const real = w.fetch.bind(window);
      w.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === "POST" && String(input).endsWith("/attempts"))
          w.__startSenders.push(document.currentScript ? (document.currentScript.getAttribute("src") ?? "inline preload") : "app");
        return real(input, init);
      };
    });
    // A first load of the address the pre-start screen's Start opens (decision 031).
    await page.goto(`/students/dashboard/quizzes/${quizId}/attempt?start=1`);
    await page.waitForURL(/\/attempt\?n=1$/);
    await page.getByRole("heading", { name: title }).waitFor();
    expect(starts).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __startSenders: string[] }).__startSenders)).toEqual(["inline preload"]);
    // The app took the preload script's answer instead of asking again.
    const left = await page.evaluate(() => Object.keys((window as { __adesuaPrefetch?: object }).__adesuaPrefetch ?? {}));
    expect(left.filter((k) => k.startsWith("POST "))).toEqual([]);
    const shown = clockSeconds((await page.getByRole("timer", { name: "Time left" }).textContent()) ?? "");
    expect(shown).toBeGreaterThan(9 * 60);
    expect(shown).toBeLessThanOrEqual(10 * 60);
    await context.close();
  }, 60_000);

  it("resumes after a reload with the same remaining time and the chosen answers", async () => {
    const title = `Rivers of Ghana ${stamp}`;
    const quizId = await createQuiz({ title, questions: REGIONS.slice(0, 3), timeLimit: 10 });
    const { page, context } = await newPage(browser);
    await signIn(page, STUDENTS.reload);
    await page.waitForURL("**/students/dashboard");
    await page.goto(`/students/dashboard/quizzes/${quizId}`);
    await page
      .getByTestId("pre-start")
      .getByRole("link", { name: `Start Quiz: ${title}` })
      .click();
    await page.waitForURL(/\/attempt\?n=1$/);
    await page.getByRole("radio", { name: "Tamale" }).check();
    await page.getByRole("radio", { name: "Kumasi" }).check();
    await waitForStatus(page, "Saved");

    const timer = page.getByRole("timer", { name: "Time left" });
    const before = clockSeconds((await timer.textContent()) ?? "");
    const t0 = Date.now();
    expect(before).toBeGreaterThan(9 * 60);
    await page.reload();
    await page.getByRole("heading", { name: title }).waitFor();
    const after = clockSeconds((await timer.textContent()) ?? "");
    const elapsed = (Date.now() - t0) / 1000;
    expect(Math.abs(before - elapsed - after)).toBeLessThanOrEqual(2);
    expect(await page.getByRole("radio", { name: "Tamale" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Kumasi" }).isChecked()).toBe(true);
    expect(await page.getByTestId("answered-count").textContent()).toBe("Answered 2 of 3");
    await snap(page, "attempt-after-reload-phone");

    // No connection at all: a reload still opens the quiz from this device, and a new answer is kept.
    await context.setOffline(true);
    expectConsole(page, /net::ERR_INTERNET_DISCONNECTED/);
    await page.reload();
    await page.getByRole("heading", { name: title }).waitFor();
    expect(await page.getByRole("radio", { name: "Kumasi" }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "Volta", exact: true }).check();
    await waitForStatus(page, "Offline — answers kept on this device");
    await snap(page, "attempt-offline-reload-phone");
    await context.setOffline(false);
    await waitForStatus(page, "Saved");
    const saved = await page.evaluate(
      async (id) => (await fetch(`/api/quizzes/${id}/attempts/1`, { headers: { authorization: `Bearer ${localStorage.getItem("token")}` } })).json(),
      quizId,
    );
    expect(saved.answers.map((a: { answer: string }) => a.answer).sort()).toEqual(["Kumasi", "Tamale", "Volta"]);

    // Leaving the attempt: the list shows it running, with the time left by the server's clock, counted as used.
    await page.goto("/students/dashboard/quizzes");
    const card = page.getByRole("article", { name: title });
    await card.getByText("In progress", { exact: true }).waitFor();
    expect(await card.getByTestId("in-progress").textContent()).toMatch(/^In progress — 9:\d\d left$/);
    await card.getByText(/1 used · unlimited attempts/).waitFor();
    expect(await card.getByRole("link", { name: `Start Quiz: ${title}` }).count()).toBe(0);
    // It comes first on the list.
    expect(await page.getByRole("article").first().getAttribute("aria-label")).toBe(title);
    await expectNoSideScroll(page);
    await snap(page, "quizzes-in-progress-phone");
    await page.goto(`/students/dashboard/quizzes/${quizId}`);
    await page.getByTestId("pre-start").getByText("Your attempt is running").waitFor();
    await page.goto("/students/dashboard/quizzes");
    await card.getByRole("link", { name: `Resume: ${title}` }).click();
    await page.waitForURL(/\/attempt\?n=1$/);
    expect(await page.getByRole("radio", { name: "Volta", exact: true }).isChecked()).toBe(true);
    await context.close();
  }, 90_000);

  it("submits by itself when time runs out and shows the result without a click", async () => {
    const title = `Cities of Ghana ${stamp}`;
    const quizId = await createQuiz({ title, questions: REGIONS.slice(0, 2), timeLimit: 10, closeTime: new Date(Date.now() + 20_000).toISOString() });
    const { page, context } = await newPage(browser);
    await signIn(page, STUDENTS.expiry);
    await page.waitForURL("**/students/dashboard");
    // An attempt address without Start or a number starts nothing: it opens the pre-start screen.
    await page.goto(`/students/dashboard/quizzes/${quizId}/attempt`);
    await page.waitForURL(new RegExp(`/students/dashboard/quizzes/${quizId}$`));
    await page.getByTestId("pre-start").waitFor();
    const info = await page.evaluate(
      async (id) => (await fetch(`/api/quizzes/${id}`, { headers: { authorization: `Bearer ${localStorage.getItem("token")}` } })).json(),
      quizId,
    );
    expect(info.attemptInfo.currentAttempts).toBe(0);
    expect(info).not.toHaveProperty("questions");
    await page
      .getByTestId("pre-start")
      .getByRole("link", { name: `Start Quiz: ${title}` })
      .click();
    await page.getByRole("heading", { name: title }).waitFor();
    expect(clockSeconds((await page.getByRole("timer", { name: "Time left" }).textContent()) ?? "")).toBeLessThanOrEqual(20);
    await page.getByRole("radio", { name: "Ho" }).check();
    await waitForStatus(page, "Saved");

    await page.getByRole("heading", { name: "Quiz submitted" }).waitFor({ timeout: 40_000 });
    await page.getByText("Your quiz was submitted automatically with the answers you had given.").waitFor();
    expect(await page.getByTestId("result-correct").textContent()).toBe("1 / 2");
    expect(await page.getByTestId("result-score").textContent()).toBe("50.00%");
    // The quiz has closed, so the review is shown.
    await page.getByRole("heading", { name: "Review" }).waitFor();
    await snap(page, "attempt-auto-submitted-phone");
    await context.close();
  }, 90_000);

  it("lets an admin preview a quiz, saying nothing is recorded", async () => {
    const title = `Preview of regions ${stamp}`;
    const quizId = await createQuiz({ title, questions: REGIONS.slice(0, 2), timeLimit: 5 });
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto(`/admin/dashboard/quizzes/${quizId}`);
    await page.getByRole("link", { name: "Take Quiz" }).click();
    await page.waitForURL(/\/attempt\?n=\d+$/);
    await page.getByText("Preview — nothing is recorded").waitFor();
    await snap(page, "attempt-preview-desktop");
    await page.getByRole("radio", { name: "Ho" }).check();
    await page.getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("dialog", { name: "Submit Quiz?" }).getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByText("This was a preview: nothing was recorded.").waitFor();
    await context.close();
  }, 60_000);
});
