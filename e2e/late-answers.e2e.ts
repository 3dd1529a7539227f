import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO, DESKTOP, expectConsole, launch, newPage, signIn, snap } from "./browser";
import { apiCall, apiLogin as login, createCourse, createQuiz, expectNoSideScroll } from "./api-setup";

/**
 * Issue 25 item 8 (decision 044): a phone loses its connection before a timed quiz ends, the student answers three
 * more questions offline, the time runs out, the connection returns. The three answers reach the server after the
 * deadline: they are kept and flagged, not counted; the student is told; the teacher accepts them on the grading
 * screen and the score changes, audited. The quiz (a 1-minute limit, the shortest there is) is made through the API
 * by the demo teacher, whose course it is.
 */

const STUDENT = { email: DEMO.jhs1, name: "Yaw Darko" };
const stamp = Date.now();
const title = `Late answers quiz ${stamp}`;
const QUESTIONS = [
  { text: "What is the capital of the Volta Region?", options: ["Ho", "Tamale"], answer: "Ho" },
  { text: "What is the capital of the Ashanti Region?", options: ["Kumasi", "Koforidua"], answer: "Kumasi" },
  { text: "Which river feeds Lake Volta?", options: ["Volta", "Pra"], answer: "Volta" },
  { text: "Which is Ghana's largest city?", options: ["Accra", "Tema"], answer: "Accra" },
];
let browser: Browser;
let teacherToken = "";
let quizId = 0;

beforeAll(async () => {
  browser = await launch();
  teacherToken = await login(DEMO.teacher);
  const courseId = await createCourse(teacherToken, `Geography ${stamp}`, "Regions and rivers");
  quizId = await createQuiz(teacherToken, { title, courseId, studentType: "jhs1", timeLimit: "1", maxAttempts: "1", questions: QUESTIONS });
});
afterAll(() => browser?.close());

describe("answers that reach the school after the time was up", () => {
  it("keeps three answers given offline before the deadline, flags them, and counts them once the teacher accepts", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, STUDENT.email);
    await page.waitForURL("**/students/dashboard");
    await page.goto(`/students/dashboard/quizzes/${quizId}/attempt?start=1`);
    await page.getByRole("radio", { name: "Ho" }).check();
    await page.getByTestId("save-status").filter({ hasText: "Saved" }).waitFor({ timeout: 15_000 });

    // The connection drops well before the end; three more answers stay on the phone.
    await context.setOffline(true);
    expectConsole(page, /net::ERR_INTERNET_DISCONNECTED/);
    await page.getByRole("radio", { name: "Kumasi" }).check();
    await page.getByRole("radio", { name: "Volta", exact: true }).check();
    await page.getByRole("radio", { name: "Accra" }).check();
    await page.getByTestId("save-status").filter({ hasText: "Offline — answers kept on this device" }).waitFor();
    expect(await page.getByTestId("answered-count").textContent()).toBe("Answered 4 of 4");
    await expectNoSideScroll(page);

    // The time runs out while offline: the screen says the answers wait on the phone.
    await page.getByText("Time is up. Your answers are kept on this device and will be sent as soon as you are back online.").waitFor({ timeout: 80_000 });
    await snap(page, "late-answers-time-up-offline-phone");
    // Past the server's grace too, so the answers cannot count by themselves.
    await page.waitForTimeout(7000);

    // The connection returns: the answers reach the server, which keeps them for the teacher and says so.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await page.getByRole("heading", { name: "Quiz submitted" }).waitFor({ timeout: 30_000 });
    await page.getByTestId("late-answers").getByText("Your last answers reached the school after the time was up; your teacher will decide.").waitFor();
    expect(await page.getByTestId("result-correct").textContent()).toBe("1 / 4");
    await expectNoSideScroll(page);
    await snap(page, "late-answers-student-result-phone");
    await context.close();

    // Kept and flagged on the server, not counted.
    const late = await apiCall<{
      pending: number;
      data: { submissionId: number; score: number; answers: { answer: string; givenAt: string | null; givenInTime: boolean | null; decision: string }[] }[];
    }>(teacherToken, "GET", `/quizzes/${quizId}/late-answers`);
    expect(late.pending).toBe(3);
    const [sub] = late.data;
    expect(sub.score).toBe(25);
    expect(sub.answers.map((a) => a.answer)).toEqual(["Kumasi", "Volta", "Accra"]);
    for (const a of sub.answers) expect(a).toMatchObject({ decision: "pending", givenInTime: true, givenAt: expect.any(String) });

    // The teacher finds them from the quiz's submissions and accepts them on the grading screen.
    const t = await newPage(browser);
    await signIn(t.page, DEMO.teacher);
    await t.page.waitForURL("**/teachers/dashboard");
    await t.page.goto(`/teachers/dashboard/quizzes/${quizId}/submissions`);
    const flag = t.page.getByTestId("late-answers-flag");
    await flag.getByText("3 answers reached the school after the time was up and wait for your decision.").waitFor();
    await flag.getByRole("link", { name: "Review late answers" }).click();
    await t.page.waitForURL(new RegExp(`/teachers/dashboard/quiz/${quizId}/grade$`));
    const card = t.page.getByRole("listitem", { name: `Late answers of ${STUDENT.name}` });
    await card.getByTestId("late-flag").first().waitFor();
    expect(await card.getByTestId("late-flag").first().textContent()).toMatch(
      /^arrived after the deadline — given at \d\d:\d\d:\d\d by the phone's clock, received at \d\d:\d\d:\d\d$/,
    );
    expect(await card.getByTestId("late-score").textContent()).toBe("25.00%");
    await expectNoSideScroll(t.page);
    await snap(t.page, "late-answers-grading-phone");
    await card.getByRole("button", { name: `Accept the late answers of ${STUDENT.name}` }).click();
    await t.page.getByText(`Counted 3 late answers for ${STUDENT.name}: 25.00% → 100.00%`).waitFor();
    await card.getByTestId("late-score").filter({ hasText: "100.00%" }).waitFor();
    expect(await card.getByText("Accepted").count()).toBe(3);
    await t.page.setViewportSize(DESKTOP);
    await t.page.waitForTimeout(600); // the navigation bar slides in at this width
    await snap(t.page, "late-answers-grading-desktop");
    await t.context.close();

    // Audited with the score before and after (the audit log's API).
    const admin = await login(DEMO.admin);
    const log = await apiCall<{ data: { entityType: string; entityId: string; action: string; before: { score: number }; after: { score: number } }[] }>(
      admin,
      "GET",
      "/logs?action=regrade&sortBy=createdAt&sortOrder=desc&limit=50",
    );
    const entry = log.data.find((l) => l.entityType === "submission" && l.entityId === String(sub.submissionId));
    expect(entry).toMatchObject({ action: "regrade", before: { score: 25 }, after: { score: 100 } });
  }, 240_000);
});
