import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO, DESKTOP, expectConsole, launch, newPage, PHONE, signIn, snap } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe("sign-in and access journeys", () => {
  it("signs up as a student and lands on the student home", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/signup");
    const email = `new.student.${Date.now()}@example.com`;
    await page.getByLabel("Name").fill("Akua Serwaa");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("kente-cloth-22");
    // Level is offered for students only.
    await page.getByRole("combobox", { name: "Level" }).click();
    await page.getByRole("option", { name: "JHS 2" }).click();
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL("**/students/dashboard");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/Good (morning|afternoon|evening), Akua Serwaa/);
    await snap(page, "student-home-phone");
    await context.close();
  });

  it("hides the level for teachers on the signup form", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/signup");
    await page.getByRole("combobox", { name: "Level" }).waitFor();
    await page.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Teacher" }).click();
    await page.getByRole("combobox", { name: "Level" }).waitFor({ state: "detached" });
    expect(await page.getByRole("combobox", { name: "Level" }).count()).toBe(0);
    await context.close();
  });

  it("signs in as the admin on a desktop and restores the session after a reload", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.admin);
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("heading", { name: /Kwame Mensah/ }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: /Kwame Mensah/ }).waitFor();
    await snap(page, "admin-home-desktop");
    await context.close();
  });

  it("shows the error for a wrong password and stays on the login page", async () => {
    const { page, context } = await newPage(browser);
    expectConsole(page, /status of 401 .*\/api\/auth\/login\)$/);
    await signIn(page, DEMO.jhs1, "definitely-wrong");
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await snap(page, "login-error-phone");
    await context.close();
  });

  it("shows Access Denied to a student on an admin route and takes them back after 3 s", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.jhs1);
    await page.waitForURL("**/students/dashboard");
    await page.goto("/admin/dashboard/users");
    await page.getByText("Sorry, you don't have permission to access this page.").waitFor();
    await page.getByText("Required role:").waitFor();
    await page.getByRole("button", { name: "Go Back" }).waitFor();
    await snap(page, "access-denied-phone");
    const t0 = Date.now();
    await page.waitForURL("**/students/dashboard", { timeout: 6000 });
    expect(Date.now() - t0).toBeGreaterThan(2000);
    await context.close();
  });

  it("sends unknown paths and signed-out visitors to /login, with the restore message for a dead token", async () => {
    const { page, context } = await newPage(browser);
    expectConsole(page, /status of 401 .*\/api\/auth\/me\)$/);
    await page.goto("/no/such/page");
    await page.waitForURL("**/login");
    await page.goto("/students/dashboard");
    await page.waitForURL("**/login");
    await page.evaluate(() => localStorage.setItem("token", "stale-token"));
    await page.goto("/students/dashboard");
    await page.getByText("Authentication failed. Please try logging in again.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await context.close();
  });

  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`asks before impersonating, keeps the banner on top of every page and stops back to the admin (${label})`, async () => {
      const { page, context } = await newPage(browser, viewport);
      await signIn(page, DEMO.admin);
      await page.waitForURL("**/admin/dashboard");
      await page.goto("/admin/dashboard/users");
      await page.getByLabel("Search").fill("Kofi");
      await page.getByRole("button", { name: "Impersonate Kofi Asante" }).click();
      const dialog = page.getByRole("dialog", { name: "Impersonate user" });
      await dialog.getByText("You will act as Kofi Asante (teacher) for up to one hour.").waitFor();
      // Cancel keeps the admin where they were.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
      await page.getByRole("button", { name: "Impersonate Kofi Asante" }).click();
      await dialog.getByRole("button", { name: "Impersonate" }).click();
      await page.waitForURL("**/teachers/dashboard");
      await page.getByRole("heading", { name: /Kofi Asante/ }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeTruthy();

      const banner = page.getByTestId("impersonation-banner");
      /** The banner is inside the viewport and the topmost element where it is drawn (nothing covers it). */
      async function expectBannerOnTop() {
        await banner.getByText("Impersonation active").waitFor();
        const box = (await banner.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        const stop = page.getByRole("button", { name: "Stop Impersonation" });
        const covered = await stop.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !(top && el.contains(top));
        });
        expect(covered).toBe(false);
      }
      await expectBannerOnTop();
      await banner.getByText("You are acting as Kofi Asante (teacher)").waitFor();
      // Still there on another page, scrolled to the bottom.
      await page.goto("/teachers/dashboard/quizzes");
      await page.getByRole("heading", { name: "Quizzes", level: 1 }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expectBannerOnTop();
      await snap(page, `impersonation-${label}`);
      // Stop Impersonation and Logout are two different buttons; Stop brings the admin back.
      expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(1);
      await page.getByRole("button", { name: "Stop Impersonation" }).click();
      await page.waitForURL("**/admin/dashboard/users");
      await page.getByRole("heading", { name: "Users" }).waitFor();
      expect(await page.getByText("Impersonation active").count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
      const me = await page.evaluate(async () =>
        (await fetch("/api/auth/me", { headers: { authorization: `Bearer ${localStorage.getItem("token")}` } })).json(),
      );
      expect(me.role).toBe("admin");
      await context.close();
    });
  }

  it("reopens the app on a dropped connection without signing the student out", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.jhs3);
    await page.waitForURL("**/students/dashboard");
    await page.getByRole("heading", { name: /Kwesi Amoah/ }).waitFor();
    // The service worker takes control after the first load; a second load fills its cache.
    await page
      .waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 10_000 })
      .catch(async () => {
        await page.reload();
        await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
      });
    await page.reload();
    await page.getByRole("heading", { name: /Kwesi Amoah/ }).waitFor();
    await context.setOffline(true);
    // Chromium reports each request that cannot leave the machine; the app must carry on regardless.
    expectConsole(page, /net::ERR_INTERNET_DISCONNECTED/);
    await page.reload();
    await page.getByRole("heading", { name: /Kwesi Amoah/ }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    await context.setOffline(false);
    await context.close();
  });
});
