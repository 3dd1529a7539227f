import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { PRINT_JOB_MESSAGES, PrintJobSchema, TERM_REPORT_MESSAGES, type PrintJob } from "@adesua/domain";
import { files, printJobs } from "../../db/schema";
import { call, expectSchema, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { sweepPrintJobs } from "../../services/prints/print-job.service";
import { markedMock, markedTerm } from "../guardians/fixture";

/** Issue 28: report cards, result slips and broadsheets drawn by print jobs with progress; creator only. */
const t = useTestApp();
let ctx: Awaited<ReturnType<typeof markedMock>>;
let admin: string;

beforeAll(async () => {
  ctx = await markedMock(t);
  admin = ctx.p.admin.token;
}, 120_000);

const post = (token: string | undefined, payload: unknown) => call(t.app, { method: "POST", url: "/api/print-jobs", token, payload: payload as never });
const get = (token: string | undefined, url: string) => call(t.app, { method: "GET", url, token });

async function finished(token: string, id: string): Promise<PrintJob> {
  const seen: PrintJob[] = [];
  for (let i = 0; i < 600; i++) {
    const r = await get(token, `/api/print-jobs/${id}`);
    expect(r.status).toBe(200);
    expectSchema(PrintJobSchema, r.body);
    seen.push(r.body);
    if (r.body.status === "done" || r.body.status === "failed") return r.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`job ${id} did not finish: ${JSON.stringify(seen.at(-1))}`);
}

async function pdfOf(token: string, job: PrintJob) {
  const r = await t.app.inject({ method: "GET", url: job.url!, headers: { authorization: `Bearer ${token}` } });
  expect(r.statusCode).toBe(200);
  expect(r.headers["content-type"]).toBe("application/pdf");
  const bytes = new Uint8Array(r.rawPayload);
  const doc = await PDFDocument.load(bytes);
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { pages: doc.getPages().map((p) => p.getSize()), text: String(text).replace(/\s+/g, " ") };
}

describe("print jobs of a mock", () => {
  it("result slips: queued at once, then done with every slip counted; the PDF holds two slips a page", async () => {
    const r = await post(admin, { kind: "result-slips", mockId: ctx.mock.id });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expectSchema(PrintJobSchema, r.body);
    expect(r.body).toMatchObject({ kind: "result-slips", status: "queued", total: 3, url: null, error: null });
    const job = await finished(admin, r.body.id);
    expect(job).toMatchObject({ status: "done", total: 3, done: 3, url: `/api/print-jobs/${r.body.id}/file` });
    const pdf = await pdfOf(admin, job);
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.text).toContain("Ɛfua Ɔpoku");
    expect(pdf.text).toContain("Mock 2");
  });

  it("broadsheet: landscape pages", async () => {
    const r = await post(admin, { kind: "broadsheet", mockId: ctx.mock.id, class: "JHS 3" });
    expect(r.status).toBe(202);
    const job = await finished(admin, r.body.id);
    expect(job.status).toBe("done");
    expect(job.done).toBe(job.total);
    const pdf = await pdfOf(admin, job);
    expect(pdf.pages[0].width).toBeGreaterThan(pdf.pages[0].height);
    expect(pdf.text).toContain("BROADSHEET");
  });

  it("refuses students (403), strangers to the mock (404), bad input (400); a job is its creator's only", async () => {
    const student = ctx.p.students[0].token;
    expect((await post(student, { kind: "result-slips", mockId: ctx.mock.id })).status).toBe(403);
    expect((await post(undefined, { kind: "result-slips", mockId: ctx.mock.id })).status).toBe(401);
    expect((await post(admin, { kind: "result-slips", mockId: 999999 })).status).toBe(404);
    const stranger = await signedIn(t.database.db, { role: "teacher" });
    expect((await post(stranger.token, { kind: "result-slips", mockId: ctx.mock.id })).status).toBe(404);
    expect((await post(admin, { kind: "poster", mockId: ctx.mock.id })).body.error).toMatch(/kind must be/);
    expect((await post(admin, { kind: "report-cards", termId: 1 })).status).toBe(400);
    expect((await post(admin, { kind: "broadsheet", mockId: "x" })).status).toBe(400);

    const mine = (await post(ctx.p.maths.token, { kind: "result-slips", mockId: ctx.mock.id })).body as PrintJob;
    expect(mine.status).toBe("queued");
    expect((await get(admin, `/api/print-jobs/${mine.id}`)).status).toBe(404);
    expect((await get(ctx.p.english.token, `/api/print-jobs/${mine.id}`)).body.error).toBe(PRINT_JOB_MESSAGES.notFound);
    expect((await get(student, `/api/print-jobs/${mine.id}`)).status).toBe(403);
    expect((await get(admin, `/api/print-jobs/${mine.id}/file`)).status).toBe(404);
    expect((await get(admin, "/api/print-jobs/not-a-uuid")).status).toBe(400);
    expect((await get(admin, "/api/print-jobs/00000000-0000-4000-8000-000000000000/file")).status).toBe(404);
    await finished(ctx.p.maths.token, mine.id);
    // A job its server left running (a restart) is answered as failed once it has not moved for ten minutes.
    await t.database.db
      .update(printJobs)
      .set({ status: "running", updatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(printJobs.id, mine.id));
    expect((await get(ctx.p.maths.token, `/api/print-jobs/${mine.id}`)).body).toMatchObject({
      status: "failed",
      url: null,
      error: expect.stringMatching(/stopped/),
    });
  });
});

describe("print jobs of a term's report cards", () => {
  it("409 before both checks unless a preview; then the cards in class-list order; swept after a day", async () => {
    const { term, a } = await markedTerm(t, admin);
    const body = { kind: "report-cards", termId: term.id, class: "JHS 3A" };
    const early = await post(admin, body);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(TERM_REPORT_MESSAGES.notPrintable);
    const preview = await post(admin, { ...body, preview: true });
    expect(preview.status).toBe(202);
    const pv = await finished(admin, preview.body.id);
    expect((await pdfOf(admin, pv)).text).toContain("PREVIEW");
    await a.check(admin, term.id, "JHS 3A", "class_teacher");
    await a.check(admin, term.id, "JHS 3A", "head_teacher");
    const r = await post(admin, body);
    expect(r.status).toBe(202);
    const job = await finished(admin, r.body.id);
    expect(job).toMatchObject({ status: "done", done: 3, total: 3 });
    const pdf = await pdfOf(admin, job);
    expect(pdf.pages).toHaveLength(3);
    expect(pdf.text).not.toContain("PREVIEW");
    expect(pdf.text.indexOf("Abena Boateng")).toBeLessThan(pdf.text.indexOf("Kwame Asante"));
    expect(pdf.text).toContain("1st out of 3");
    expect((await post(ctx.p.students[0].token, body)).status).toBe(403);

    // The sweep: nothing a day old yet; a day later the jobs and their PDFs' rows go.
    const db = t.database.db;
    expect(await sweepPrintJobs(db, new Date())).toBe(0);
    const [row] = await db.select().from(printJobs).where(eq(printJobs.id, job.id));
    const removed = await sweepPrintJobs(db, new Date(Date.now() + 25 * 3600_000));
    expect(removed).toBeGreaterThanOrEqual(5);
    expect(await db.select().from(printJobs)).toHaveLength(0);
    expect(await db.select().from(files).where(eq(files.id, row.fileId!))).toHaveLength(0);
    expect((await get(admin, `/api/print-jobs/${job.id}`)).status).toBe(404);
  });

  it("an unknown term is 404, a class that is no class 400", async () => {
    const teacher = await signedIn(t.database.db, { role: "teacher" });
    const r = await post(teacher.token, { kind: "report-cards", termId: 999999, class: "JHS 3A" });
    expect(r.status).toBe(404);
    expect((await post(admin, { kind: "report-cards", termId: 1, class: "Form 9" })).status).toBe(400);
  });
});
