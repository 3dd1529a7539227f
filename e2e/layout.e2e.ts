import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DEMO, DESKTOP, launch, newPage, PHONE, signIn, snap } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("screens every role reaches", () => {
  it("shows the Users list as cards on a phone (name, role, level, actions) and as a table on a desktop", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("heading", { name: /Kwame Mensah/ }).waitFor();
    // One Logout, in the header.
    expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(1);
    await page.goto("/admin/dashboard/users");
    await page.getByLabel("Search").fill("Efua");
    const card = page.getByRole("listitem", { name: "Efua Mensah", exact: true });
    await card.waitFor();
    await card.getByText("Student · JHS 2").waitFor();
    await card.getByRole("button", { name: "Impersonate Efua Mensah" }).waitFor();
    await card.getByRole("button", { name: "Delete Efua Mensah" }).waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    // Changing a password keeps a usable box on a phone.
    await card.getByRole("button", { name: "Change the password of Efua Mensah" }).click();
    const box = (await page.getByLabel("New password for Efua Mensah").boundingBox())!;
    expect(box.width).toBeGreaterThan(150);
    await expectNoSideScroll(page);
    await snap(page, "users-phone");

    await page.setViewportSize(DESKTOP);
    await page.getByRole("table").waitFor();
    expect(await page.getByRole("columnheader").allTextContents()).toEqual(["Name", "Email", "Role", "Password", "Actions"]);
    await snap(page, "users-desktop");
    await context.close();
  });

  // Every spec route has its screen now (issues 12 and 14): none answers "not available yet" any more.
  it("answers an unknown address inside an area with Page not found", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await newPage(browser, viewport);
      await signIn(page, DEMO.teacher);
      await page.waitForURL("**/teachers/dashboard");
      await page.goto("/teachers/dashboard/no-such-screen");
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/teachers/dashboard/no-such-screen");
      await snap(page, `page-not-found-${viewport.width}`);
      await page.getByRole("link", { name: "Go to your home page" }).click();
      await page.waitForURL("**/teachers/dashboard");
      await context.close();
    }
  });

  it("keeps the quiz editor's Save bar on screen with the counts, and fills dates from the shortcuts", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.goto("/teachers/dashboard/quizzes/new");
    await page.getByRole("combobox", { name: "Course" }).waitFor();
    await page.getByTestId("time-zone-note").getByText("School time zone: Africa/Accra (UTC+0).").waitFor();
    await page.getByRole("button", { name: "Tomorrow 8:00 (Open time)" }).click();
    const open = await page.getByLabel("Open time", { exact: true }).inputValue();
    expect(open).toMatch(/T08:00$/);
    await page.getByRole("button", { name: "Now (Close time)" }).click();
    await page.getByRole("button", { name: "+1 hour (Close time)" }).click();
    const close = new Date(await page.getByLabel("Close time", { exact: true }).inputValue()).getTime();
    expect(Math.abs(close - (Date.now() + 3_600_000))).toBeLessThan(3 * 60_000);

    for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "Add question" }).click();
    const bar = page.getByRole("region", { name: "Save bar" });
    await bar.getByText("6 questions").waitFor();
    await bar.getByText("6 problems").waitFor();
    // The page is long, yet Save is on screen wherever the teacher is.
    for (const y of [0, 1500]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const save = (await bar.getByRole("button", { name: "Create quiz" }).boundingBox())!;
      expect(save.y).toBeGreaterThanOrEqual(0);
      expect(save.y + save.height).toBeLessThanOrEqual(PHONE.height);
    }
    await page.getByRole("button", { name: "Collapse all" }).click();
    await bar.getByRole("button", { name: /6 problems/ }).click();
    await page.getByRole("menuitem", { name: /^Question 4: / }).click();
    // The problems menu closes with a transition: the accessibility check runs once it has gone.
    await page.getByRole("menu").waitFor({ state: "hidden" });
    await page.getByLabel("Question 4 text").waitFor();
    expect(await page.getByLabel("Question 3 text").count()).toBe(0);
    await expectNoSideScroll(page);
    await snap(page, "quiz-editor-bar-phone");
    await context.close();
  });
});
