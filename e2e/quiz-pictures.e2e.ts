import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { Document, ImageRun, Packer, Paragraph } from "docx";
import { DEMO, expectConsole, launch, newPage, signIn, snap } from "./browser";

/**
 * Issue 11 on a phone (360 px): a teacher uploads a Word paper with a diagram on Upload Quiz and
 * creates the quiz; the picture stays on its question in the editor, and a student sees it inside the
 * attempt, in a frame that keeps its place, also after a reload without a connection.
 */

const stamp = Date.now();
let browser: Browser;

/** A 4×3 PNG (the frame is 4:3), as a diagram in a Word paper. */
const PNG_4X3 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGM4YWMDRww4OQArRg8Bc3oMDAAAAABJRU5ErkJggg==", "base64");
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

async function paperWithDiagram(): Promise<Buffer> {
  const p = (text: string) => new Paragraph(text);
  return Packer.toBuffer(
    new Document({
      sections: [
        {
          children: [
            p("1. What is 2 + 2?"),
            p("A. 3"),
            p("B. 4"),
            p("2. The diagram shows a simple circuit. How many cells are there?"),
            new Paragraph({ children: [new ImageRun({ type: "png", data: PNG_4X3, transformation: { width: 80, height: 60 } })] }),
            p("A. One"),
            p("B. Two"),
          ],
        },
      ],
    }),
  );
}

/** Whether the named picture has loaded, and its natural width. */
const loadedWidth = (page: Page, name: string) =>
  page.getByRole("img", { name }).evaluate((el) => ((el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0));

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe("pictures in quizzes", () => {
  it("a teacher makes a quiz from a Word paper with a diagram, and a student sees the diagram in the attempt", async () => {
    const title = `Circuits ${stamp}`;
    const teacher = await newPage(browser);
    await signIn(teacher.page, DEMO.teacher);
    await teacher.page.waitForURL("**/teachers/dashboard");
    await teacher.page.goto("/teachers/dashboard/quiz/upload");
    await teacher.page.getByRole("heading", { name: "Upload Quiz" }).waitFor();
    await teacher.page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: "circuits.docx", mimeType: DOCX_MIME, buffer: await paperWithDiagram() });
    await teacher.page.getByRole("button", { name: "Parse Questions" }).click();
    const q2 = teacher.page.getByRole("region", { name: "Question 2" });
    await q2.getByText("1 picture from the file, kept with the question").waitFor();
    await teacher.page.getByLabel("Title").fill(title);
    await teacher.page.getByLabel("Course").selectOption({ index: 1 });
    await teacher.page.getByLabel("Student level").selectOption("jhs3");
    // Open now; the quiz is created as a draft, published from its page, then edited (issue 24).
    await teacher.page.getByRole("button", { name: "Now (Open time)" }).click();
    await teacher.page.getByRole("button", { name: "Create Quiz" }).click();
    await teacher.page.waitForURL(/\/teachers\/dashboard\/quizzes\/\d+$/);
    const quizId = Number(/quizzes\/(\d+)$/.exec(teacher.page.url())![1]);
    await teacher.page.getByRole("button", { name: `Publish ${title}` }).click();
    await teacher.page.getByRole("button", { name: `Unpublish ${title}` }).waitFor();
    await teacher.page.getByRole("link", { name: "Edit", exact: true }).click();
    await teacher.page.waitForURL(/\/teachers\/dashboard\/quiz\/\d+\/edit$/);

    // The editor shows the saved picture on its question, with a way to remove it.
    await teacher.page.getByRole("button", { name: /^Question 2 The diagram shows/ }).click();
    await teacher.page.getByRole("button", { name: "Remove figure 1 of question 2" }).waitFor();
    await expect.poll(() => loadedWidth(teacher.page, "Figure 1 for question 2")).toBe(4);
    await snap(teacher.page, "quiz-editor-picture-phone");
    await teacher.context.close();

    const { context, page } = await newPage(browser);
    // Count every layout shift the attempt screen makes (Chromium's Layout Instability API).
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await signIn(page, DEMO.jhs3);
    await page.waitForURL("**/students/dashboard");
    await page.goto(`/students/dashboard/quizzes/${quizId}/attempt?start=1`);
    await page.getByRole("heading", { name: title }).waitFor();
    await page.getByText("The diagram shows a simple circuit").waitFor();
    const figure = page.getByRole("img", { name: "Figure 1 for question 2" });
    await expect.poll(() => loadedWidth(page, "Figure 1 for question 2")).toBe(4);
    expect(await figure.getAttribute("loading")).toBe("lazy");
    // Sized for the phone: the frame spans the card, 4:3, and the page does not scroll sideways.
    const frame = await figure.evaluate((el) => el.parentElement!.getBoundingClientRect().toJSON() as DOMRect);
    expect(frame.width).toBeGreaterThan(250);
    expect(frame.width).toBeLessThanOrEqual(360);
    expect(Math.abs(frame.height - (frame.width * 3) / 4)).toBeLessThan(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.1);
    await page.getByRole("radio", { name: "One" }).check();
    await snap(page, "attempt-picture-phone");

    // The picture is kept on the device while the attempt runs: a reload without a connection shows it.
    await expect
      .poll(() =>
        page.evaluate(async () => (await caches.keys()).includes("adesua-figures-v1") && (await (await caches.open("adesua-figures-v1")).keys()).length),
      )
      .toBe(1);
    await context.setOffline(true);
    expectConsole(page, /net::ERR_INTERNET_DISCONNECTED/);
    await page.reload();
    await page.getByRole("heading", { name: title }).waitFor();
    await expect.poll(() => loadedWidth(page, "Figure 1 for question 2")).toBe(4);
    await snap(page, "attempt-picture-offline-phone");
    await context.setOffline(false);

    await page.getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("dialog", { name: "Submit Quiz?" }).getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("heading", { name: "Quiz submitted" }).waitFor();
    // Submitted: the device forgets the picture.
    await expect.poll(() => page.evaluate(async () => (await (await caches.open("adesua-figures-v1")).keys()).length)).toBe(0);
    await context.close();
  });
});
