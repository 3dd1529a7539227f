import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { unzipSync, strFromU8 } from "fflate";
import { DEMO, DEMO_PASSWORD, DESKTOP, launch, newPage, PHONE, signIn, snap } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const r = await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(r.status()).toBe(200);
  return (await r.json()).token as string;
}

/** A JHS 1 student practises ten Mathematics past questions (all wrong) and submits an open quiz with no answers. */
async function studentResults(request: APIRequestContext) {
  const token = await apiLogin(request, DEMO.jhs1);
  const headers = { authorization: `Bearer ${token}` };
  const bank = await (await request.get("/api/questions?subject=Mathematics&limit=10", { headers })).json();
  const ids: number[] = bank.questions.map((q: { id: number }) => q.id);
  expect(ids.length).toBeGreaterThan(3);
  const practice = await request.post("/api/practice", {
    headers,
    data: { questionIds: ids, answers: ids.map((questionId) => ({ questionId, answer: "not an option" })) },
  });
  expect(practice.status()).toBe(201);
  const quizzes = await (await request.get("/api/quizzes?status=active&limit=20", { headers })).json();
  // The first open quiz this student still has an attempt for (other journeys may have used some).
  for (const quiz of quizzes.data as { id: number }[]) {
    const started = await request.post(`/api/quizzes/${quiz.id}/attempts`, { headers });
    if (![200, 201].includes(started.status())) continue;
    const { attemptId } = await started.json();
    expect((await request.post(`/api/attempts/${attemptId}/submit`, { headers, data: { answers: [] } })).status()).toBe(200);
    return;
  }
  throw new Error("no open quiz left to submit");
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

describe("school administration", () => {
  it("shows the admin real figures on the home screen", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.getByTestId("stat-Total Users").waitFor();
    const stats = await (await page.request.get("/api/admin/dashboard/stats", { headers: { authorization: `Bearer ${await token(page)}` } })).json();
    const o = stats.data.overview;
    for (const [label, value] of [
      ["Total Users", o.totalUsers],
      ["Courses", o.totalCourses],
      ["Quizzes", o.totalQuizzes],
      ["Submissions", o.totalSubmissions],
      ["Records", o.totalRecords],
      ["Active Users", o.activeUsers],
    ] as const) {
      expect(await page.getByTestId(`stat-${label}`).textContent(), label).toBe(Number(value).toLocaleString("en-US"));
    }
    expect(o.totalUsers).toBeGreaterThanOrEqual(13);
    expect(o.activeUsers).toBeGreaterThanOrEqual(1);
    await page.getByText(`Students: ${stats.data.userDistribution.student}`).waitFor();
    await page.getByText(/\d+(\.\d)?% used/).waitFor();
    // The admin's own sign-in is the latest activity.
    await page.getByText("Kwame Mensah").first().waitFor();
    for (const name of ["Manage Users", "Course Management", "Upload Quiz", "View Performance", "System Reports"]) {
      await page.getByRole("navigation", { name: "Quick actions" }).getByRole("link", { name }).waitFor();
    }
    await page.getByRole("link", { name: "View all logs" }).waitFor();
    // Logout is the header's, as on every page.
    expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(1);
    await snap(page, "admin-home-desktop");
    await context.close();
  });

  it("lets an admin run BECE readiness and download it as a Word document", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await studentResults(page.request);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/reports");
    await page.getByRole("button", { name: "Run Report: BECE Readiness" }).click();
    const result = page.getByTestId("report-result");
    await result.getByRole("heading", { name: "BECE Readiness" }).waitFor();
    const row = result.getByRole("row").filter({ hasText: "Mathematics" }).filter({ hasText: "JHS 1" });
    await row.first().waitFor();
    // Ten practice questions all wrong: the Mathematics practice average is 0, shown in red.
    expect(await row.first().locator("[data-score-color]").first().getAttribute("data-score-color")).toBe("red");
    await snap(page, "reports-bece-desktop");
    const [download] = await Promise.all([page.waitForEvent("download"), result.getByRole("button", { name: "Export Word" }).click()]);
    const day = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`bece-readiness-${day}.docx`);
    const file = await download.path();
    const xml = strFromU8(unzipSync(new Uint8Array(fs.readFileSync(file!)))["word/document.xml"]);
    expect(xml).toContain("BECE Readiness");
    expect(xml).toContain("Mathematics");
    expect(xml).toContain(`Date: ${day}`);
    await context.close();
  });

  it("filters, sorts, pages and clears the audit logs on a phone", async () => {
    const { page, context } = await newPage(browser, PHONE);
    // Enough entries for two pages: a few sign-ins of the admin.
    for (let i = 0; i < 22; i++) await apiLogin(page.request, DEMO.admin);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/logs");
    await page.getByRole("heading", { name: "Audit Logs" }).waitFor();
    await page.getByText("Track all system activities and changes").waitFor();
    await page.getByTestId("log-row").first().waitFor();
    const badge = page.getByText(/^\d+ logs? found$/);
    const total = Number((await badge.textContent())!.split(" ")[0]);
    expect(total).toBeGreaterThan(20);

    // Action: Login only, newest first.
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "Login" }).click();
    await page.getByRole("combobox", { name: "Sort By" }).click();
    await page.getByRole("option", { name: "Date & Time" }).click();
    await page.getByRole("combobox", { name: "Sort Order" }).click();
    await page.getByRole("option", { name: "Descending" }).click();
    // Each choice refetches while the last list stays on screen: wait for the list of both (logins, newest first).
    const newestFirst = async () => {
      const rows = await page.getByTestId("log-row").allTextContents();
      const times = (await page.getByTestId("log-time").allTextContents()).map((t) => Date.parse(t));
      return rows.every((t) => t.includes("login")) && times.every((t, i) => i === 0 || times[i - 1] >= t);
    };
    await expect.poll(newestFirst).toBe(true);
    const dates = await page.getByTestId("log-time").allTextContents();
    expect(dates[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    expect(Date.parse(dates[0])).toBeGreaterThanOrEqual(Date.parse(dates[dates.length - 1]));

    // Numbered paging with Previous and Next.
    await page.getByRole("button", { name: "Page 2" }).click();
    await page.getByRole("button", { name: "Page 2" }).and(page.locator("[aria-current=page]")).waitFor();
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("button", { name: "Page 1" }).and(page.locator("[aria-current=page]")).waitFor();

    // Search by entity type: nothing matches.
    await page.getByLabel("Search Entity").fill("no-such-entity");
    await page.getByText("No Logs Found").waitFor();
    await page.getByText("No audit logs match your current filters.").waitFor();
    await page.getByRole("button", { name: "Reset All" }).click();
    await page.getByTestId("log-row").first().waitFor();
    expect(await page.getByLabel("Search Entity").inputValue()).toBe("");
    await snap(page, "audit-logs-phone");

    // Clear all: the dialog, then one entry saying who cleared how many.
    await page.getByRole("button", { name: "Clear All Logs" }).click();
    const dialog = page.getByRole("dialog", { name: "Clear All Logs" });
    await dialog
      .getByText("Are you sure you want to clear all audit logs? This action cannot be undone and will permanently delete all log records.")
      .waitFor();
    await dialog.getByRole("button", { name: "Clear All Logs" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(async () => (await page.getByTestId("log-row").allTextContents()).join(" | ")).toContain("audit_log");
    const after = Number((await badge.textContent())!.split(" ")[0]);
    expect(after).toBeLessThanOrEqual(3);
    await context.close();
  });
});
