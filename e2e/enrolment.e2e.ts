import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO, expectConsole, launch, newPage, signIn, snap } from "./browser";

/**
 * Enrolling a school on a phone (360 px): an admin imports a class list of 30 students, checks it, imports
 * it with progress, prints the slips (Word) and downloads them (CSV); one student signs in with the name
 * and password on their slip and must choose a new password before anything else. The Import/Export
 * screen says "Select a file" without one and "Success" after an export.
 */

const stamp = Date.now().toString(36);
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const FIRST = ["Kofi", "Ama", "Kwame", "Abena", "Yaw", "Akosua", "Kwabena", "Adwoa", "Kojo", "Efua"];
const LAST = ["Mensah", "Owusu", "Boateng"];

describe("enrolling a class", () => {
  it("an admin imports 30 students, prints the slips, and a student signs in with a slip and chooses a password", async () => {
    const lines = ["Full Name,Email,Class"];
    for (let i = 0; i < 30; i++) lines.push(`${FIRST[i % 10]} ${LAST[Math.floor(i / 10)]}${stamp},,JHS ${1 + (i % 3)}`);
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/users");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import a class list" });
    await dialog.locator('input[type="file"]').setInputFiles({ name: "jhs-class-list.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n")) });
    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog.getByText("The file is ready: 30 people (30 students).").waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Import 30 users" }).click();
    await dialog.getByText("Success: 30 users were added.").waitFor({ timeout: 30_000 });
    await snap(page, "enrolment-slips");

    const [word] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Print slips (Word)" }).click()]);
    expect(word.suggestedFilename()).toMatch(/^sign-in-slips-\d{4}-\d{2}-\d{2}\.docx$/);
    expect(fs.statSync((await word.path())!).size).toBeGreaterThan(5000);
    const [sheet] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download slips (CSV)" }).click()]);
    const rows = fs
      .readFileSync((await sheet.path())!, "utf8")
      .replace(/^\ufeff/, "")
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(","));
    expect(rows[0]).toEqual(["Class", "Name", "Sign in with", "One-time password", "Role", "School", "Sign in at"]);
    expect(rows).toHaveLength(31);
    // Grouped by level: every JHS 1 slip before every JHS 2 slip.
    expect(rows.slice(1).map((r) => r[0])).toEqual([...Array(10).fill("JHS 1"), ...Array(10).fill("JHS 2"), ...Array(10).fill("JHS 3")]);
    const [, name, signInName, password] = rows.find((r) => r[1] === `Ama Mensah${stamp}`)!;
    expect(signInName).toBe(`ama.mensah${stamp}`);
    await dialog.getByRole("button", { name: "Done" }).click();
    // The new students are on the list, with a password set.
    await page.getByLabel("Search").fill(`mensah${stamp}`);
    await page.getByText(`Sign-in name: ${signInName}`).waitFor();
    await context.close();

    const student = await newPage(browser);
    await signIn(student.page, signInName, password);
    await student.page.getByRole("heading", { name: "Choose your own password" }).waitFor();
    await student.page.getByLabel("Password from your slip").fill(password);
    await student.page.getByLabel("New password", { exact: true }).fill("my-own-secret-9");
    await student.page.getByLabel("New password again").fill("my-own-secret-8");
    await student.page.getByRole("button", { name: "Save password" }).click();
    await student.page.getByText("The two new passwords are not the same").waitFor();
    await student.page.getByLabel("New password again").fill("my-own-secret-9");
    await student.page.getByRole("button", { name: "Save password" }).click();
    await student.page.getByText(new RegExp(`Good (morning|afternoon|evening), ${name}`)).waitFor();
    expect(student.page.url()).toMatch(/\/students\/dashboard$/);
    await student.context.close();

    // The slip's password works no more; the chosen one does.
    const again = await newPage(browser);
    expectConsole(again.page, /status of 401 .*\/api\/auth\/login/);
    await signIn(again.page, signInName, password);
    await again.page
      .getByRole("alert")
      .filter({ hasText: /Invalid/ })
      .waitFor();
    await signIn(again.page, signInName, "my-own-secret-9");
    await again.page.waitForURL("**/students/dashboard");
    await again.context.close();
  });

  it("the Import/Export screen asks for a file and downloads an export", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/import-export");
    const importQuestions = page.getByRole("listitem", { name: "Import questions (question bank CSV)" });
    await importQuestions.getByRole("button", { name: "Upload" }).click();
    await importQuestions.getByText("Select a file").waitFor();
    const users = page.getByRole("listitem", { name: "Export users" });
    const [csv] = await Promise.all([page.waitForEvent("download"), users.getByRole("button", { name: "Download CSV" }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(fs.readFileSync((await csv.path())!, "utf8")).not.toContain("$argon2");
    await users.getByText("Success").waitFor();
    await context.close();
  });
});
