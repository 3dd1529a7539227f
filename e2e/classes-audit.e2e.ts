import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO, DEMO_PASSWORD, DESKTOP, launch, newPage, PHONE, signIn, snap } from "./browser";

/** Issue 24 on a phone: a student's class (JHS 1B) on the Users screen, and an audit log that says who did what to whom. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = Date.now().toString(36);

describe("classes and the audit log", () => {
  it("keeps JHS 1B from a class list, shows it on Users and filters by it, at 360 px", async () => {
    const { page, context } = await newPage(browser, PHONE);
    const login = await page.request.post("/api/auth/login", { data: { email: DEMO.admin, password: DEMO_PASSWORD } });
    const { token } = await login.json();
    const csv = `Name,Class\nAkosua Boateng${stamp},JHS 1B\nKwame Asare${stamp},JHS 1A\n`;
    const imp = await page.request.post("/api/users/import", {
      headers: { authorization: `Bearer ${token}` },
      multipart: { file: { name: `classes-${stamp}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) } },
    });
    expect(imp.status()).toBe(201);

    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/users");
    await page.getByLabel("Search").fill(stamp);
    await page
      .getByRole("listitem", { name: `Akosua Boateng${stamp}` })
      .getByText("Student · JHS 1B")
      .waitFor();
    await page.getByLabel("Class", { exact: true }).fill("b");
    await page.getByRole("listitem", { name: `Kwame Asare${stamp}` }).waitFor({ state: "detached" });
    expect(await page.getByRole("listitem", { name: `Akosua Boateng${stamp}` }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, "users-class-phone");

    // The admin moves her to JHS 1C.
    await page.getByLabel("Class", { exact: true }).fill("");
    await page.getByRole("button", { name: `Change the class of Akosua Boateng${stamp}` }).click();
    const dialog = page.getByRole("dialog", { name: `Class of Akosua Boateng${stamp}` });
    await dialog.getByLabel("Class (stream)").fill("c");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page
      .getByRole("listitem", { name: `Akosua Boateng${stamp}` })
      .getByText("Student · JHS 1C")
      .waitFor();
    await context.close();
  });

  it("says who did it and to what, lists every action, and keeps time and changes on screen at 360 px", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/logs");
    await page.getByTestId("log-row").first().waitFor();

    // Every action the trail records is offered, not only the spec's first five.
    await page.getByRole("combobox", { name: "Action" }).click();
    for (const label of ["Create", "Login", "Regrade", "Release answers", "Approve", "Import", "Publish", "Unpublish", "Grade"]) {
      await page.getByRole("option", { name: label, exact: true }).waitFor({ state: "attached" });
    }
    await page.getByRole("option", { name: "Import", exact: true }).click();
    // Other journeys import class lists too (one server for all): this journey's own file names its row.
    const row = page
      .getByTestId("log-row")
      .filter({ hasText: "class_list" })
      .filter({ hasText: `classes-${stamp}.csv` })
      .first();
    await row.getByText(`classes-${stamp}.csv`, { exact: true }).first().waitFor();
    await row.getByText(/^By .+ \(admin\)$/).waitFor();

    // The time and the changes of a card are inside the screen, and nothing scrolls sideways.
    const time = await row.getByTestId("log-time").boundingBox();
    expect(time!.x).toBeGreaterThanOrEqual(0);
    expect(time!.x + time!.width).toBeLessThanOrEqual(PHONE.width);
    const changes = await row.getByText("After:").boundingBox();
    expect(changes!.x + changes!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, "audit-logs-cards-phone");
    await context.close();
  });

  it("shows who did it in a column of the table on a wide screen", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin/dashboard/logs");
    await page.getByRole("columnheader", { name: "By" }).waitFor();
    await page
      .getByTestId("log-row")
      .first()
      .getByTestId("log-actor")
      .getByText(/\((admin|teacher|student)\)/)
      .waitFor();
    await context.close();
  });
});
