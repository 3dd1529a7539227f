import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DEMO, launch, newPage, PHONE, signIn } from "./browser";

/**
 * Issue 24 §2: every screen of the route table a role may use is reachable from that role's menu or home in
 * at most two taps. Each journey starts at the role's home on a phone (360 px, the menu behind the burger)
 * and only taps links and menu entries, never typing an address, and checks each screen's heading.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const HOME: Record<"student" | "teacher" | "admin", string> = {
  student: "/students/dashboard",
  teacher: "/teachers/dashboard",
  admin: "/admin/dashboard",
};

async function heading(page: Page, name: string) {
  await page.getByRole("heading", { name, exact: true, level: 1 }).waitFor();
}

/** One tap in the burger menu. */
async function menu(page: Page, entry: string, expected: string) {
  await page.getByRole("button", { name: "Open navigation" }).click();
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await nav.getByRole("link", { name: entry, exact: true }).click();
  await heading(page, expected);
  // The drawer closes itself on arrival, so the screen is what the user sees.
  await page.getByRole("button", { name: "Open navigation" }).waitFor();
}

/** Back to the home by the logo, as a user would. */
async function home(page: Page, role: keyof typeof HOME) {
  await page.getByRole("link", { name: "Adesua home" }).click();
  await page.waitForURL((u) => u.pathname === HOME[role]);
}

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

describe("every screen is reachable by tapping (issue 24 §2)", () => {
  it("a student reaches each screen from the menu, Records included", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.jhs1);
    await page.waitForURL((u) => u.pathname === HOME.student);
    for (const [entry, title] of [
      ["Courses", "Courses"],
      ["Quizzes", "Quizzes"],
      ["Schedule", "Schedule"],
      ["Past Questions", "Past Questions"],
      ["Records", "My Records"],
    ]) {
      await menu(page, entry, title);
      await noSideScroll(page);
    }
    // Two taps: a course and a quiz from their lists.
    await menu(page, "Quizzes", "Quizzes");
    await page
      .getByRole("link", { name: /^Details: / })
      .first()
      .click();
    await page.getByTestId("pre-start").waitFor();
    await context.close();
  }, 120_000);

  it("a teacher reaches each screen, Upload Quiz is the Word/PDF upload, and To Grade opens the submissions waiting", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.teacher);
    await page.waitForURL((u) => u.pathname === HOME.teacher);
    for (const [entry, title] of [
      ["Courses", "My Courses"],
      ["Uploads", "Upload Quiz"],
      ["Calendar", "Calendar"],
      ["Performance", "Quiz Performance"],
      ["Questions", "Question Bank"],
      ["Quizzes", "Quizzes"],
      ["Grades", "Grades Management"],
      ["Records", "Records"],
      ["Reports", "Analytics & Reports"],
      ["Library", "Library"],
      ["Import/Export", "Import/Export"],
    ]) {
      await menu(page, entry, title);
      await noSideScroll(page);
    }

    // From the home, in one tap each: the upload (not the manual form), the manual form, the submissions waiting.
    await home(page, "teacher");
    const main = page.getByRole("region", { name: "Main Navigation" });
    await main.getByRole("link", { name: "Upload Quiz", exact: true }).click();
    await heading(page, "Upload Quiz");
    expect(new URL(page.url()).pathname).toBe("/teachers/dashboard/quiz/upload");
    await home(page, "teacher");
    await page.getByRole("region", { name: "Main Navigation" }).getByRole("link", { name: "New quiz", exact: true }).click();
    await heading(page, "New quiz");
    await home(page, "teacher");
    const toGrade = page.getByRole("link", { name: /^To Grade/ });
    const waiting = Number(await toGrade.getByTestId("stat-to-grade").textContent());
    await toGrade.click();
    await heading(page, "Submissions");
    if (waiting > 0) await page.getByTestId("submission-row").first().waitFor();
    else await page.getByText("No submissions to grade.").waitFor();

    // Two taps: the screens inside the lists.
    await menu(page, "Quizzes", "Quizzes");
    await page.getByRole("link", { name: "New Quiz", exact: true }).click();
    await heading(page, "New quiz");
    await menu(page, "Quizzes", "Quizzes");
    await page
      .getByRole("link", { name: /^View / })
      .first()
      .click();
    await page.getByRole("link", { name: "Take Quiz" }).waitFor();
    await page.getByRole("link", { name: "Submissions", exact: true }).click();
    await heading(page, "Submissions");
    await menu(page, "Performance", "Quiz Performance");
    await page.getByRole("link", { name: "Student performance" }).click();
    await heading(page, "Student Performance");
    await menu(page, "Records", "Records");
    await page.getByRole("link", { name: "New Record" }).click();
    await heading(page, "New Record");
    await menu(page, "Courses", "My Courses");
    await page.getByRole("link", { name: "New Course" }).first().click();
    await heading(page, "New course");
    await context.close();
  }, 180_000);

  it("an admin reaches each screen from the menu, Announcements, Records, Library and Submissions included", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.admin);
    await page.waitForURL((u) => u.pathname === HOME.admin);
    for (const [entry, title] of [
      ["Users", "Users"],
      ["Courses", "Course Management"],
      ["Quizzes", "Quizzes"],
      ["Upload Quiz", "Upload Quiz"],
      ["Questions", "Question Bank"],
      ["Bulk Upload", "Bulk Question Upload"],
      ["Performance", "Quiz Performance"],
      ["Calendar", "Calendar"],
      ["Grade", "Grades Management"],
      ["Submissions", "Submissions"],
      ["Records", "Records"],
      ["Announcements", "Announcements"],
      ["Library", "Library"],
      ["Reports", "Analytics & Reports"],
      ["Import/Export", "Import/Export"],
      ["Logs", "Audit Logs"],
    ]) {
      await menu(page, entry, title);
      await noSideScroll(page);
    }
    // Tables lives in the teacher area; its menu leads the admin back to their own.
    await menu(page, "Tables", "Table Management");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Admin home" }).click();
    await page.waitForURL((u) => u.pathname === HOME.admin);

    // Two taps: the forms behind the lists.
    await menu(page, "Announcements", "Announcements");
    await page.getByRole("link", { name: "New Announcement" }).first().click();
    await heading(page, "New Announcement");
    await menu(page, "Quizzes", "Quizzes");
    await page.getByRole("link", { name: "New Quiz", exact: true }).click();
    await heading(page, "New quiz");
    await home(page, "admin");
    await page.getByRole("navigation", { name: "Quick actions" }).getByRole("link", { name: "Upload Quiz" }).click();
    await heading(page, "Upload Quiz");
    await context.close();
  }, 180_000);
});
