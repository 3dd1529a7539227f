import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO, DEMO_PASSWORD, DESKTOP, launch, newPage, signIn, snap } from "./browser";

/**
 * Performance journeys on the demo school (issue 12): the teacher finds the wrongly keyed question of
 * their closed Mathematics test in the item analysis and fixes its key; the admin overrides a
 * student's final score, giving the remark first.
 */
const TEST = "Term 1 Test: Numbers and Sets";
let browser: Browser;

async function token(email: string): Promise<string> {
  const res = await fetch(`${inject("baseUrl")}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** No page may scroll sideways at phone width. */
async function expectNoSideScroll(page: import("playwright-core").Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("performance journeys", () => {
  it("lets a teacher open quiz details from the dashboard, see the flagged question and fix its key", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.getByRole("button", { name: "Open navigation" }).click();
    // The navigation's entry (the teacher home has a Performance quick link too).
    await page.getByRole("navigation").getByRole("link", { name: "Performance" }).click();
    await page.waitForURL("**/teachers/dashboard/performance");
    await page.getByRole("heading", { name: "Quiz Performance" }).waitFor();
    const link = page.getByRole("link", { name: `View Details: ${TEST} (opens in a new tab)` });
    await link.waitFor();
    expect(await link.getAttribute("target")).toBe("_blank");
    await expectNoSideScroll(page);
    await snap(page, "performance-dashboard-phone");

    // View Details opens a new tab.
    const [details] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await details.waitForURL("**/teachers/dashboard/performance/quiz-details/*");
    details.setDefaultTimeout(15_000);
    await details.getByRole("heading", { name: TEST }).waitFor();
    await details.getByRole("heading", { name: "Item analysis" }).waitFor();
    const flagged = details.locator('[data-testid="item-row"][data-flags~="wrong_key"]');
    expect(await flagged.count()).toBe(1);
    await flagged.getByText("Likely wrongly keyed").waitFor();
    await expectNoSideScroll(details);
    await snap(details, "quiz-details-item-analysis-phone");

    // The right answer is the option most of the strongest students chose.
    const quizId = Number(/quiz-details\/(\d+)/.exec(details.url())![1]);
    const body = (await (
      await fetch(`${inject("baseUrl")}/api/performance/quiz-details/${quizId}`, { headers: { authorization: `Bearer ${await token(DEMO.teacher)}` } })
    ).json()) as { items: { number: number; flags: string[]; options: { text: string; upper: number; isKey: boolean }[] }[] };
    const item = body.items.find((i) => i.flags.includes("wrong_key"))!;
    const right = item.options.filter((o) => !o.isKey).sort((a, b) => b.upper - a.upper)[0];

    await flagged.getByRole("button", { name: `Fix key of question ${item.number}` }).click();
    const dialog = details.getByRole("dialog", { name: `Key of question ${item.number}` });
    await dialog.getByRole("radio", { name: new RegExp(`^[A-E]\\. ${right.text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(`) }).check();
    await snap(details, "fix-key-dialog-phone");
    await dialog.getByRole("button", { name: "Save key and re-grade" }).click();
    await details
      .getByText(/re-graded\.$/)
      .first()
      .waitFor();
    await dialog.waitFor({ state: "detached" });
    await details.locator('[data-testid="item-row"][data-flags~="wrong_key"]').first().waitFor({ state: "detached" });
    await context.close();
  }, 120_000);

  it("lets an admin override a student's final score, remark first", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/performance-legacy");
    await page.getByRole("heading", { name: "Student Performance" }).waitFor();
    await page.getByLabel("Search by name").fill("Yaw Darko");
    const row = page.getByRole("row").filter({ hasText: "Yaw Darko" });
    await row.getByRole("button", { name: "Override Yaw Darko's final score" }).click();
    const dialog = page.getByRole("dialog", { name: "Override Yaw Darko's final score" });
    await dialog.getByLabel("Remark").fill("Sat the make-up paper on 3 March");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("Final score").fill("88.5");
    await snap(page, "override-dialog-desktop");
    await dialog.getByRole("button", { name: "Save override" }).click();
    await dialog.waitFor({ state: "detached" });
    await row.getByText("88.50%").waitFor();
    await row.getByText("Overridden").waitFor();
    await snap(page, "students-performance-desktop");

    // The student's own performance page opens from the name.
    await row.getByRole("link", { name: "Yaw Darko" }).click();
    await page.waitForURL("**/admin/dashboard/performance/*");
    await page.getByRole("heading", { name: "Yaw Darko" }).waitFor();
    await page.getByRole("heading", { name: "Best score per quiz, oldest first" }).waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    await snap(page, "student-history-desktop");
    await context.close();
  }, 120_000);
});
