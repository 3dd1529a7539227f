import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DEMO, DESKTOP, launch, newPage, PHONE, signIn, snap } from "./browser";
import { apiLogin as login, expectNoSideScroll } from "./api-setup";

/**
 * Results and guardians (issue 28): the admin names the school, uploads its crest and saves a student's two guardians
 * in the UI; with a released mock and a checked term set up through the API, the student opens Results on a phone and
 * sees their own slip and report card (and downloads both as PDF), cannot fetch another student's, and finds a mock
 * paper on their calendar; the admin sends the results to guardians with no SMS gateway set, and the Messages page
 * lists them as exported with the right text.
 */
const stamp = Date.now();
const SCHOOL = `Adesua JHS ${String(stamp).slice(-4)}`;
const MOCK = `Journey Mock ${String(stamp).slice(-5)}`;
const TERM = `Journey Term ${String(stamp).slice(-5)}`;
const STUDENT = { email: DEMO.jhs3, name: "Kwesi Amoah" };
const GUARDIANS = [
  { name: "Ama Amoah", relationship: "Mother", phone: "024 123 4567" },
  { name: "Kofi Amoah", relationship: "Father", phone: "+233 20 111 2222" },
];
// A valid 1×1 PNG: the crest.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

// Hand-computed: one paper of 100 marks per subject, so the score is the mark. Core 3 + 1 + 4 + 5, best two others 2 and 7.
const SUBJECTS = [
  { name: "English Language", core: true, mark: 72, grade: 3 },
  { name: "Mathematics", core: true, mark: 91, grade: 1 },
  { name: "Integrated Science", core: true, mark: 66, grade: 4 },
  { name: "Social Studies", core: true, mark: 58, grade: 5 },
  { name: "Religious and Moral Education", core: false, mark: 81, grade: 2 },
  { name: "French", core: false, mark: 49, grade: 7 },
  { name: "Ghanaian Language", core: false, mark: 30, grade: 9 },
];
const AGGREGATE = 3 + 1 + 4 + 5 + 2 + 7;

let browser: Browser;
let admin = "";
let student = "";
let studentId = 0;
let otherId = 0;
let className = "";
let mockId = 0;
let termId = 0;

async function call(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: unknown; text: string; type: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${inject("baseUrl")}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = res.headers.get("content-type") ?? "";
  const text = type.includes("json") ? await res.text() : "";
  return { status: res.status, data: text ? JSON.parse(text) : null, text, type };
}

