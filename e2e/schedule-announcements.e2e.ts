import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { Document, Packer, Paragraph } from "docx";
import { DEMO, DESKTOP, launch, newPage, PHONE, signIn, snap } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const pad = (n: number) => String(n).padStart(2, "0");
/** What a datetime-local input holds, in this machine's zone (the browser runs in the same one). */
const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** A school circular as a Word file, the way a head teacher writes one. */
async function circularDocx(): Promise<Buffer> {
  const lines = [
    "ADESUA JUNIOR HIGH SCHOOL",
    "P.O. Box 123, Kumasi",
    "2nd November, 2026",
    "Dear Parent/Guardian,",
    "RE: SPEECH AND PRIZE GIVING DAY",
    "We wish to inform you that the Speech and Prize Giving Day will take place on Friday, 4th December 2026 at 2:00 pm in the school assembly hall.",
    "Yours faithfully,",
    "Kwame Mensah (Headmaster)",
  ];
  const doc = new Document({ sections: [{ children: lines.map((t) => new Paragraph(t)) }] });
  return Packer.toBuffer(doc);
}

async function fillEvent(page: Page, v: { title: string; start?: string; end?: string; recurrence?: string }) {
  await page.getByLabel("Title").fill(v.title);
  if (v.start) await page.getByLabel("Start", { exact: true }).fill(v.start);
  if (v.end) await page.getByLabel("End", { exact: true }).fill(v.end);
  if (v.recurrence !== undefined) await page.getByLabel("Recurrence").fill(v.recurrence);
}

