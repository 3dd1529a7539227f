import { beforeAll, describe, expect, it } from "vitest";
import { call, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { form } from "../../../test/uploads";
import { blankScan, damagedPage, paperLines, scannedPdf, typedPaper } from "../../documents/ocr/make-scan";
import { SCAN_MESSAGES } from "../../documents/ocr/scan";
import { sweepParseJobs } from "../../services/question-bank/parse-job.service";

/**
 * Issue 27: scanned papers and phone photos are read by OCR (in a separate low-priority process), each question
 * flagged "read from a scan" with the crop of its page; parse jobs report progress page by page.
 * The scans are made here: a typed PDF page rendered, turned, shaded and speckled, wrapped into a PDF.
 */
const t = useTestApp();
let teacher: string;
let otherTeacher: string;
let student: string;
let scan1: Uint8Array;
let scan2: Uint8Array;
let photo: Buffer;
let blank: Uint8Array;

beforeAll(async () => {
  const db = t.database.db;
  teacher = (await signedIn(db, { role: "teacher" })).token;
  otherTeacher = (await signedIn(db, { role: "teacher" })).token;
  student = (await signedIn(db, { role: "student" })).token;
  const typed = await typedPaper([["JHS 2 Integrated Science", "Answer all questions.", ...paperLines(3)], paperLines(2, 4)]);
  const page1 = await damagedPage(typed, 1, { angle: -3 });
  const page2 = await damagedPage(typed, 2, { angle: 2 });
  scan1 = await scannedPdf([page1], "Scanned with CamScanner");
  scan2 = await scannedPdf([page1, page2], "Scan with Fast Scan");
  photo = await damagedPage(typed, 1, { angle: 7, shade: 0.45, width: 1800 });
  blank = await blankScan();
}, 60_000);

const upload = (url: string, token: string, name: string, bytes: Uint8Array, fields: Record<string, string> = {}) =>
  call(t.app, { method: "POST", url, token, payload: form(fields, { attachment: { name, bytes: Buffer.from(bytes) } }) as never });

describe("POST /api/questions/parse with scans and photos", () => {
  it("reads a scanned PDF whose only text is a scanner app's stamp by OCR: questions flagged with their page crop", async () => {
    const r = await upload("/api/questions/parse", teacher, "scan.pdf", scan1);
    expect(r.status).toBe(200);
    expect(r.body.source).toBe("ocr");
    expect(r.body.questions).toHaveLength(3);
    expect(r.body.questions[0].text).toMatch(/Which of the following .s a metal/);
    expect(r.body.questions[0].options).toEqual(["Water", "Copper", "Oxygen", "Sunlight"]);
    expect(r.body.warnings[0].message).toBe("3 questions were read from a scan: check each one");
    expect(JSON.stringify(r.body)).not.toMatch(/CamScanner/);
    for (const q of r.body.questions) expect(q.scan).toEqual({ page: 1, cropId: expect.any(Number) });
    // The crop is its author's: a signed link for them, 404 for another teacher.
    const cropId = r.body.questions[0].scan.cropId;
    const link = await call(t.app, { method: "GET", url: `/api/files/parsed/${cropId}/link`, token: teacher });
    expect(link.status).toBe(200);
    const got = await t.app.inject({ method: "GET", url: link.body.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toMatch(/image\/jpeg/);
    const other = await call(t.app, { method: "GET", url: `/api/files/parsed/${cropId}/link`, token: otherTeacher });
    expect(other.status).toBe(404);
  }, 90_000);

  it("reads a phone photo (JPEG, turned 7°, unevenly lit)", async () => {
    const r = await upload("/api/questions/parse", teacher, "photo.jpg", photo);
    expect(r.status).toBe(200);
    expect(r.body.source).toBe("ocr");
    expect(r.body.questions.length).toBe(3);
    expect(r.body.questions[2].text).toMatch(/source of light/);
  }, 90_000);

  it("answers 422 with a clear message for a blank scan", async () => {
    const r = await upload("/api/questions/parse", teacher, "blank.pdf", blank);
    expect(r).toMatchObject({ status: 422, body: { error: SCAN_MESSAGES.nothingRead } });
  }, 90_000);
});

describe("parse jobs", () => {
  it("refuses students (403) and a missing file (400)", async () => {
    expect((await upload("/api/questions/parse-jobs", student, "scan.pdf", scan1)).status).toBe(403);
    const none = await call(t.app, { method: "POST", url: "/api/questions/parse-jobs", token: teacher, payload: form({ kind: "questions" }, {}) as never });
    expect(none.status).toBe(400);
    const kind = await upload("/api/questions/parse-jobs", teacher, "scan.pdf", scan1, { kind: "essays" });
    expect(kind).toMatchObject({ status: 400, body: { error: expect.stringMatching(/kind/) } });
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/questions/parse-jobs/not-a-uuid", token: teacher })).status).toBe(400);
    const r = await call(t.app, { method: "GET", url: "/api/questions/parse-jobs/00000000-0000-4000-8000-000000000000", token: teacher });
    expect(r).toMatchObject({ status: 404, body: { error: "Parse job not found" } });
  });

  it("reads a 2-page scan in the background: progress page by page, the result for its owner only", async () => {
    const started = await upload("/api/questions/parse-jobs", teacher, "scan.pdf", scan2, { kind: "questions" });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: "queued", fileName: "scan.pdf", pagesDone: 0 });
    const id = started.body.id as string;
    expect((await call(t.app, { method: "GET", url: `/api/questions/parse-jobs/${id}`, token: otherTeacher })).status).toBe(404);
    const seen = new Set<string>();
    let job = started.body;
    for (let i = 0; i < 600 && job.status !== "done" && job.status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await call(t.app, { method: "GET", url: `/api/questions/parse-jobs/${id}`, token: teacher })).body;
      seen.add(`${job.pagesDone}/${job.pages}`);
    }
    expect(job.status).toBe("done");
    expect(seen).toContain("1/2");
    expect(job).toMatchObject({ pages: 2, pagesDone: 2 });
    expect(job.result.source).toBe("ocr");
    expect(job.result.questions).toHaveLength(5);
    expect(job.result.questions[4].scan).toEqual({ page: 2, cropId: expect.any(Number) });
  }, 120_000);

  it("reads a typed paper quickly, and reports a failure as the synchronous route would", async () => {
    const typed = await typedPaper([paperLines(2)]);
    const ok = await upload("/api/questions/parse-jobs", teacher, "typed.pdf", typed);
    const done = await waitFor(ok.body.id);
    expect(done.status).toBe("done");
    expect(done.result.questions).toHaveLength(2);
    expect(done.result.questions[0]).toMatchObject({ text: "Which of the following is a metal?", options: ["Water", "Copper", "Oxygen", "Sunlight"] });
    expect(done.result.questions[0].scan).toBeUndefined();
    expect(done.result.source ?? "text").toBe("text");
    const bad = await upload("/api/questions/parse-jobs", teacher, "notes.pdf", new TextEncoder().encode("%PDF-1.4 broken"));
    expect(bad.status).toBe(202);
    expect(await waitFor(bad.body.id)).toMatchObject({ status: "failed", error: { status: 422, error: expect.any(String) } });
    // The cheap checks (size, type by content and name) answer at once, before any job.
    const answers = await upload("/api/questions/parse-jobs", teacher, "typed.txt", typed, { kind: "answers" });
    expect(answers).toMatchObject({ status: 415, body: { error: expect.stringMatching(/Unsupported file type/) } });
  }, 60_000);
});

describe("the sweep of parse jobs", () => {
  it("removes a job an hour after it ended, not before", async () => {
    const ok = await upload("/api/questions/parse-jobs", teacher, "typed.pdf", await typedPaper([paperLines(1)]));
    await waitFor(ok.body.id);
    const db = t.database.db;
    expect(await sweepParseJobs(db, new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect((await call(t.app, { method: "GET", url: `/api/questions/parse-jobs/${ok.body.id}`, token: teacher })).status).toBe(200);
    expect(await sweepParseJobs(db, new Date(Date.now() + 61 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await call(t.app, { method: "GET", url: `/api/questions/parse-jobs/${ok.body.id}`, token: teacher })).status).toBe(404);
  });
});

async function waitFor(id: string) {
  for (let i = 0; i < 300; i++) {
    const job = (await call(t.app, { method: "GET", url: `/api/questions/parse-jobs/${id}`, token: teacher })).body;
    if (job.status === "done" || job.status === "failed") return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("job did not end");
}