async function ok<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const r = await call(token, method, path, body);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.data as T;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** Local date-time text `days` from today at `hour` (the browser and the server share this machine's zone). */
function localAt(days: number, hour: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00:00`;
}
const isoDay = (days: number) => localAt(days, 0).slice(0, 10);

async function openNav(page: Page, entry: string) {
  if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole("button", { name: "Open navigation" }).click();
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: entry, exact: true }).click();
}

beforeAll(async () => {
  browser = await launch();
  admin = await login(DEMO.admin);
  student = await login(STUDENT.email);
  const users = await ok<{ data: { id: number; name: string; email: string | null; studentType: string | null; stream: string | null }[] }>(
    admin,
    "GET",
    "/users?role=student&studentType=jhs3&limit=100",
  );
  const me = users.data.find((u) => u.email === STUDENT.email)!;
  studentId = me.id;
  className = `JHS 3${me.stream ?? ""}`;
  otherId = users.data.find((u) => u.id !== me.id)!.id;

  // A mock of JHS 3 with one paper per subject, its papers from tomorrow at 7:00 and 13:00, marks for the student and another.
  // Not 9:00: the journeys share one server, and schedule-announcements clicks tomorrow's empty 10:00 slot in the teacher's
  // calendar, where this mock shows (its Mathematics is the demo teacher's subject).
  const mock = await ok<{ id: number; subjects: { name: string; papers: { id: number }[] }[] }>(admin, "POST", "/mocks", {
    title: MOCK,
    level: "jhs3",
    subjects: SUBJECTS.map((s, i) => ({
      name: s.name,
      core: s.core,
      papers: [{ name: "Paper 1", kind: "marks", outOf: 100, weight: 100, startsAt: localAt(1 + Math.floor(i / 2), i % 2 ? 13 : 7), durationMinutes: 90 }],
    })),
  });
  mockId = mock.id;
  for (const s of mock.subjects) {
    const mark = SUBJECTS.find((x) => x.name === s.name)!.mark;
    await ok(admin, "PUT", `/mocks/${mockId}/papers/${s.papers[0]!.id}/marks`, {
      marks: [
        { studentId, mark },
        { studentId: otherId, mark: Math.max(0, mark - 20) },
      ],
    });
  }
  await ok(admin, "POST", `/mocks/${mockId}/release`);

  // A term of one subject with a class and an exam part marked, checked by the class teacher and the head teacher.
  const term = await ok<{ id: number; subjects: { name: string; components: { id: number; part: string }[] }[] }>(admin, "POST", "/terms", {
    name: TERM,
    number: 1,
    startsOn: isoDay(-90),
    endsOn: isoDay(-1),
    nextTermBegins: isoDay(30),
    classWeight: 30,
    examWeight: 70,
    subjects: [
      {
        level: "jhs3",
        name: "Mathematics",
        components: [
          { part: "class", kind: "marks", name: "Class work", outOf: 100 },
          { part: "exam", kind: "marks", name: "End of term exam", outOf: 100 },
        ],
      },
    ],
  });
  termId = term.id;
  const parts = term.subjects[0]!.components;
  const classPart = parts.find((c) => c.part === "class")!;
  const examPart = parts.find((c) => c.part === "exam")!;
  await ok(admin, "PUT", `/terms/${termId}/components/${classPart.id}/marks`, { marks: [{ studentId, mark: 80 }] });
  await ok(admin, "PUT", `/terms/${termId}/components/${examPart.id}/marks`, { marks: [{ studentId, mark: 90 }] });
  await ok(admin, "POST", `/terms/${termId}/checks`, { class: className, role: "class_teacher" });
  await ok(admin, "POST", `/terms/${termId}/checks`, { class: className, role: "head_teacher" });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("results and guardians", () => {
  it("the admin names the school and uploads its crest (1280 px)", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.admin);
    await openNav(page, "School");
    await page.getByLabel("School name").fill(SCHOOL);
    await page.getByLabel("Motto").fill("Knowledge is light");
    await page.getByRole("button", { name: "Save school details" }).click();
    await page.getByText("School details saved").waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: "crest.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Upload crest" }).click();
    await page.getByText("Crest saved").waitFor();
    await page.getByRole("img", { name: "The school's crest" }).waitFor();
    await snap(page, "results-guardians-school-1280");
    const school = await ok<{ name: string; crest: { name: string } | null }>(admin, "GET", "/school");
    expect(school.name).toBe(SCHOOL);
    expect(school.crest).not.toBeNull();
    await context.close();
  });

  it("the admin saves the student's two guardians from the Users list (360 px), a wrong phone refused on the spot", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, DEMO.admin);
    await openNav(page, "Users");
    await page.getByLabel("Search").fill("Kwesi Amoah");
    await page.getByRole("button", { name: `Guardians of ${STUDENT.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Guardians of ${STUDENT.name}` });
    await dialog.getByText("Guardian 1").waitFor();
    const fill = async (i: number, g: (typeof GUARDIANS)[number]) => {
      await dialog.getByLabel("Name").nth(i).fill(g.name);
      await dialog.getByLabel("Relationship").nth(i).fill(g.relationship);
      await dialog.getByLabel("Phone").nth(i).fill(g.phone);
    };
    await fill(0, GUARDIANS[0]!);
    if ((await dialog.getByText("Guardian 2").count()) === 0) await dialog.getByRole("button", { name: "Add a second guardian" }).click();
    await fill(1, { ...GUARDIANS[1]!, phone: "12345" });
    await dialog.getByRole("button", { name: "Save guardians" }).click();
    await dialog.getByText("Phone must be a phone number such as 024 123 4567").waitFor();
    await dialog.getByLabel("Phone").nth(1).fill(GUARDIANS[1]!.phone);
    await dialog.getByRole("button", { name: "Save guardians" }).click();
    await page.getByText(`Saved 2 guardians of ${STUDENT.name}`).waitFor();
    const saved = await ok<{ name: string; phone: string }[]>(admin, "GET", `/users/${studentId}/guardians`);
    expect(saved.map((g) => [g.name, g.phone])).toEqual([
      ["Ama Amoah", "+233241234567"],
      ["Kofi Amoah", "+233201112222"],
    ]);
    await context.close();
  });

  it("the student opens Results on a phone: their own slip and report card, each downloaded as a PDF", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, STUDENT.email);
    await page.waitForURL(/\/students\/dashboard/);
    await openNav(page, "Results");
    const mockCard = page.getByRole("listitem", { name: MOCK });
    await mockCard.getByRole("link", { name: "Open result slip" }).click();
    await page.getByRole("heading", { name: MOCK }).waitFor();
    await expect.poll(() => page.getByText(String(AGGREGATE), { exact: true }).count()).toBeGreaterThan(0);
    await page.getByText("1st", { exact: true }).waitFor();
    for (const s of SUBJECTS) {
      const row = page.getByRole("row").filter({ hasText: s.name });
      await expect.poll(() => row.first().innerText()).toMatch(new RegExp(`\\b${s.mark}\\s+${s.grade}\\s*$`));
    }
    await expectNoSideScroll(page);
    await snap(page, "results-guardians-slip-360");
    const [slip] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), page.getByRole("button", { name: "Download slip (PDF)" }).click()]);
    expect(slip.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      fs
        .readFileSync((await slip.path())!)
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");

    await page.getByRole("link", { name: "All results" }).click();
    await page.getByRole("listitem", { name: TERM }).getByRole("link", { name: "Open report card" }).click();
    await page.getByRole("heading", { name: `${TERM} report card` }).waitFor();
    // 80/100 of 30 → 24; 90/100 of 70 → 63; total 87 → grade 2.
    const maths = page.getByRole("listitem", { name: "Mathematics" });
    await expect.poll(() => maths.innerText()).toMatch(/Class 24\/30[\s\S]*Exam 63\/70[\s\S]*Total 87/);
    expect(await maths.innerText()).toMatch(/Grade\s+2/);
    await expectNoSideScroll(page);
    await snap(page, "results-guardians-report-360");
    const [card] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      page.getByRole("button", { name: "Download report card (PDF)" }).click(),
    ]);
    expect(
      fs
        .readFileSync((await card.path())!)
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    await context.close();
  });

  it("refuses the student another student's slip and report, and gives only their own row", async () => {
    const results = await ok<{ students: { studentId: number }[] }>(student, "GET", `/mocks/${mockId}/results`);
    expect(results.students.map((s) => s.studentId)).toEqual([studentId]);
    const slip = await call(student, "GET", `/mocks/${mockId}/results/slips?format=pdf&studentId=${otherId}`);
    expect([403, 404]).toContain(slip.status);
    const report = await call(student, "GET", `/terms/${termId}/reports?format=pdf&studentId=${otherId}`);
    expect([403, 404]).toContain(report.status);
    const reports = await ok<{ students: { studentId: number }[] }>(student, "GET", `/terms/${termId}/reports`);
    expect(reports.students.map((s) => s.studentId)).toEqual([studentId]);
  });

  it("shows the mock's papers on the student's calendar (360 px)", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, STUDENT.email);
    await page.waitForURL(/\/students\/dashboard/);
    await openNav(page, "Schedule");
    const entry = page.getByTestId("agenda-item").filter({ hasText: `${MOCK}: Mathematics, Paper 1` });
    await entry.first().click();
    await page
      .getByRole("region", { name: "Selected entry" })
      .getByText(new RegExp(`${MOCK}: Mathematics, Paper 1, 13:00–14:30`))
      .waitFor();
    await snap(page, "results-guardians-calendar-360");
    await context.close();
  });

  it("sends the results to guardians with no gateway set: exported, and listed on Messages with the right text (1280 px)", async () => {
    const sent = await ok<{ sent: number; failed: number; exported: string | null; exportedCount: number }>(admin, "POST", `/mocks/${mockId}/messages`, {
      studentIds: [studentId],
    });
    expect(sent).toMatchObject({ sent: 0, failed: 0, exportedCount: 2 });
    expect(sent.exported).toBeTruthy();
    const text = `${SCHOOL}: ${STUDENT.name}, ${MOCK}: aggregate ${AGGREGATE}, best Mathematics (1).`;
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, DEMO.admin);
    await openNav(page, "Messages");
    await page.getByRole("heading", { name: "Messages to guardians" }).waitFor();
    const rows = page.getByRole("row").filter({ hasText: text });
    await expect.poll(() => rows.count()).toBe(2);
    for (const phone of ["+233241234567", "+233201112222"]) {
      const row = rows.filter({ hasText: phone });
      expect(await row.innerText()).toMatch(/Exported/i);
    }
    await snap(page, "results-guardians-messages-1280");
    await context.close();
  });
});