describe("schedule and announcements", () => {
  it("lets a teacher make a weekly event from an empty slot, see it repeat, and turn a circular into a new event with Edit in Form", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.teacher);
    await page.waitForURL("**/teachers/dashboard");
    await page.getByRole("link", { name: "Calendar" }).first().click();
    await page.waitForURL("**/teachers/dashboard/schedule");
    await page.getByTestId("big-calendar").waitFor();
    await page.getByRole("button", { name: "Week" }).click();
    // Tomorrow's column at 10:00 (each slot is 30 minutes: the 21st slot of the day).
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    if (tomorrow.getDay() === 0) await page.getByRole("button", { name: "Next" }).click();
    const column = page.locator(".rbc-time-content .rbc-day-slot").nth(tomorrow.getDay() === 0 ? 0 : tomorrow.getDay());
    const slot = column.locator(".rbc-time-slot").nth(20);
    await slot.scrollIntoViewIfNeeded();
    const b = (await slot.boundingBox())!;
    await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
    await page.waitForURL(/\/teachers\/dashboard\/schedule\/new\?start=/);
    const url = new URL(page.url());
    const start = new Date(url.searchParams.get("start")!);
    const end = new Date(url.searchParams.get("end")!);
    expect(end.getTime() - start.getTime()).toBe(3_600_000);
    expect(await page.getByLabel("Start", { exact: true }).inputValue()).toBe(local(start));
    const weekday = WEEKDAYS[start.getDay()]!;
    await fillEvent(page, { title: "Football training", recurrence: `weekly on ${weekday}` });
    await page
      .getByTestId("recurrence-understood")
      .getByText(/^Understood: /)
      .waitFor();
    await snap(page, "event-form-desktop");
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.waitForURL("**/teachers/dashboard/schedule");

    // The agenda (30 days) shows it every week.
    await page.getByRole("button", { name: "Agenda" }).click();
    await page.locator(".rbc-agenda-view").waitFor();
    await expect.poll(() => page.locator(".rbc-agenda-event-cell", { hasText: "Football training" }).count()).toBeGreaterThanOrEqual(4);
    await snap(page, "schedule-agenda-desktop");

    // Cancel one occurrence only: one fewer, the series stays.
    const before = await page.locator(".rbc-agenda-event-cell", { hasText: "Football training" }).count();
    await page.locator(".rbc-agenda-event-cell", { hasText: "Football training" }).nth(1).click();
    await page.getByRole("button", { name: "Cancel this occurrence only" }).click();
    await expect.poll(() => page.locator(".rbc-agenda-event-cell", { hasText: "Football training" }).count()).toBe(before - 1);

    // A circular read into a new event.
    await page.getByRole("link", { name: "New Event" }).click();
    await page.waitForURL("**/teachers/dashboard/schedule/new");
    await page.getByRole("button", { name: "Parse File" }).click();
    await page.getByText("Select a file to parse").waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: "speech-day.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: await circularDocx(),
    });
    await page.getByRole("button", { name: "Parse File" }).click();
    await page.waitForURL("**/teachers/dashboard/schedule/parse");
    await page.getByRole("cell", { name: "SPEECH AND PRIZE GIVING DAY", exact: true }).waitFor();
    await page.getByText("Not found in the file: End, Recurrence.").waitFor();
    await snap(page, "parsed-event-desktop");
    await page.getByRole("button", { name: "Edit in Form" }).click();
    await page.waitForURL("**/teachers/dashboard/schedule/new");
    expect(await page.getByLabel("Title").inputValue()).toBe("SPEECH AND PRIZE GIVING DAY");
    expect(await page.getByLabel("Start", { exact: true }).inputValue()).toBe(local(new Date("2026-12-04T14:00:00Z")));
    await page.getByLabel("End", { exact: true }).fill(local(new Date("2026-12-04T17:00:00Z")));
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.waitForURL("**/teachers/dashboard/schedule");
    await context.close();
  });

  it("shows a student at 360 px a quiz window and a school event on their schedule, and an announcement that stays dismissed", async () => {
    // The admin publishes a notice and a school-wide event.
    const admin = await newPage(browser, PHONE);
    await signIn(admin.page, DEMO.admin);
    await admin.page.waitForURL("**/admin/dashboard");
    await admin.page.goto("/dashboard/admin/announcement/new");
    await admin.page.waitForURL("**/admin/dashboard/announcement/new");
    await admin.page.getByLabel("Title").fill("Inter-house sports");
    await admin.page.getByLabel("Content").fill("Wear your **house colours** on Friday.\nDetails: https://example.org/sports <script>alert(1)</script>");
    await admin.page.getByRole("button", { name: "Publish" }).click();
    await admin.page.waitForURL("**/admin/dashboard/announcements");
    await admin.page.getByTestId("announcement-row").filter({ hasText: "Inter-house sports" }).waitFor();
    await admin.page.goto("/admin/dashboard/schedule/new");
    const when = new Date();
    when.setDate(when.getDate() + 2);
    when.setHours(10, 0, 0, 0);
    await fillEvent(admin.page, { title: "Cleanup day", start: local(when), end: local(new Date(when.getTime() + 2 * 3_600_000)) });
    await admin.page.getByRole("button", { name: "Create Event" }).click();
    await admin.page.waitForURL("**/admin/dashboard/schedule");
    await admin.context.close();

    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.jhs2);
    await page.waitForURL("**/students/dashboard");
    const notice = page.getByTestId("announcement").filter({ hasText: "Inter-house sports" });
    await notice.waitFor();
    await notice.locator("strong", { hasText: "house colours" }).waitFor();
    expect(await notice.getByRole("link", { name: "https://example.org/sports" }).getAttribute("rel")).toBe("noopener noreferrer");
    await notice.getByText("<script>alert(1)</script>").waitFor();
    await snap(page, "student-home-announcement-phone");
    await notice.getByRole("button", { name: "Dismiss announcement: Inter-house sports" }).click();
    await notice.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("announcement").filter({ hasText: "Inter-house sports" }).count()).toBe(0);

    expect(await page.locator('a[href="/students/dashboard/schedule"]').count()).toBeGreaterThan(0);
    await page.goto("/students/dashboard/schedule");
    await page.getByTestId("agenda-list").waitFor();
    expect(await page.getByTestId("big-calendar").count()).toBe(0);
    await page.getByTestId("agenda-item").filter({ hasText: "Cleanup day" }).filter({ hasText: "School-wide" }).waitFor();
    expect(await page.getByTestId("agenda-item").filter({ hasText: "Quiz window" }).count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, "student-schedule-phone");
    await context.close();
  });
});
