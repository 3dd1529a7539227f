import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DEMO, DEMO_PASSWORD, PHONE, launch, newPage, signIn, snap } from "./browser";

/**
 * Issue 24 on a phone (360 px): practice opens on a start screen and its clock starts on Start; the
 * round survives a reload (same questions, same answers, the clock carrying on); after Submit the
 * score is at the top of the screen, not the bottom of the review; the student home shows the
 * student's own average per subject and says when the library is empty; a library search that finds
 * nothing says so.
 */

const stamp = Date.now();
let browser: Browser;

async function login(email: string): Promise<string> {
  const res = await fetch(`${inject("baseUrl")}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function apiCall<T>(token: string, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${inject("baseUrl")}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Seconds left on the quiz clock ("29:41" → 1781). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole("timer", { name: "Time left" }).first().textContent()) ?? "";
  const [m, s] = text.trim().split(":").map(Number);
  return m! * 60 + s!;
}

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Whether the element's top is on screen (not above it, not below the fold). */
async function inView(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe("practice rounds and the student home", () => {
  it("a student starts a practice round from its start screen, reloads mid-round, keeps questions, answers and clock, and sees the score first", async () => {
    const subject = `Basic Science ${stamp}`;
    const admin = await login(DEMO.admin);
    await apiCall(admin, "POST", "/questions/bulk", {
      metadata: { year: 2021, subject, section: "A", topic: null },
      questions: [
        { text: "Which organ of the body pumps blood?", options: ["Liver", "Heart", "Lungs"], answer: "Heart" },
        { text: "Which planet is closest to the Sun?", options: ["Mars", "Venus", "Mercury"], answer: "Mercury" },
        { text: "Water boils at what temperature at sea level?", options: ["100 °C", "50 °C", "150 °C"], answer: "100 °C" },
        { text: "Which gas do plants take in?", options: ["Oxygen", "Carbon dioxide", "Nitrogen"], answer: "Carbon dioxide" },
        { text: "What is the unit of force?", options: ["Joule", "Watt", "Newton"], answer: "Newton" },
      ],
    });

    const { page } = await newPage(browser, PHONE);
    await signIn(page, DEMO.jhs1);
    await page.waitForURL("**/students/dashboard");
    await page.goto("/students/dashboard/past-questions?perPage=5&timeLimit=30");
    await page.getByLabel("Search").fill(subject);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page
      .getByRole("article", { name: `${subject} 2021 section A` })
      .getByRole("link", { name: /^Take Quiz/ })
      .click();
    await page.waitForURL(/\/students\/dashboard\/past-questions\/attempt\//);

    // The start screen: what the round is, and no clock and no questions yet.
    const pre = page.getByRole("region", { name: "Before you start" });
    await pre.waitFor();
    await pre.getByText("30 minutes").waitFor();
    await pre.getByText("5", { exact: true }).first().waitFor();
    await pre.getByText("The timer starts when you press Start and keeps running if you leave.").waitFor();
    expect(await page.getByRole("timer").count()).toBe(0);
    expect(await page.getByText("Which organ of the body pumps blood?").count()).toBe(0);
    await expectNoSideScroll(page);
    await snap(page, "practice-start-phone");

    await pre.getByRole("button", { name: "Start", exact: true }).click();
    await page.getByText("Which organ of the body pumps blood?").waitFor();
    const atStart = await secondsLeft(page);
    expect(atStart).toBeGreaterThan(29 * 60);
    await page.getByRole("radio", { name: "Heart" }).check();
    await page.getByRole("radio", { name: "Venus" }).check();
    await page.getByTestId("answered-count").getByText("Answered 2 of 5").waitFor();
    await page.waitForTimeout(2100);

    await page.reload();
    // The same round: its questions in the same order, the two answers, and the clock carrying on.
    await page.getByText("Which organ of the body pumps blood?").waitFor();
    expect(await page.getByRole("region", { name: "Before you start" }).count()).toBe(0);
    expect(await page.getByRole("radio", { name: "Heart" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Venus" }).isChecked()).toBe(true);
    await page.getByTestId("answered-count").getByText("Answered 2 of 5").waitFor();
    const legends = await page.locator("fieldset legend").allTextContents();
    expect(legends.map((l) => l.replace(/^Question \d+ · [\d.]+ marks?( · answered)?/, ""))).toEqual([
      "Which organ of the body pumps blood?",
      "Which planet is closest to the Sun?",
      "Water boils at what temperature at sea level?",
      "Which gas do plants take in?",
      "What is the unit of force?",
    ]);
    const afterReload = await secondsLeft(page);
    expect(afterReload).toBeLessThan(atStart - 1);
    expect(afterReload).toBeGreaterThan(atStart - 60);
    await expectNoSideScroll(page);
    await snap(page, "practice-resumed-phone");

    // Submit sits below the fold at 360 px.
    await page.getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("dialog", { name: "Submit Quiz?" }).getByRole("button", { name: "Submit Quiz" }).click();
    const heading = page.getByRole("heading", { name: "Quiz submitted" });
    await heading.waitFor();
    await page.getByText("Correct answer:").first().waitFor();
    expect(await page.getByTestId("result-correct").textContent()).toBe("1 / 5");
    // The score is what the student sees first, and the keyboard starts there.
    expect(await inView(page, "result-score")).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSideScroll(page);
    await snap(page, "practice-submitted-phone");

    // Submitted: a reload asks before a new round, and nothing of the old one is kept.
    await page.reload();
    await page.getByRole("region", { name: "Before you start" }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("adesua.practice.")))).toEqual([]);
    await page.context().close();
  });

  it("a student's home shows their own average per subject and says when the library is empty", async () => {
    const token = await login(DEMO.jhs1);
    const summary = await apiCall<{ subjects: { subject: string; averageScore: number; records: number }[] }>(token, "GET", "/students/me/summary");
    const library = await apiCall<{ data: { title: string }[] }>(token, "GET", "/library?page=1&limit=5");
    // The demo's JHS 1 student has scored quizzes in at least one subject and no library items.
    expect(summary.subjects.length).toBeGreaterThan(0);
    expect(library.data).toEqual([]);

    const { page } = await newPage(browser, PHONE);
    await signIn(page, DEMO.jhs1);
    await page.waitForURL("**/students/dashboard");
    const performance = page.getByRole("region", { name: "My Performance" });
    await performance.getByTestId("subject-averages").waitFor();
    const lines = await performance.getByRole("listitem").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
    expect(lines).toEqual(
      summary.subjects.map((s) => `${s.subject}: average ${s.averageScore.toFixed(2)}% over ${s.records} ${s.records === 1 ? "result" : "results"}`),
    );
    await page
      .getByRole("region", { name: "Library" })
      .getByText("No library items yet. Your courses' materials and the papers of closed quizzes appear here.")
      .waitFor();
    await expectNoSideScroll(page);
    await snap(page, "student-home-performance-phone");
    await page.context().close();
  });

  it("a teacher's library search that finds nothing says so", async () => {
    const { page } = await newPage(browser, PHONE);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto("/teachers/dashboard/library");
    await page.getByRole("heading", { name: "Library" }).waitFor();
    await page.getByLabel("Search").fill(`nothing-called-this-${stamp}`);
    await page.getByText("Nothing matches your search.").waitFor();
    await expectNoSideScroll(page);
    await snap(page, "library-no-results-phone");
    await page.context().close();
  });
});
